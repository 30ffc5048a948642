/**
 * Every reel symbol is drawn in code (SVG, no image files): one <symbol>
 * per id in a hidden sprite, shown on the reels with <use>. Known ids get their own drawing;
 * any other id gets a generated glyph (shape and colour from the id, its letters on top), so
 * a new game's symbols always look distinct without new code.
 */
import { THEMED_ART } from "./themed-symbols.ts";

const NS = "http://www.w3.org/2000/svg";

export interface SymbolRoles {
  wild: string | null;
  scatter: string | null;
}

/** A stable, attribute-safe DOM id for a symbol id of any spelling. */
export function symbolDomId(gameId: string, symbol: string): string {
  const safe = [...symbol].map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : `_${c.charCodeAt(0)}`)).join("");
  return `sym-${gameId}-${safe}`;
}

/** FNV-1a hash of a string: a deterministic seed for generated glyphs. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The letters shown on a generated glyph: "mango" → "MA", "T" → "10", "7" → "7". */
export function glyphLetters(symbol: string): string {
  if (symbol === "T") return "10";
  const letters = symbol.replace(/[^\p{L}\p{N}]/gu, "");
  return (letters || symbol).slice(0, 2).toUpperCase();
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function text(label: string, fill: string, size: number, y = 62, stroke = "#000"): string {
  return `<text x="50" y="${y}" text-anchor="middle" font-family="Georgia,serif" font-weight="900" font-size="${size}" fill="${fill}" stroke="${stroke}" stroke-width="2.5" paint-order="stroke">${esc(label)}</text>`;
}

const CARD_COLOURS: Record<string, [string, string]> = {
  A: ["#ff5d73", "#8a0f24"],
  K: ["#5dade2", "#14396b"],
  Q: ["#b07cf0", "#43166e"],
  J: ["#58d68d", "#145a32"],
  T: ["#f5b041", "#6e3b00"],
  N: ["#48c9b0", "#0e4d41"],
};

function card(label: string, [light, dark]: [string, string]): string {
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect x="16" y="14" width="68" height="72" rx="14" fill="${dark}" opacity=".35"/>
${text(label, "url(#g)", label.length > 1 ? 44 : 58, 70, "#fff")}`;
}

function wild(primary: string): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `${50 + Math.cos(a) * 46},${50 + Math.sin(a) * 46} ${50 + Math.cos(a + 0.26) * 30},${50 + Math.sin(a + 0.26) * 30}`;
  }).join(" ");
  return `<polygon points="${rays}" fill="${primary}" stroke="#fff6c2" stroke-width="2"/>
<circle cx="50" cy="50" r="28" fill="#2b0a3d" stroke="#ffd34d" stroke-width="4"/>
${text("WILD", "#ffd34d", 19, 57)}`;
}

function scatter(secondary: string): string {
  const star = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? 44 : 19;
    return `${(50 + Math.cos(a) * r).toFixed(1)},${(50 + Math.sin(a) * r).toFixed(1)}`;
  }).join(" ");
  return `<circle cx="50" cy="52" r="40" fill="${secondary}" opacity=".45"/>
<polygon points="${star}" fill="#ffe066" stroke="#b35c00" stroke-width="3"/>
${text("FREE", "#b3001b", 15, 58, "#fff")}`;
}

function seven(): string {
  return `<path d="M24 20h54l-4 12c-12 14-20 32-22 52H32c2-20 10-36 22-50H28z" fill="#e8202a" stroke="#ffd34d" stroke-width="4" stroke-linejoin="round"/>`;
}

function bar(): string {
  const bars = [22, 42, 62]
    .map(
      (y) =>
        `<rect x="14" y="${y}" width="72" height="16" rx="4" fill="#1c1c1c" stroke="#ffd34d" stroke-width="3"/>`,
    )
    .join("");
  return `${bars}<text x="50" y="55" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="13" fill="#fff">BAR</text>`;
}

/** A generated glyph: one of six shapes, a hue from the id, the id's letters on top. */
export function generatedGlyph(symbol: string): string {
  const h = hashString(symbol);
  const hue = h % 360;
  const fill = `hsl(${hue} 70% 48%)`;
  const edge = `hsl(${(hue + 40) % 360} 90% 78%)`;
  const sides = [0, 3, 4, 5, 6, 8][h % 6] ?? 0;
  const shape =
    sides === 0
      ? `<circle cx="50" cy="50" r="40" fill="${fill}" stroke="${edge}" stroke-width="5"/>`
      : `<polygon points="${Array.from({ length: sides }, (_, i) => {
          const a = -Math.PI / 2 + (i * 2 * Math.PI) / sides;
          return `${(50 + Math.cos(a) * 43).toFixed(1)},${(52 + Math.sin(a) * 43).toFixed(1)}`;
        }).join(" ")}" fill="${fill}" stroke="${edge}" stroke-width="5" stroke-linejoin="round"/>`;
  return `${shape}${text(glyphLetters(symbol), "#fff", 30, 62)}`;
}

/** A ribbon across the bottom of a themed wild or scatter, so its role reads at a glance. */
function ribbon(label: string, fill: string): string {
  return `<rect x="12" y="74" width="76" height="20" rx="10" fill="${fill}" stroke="#fff6c2" stroke-width="2"/>${text(label, "#fff", 14, 89, "#000")}`;
}

/** The inner SVG (viewBox 0 0 100 100) of one symbol of a game. */
export function symbolArt(symbol: string, roles: SymbolRoles, colours: readonly [string, string]): string {
  const themed = THEMED_ART[symbol];
  if (themed && symbol === roles.wild) return `${themed}${ribbon("WILD", "#8e44ad")}`;
  if (themed && symbol === roles.scatter) return `${themed}${ribbon("BONUS", "#c0392b")}`;
  if (themed) return themed;
  if (symbol === roles.wild) return wild(colours[0]);
  if (symbol === roles.scatter) return scatter(colours[1]);
  if (symbol === "7") return seven();
  if (symbol === "B") return bar();
  const cardColours = CARD_COLOURS[symbol];
  if (cardColours) return card(symbol === "T" ? "10" : symbol, cardColours);
  return generatedGlyph(symbol);
}

/** A hidden sprite holding one <symbol> per id; gradient ids are made unique per symbol. */
export function buildSprite(
  gameId: string,
  symbols: readonly string[],
  roles: SymbolRoles,
  colours: readonly [string, string],
): SVGSVGElement {
  const sprite = document.createElementNS(NS, "svg");
  sprite.setAttribute("aria-hidden", "true");
  sprite.style.position = "absolute";
  sprite.style.width = "0";
  sprite.style.height = "0";
  sprite.innerHTML = symbols
    .map((s) => {
      const id = symbolDomId(gameId, s);
      const art = symbolArt(s, roles, colours)
        .replace(/id="g"/g, `id="${id}-g"`)
        .replace(/url\(#g\)/g, `url(#${id}-g)`);
      return `<symbol id="${id}" viewBox="0 0 100 100">${art}</symbol>`;
    })
    .join("");
  return sprite;
}

/** One symbol as a small inline SVG (paytable, history, reels). */
export function symbolUse(gameId: string, symbol: string, className = "sym"): string {
  return `<svg class="${className}" viewBox="0 0 100 100" role="img" aria-label="${esc(symbol)}"><use href="#${symbolDomId(gameId, symbol)}"/></svg>`;
}
