/**
 * Drawings of the games' themed symbols (viewBox 0 0 100 100), keyed by symbol id as the game
 * maths name them. Each is a few SVG shapes: recognisable at reel size and light to render.
 * An id missing here still gets a distinct generated glyph (symbols.ts).
 */
const radial = (n: number, f: (a: number, i: number) => string) =>
  Array.from({ length: n }, (_, i) => f((i * 2 * Math.PI) / n, i)).join("");
const at = (a: number, r: number, cx = 50, cy = 50) =>
  `${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`;

function star(points: number, outer: number, inner: number, cy = 50): string {
  return Array.from({ length: points * 2 }, (_, i) =>
    at(-Math.PI / 2 + (i * Math.PI) / points, i % 2 ? inner : outer, 50, cy),
  ).join(" ");
}

const OUTLINE = `stroke="#1a1208" stroke-width="3" stroke-linejoin="round"`;

export const THEMED_ART: Readonly<Record<string, string>> = {
  // Jeepney Rush
  JEEP: `<rect x="10" y="34" width="80" height="36" rx="6" fill="#c0392b" ${OUTLINE}/><rect x="16" y="24" width="62" height="14" rx="4" fill="#f4d03f" ${OUTLINE}/><rect x="16" y="40" width="14" height="12" fill="#aed6f1"/><rect x="34" y="40" width="14" height="12" fill="#aed6f1"/><rect x="52" y="40" width="14" height="12" fill="#aed6f1"/><rect x="70" y="40" width="14" height="12" fill="#aed6f1"/><rect x="10" y="58" width="80" height="5" fill="#2e86c1"/><circle cx="27" cy="72" r="9" fill="#222" stroke="#bbb" stroke-width="3"/><circle cx="73" cy="72" r="9" fill="#222" stroke="#bbb" stroke-width="3"/>`,
  KABAYO: `<path d="M30 86 L36 56 C28 48 30 30 44 22 L50 12 L54 22 C70 24 80 38 76 50 L64 48 L58 58 L66 86 Z" fill="#d5dbdb" ${OUTLINE}/><circle cx="56" cy="32" r="3" fill="#1a1208"/><path d="M44 22 C36 30 34 40 38 50" fill="none" stroke="#7f8c8d" stroke-width="4"/>`,
  BUSINA: `<path d="M14 44 h22 l40 -22 v56 l-40 -22 h-22 z" fill="#f1c40f" ${OUTLINE}/><ellipse cx="76" cy="50" rx="7" ry="28" fill="#b7950b" ${OUTLINE}/><rect x="8" y="42" width="10" height="16" rx="3" fill="#c0392b" ${OUTLINE}/>`,
  RUTA: `<rect x="12" y="26" width="76" height="44" rx="8" fill="#27ae60" ${OUTLINE}/><rect x="46" y="70" width="8" height="20" fill="#7f8c8d"/><text x="50" y="56" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="19" fill="#fff">RUTA</text>`,
  BARYA: `<ellipse cx="50" cy="70" rx="30" ry="10" fill="#b7950b" ${OUTLINE}/><ellipse cx="50" cy="60" rx="30" ry="10" fill="#d4ac0d" ${OUTLINE}/><ellipse cx="50" cy="48" rx="30" ry="10" fill="#f4d03f" ${OUTLINE}/><circle cx="50" cy="30" r="20" fill="#f7dc6f" ${OUTLINE}/><text x="50" y="37" text-anchor="middle" font-weight="900" font-size="20" fill="#9a7d0a">₱</text>`,
  SUSI: `<circle cx="30" cy="38" r="18" fill="#f5b041" ${OUTLINE}/><circle cx="30" cy="38" r="7" fill="#1a1208"/><path d="M44 48 L84 80 L78 86 L72 81 L66 86 L60 80 L40 56 Z" fill="#f5b041" ${OUTLINE}/>`,
  TIKET: `<path d="M12 30 h76 v12 a8 8 0 0 0 0 16 v12 h-76 v-12 a8 8 0 0 0 0 -16 z" fill="#f9e79f" ${OUTLINE}/><line x1="64" y1="32" x2="64" y2="68" stroke="#c0392b" stroke-width="3" stroke-dasharray="4 4"/><rect x="20" y="42" width="36" height="6" fill="#c0392b"/><rect x="20" y="54" width="24" height="5" fill="#7f8c8d"/>`,
  TSUPER: `<circle cx="50" cy="48" r="22" fill="#e0ac69" ${OUTLINE}/><path d="M26 40 C28 18 72 18 74 40 Z" fill="#2e4053" ${OUTLINE}/><rect x="22" y="36" width="56" height="7" rx="3" fill="#1b2631"/><circle cx="42" cy="50" r="3" fill="#1a1208"/><circle cx="58" cy="50" r="3" fill="#1a1208"/><path d="M42 60 Q50 66 58 60" fill="none" stroke="#1a1208" stroke-width="3"/><path d="M24 92 C26 74 74 74 76 92 Z" fill="#c0392b" ${OUTLINE}/>`,
  TERMINAL: `<rect x="14" y="36" width="72" height="50" fill="#f4d03f" ${OUTLINE}/><path d="M8 38 L50 12 L92 38 Z" fill="#c0392b" ${OUTLINE}/><rect x="24" y="48" width="16" height="14" fill="#aed6f1"/><rect x="60" y="48" width="16" height="14" fill="#aed6f1"/><rect x="42" y="62" width="16" height="24" fill="#784212"/>`,
  // Mango Mania
  MANGO: `<path d="M30 30 C50 10 86 30 78 62 C70 90 30 92 22 66 C16 50 20 38 30 30 Z" fill="#f39c12" ${OUTLINE}/><path d="M34 36 C44 30 54 32 60 38" fill="none" stroke="#f9e79f" stroke-width="5" stroke-linecap="round"/><path d="M52 22 C60 8 78 8 84 14 C74 22 62 24 52 22 Z" fill="#27ae60" ${OUTLINE}/>`,
  PINYA: `<ellipse cx="50" cy="64" rx="24" ry="28" fill="#f5b041" ${OUTLINE}/><path d="M30 50 L70 80 M30 64 L60 88 M40 40 L72 66 M70 50 L30 80 M70 64 L40 88 M60 40 L28 66" stroke="#9c640c" stroke-width="2.5"/><path d="M50 38 L38 8 L50 22 L52 4 L58 22 L70 8 Z" fill="#27ae60" ${OUTLINE}/>`,
  SAGING: `<path d="M18 30 C22 70 60 88 86 70 C90 66 88 62 82 64 C60 72 36 58 30 28 C28 22 18 22 18 30 Z" fill="#f7dc6f" ${OUTLINE}/><path d="M16 26 l6 -8 l6 6" fill="#6e2c00" ${OUTLINE}/>`,
  BUKO: `<circle cx="50" cy="54" r="34" fill="#196f3d" ${OUTLINE}/><ellipse cx="50" cy="44" rx="22" ry="14" fill="#fdfefe" ${OUTLINE}/><circle cx="44" cy="42" r="3" fill="#6e2c00"/><circle cx="56" cy="42" r="3" fill="#6e2c00"/><circle cx="50" cy="48" r="3" fill="#6e2c00"/>`,
  CHICO: `<ellipse cx="50" cy="56" rx="30" ry="28" fill="#a0522d" ${OUTLINE}/><ellipse cx="40" cy="46" rx="8" ry="5" fill="#cd853f" opacity=".7"/><path d="M50 28 l-4 -12 l8 0 z" fill="#4d2600" ${OUTLINE}/>`,
  ATIS: `<circle cx="50" cy="54" r="32" fill="#82e0aa" ${OUTLINE}/>${radial(8, (a) => `<circle cx="${at(a, 18, 50, 54).split(",")[0]}" cy="${at(a, 18, 50, 54).split(",")[1]}" r="8" fill="#58d68d" stroke="#1e8449" stroke-width="2"/>`)}<circle cx="50" cy="54" r="8" fill="#58d68d" stroke="#1e8449" stroke-width="2"/>`,
  ARAW: `<polygon points="${star(12, 46, 30)}" fill="#f39c12" ${OUTLINE}/><circle cx="50" cy="50" r="24" fill="#f7dc6f" ${OUTLINE}/><circle cx="42" cy="46" r="3" fill="#1a1208"/><circle cx="58" cy="46" r="3" fill="#1a1208"/><path d="M40 57 Q50 65 60 57" fill="none" stroke="#1a1208" stroke-width="3"/>`,
  BILAO: `<circle cx="50" cy="52" r="40" fill="#d4ac0d" ${OUTLINE}/><circle cx="50" cy="52" r="30" fill="#b7950b" stroke="#7d6608" stroke-width="2"/>${radial(12, (a) => `<line x1="50" y1="52" x2="${at(a, 30, 50, 52).split(",")[0]}" y2="${at(a, 30, 50, 52).split(",")[1]}" stroke="#7d6608" stroke-width="2"/>`)}<circle cx="40" cy="46" r="7" fill="#f39c12"/><circle cx="58" cy="58" r="7" fill="#f7dc6f"/>`,
  // Pearl of the Orient
  KORONA: `<path d="M14 72 L18 30 L34 50 L50 22 L66 50 L82 30 L86 72 Z" fill="#f4d03f" ${OUTLINE}/><rect x="14" y="70" width="72" height="12" rx="3" fill="#d4ac0d" ${OUTLINE}/><circle cx="50" cy="60" r="6" fill="#e74c3c"/><circle cx="30" cy="64" r="4" fill="#3498db"/><circle cx="70" cy="64" r="4" fill="#3498db"/>`,
  TALABA: `<path d="M12 56 C14 30 86 30 88 56 Z" fill="#85929e" ${OUTLINE}/><path d="M12 56 C20 82 80 82 88 56 Z" fill="#aab7b8" ${OUTLINE}/><circle cx="50" cy="56" r="12" fill="#fdfefe" stroke="#d6eaf8" stroke-width="3"/>`,
  KABIBE: `<path d="M50 86 L14 40 C24 14 76 14 86 40 Z" fill="#f5b7b1" ${OUTLINE}/>${[-28, -14, 0, 14, 28].map((dx) => `<line x1="50" y1="84" x2="${50 + dx}" y2="22" stroke="#cd6155" stroke-width="2.5"/>`).join("")}`,
  ISDA: `<path d="M14 50 C30 24 62 24 74 50 C62 76 30 76 14 50 Z" fill="#5dade2" ${OUTLINE}/><path d="M72 50 L90 32 L90 68 Z" fill="#2e86c1" ${OUTLINE}/><circle cx="30" cy="46" r="4" fill="#1a1208"/><path d="M44 36 Q50 50 44 64" fill="none" stroke="#1b4f72" stroke-width="2.5"/>`,
  BANGKA: `<path d="M10 58 L90 58 L78 74 L22 74 Z" fill="#a04000" ${OUTLINE}/><line x1="50" y1="58" x2="50" y2="14" stroke="#1a1208" stroke-width="3"/><path d="M52 16 L80 52 L52 52 Z" fill="#f5b041" ${OUTLINE}/><path d="M48 20 L24 52 L48 52 Z" fill="#e74c3c" ${OUTLINE}/><line x1="6" y1="80" x2="94" y2="80" stroke="#85c1e9" stroke-width="4"/>`,
  ALON: `<path d="M8 70 C20 40 40 30 56 40 C44 40 40 52 50 58 C62 64 78 54 92 46 L92 86 L8 86 Z" fill="#2e86c1" ${OUTLINE}/><path d="M20 62 C32 50 44 48 52 50" fill="none" stroke="#d6eaf8" stroke-width="4" stroke-linecap="round"/>`,
  SIRENA: `<circle cx="50" cy="24" r="12" fill="#f0b27a" ${OUTLINE}/><path d="M38 20 C30 40 34 52 40 56 M62 20 C70 40 66 52 60 56" fill="none" stroke="#c0392b" stroke-width="6" stroke-linecap="round"/><path d="M38 36 h24 l-4 30 c0 10 6 16 16 22 h-32 c10-6 12-12 10-22 z" fill="#17a589" ${OUTLINE}/>`,
  PERLAS: `<circle cx="50" cy="50" r="34" fill="#5dade2" opacity=".35"/><circle cx="50" cy="50" r="26" fill="#fdfefe" stroke="#aed6f1" stroke-width="4"/><circle cx="42" cy="42" r="8" fill="#fff"/><circle cx="58" cy="58" r="10" fill="#d6eaf8" opacity=".8"/>`,
  // Sampaguita Fortune
  SAMPA: `${radial(8, (a) => `<ellipse cx="${at(a, 22).split(",")[0]}" cy="${at(a, 22).split(",")[1]}" rx="14" ry="8" transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${at(a, 22).replace(",", " ")})" fill="#fdfefe" stroke="#a9cce3" stroke-width="2"/>`)}<circle cx="50" cy="50" r="9" fill="#f9e79f" stroke="#d4ac0d" stroke-width="2"/>`,
  PAYPAY: `${radial(9, (_, i) => `<path d="M50 84 L${at(Math.PI + 0.35 + i * 0.3, 44, 50, 84).replace(",", " ")} L${at(Math.PI + 0.65 + i * 0.3, 44, 50, 84).replace(",", " ")} Z" fill="${i % 2 ? "#c0392b" : "#f5b041"}" ${OUTLINE}/>`)}<circle cx="50" cy="84" r="5" fill="#6e2c00"/>`,
  PARU: `<ellipse cx="32" cy="38" rx="18" ry="20" fill="#af7ac5" ${OUTLINE}/><ellipse cx="68" cy="38" rx="18" ry="20" fill="#af7ac5" ${OUTLINE}/><ellipse cx="34" cy="66" rx="14" ry="14" fill="#f5b041" ${OUTLINE}/><ellipse cx="66" cy="66" rx="14" ry="14" fill="#f5b041" ${OUTLINE}/><rect x="46" y="26" width="8" height="54" rx="4" fill="#1a1208"/>`,
  PAROL: `<polygon points="${star(5, 40, 18)}" fill="#e74c3c" ${OUTLINE}/><polygon points="${star(5, 22, 10)}" fill="#f4d03f"/><path d="M42 84 l-4 12 M50 84 v12 M58 84 l4 12" stroke="#f4d03f" stroke-width="3"/>`,
  KAMPANA: `<path d="M24 74 C26 40 34 22 50 22 C66 22 74 40 76 74 Z" fill="#d4ac0d" ${OUTLINE}/><rect x="18" y="72" width="64" height="8" rx="4" fill="#b7950b" ${OUTLINE}/><circle cx="50" cy="86" r="6" fill="#7d6608"/><circle cx="50" cy="18" r="5" fill="#7d6608"/>`,
  DAHON: `<path d="M16 84 C16 40 44 16 86 14 C84 56 60 84 16 84 Z" fill="#27ae60" ${OUTLINE}/><path d="M16 84 C40 60 60 40 80 20" fill="none" stroke="#145a32" stroke-width="3"/>`,
  ULAP: `<path d="M22 70 a14 14 0 0 1 4 -27 a18 18 0 0 1 34 -6 a14 14 0 0 1 20 12 a12 12 0 0 1 -2 21 z" fill="#eaf2f8" ${OUTLINE}/>`,
  BUWAN: `<path d="M62 12 A40 40 0 1 0 88 66 A32 32 0 1 1 62 12 Z" fill="#f7dc6f" ${OUTLINE}/><circle cx="36" cy="52" r="4" fill="#d4ac0d"/><circle cx="44" cy="72" r="3" fill="#d4ac0d"/>`,
  DIWATA: `<ellipse cx="30" cy="48" rx="16" ry="24" fill="#d6eaf8" opacity=".9" ${OUTLINE}/><ellipse cx="70" cy="48" rx="16" ry="24" fill="#d6eaf8" opacity=".9" ${OUTLINE}/><circle cx="50" cy="30" r="10" fill="#f0b27a" ${OUTLINE}/><path d="M42 42 h16 l8 40 h-32 z" fill="#117864" ${OUTLINE}/><polygon points="${star(5, 8, 3, 14)}" fill="#f4d03f"/>`,
  // Tarsier Treasure
  BAUL: `<rect x="14" y="44" width="72" height="40" rx="4" fill="#a04000" ${OUTLINE}/><path d="M14 46 C14 22 86 22 86 46 Z" fill="#ba4a00" ${OUTLINE}/><rect x="14" y="42" width="72" height="7" fill="#d4ac0d"/><rect x="44" y="46" width="12" height="16" rx="2" fill="#f4d03f" ${OUTLINE}/>`,
  HIYAS: `<polygon points="30,22 70,22 88,42 50,88 12,42" fill="#48c9b0" ${OUTLINE}/><polygon points="30,22 70,22 62,42 38,42" fill="#a3e4d7"/><line x1="12" y1="42" x2="88" y2="42" stroke="#117864" stroke-width="2"/><line x1="38" y1="42" x2="50" y2="88" stroke="#117864" stroke-width="2"/><line x1="62" y1="42" x2="50" y2="88" stroke="#117864" stroke-width="2"/>`,
  ANITO: `<rect x="32" y="12" width="36" height="34" rx="10" fill="#873600" ${OUTLINE}/><circle cx="42" cy="28" r="4" fill="#f4d03f"/><circle cx="58" cy="28" r="4" fill="#f4d03f"/><rect x="44" y="36" width="12" height="4" fill="#1a1208"/><path d="M30 46 h40 l-6 30 h-28 z" fill="#a04000" ${OUTLINE}/><rect x="26" y="76" width="48" height="10" rx="2" fill="#6e2c00" ${OUTLINE}/>`,
  SULO: `<path d="M44 48 h12 l-4 40 h-4 z" fill="#6e2c00" ${OUTLINE}/><path d="M50 8 C64 22 66 34 58 46 h-16 C34 34 38 22 50 8 Z" fill="#e67e22" ${OUTLINE}/><path d="M50 22 C56 30 56 38 52 44 h-4 C44 38 44 30 50 22 Z" fill="#f9e79f"/>`,
  BAGING: `<path d="M20 10 C60 26 30 50 62 62 C86 72 70 88 56 92" fill="none" stroke="#1e8449" stroke-width="6" stroke-linecap="round"/>${[
    [36, 24],
    [50, 46],
    [70, 64],
    [30, 40],
  ]
    .map(
      ([x, y]) =>
        `<ellipse cx="${x}" cy="${y}" rx="11" ry="6" transform="rotate(-30 ${x} ${y})" fill="#58d68d" stroke="#145a32" stroke-width="2"/>`,
    )
    .join("")}`,
  BATO: `<path d="M14 74 L22 42 L44 26 L70 30 L86 52 L80 78 L40 84 Z" fill="#909497" ${OUTLINE}/><path d="M30 50 L44 40 M60 44 L70 56 M40 70 L56 66" stroke="#5f6a6a" stroke-width="3"/>`,
  TARSIER: `<ellipse cx="50" cy="56" rx="34" ry="32" fill="#a0522d" ${OUTLINE}/><circle cx="16" cy="34" r="10" fill="#cd853f" ${OUTLINE}/><circle cx="84" cy="34" r="10" fill="#cd853f" ${OUTLINE}/><circle cx="36" cy="52" r="14" fill="#f4d03f" ${OUTLINE}/><circle cx="64" cy="52" r="14" fill="#f4d03f" ${OUTLINE}/><circle cx="36" cy="52" r="8" fill="#1a1208"/><circle cx="64" cy="52" r="8" fill="#1a1208"/><circle cx="33" cy="49" r="2.5" fill="#fff"/><circle cx="61" cy="49" r="2.5" fill="#fff"/><path d="M46 70 L50 74 L54 70" fill="none" stroke="#1a1208" stroke-width="3"/>`,
  MAPA: `<path d="M12 22 L36 14 L64 22 L88 14 L88 78 L64 86 L36 78 L12 86 Z" fill="#f9e79f" ${OUTLINE}/><path d="M36 14 V78 M64 22 V86" stroke="#d4ac0d" stroke-width="2"/><path d="M22 66 C34 56 46 64 54 48 C60 38 70 40 74 34" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="5 4"/><path d="M70 28 l8 8 M78 28 l-8 8" stroke="#c0392b" stroke-width="4"/>`,
};
