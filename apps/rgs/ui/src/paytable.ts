import type { RgsGameInfo } from "@panalo/contracts/rgs";
import { formatMultiplier } from "./format.ts";
import { type Lang, t } from "./i18n.ts";
import { CELL, linePoints, toSvgPoints } from "./line-geometry.ts";
import { symbolUse } from "./symbols.ts";

/**
 * The paytable and rules screen, built from the session's game: each symbol's pays,
 * the scatter pays and free spins, the free-spin multiplier, a diagram of every payline and the
 * RTP when the game states one.
 */
function counts(pays: readonly number[]): Array<[count: number, pay: number]> {
  return pays.flatMap((pay, i) => (pay > 0 ? [[i + 1, pay] as [number, number]] : [])).reverse();
}

function paysList(items: ReadonlyArray<[string, string]>): string {
  return `<ul>${items.map(([k, v]) => `<li><b>${k}</b> — ${v}</li>`).join("")}</ul>`;
}

function lineDiagram(rows: readonly number[], index: number, rowCount: number): string {
  const w = rows.length * CELL;
  const h = rowCount * CELL;
  const grid = rows
    .flatMap((_, reel) =>
      Array.from(
        { length: rowCount },
        (_, row) =>
          `<rect x="${reel * CELL + 6}" y="${row * CELL + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="10" fill="${rows[reel] === row ? "var(--c1)" : "rgba(255,255,255,.08)"}"/>`,
      ),
    )
    .join("");
  return `<div class="line-mini"><svg viewBox="0 0 ${w} ${h}" aria-hidden="true">${grid}<polyline points="${toSvgPoints(linePoints(rows))}" fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round"/></svg>${index + 1}</div>`;
}

export function paytableBody(lang: Lang, game: RgsGameInfo, rtpPercent: string | null): HTMLElement {
  const body = document.createElement("div");
  const symbols = Object.entries(game.paytable)
    .filter(([, pays]) => pays.some((p) => p > 0))
    .sort(([, a], [, b]) => Math.max(...b) - Math.max(...a));
  const payItems = symbols
    .map(
      ([symbol, pays]) =>
        `<div class="pay-item">${symbolUse(game.id, symbol)}${paysList(counts(pays).map(([c, p]) => [`${c}×`, `${p}×`]))}</div>`,
    )
    .join("");
  const scatterPays = Object.entries(game.scatterPays).map(([c, p]): [string, string] => [
    `${c}×`,
    `${p}× ${t(lang, "totalBet").toLowerCase()}`,
  ]);
  const freeSpins = Object.entries(game.freeSpins).map(([c, n]): [string, string] => [
    `${c}×`,
    t(lang, "freeSpinsLeft", { n }),
  ]);
  const scatter = game.scatter
    ? `<div class="pay-item">${symbolUse(game.id, game.scatter)}${paysList([...scatterPays, ...freeSpins])}</div>`
    : "";
  const wild = game.wild
    ? `<div class="pay-item">${symbolUse(game.id, game.wild)}<p>${t(lang, "rulesWild")}</p></div>`
    : "";
  const rules = [
    t(lang, game.ways ? "rulesWays" : "rulesLines"),
    game.scatter ? t(lang, "rulesScatter") : "",
    Object.keys(game.freeSpins).length > 0
      ? t(lang, "rulesFree", { m: formatMultiplier(game.freeSpinMultiplier) })
      : "",
    t(lang, "rulesMalfunction"),
  ].filter(Boolean);
  const lines = game.ways
    ? `<p>${game.betUnits} × ${t(lang, "betPerLine").toLowerCase()} = ${t(lang, "totalBet").toLowerCase()}</p>`
    : `<div class="lines-grid">${game.lines.map((rows, i) => lineDiagram(rows, i, game.rows)).join("")}</div>`;
  body.innerHTML = `<h3>${t(lang, "pays")}</h3><div class="pay-grid">${wild}${scatter}${payItems}</div>
<h3>${t(lang, "rules")}</h3><ul>${rules.map((r) => `<li>${r}</li>`).join("")}</ul>
${rtpPercent ? `<p>${t(lang, "rtp")}: <b>${rtpPercent}%</b></p>` : ""}
<h3>${t(lang, "linesDiagram")}${game.ways ? "" : ` (${game.lines.length})`}</h3>${lines}`;
  return body;
}
