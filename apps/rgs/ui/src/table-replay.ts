import type { TableRoundView } from "@panalo/contracts/live-tables";
import type { Lang } from "./i18n.ts";
import { spotName, tt } from "./table-texts.ts";
import { outcomeSummary } from "./table-verify.ts";

/**
 * Game recall of a live table bet, from the platform's betting record: the round's
 * cards, number or dice, the seed and its hash (verify link), the player's bets and win.
 */
interface Replay {
  table: { id: string; game: string; name: { EN: string; TY: string } };
  round: TableRoundView;
  bets: Array<{ spot: string; amount: string }>;
  total: string;
  win: string | null;
  status: string;
}

/** The round's cards, number or dice in the player's language (the verify page's summary). */
export function outcomeText(lang: Lang, game: string, outcome: unknown): string {
  return outcomeSummary(lang, game, (outcome ?? {}) as Parameters<typeof outcomeSummary>[2]);
}

export async function startTableReplay(root: HTMLElement, betId: string, lang: Lang): Promise<void> {
  const res = await fetch(`/rgs/api/tables/replay/${encodeURIComponent(betId)}${location.search}`, {
    headers: { "x-lang": lang },
  });
  const json = (await res.json()) as { success: boolean; message?: string; value?: Replay };
  const main = document.createElement("main");
  main.className = "verify-page";
  root.replaceChildren(main);
  if (!json.success || !json.value) {
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    // The server's message is in TY or EN only; other languages get the client's own text.
    p.textContent = lang === "TY" || lang === "EN" ? (json.message ?? tt(lang, "error")) : tt(lang, "error");
    main.append(p);
    root.dataset.state = "error";
    return;
  }
  const v = json.value;
  const h1 = document.createElement("h1");
  h1.textContent = `${lang === "TY" ? v.table.name.TY : v.table.name.EN} — ${tt(lang, "round", { n: v.round.roundNo })}`;
  const outcome = document.createElement("p");
  outcome.dataset.testid = "table-replay-outcome";
  outcome.textContent = outcomeText(lang, v.table.game, v.round.outcome);
  const list = document.createElement("ul");
  for (const b of v.bets) {
    const li = document.createElement("li");
    li.textContent = `${spotName(lang, b.spot)}: ${b.amount}`;
    list.append(li);
  }
  const win = document.createElement("p");
  win.dataset.testid = "table-replay-win";
  win.textContent = tt(lang, "myWin", { w: v.win ?? "0.00" });
  main.append(h1, outcome, list, win);
  if (v.round.seed) {
    const a = document.createElement("a");
    a.href = `/rgs/verify?table=${encodeURIComponent(v.table.game)}&seed=${v.round.seed}&hash=${v.round.seedHash}&lang=${lang}`;
    a.textContent = tt(lang, "verify");
    const hash = document.createElement("p");
    hash.textContent = `${tt(lang, "commitment")}: ${v.round.seedHash}`;
    main.append(hash, a);
  }
  root.dataset.state = "ready";
}
