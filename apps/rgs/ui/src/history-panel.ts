import type { RgsRoundDetail, RgsRoundSummary } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { verifyHref } from "./fairness-panel.ts";
import { formatPeso, formatWhen, toMinor } from "./format.ts";
import { type Lang, t } from "./i18n.ts";

/**
 * Game recall: the player's rounds, newest first, page by page; each can be replayed
 * on the reels from its stored outcome.
 */
export function historyBody(
  lang: Lang,
  sessionId: string,
  onReplay: (round: RgsRoundDetail) => void,
  onError: (e: unknown) => void,
): HTMLElement {
  const body = document.createElement("div");
  const list = document.createElement("div");
  list.setAttribute("role", "list");
  const more = document.createElement("button");
  more.type = "button";
  more.className = "btn secondary";
  more.textContent = t(lang, "more");
  more.hidden = true;
  body.append(list, more);
  let page = 0;

  const row = (r: RgsRoundSummary): HTMLElement => {
    const el = document.createElement("div");
    el.className = "history-row";
    el.setAttribute("role", "listitem");
    el.setAttribute("data-testid", "slot-round");
    el.dataset.roundId = r.roundId;
    const won = toMinor(r.win) > 0n;
    el.innerHTML = `<div><div>${formatWhen(r.createdAt, lang)} · ${t(lang, "round")} #${r.nonce}</div>
<small class="mono">${r.status === "settled" ? "" : r.status}</small></div>
<div>${t(lang, "bet")} ${formatPeso(toMinor(r.bet))}<br><span class="${won ? "won" : ""}">${t(lang, "win")} ${formatPeso(toMinor(r.win))}</span></div>`;
    const replay = document.createElement("button");
    replay.type = "button";
    replay.className = "btn secondary";
    replay.textContent = t(lang, "replay");
    replay.setAttribute("data-testid", "slot-round-replay");
    replay.addEventListener("click", async () => {
      replay.disabled = true;
      try {
        onReplay(await rgsApi.round(sessionId, r.roundId));
      } catch (e) {
        onError(e);
      } finally {
        replay.disabled = false;
      }
    });
    el.append(replay);
    return el;
  };

  const load = async () => {
    more.disabled = true;
    try {
      const res = await rgsApi.rounds(sessionId, page + 1);
      page++;
      if (page === 1 && res.items.length === 0) list.innerHTML = `<p>${t(lang, "noRounds")}</p>`;
      list.append(...res.items.map(row));
      more.hidden = page >= res.totalPages;
    } catch (e) {
      onError(e instanceof RgsApiError ? e : new RgsApiError("NETWORK", "", null));
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener("click", () => void load());
  void load();
  return body;
}

/**
 * The line above the reels during a replay: which round, its bet and win, and a link that
 * verifies it. A round whose server seed is still secret cannot be verified yet: the bar says so
 * and links to the reveal instead — `revealHref` is "#fairness" inside the game (its Provably
 * fair panel, where changing the client seed reveals the seed) or, on a replay page outside the
 * game, the verify page prefilled with everything but the seed, which explains the reveal.
 */
export function replayBar(lang: Lang, round: RgsRoundDetail, revealHref: string): HTMLElement {
  const params: Record<string, string | number> = {
    gameId: round.gameId,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    betPerLine: round.betPerLine,
  };
  const bar = document.createElement("div");
  bar.className = "replay-bar";
  bar.dataset.testid = "slot-replay";
  bar.textContent = `${t(lang, "replay")} · ${t(lang, "round")} #${round.nonce} · ${t(lang, "bet")} ${formatPeso(toMinor(round.bet))} · ${t(lang, "win")} ${formatPeso(toMinor(round.win))} `;
  const a = document.createElement("a");
  a.target = "_blank";
  a.rel = "noopener";
  if (round.serverSeed) {
    // Revealed: the link carries all five values, so the verify page recomputes it at once.
    a.href = verifyHref({ ...params, serverSeed: round.serverSeed }, lang);
    a.textContent = t(lang, "verifyLink");
    a.dataset.testid = "slot-verify-link";
    bar.append(a);
    return bar;
  }
  const note = document.createElement("small");
  note.dataset.testid = "slot-seed-pending";
  note.textContent = `${t(lang, "seedPending")} `;
  a.textContent = t(lang, "revealSeed");
  a.dataset.testid = "slot-reveal-link";
  if (revealHref.startsWith("#")) {
    a.href = revealHref;
    a.removeAttribute("target");
    a.addEventListener("click", (e) => {
      const panel = document.getElementById(revealHref.slice(1));
      if (!panel) return;
      e.preventDefault();
      panel.scrollIntoView({ block: "center" });
      panel.querySelector<HTMLInputElement>("input")?.focus();
    });
  } else a.href = revealHref;
  bar.append(note, a);
  return bar;
}
