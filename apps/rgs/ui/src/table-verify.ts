import type { Lang } from "./i18n.ts";
import { GAME_NAMES, spotName, tt } from "./table-texts.ts";

/**
 * The verify page's table part (issue 18): a table round's revealed seed and game recompute the
 * outcome on the game server (/rgs/api/tables/verify) and show the seed's SHA-256, to compare
 * with the hash published when betting opened. Links from the table prefill it (?table=&seed=).
 * Every text in the launch language (table-texts.ts).
 */
const GAMES = ["baccarat", "baccarat_nc", "roulette", "dragon_tiger", "sicbo"] as const;
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["♠", "♥", "♦", "♣"];

type Card = { rank: number; suit: number };
type Outcome = {
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

const card = (c: Card | undefined) => (c ? `${RANKS[c.rank - 1] ?? "?"}${SUITS[c.suit] ?? ""}` : "");

/** One line saying what the seed dealt, in the player's language. */
export function outcomeSummary(lang: Lang, game: string, o: Outcome): string {
  if (game === "baccarat" || game === "baccarat_nc")
    return `${spotName(lang, "player")} ${(o.player ?? []).map(card).join(" ")} = ${o.playerTotal} · ${spotName(lang, "banker")} ${(o.banker ?? []).map(card).join(" ")} = ${o.bankerTotal} · ${o.winner === "tie" ? spotName(lang, "tie") : tt(lang, "wins", { w: spotName(lang, o.winner ?? "") })}`;
  if (game === "dragon_tiger")
    return `${spotName(lang, "dragon")} ${card(o.dragon)} · ${spotName(lang, "tiger")} ${card(o.tiger)} · ${o.winner === "tie" ? spotName(lang, "tie") : tt(lang, "wins", { w: spotName(lang, o.winner ?? "") })}`;
  if (game === "roulette") return `${tt(lang, "outcome")}: ${o.number}`;
  const dice = o.dice ?? [];
  return `${tt(lang, "outcome")}: ${dice.join(" · ")} = ${dice.reduce((a, b) => a + b, 0)}`;
}

export function tableVerifySection(root: HTMLElement, lang: Lang, params: URLSearchParams): void {
  const section = document.createElement("section");
  section.className = "table-verify";
  section.innerHTML = `<h2>${tt(lang, "verify")}</h2><form data-testid="table-verify-form" novalidate><div class="fields">
<label class="field"><span>${tt(lang, "game")}</span><select name="game">${GAMES.map((g) => `<option value="${g}">${GAME_NAMES[g]?.[lang] ?? g}</option>`).join("")}</select></label>
<label class="field"><span>${tt(lang, "seed")}</span><input name="seed" required pattern="[0-9a-fA-F]{64}" autocomplete="off" spellcheck="false" aria-describedby="table-seed-help"><small id="table-seed-help">${tt(lang, "seedHelp")}</small></label></div>
<button class="btn" type="submit">${tt(lang, "check")}</button></form>
<div data-testid="table-verify-result" aria-live="polite"></div>`;
  root.querySelector("main")?.append(section);
  const form = section.querySelector("form");
  const out = section.querySelector<HTMLElement>("[data-testid=table-verify-result]");
  if (!form || !out) return;
  const game = params.get("table");
  const seed = params.get("seed");
  const sel = form.elements.namedItem("game");
  const inp = form.elements.namedItem("seed");
  if (game && sel instanceof HTMLSelectElement && GAMES.some((g) => g === game)) sel.value = game;
  if (seed && inp instanceof HTMLInputElement) inp.value = seed;
  const fail = (text: string) => {
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.dataset.testid = "table-verify-error";
    p.textContent = text;
    out.replaceChildren(p);
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const chosen = String(data.get("game"));
    const value = String(data.get("seed")).trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(value)) {
      fail(tt(lang, "seedInvalid"));
      return;
    }
    let json: { success: boolean; value?: { seedHash: string; outcome: Outcome } };
    try {
      const res = await fetch("/rgs/api/tables/verify", {
        method: "POST",
        headers: { "content-type": "application/json", "x-lang": lang },
        body: JSON.stringify({ game: chosen, seed: value }),
      });
      json = (await res.json()) as typeof json;
    } catch {
      fail(tt(lang, "error"));
      return;
    }
    if (!json.success || !json.value) {
      fail(tt(lang, "error"));
      return;
    }
    const hash = document.createElement("p");
    hash.textContent = `${tt(lang, "commitment")}: ${json.value.seedHash}`;
    hash.dataset.testid = "table-verify-hash";
    const note = document.createElement("p");
    note.textContent = tt(lang, "hashMatches");
    const summary = document.createElement("p");
    summary.dataset.testid = "table-verify-summary";
    summary.textContent = outcomeSummary(lang, chosen, json.value.outcome);
    const body = document.createElement("pre");
    body.textContent = JSON.stringify(json.value.outcome, null, 1);
    body.dataset.testid = "table-verify-outcome";
    body.tabIndex = 0;
    body.setAttribute("aria-label", tt(lang, "outcome"));
    out.replaceChildren(hash, note, summary, body);
  });
  if (game && seed) form.requestSubmit();
}
