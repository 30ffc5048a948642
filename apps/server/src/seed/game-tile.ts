/**
 * A game's thumbnail tile, drawn in code as SVG from the game's two theme colours and its name
 * (spec §4 games list tiles). Stored in the media table like an upload, so the operator can
 * replace it in the back office.
 */
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Relative luminance of "#rrggbb" (0 dark … 1 light), to pick a readable text colour. */
function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c ?? "0", 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Split a name into at most two lines of about `width` characters. */
function lines(name: string, width: number): string[] {
  const words = name.split(/\s+/);
  const out: string[] = [];
  let current = "";
  for (const w of words) {
    if (current && `${current} ${w}`.length > width && out.length === 0) {
      out.push(current);
      current = w;
    } else current = current ? `${current} ${w}` : w;
  }
  out.push(current);
  return out;
}

/** A deterministic small number from a text, so each game's sparkles sit differently. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

export interface TileInput {
  name: string;
  vendor: string;
  colours: readonly [string, string];
  volatility: "low" | "medium" | "high" | null;
  /** What the tile shows of the game: a slot's reels (the default), a card table, a wheel, dice, balls. */
  motif?: TileMotif;
}
export type TileMotif = "reels" | "cards" | "roulette" | "dice" | "balls";

/** The picture in the tile's window (x 32–208, y 52–132), in the game's darker colour. */
function motifSvg(motif: TileMotif, name: string, dark: string): string {
  const ink = esc(dark);
  switch (motif) {
    case "cards":
      return [0, 1]
        .map((i) => {
          const x = 70 + i * 56;
          const suit = i === 0 ? "♠" : "♥";
          const colour = i === 0 ? "#1b1f3b" : "#c0392b";
          return `<g transform="rotate(${i === 0 ? -8 : 8} ${x + 22} 92)"><rect x="${x}" y="58" width="44" height="64" rx="6" fill="#fff"/><text x="${x + 8}" y="76" font-family="Georgia,serif" font-size="16" font-weight="700" fill="${colour}">${i === 0 ? "9" : "8"}</text><text x="${x + 22}" y="108" text-anchor="middle" font-size="28" fill="${colour}">${suit}</text></g>`;
        })
        .join("");
    case "roulette": {
      const slices = Array.from({ length: 12 }, (_, i) => {
        const a0 = (i / 12) * Math.PI * 2;
        const a1 = ((i + 1) / 12) * Math.PI * 2;
        const p = (a: number, r: number) =>
          `${(120 + Math.cos(a) * r).toFixed(1)} ${(92 + Math.sin(a) * r).toFixed(1)}`;
        return `<path d="M120 92L${p(a0, 36)}A36 36 0 0 1 ${p(a1, 36)}z" fill="${i === 0 ? "#1e8449" : i % 2 ? "#c0392b" : "#1b1f3b"}"/>`;
      }).join("");
      return `<circle cx="120" cy="92" r="40" fill="#ffd36b"/>${slices}<circle cx="120" cy="92" r="14" fill="${ink}"/><circle cx="146" cy="76" r="4" fill="#fff"/>`;
    }
    case "dice":
      return [0, 1, 2]
        .map((i) => {
          const x = 52 + i * 48;
          const pips = [
            [[20, 20]],
            [
              [10, 10],
              [30, 30],
            ],
            [
              [10, 10],
              [20, 20],
              [30, 30],
            ],
          ][(seedOf(name) + i) % 3] ?? [[20, 20]];
          const dots = pips
            .map(([cx, cy]) => `<circle cx="${x + (cx ?? 0)}" cy="${72 + (cy ?? 0)}" r="4" fill="${ink}"/>`)
            .join("");
          return `<rect x="${x}" y="72" width="40" height="40" rx="8" fill="#fff"/>${dots}`;
        })
        .join("");
    case "balls":
      return [0, 1, 2, 3]
        .map((i) => {
          const cx = 62 + i * 39;
          const n = ((seedOf(name) >> (i * 3)) % 75) + 1;
          return `<circle cx="${cx}" cy="92" r="18" fill="${["#ffd36b", "#7fd3ff", "#f1948a", "#9fe2bf"][i]}"/><circle cx="${cx}" cy="92" r="11" fill="#fff"/><text x="${cx}" y="97" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="12" font-weight="700" fill="${ink}">${n}</text>`;
        })
        .join("");
    default:
      return [0, 1, 2]
        .map((i) => {
          const x = 42 + i * 54;
          const symbol = ["7", "★", "◆"][(seedOf(name) + i) % 3] ?? "7";
          return `<rect x="${x}" y="62" width="48" height="60" rx="8" fill="#fff" opacity="0.92"/><text x="${x + 24}" y="104" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="30" font-weight="700" fill="${ink}">${symbol}</text>`;
        })
        .join("");
  }
}

export function gameTileSvg(t: TileInput): string {
  const [a, b] = t.colours;
  // Text sits on the darker of the two colours so it stays readable on light themes.
  const dark = luminance(a) < luminance(b) ? a : b;
  const light = dark === a ? b : a;
  const ink = luminance(dark) > 0.45 ? "#1b1f3b" : "#ffffff";
  const title = lines(t.name, 13);
  const size = title.some((l) => l.length > 13) ? 22 : 26;
  let s = seedOf(t.name);
  // Ids unique per game, so tiles inlined in one page never borrow each other's gradients.
  const uid = s.toString(36);
  const rnd = () => {
    s = Math.imul(s ^ (s >>> 15), 2246822519) >>> 0;
    return (s % 1000) / 1000;
  };
  const sparkles = Array.from({ length: 9 }, () => {
    const x = 12 + rnd() * 216;
    const y = 10 + rnd() * 120;
    const r = 1.5 + rnd() * 3;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="#fff" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`;
  }).join("");
  const picture = motifSvg(t.motif ?? "reels", t.name, dark);
  const bolts = t.volatility === "high" ? 3 : t.volatility === "medium" ? 2 : t.volatility === "low" ? 1 : 0;
  const volatility = Array.from(
    { length: bolts },
    (_, i) => `<path d="M${200 - i * 14} 14l-6 11h5l-3 9 8-12h-5l3-8z" fill="#ffd36b"/>`,
  ).join("");
  const text = title
    .map(
      (l, i) =>
        `<text x="120" y="${title.length === 1 ? 182 : 168 + i * 28}" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="${size}" font-weight="800" fill="${ink}" stroke="${esc(dark)}" stroke-width="0.6">${esc(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<defs><linearGradient id="bg-${uid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${esc(light)}"/><stop offset="1" stop-color="${esc(dark)}"/></linearGradient>
<radialGradient id="glow-${uid}" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="shade-${uid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="${esc(dark)}" stop-opacity="0"/><stop offset="1" stop-color="${esc(dark)}" stop-opacity="0.95"/></linearGradient></defs>
<rect width="240" height="240" rx="18" fill="url(#bg-${uid})"/><rect width="240" height="240" rx="18" fill="url(#glow-${uid})"/>${sparkles}
<rect x="32" y="52" width="176" height="80" rx="12" fill="${esc(dark)}" opacity="0.55"/>${picture}
<rect width="240" height="240" rx="18" fill="url(#shade-${uid})"/>${text}
<rect x="10" y="10" width="${16 + t.vendor.length * 9}" height="22" rx="11" fill="#000" opacity="0.35"/><text x="${18 + t.vendor.length * 4.5}" y="26" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="12" font-weight="700" fill="#fff">${esc(t.vendor)}</text>${volatility}
<rect x="1.5" y="1.5" width="237" height="237" rx="17" fill="none" stroke="#ffd36b" stroke-opacity="0.7" stroke-width="3"/></svg>`;
}
