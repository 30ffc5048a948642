/**
 * The demo brand's banner and category-hero artwork, drawn in code as SVG (1200 × 400). No text
 * is drawn into a picture: the site lays the banner's caption over it in the player's language,
 * so the left third stays calm and dark for it; each scene sits on the right.
 */
export type Scene =
  | "slots"
  | "casino"
  | "live"
  | "fish"
  | "poker"
  | "sports"
  | "esports"
  | "lottery"
  | "bingo"
  | "gifts"
  | "phone"
  | "help"
  | "mall";

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

const chip = (x: number, y: number, r: number, colour: string) =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/><circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="none" stroke="#fff" stroke-width="${r * 0.14}" stroke-dasharray="${r * 0.5} ${r * 0.35}"/><circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="${colour}" stroke="#fff" stroke-opacity=".6"/></g>`;

const card = (x: number, y: number, angle: number, suit: string, red: boolean) =>
  `<g transform="rotate(${angle} ${x + 45} ${y + 65})"><rect x="${x}" y="${y}" width="90" height="130" rx="10" fill="#fdfdfd" stroke="#d5d8dc"/><text x="${x + 45}" y="${y + 82}" text-anchor="middle" font-size="54" fill="${red ? "#c0392b" : "#1b1f3b"}">${suit}</text></g>`;

const ball = (x: number, y: number, r: number, colour: string) =>
  `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.35}" r="${r * 0.32}" fill="#fff" opacity=".45"/><circle cx="${x}" cy="${y}" r="${r * 0.5}" fill="#fff"/></g>`;

const coin = (x: number, y: number, accent: string) =>
  `<g><ellipse cx="${x}" cy="${y + 6}" rx="34" ry="12" fill="#8a5a00"/><ellipse cx="${x}" cy="${y}" rx="34" ry="12" fill="${accent}"/><ellipse cx="${x}" cy="${y}" rx="22" ry="7" fill="none" stroke="#8a5a00" stroke-opacity=".5" stroke-width="3"/></g>`;

function scene(kind: Scene, p: Palette): string {
  const a = p.accent;
  switch (kind) {
    case "slots": {
      const reels = [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${742 + i * 96}" y="130" width="84" height="140" rx="10" fill="#fff"/><circle cx="${784 + i * 96}" cy="200" r="26" fill="${["#c0392b", a, "#8e44ad"][i]}"/><path d="M${772 + i * 96} 190l12-14 12 14-12 22z" fill="#fff" opacity=".7"/>`,
        )
        .join("");
      return `<rect x="710" y="70" width="330" height="270" rx="36" fill="#12152b" stroke="${a}" stroke-width="8"/><rect x="730" y="118" width="290" height="164" rx="16" fill="#2c3160"/>${reels}<rect x="1040" y="150" width="18" height="110" rx="9" fill="#c8ccd8"/><circle cx="1049" cy="140" r="22" fill="#c0392b"/>${[0, 1, 2, 3].map((i) => coin(760 + i * 80, 360 - (i % 2) * 10, a)).join("")}`;
    }
    case "casino":
      return `${card(720, 110, -16, "♠", false)}${card(800, 96, 0, "♥", true)}${card(880, 110, 16, "♦", true)}${chip(1050, 130, 44, "#c0392b")}${chip(1090, 230, 38, "#1f618d")}${chip(990, 300, 40, "#1e8449")}${[0, 1, 2].map((i) => coin(720 + i * 70, 330 - i * 18, a)).join("")}`;
    case "live": {
      const slots = Array.from({ length: 18 }, (_, i) => {
        const a0 = (i / 18) * Math.PI * 2;
        const a1 = ((i + 1) / 18) * Math.PI * 2;
        const pt = (ang: number, r: number) =>
          `${(960 + Math.cos(ang) * r).toFixed(1)} ${(200 + Math.sin(ang) * r).toFixed(1)}`;
        return `<path d="M960 200L${pt(a0, 130)}A130 130 0 0 1 ${pt(a1, 130)}z" fill="${i === 0 ? "#1e8449" : i % 2 ? "#c0392b" : "#17202a"}"/>`;
      }).join("");
      return `<ellipse cx="900" cy="390" rx="420" ry="120" fill="#0b5d33"/><ellipse cx="900" cy="390" rx="400" ry="104" fill="none" stroke="${a}" stroke-width="4" opacity=".6"/><circle cx="960" cy="200" r="150" fill="#6e2c00"/><circle cx="960" cy="200" r="138" fill="${a}"/>${slots}<circle cx="960" cy="200" r="52" fill="#6e2c00"/><circle cx="960" cy="200" r="16" fill="${a}"/><circle cx="1060" cy="120" r="10" fill="#fff"/>${chip(770, 320, 30, "#1f618d")}${chip(1130, 330, 30, "#c0392b")}`;
    }
    case "fish": {
      const fish = (x: number, y: number, s: number, c: string, flip: boolean) =>
        `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})"><path d="M-60 0c30-42 90-42 120 0c-30 42-90 42-120 0z" fill="${c}"/><path d="M55 0l40-30v60z" fill="${c}"/><circle cx="-30" cy="-8" r="8" fill="#fff"/><circle cx="-30" cy="-8" r="4" fill="#1b1f3b"/><path d="M-5-25q10 25 0 50" stroke="#fff" stroke-opacity=".5" stroke-width="4" fill="none"/></g>`;
      const bubbles = [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<circle cx="${760 + i * 70}" cy="${80 + ((i * 53) % 120)}" r="${6 + (i % 3) * 4}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>`,
        )
        .join("");
      return `<path d="M600 400q80-60 150 0t150 0 150 0 150 0 150 0v0z" fill="#0e6655" opacity=".7"/>${[0, 1, 2].map((i) => `<path d="M${700 + i * 180} 400q-20-80 10-160q20 80-10 160" fill="#1abc9c" opacity=".6"/>`).join("")}${fish(820, 150, 1.1, a, false)}${fish(1040, 240, 0.9, "#f1948a", true)}${fish(900, 320, 0.7, "#7fd3ff", false)}${bubbles}`;
    }
    case "poker":
      return `<ellipse cx="920" cy="330" rx="360" ry="110" fill="#0b5d33" stroke="#6e2c00" stroke-width="18"/>${card(760, 150, -10, "♠", false)}${card(850, 140, 8, "♥", true)}${[0, 1, 2, 3, 4].map((i) => chip(1040, 300 - i * 16, 36, i % 2 ? "#1b1f3b" : "#c0392b")).join("")}${[0, 1, 2].map((i) => chip(1120, 320 - i * 16, 32, a)).join("")}`;
    case "sports":
      return `<rect x="640" y="250" width="560" height="150" fill="#1e8449"/><path d="M640 250h560M920 250v150" stroke="#fff" stroke-opacity=".6" stroke-width="4"/><ellipse cx="920" cy="320" rx="70" ry="30" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>${[0, 1, 2].map((i) => `<g><rect x="${700 + i * 210}" y="30" width="10" height="110" fill="#c8ccd8"/><rect x="${670 + i * 210}" y="20" width="70" height="26" rx="4" fill="#fff"/><path d="M${705 + i * 210} 46l-60 200h120z" fill="#fff" opacity=".06"/></g>`).join("")}<circle cx="940" cy="190" r="70" fill="#fff"/><path d="M940 150l26 19-10 31h-32l-10-31z" fill="#1b1f3b"/><path d="M940 120v30M1003 168l-37 11M980 250l-14-30M900 250l14-30M877 168l37 11" stroke="#1b1f3b" stroke-width="5"/><circle cx="940" cy="190" r="70" fill="none" stroke="#1b1f3b" stroke-width="4"/>`;
    case "esports":
      return `${[0, 1, 2, 3, 4].map((i) => `<path d="M${640 + i * 120} 400l120-320" stroke="${a}" stroke-opacity=".25" stroke-width="3"/>`).join("")}<path d="M760 180q0-60 60-60h240q60 0 60 60l30 120q10 50-40 60-40 8-70-40l-20-30h-160l-20 30q-30 48-70 40-50-10-40-60z" fill="#12152b" stroke="${a}" stroke-width="8"/><path d="M830 200h60M860 170v60" stroke="${a}" stroke-width="14" stroke-linecap="round"/>${[
        [1040, 175, "#c0392b"],
        [1075, 205, "#1e8449"],
        [1005, 205, "#1f618d"],
        [1040, 235, a],
      ]
        .map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="16" fill="${c}"/>`)
        .join(
          "",
        )}<circle cx="915" cy="260" r="22" fill="#2c3160"/><circle cx="985" cy="260" r="22" fill="#2c3160"/>`;
    case "lottery":
      return `<circle cx="930" cy="190" r="150" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".5" stroke-width="6"/>${[
        [870, 150, "#c0392b"],
        [950, 120, a],
        [1010, 190, "#1f618d"],
        [900, 240, "#1e8449"],
        [980, 260, "#8e44ad"],
        [850, 205, "#d35400"],
      ]
        .map(([x, y, c]) => ball(Number(x), Number(y), 34, String(c)))
        .join(
          "",
        )}<rect x="900" y="335" width="60" height="40" fill="#c8ccd8"/><rect x="840" y="370" width="180" height="20" rx="8" fill="#c8ccd8"/>${ball(1110, 330, 40, a)}`;
    case "bingo": {
      const cells = Array.from({ length: 25 }, (_, i) => {
        const x = 760 + (i % 5) * 56;
        const y = 90 + Math.floor(i / 5) * 56;
        const dab = [0, 6, 12, 18, 24, 3, 15].includes(i);
        return `<rect x="${x}" y="${y}" width="50" height="50" rx="8" fill="#fff"/>${dab ? `<circle cx="${x + 25}" cy="${y + 25}" r="19" fill="${a}" opacity=".9"/>` : ""}`;
      }).join("");
      return `<rect x="744" y="74" width="296" height="296" rx="20" fill="#12152b"/>${cells}${ball(1110, 140, 38, "#c0392b")}${ball(1130, 250, 32, "#1f618d")}`;
    }
    case "gifts": {
      const gift = (x: number, y: number, w: number, c: string) =>
        `<g><rect x="${x}" y="${y}" width="${w}" height="${w * 0.8}" rx="8" fill="${c}"/><rect x="${x - 8}" y="${y - 20}" width="${w + 16}" height="28" rx="6" fill="${c}"/><rect x="${x + w / 2 - 10}" y="${y - 20}" width="20" height="${w * 0.8 + 20}" fill="${a}"/><path d="M${x + w / 2} ${y - 20}c-40-40-60 0 0 0c40-40 60 0 0 0" fill="none" stroke="${a}" stroke-width="10"/></g>`;
      const confetti = Array.from(
        { length: 16 },
        (_, i) =>
          `<rect x="${660 + ((i * 97) % 520)}" y="${30 + ((i * 61) % 160)}" width="12" height="6" rx="2" fill="${["#fff", a, "#7fd3ff", "#f1948a"][i % 4]}" transform="rotate(${(i * 37) % 180} ${660 + ((i * 97) % 520)} ${30 + ((i * 61) % 160)})"/>`,
      ).join("");
      return `${confetti}${gift(760, 200, 140, "#c0392b")}${gift(930, 160, 170, "#8e44ad")}${gift(1000, 290, 100, "#1f618d")}`;
    }
    case "phone":
      return `<rect x="860" y="50" width="180" height="320" rx="28" fill="#12152b" stroke="${a}" stroke-width="6"/><rect x="876" y="84" width="148" height="250" rx="10" fill="#2c3160"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${892 + (i % 2) * 66}" y="${100 + Math.floor(i / 2) * 76}" width="52" height="52" rx="12" fill="${["#c0392b", a, "#1e8449", "#1f618d", "#8e44ad", "#d35400"][i]}"/>`).join("")}<circle cx="950" cy="352" r="9" fill="${a}"/><path d="M1100 170v90m-34-34l34 34 34-34" stroke="${a}" stroke-width="14" stroke-linecap="round" fill="none"/>`;
    case "help":
      return `<circle cx="940" cy="200" r="120" fill="none" stroke="#fff" stroke-width="44"/><circle cx="940" cy="200" r="120" fill="none" stroke="#c0392b" stroke-width="44" stroke-dasharray="94.2 94.2"/><path d="M760 110h120a20 20 0 0 1 20 20v60a20 20 0 0 1-20 20h-70l-30 26v-26h-20a20 20 0 0 1-20-20v-60a20 20 0 0 1 20-20z" fill="${a}"/><circle cx="790" cy="160" r="8" fill="#1b1f3b"/><circle cx="820" cy="160" r="8" fill="#1b1f3b"/><circle cx="850" cy="160" r="8" fill="#1b1f3b"/>`;
    case "mall":
      return `<path d="M820 150h240l-20 220h-200z" fill="${a}"/><path d="M880 150v-30a60 60 0 0 1 120 0v30" fill="none" stroke="#8a5a00" stroke-width="14"/><path d="M900 250l40 30 40-30" fill="none" stroke="#8a5a00" stroke-width="12" stroke-linecap="round"/>${[0, 1, 2].map((i) => coin(720 + i * 26, 330 - i * 14, "#ffd36b")).join("")}<path d="M1110 120l8 24h26l-21 15 8 25-21-15-21 15 8-25-21-15h26z" fill="#fff" opacity=".85"/>`;
  }
}

/** A text-free banner: the brand's gradient, soft light, and the scene of its category. */
export function bannerArtSvg(kind: Scene, p: Palette): string {
  const rays = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    const pt = (ang: number) =>
      `${(940 + Math.cos(ang) * 760).toFixed(0)} ${(200 + Math.sin(ang) * 760).toFixed(0)}`;
    return `<path d="M940 200L${pt(a)}L${pt(a + 0.14)}z" fill="#fff" opacity=".045"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400"><defs><linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient><radialGradient id="glow" cx=".78" cy=".5" r=".5"><stop offset="0" stop-color="${p.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient><linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".55" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="1200" height="400" fill="url(#bg)"/><rect width="1200" height="400" fill="url(#glow)"/>${rays}${scene(kind, p)}<rect width="1200" height="400" fill="url(#shade)"/></svg>`;
}
