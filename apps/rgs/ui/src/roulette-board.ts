import {
  ANNOUNCED,
  ANNOUNCED_BETS,
  type AnnouncedBet,
  neighbours,
  RED,
  ROULETTE_SPOTS,
  WHEEL,
} from "@panalo/game-math/tables/roulette";
import { formatPeso } from "./format.ts";
import type { Lang } from "./i18n.ts";
import { spotFace, spotName, tt } from "./table-texts.ts";

/**
 * The roulette layout for a phone held upright: zero on top, the numbers in twelve
 * rows of three, the dozens and even-money bets down the right, the columns' 2:1 at the foot.
 * Every inside bet has its own tap target where a dealer would put the chip: a split on the
 * line between two numbers, a corner where four meet, a street and a six line on the outer edge
 * of the row(s), the zero's splits, trios and first four on the line under zero.
 *
 * Geometry is in cells: x 0–3 across the number columns, y 0–14 down (zero row 0–1, number
 * rows 1–13, the columns' row 13–14). Line targets are `w` × `h` px boxes centred on a point.
 */
export const CELL_H = 50;
/** Line targets: along the line (between two dots) and across it (into both cells). */
export const LINE_ALONG = 26;
export const LINE_ACROSS = 30;
/** Intersection targets (corners, trios, first four, six lines). */
export const DOT = 24;
/** The board's columns beside the numbers: the left gutter (edge targets), dozens, even money. */
export const GUTTER = 16;
export const DOZEN_W = 40;
export const OUTSIDE_W = 50;

export interface Target {
  spot: string;
  /** cell: a number's own box (x, y = its top-left, 1 × 1; zero 3 × 1); point: centred there. */
  shape: "cell" | "vline" | "hline" | "dot";
  x: number;
  y: number;
  w: number;
  h: number;
}

const colOf = (n: number) => (n - 1) % 3;
const rowOf = (n: number) => Math.floor((n - 1) / 3);

/** Every inside bet's target on the layout. */
export function rouletteTargets(): Target[] {
  const t: Target[] = [{ spot: "straight:0", shape: "cell", x: 0, y: 0, w: 3, h: 1 }];
  const line = (spot: string, shape: "vline" | "hline" | "dot", x: number, y: number) =>
    t.push({
      spot,
      shape,
      x,
      y,
      w: shape === "dot" ? DOT : shape === "vline" ? LINE_ACROSS : LINE_ALONG,
      h: shape === "dot" ? DOT : shape === "vline" ? LINE_ALONG : LINE_ACROSS,
    });
  for (let n = 1; n <= 36; n++)
    t.push({ spot: `straight:${n}`, shape: "cell", x: colOf(n), y: rowOf(n) + 1, w: 1, h: 1 });
  for (let n = 1; n <= 36; n++) {
    const c = colOf(n);
    const r = rowOf(n);
    if (c < 2) line(`split:${n}-${n + 1}`, "vline", c + 1, r + 1.5);
    if (n <= 33) line(`split:${n}-${n + 3}`, "hline", c + 0.5, r + 2);
    if (c < 2 && n <= 32) line(`corner:${n}-${n + 4}`, "dot", c + 1, r + 2);
  }
  for (const k of [1, 2, 3]) line(`split:0-${k}`, "hline", k - 0.5, 1);
  line("trio:0-1-2", "dot", 1, 1);
  line("trio:0-2-3", "dot", 2, 1);
  line("first4", "dot", 0, 1);
  for (let s = 1; s <= 34; s += 3) line(`street:${s}`, "vline", 0, rowOf(s) + 1.5);
  for (let s = 1; s <= 31; s += 3) line(`six:${s}`, "dot", 0, rowOf(s) + 2);
  return t;
}

/** A target's box in px for a board whose number columns are `cellW` px wide. */
export function targetBox(
  t: Target,
  cellW: number,
): { left: number; top: number; right: number; bottom: number } {
  if (t.shape === "cell")
    return { left: t.x * cellW, top: t.y * CELL_H, right: (t.x + t.w) * cellW, bottom: (t.y + t.h) * CELL_H };
  const cx = t.x * cellW;
  const cy = t.y * CELL_H;
  return { left: cx - t.w / 2, top: cy - t.h / 2, right: cx + t.w / 2, bottom: cy + t.h / 2 };
}

/** The numbers whose cells meet at a point of the grid (what a chip placed there covers). */
export function numbersAt(x: number, y: number): number[] {
  const out = new Set<number>();
  const xs = Number.isInteger(x) ? [x - 1, x] : [Math.floor(x)];
  const ys = Number.isInteger(y) ? [y - 1, y] : [Math.floor(y)];
  for (const cx of xs)
    for (const cy of ys) {
      if (cy === 0) out.add(0);
      else if (cx >= 0 && cx <= 2 && cy >= 1 && cy <= 12) out.add((cy - 1) * 3 + cx + 1);
    }
  return [...out].sort((a, b) => a - b);
}

/** The chips an announced bet (or neighbours of a number) puts down, in units of one chip. */
export function announcedChips(
  bet: AnnouncedBet | { neighboursOf: number },
  chip: bigint,
): Array<{ spot: string; amount: bigint }> {
  const list = typeof bet === "string" ? ANNOUNCED[bet] : neighbours(bet.neighboursOf, 2);
  return list.map((c) => ({ spot: c.spot, amount: chip * BigInt(c.units) }));
}

const units = (bet: AnnouncedBet) => ANNOUNCED[bet].reduce((a, c) => a + c.units, 0);
const colour = (n: number) => (n === 0 ? "green" : RED.has(n) ? "red" : "black");
const chipText = (amt: bigint) => formatPeso(amt).replace(/\.00$/, "");

/** The layout's HTML; `on(spot)` is what the player has there (placed and staged). */
export function rouletteBoardHtml(lang: Lang, on: (spot: string) => bigint): string {
  const btn = (spot: string, cls: string, style: string, face: string) => {
    const amt = on(spot);
    const label = amt > 0n ? `${spotName(lang, spot)}: ${formatPeso(amt)}` : spotName(lang, spot);
    return `<button type="button" class="rl ${cls}${amt > 0n ? " has-bet" : ""}" data-spot="${spot}" data-style="${style}" aria-label="${label}">${face}${amt > 0n ? `<small class="rl-chip">${chipText(amt)}</small>` : ""}</button>`;
  };
  const targets = rouletteTargets()
    .map((t) => {
      if (t.shape === "cell") {
        const n = Number(t.spot.slice(9));
        return btn(
          t.spot,
          `rl-num ${colour(n)}`,
          `left:calc(${t.x} * 100% / 3);top:${t.y * CELL_H}px;width:calc(${t.w} * 100% / 3);height:${CELL_H}px`,
          String(n),
        );
      }
      return btn(
        t.spot,
        `rl-line rl-${t.shape}`,
        `left:calc(${t.x} * 100% / 3 - ${t.w / 2}px);top:${t.y * CELL_H - t.h / 2}px;width:${t.w}px;height:${t.h}px`,
        "",
      );
    })
    // Numbers first, line targets after (on top of them).
    .sort((a, b) => Number(a.includes("rl-line")) - Number(b.includes("rl-line")))
    .join("");
  const columns = [1, 2, 3]
    .map((c) =>
      btn(
        `column:${c}`,
        "rl-out",
        `left:calc(${c - 1} * 100% / 3);top:${13 * CELL_H}px;width:calc(100% / 3);height:${CELL_H}px`,
        "2:1",
      ),
    )
    .join("");
  const dozens = [1, 2, 3]
    .map((d) =>
      btn(
        `dozen:${d}`,
        "rl-out rl-dozen",
        `top:${(1 + (d - 1) * 4) * CELL_H}px;height:${4 * CELL_H}px`,
        spotFace(lang, `dozen:${d}`),
      ),
    )
    .join("");
  const even = ["low", "even", "red", "black", "odd", "high"]
    .map((s, i) =>
      btn(
        s,
        `rl-out rl-even${s === "red" || s === "black" ? ` ${s}` : ""}`,
        `top:${(1 + i * 2) * CELL_H}px;height:${2 * CELL_H}px`,
        spotFace(lang, s),
      ),
    )
    .join("");
  return `<div class="rl-board" role="group" aria-label="${tt(lang, "board")}" data-style="height:${14 * CELL_H}px;--gutter:${GUTTER}px;--dozen:${DOZEN_W}px;--outside:${OUTSIDE_W}px">
    <div class="rl-grid">${targets}${columns}</div>${dozens}${even}</div>`;
}

/**
 * Put the board's geometry on its elements. The game's CSP allows no inline style attributes
 * (no 'unsafe-inline'), so the HTML carries it in data-style and it is set through the CSSOM.
 */
export function applyBoardStyles(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-style]")) {
    for (const decl of (el.dataset.style ?? "").split(";")) {
      const at = decl.indexOf(":");
      if (at > 0) el.style.setProperty(decl.slice(0, at).trim(), decl.slice(at + 1).trim());
    }
  }
}

/** The racetrack: the four announced bets with their totals, and neighbours by wheel order. */
export function racetrackHtml(lang: Lang, chip: bigint, open: boolean): string {
  const bets = ANNOUNCED_BETS.map((b) => {
    const u = units(b);
    return `<button type="button" class="btn rt-bet" data-announced="${b}"><b>${tt(lang, b)}</b><small>${tt(lang, "announcedTotal", { u, c: chipText(chip), t: formatPeso(chip * BigInt(u)) })}</small></button>`;
  }).join("");
  const wheel = WHEEL.map(
    (n) =>
      `<button type="button" class="rt-n ${colour(n)}" data-neighbours="${n}" aria-label="${tt(lang, "neighbours", { n })}: ${tt(lang, "announcedTotal", { u: 5, c: chipText(chip), t: formatPeso(chip * 5n) })}">${n}</button>`,
  ).join("");
  return `<details class="racetrack" data-testid="racetrack"${open ? " open" : ""}><summary>${tt(lang, "racetrack")}</summary>
    <div class="rt-bets">${bets}</div><p class="rt-hint">${tt(lang, "neighboursHint")}</p><div class="rt-wheel">${wheel}</div></details>`;
}

/** Every inside spot the server knows (for the test that each has a target). */
export const INSIDE_SPOTS = [...ROULETTE_SPOTS.keys()].filter((s) =>
  /^(straight|split|street|trio|corner|first4|six)/.test(s),
);
