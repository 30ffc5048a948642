import type { Lang } from "./i18n.ts";
import { spotName } from "./table-texts.ts";

/**
 * What a table round dealt, drawn as the table draws it: baccarat and dragon tiger hands as
 * cards, roulette's number on its coloured ball, sic bo's dice. One drawing for the live table
 * (table-app.ts) and the verify page (table-verify.ts), so a checked round looks as it was played.
 */
export interface Card {
  rank: number;
  suit: number;
}
export type Outcome = {
  player?: Card[];
  banker?: Card[];
  playerTotal?: number;
  bankerTotal?: number;
  winner?: string;
  dragon?: Card;
  tiger?: Card;
  number?: number;
  dice?: number[];
};

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = ["♠", "♥", "♦", "♣"];
const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function cardHtml(c: Card | undefined, i: number): string {
  if (!c) return "";
  const red = c.suit === 1 || c.suit === 2 ? " red" : "";
  return `<span class="card reveal${red}" data-i="${i}">${RANKS[c.rank - 1]}${SUITS[c.suit]}</span>`;
}

/** The round's outcome as cards, ball or dice (game: the table's game code). */
export function outcomeHtml(lang: Lang, game: string, o: Outcome): string {
  if (game === "baccarat" || game === "baccarat_nc")
    return `<div class="outcome bac" data-winner="${o.winner}"><div class="hand"><b>${spotName(lang, "player")} ${o.playerTotal}</b>${(o.player ?? []).map(cardHtml).join("")}</div><div class="hand"><b>${spotName(lang, "banker")} ${o.bankerTotal}</b>${(o.banker ?? []).map(cardHtml).join("")}</div></div>`;
  if (game === "dragon_tiger")
    return `<div class="outcome dt" data-winner="${o.winner}"><div class="hand"><b>${spotName(lang, "dragon")}</b>${cardHtml(o.dragon, 0)}</div><div class="hand"><b>${spotName(lang, "tiger")}</b>${cardHtml(o.tiger, 1)}</div></div>`;
  if (game === "roulette") {
    const n = o.number ?? 0;
    return `<div class="outcome"><span class="ball reveal ${n === 0 ? "green" : RED.has(n) ? "red" : "black"}">${n}</span></div>`;
  }
  return `<div class="outcome"><span class="dice reveal">${(o.dice ?? []).map((d) => DIE[d]).join(" ")}</span> <b>${(o.dice ?? []).reduce((a, b) => a + b, 0)}</b></div>`;
}
