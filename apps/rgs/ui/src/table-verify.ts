import type { Lang } from "./i18n.ts";
import { type Card, type Outcome, outcomeHtml, RANKS, SUITS } from "./table-outcome.ts";
import { GAME_NAMES, spotName, tt } from "./table-texts.ts";

/**
 * The verify page's table part: a table round's revealed seed and game recompute the
 * outcome on the game server (/rgs/api/tables/verify) and show the seed's SHA-256, to compare
 * with the hash published when betting opened. Links from the table prefill it (?table=&seed=).
 * Every text in the launch language (table-texts.ts).
 */
const GAMES = ["baccarat", "baccarat_nc", "roulette", "dragon_tiger", "sicbo"] as const;
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
  const hashParam = params.get("hash")?.toLowerCase() ?? "";
  const published = /^[0-9a-f]{64}$/.test(hashParam) ? hashParam : null;
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
    // A link from a round carries the hash published before betting opened: say whether it matches.
    const note = document.createElement("p");
    note.dataset.testid = "table-verify-match";
    if (published) {
      const match = published === json.value.seedHash;
      note.dataset.match = String(match);
      note.className = match ? "verify-ok" : "error";
      note.textContent = tt(lang, match ? "hashMatchYes" : "hashMatchNo");
    } else note.textContent = tt(lang, "hashMatches");
    const summary = document.createElement("p");
    summary.dataset.testid = "table-verify-summary";
    summary.textContent = outcomeSummary(lang, chosen, json.value.outcome);
    // The cards, number or dice as the table showed them.
    const drawn = document.createElement("div");
    drawn.className = "table-result";
    drawn.dataset.testid = "table-verify-drawn";
    drawn.innerHTML = outcomeHtml(lang, chosen, json.value.outcome);
    // The game server's record as it is, folded away for whoever wants to check it by hand.
    const raw = document.createElement("details");
    const label = document.createElement("summary");
    label.textContent = tt(lang, "rawOutcome");
    const body = document.createElement("pre");
    body.textContent = JSON.stringify(json.value.outcome, null, 1);
    body.dataset.testid = "table-verify-outcome";
    body.tabIndex = 0;
    body.setAttribute("aria-label", tt(lang, "outcome"));
    raw.append(label, body);
    out.replaceChildren(hash, note, drawn, summary, raw);
  });
  if (game && seed) form.requestSubmit();
}
