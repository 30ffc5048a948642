import type { RgsReplay } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { verifyHref } from "./fairness-panel.ts";
import { formatMinor, formatPeso, toMinor, useCurrency } from "./format.ts";
import { replayBar } from "./history-panel.ts";
import { type Lang, t } from "./i18n.ts";
import { openSheet } from "./overlays.ts";
import { paytableBody } from "./paytable.ts";
import { RoundPlayer } from "./round-player.ts";
import { buildSlotScreen, soundIcon } from "./slot-screen.ts";
import { Sound } from "./sound.ts";
import { WinPresenter } from "./win-presenter.ts";

/**
 * Game recall from the platform's betting record: /rgs/replay/<roundId>?vendor=&player=&exp=&sig=
 * opens one round read-only (no session, no bet, no balance) on the game's own reels. The link
 * is the platform's, signed for this player; the server checks it (history.ts replayRound).
 * The root's `data-state` is "spinning" while the round plays, "idle" after, "error" on refusal.
 */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function failed(root: HTMLElement, lang: Lang, e: unknown): void {
  const message =
    e instanceof RgsApiError && e.message && e.code !== "NETWORK" ? e.message : t(lang, "network");
  root.innerHTML = `<div class="verify-page"><div class="error" data-testid="replay-error" role="alert"><b></b><span></span></div></div>`;
  const title = root.querySelector(".error b");
  if (title) title.textContent = t(lang, "replayFailed");
  const span = root.querySelector(".error span");
  if (span) span.textContent = message;
  const box = root.querySelector<HTMLElement>(".error");
  if (box && e instanceof RgsApiError) box.dataset.code = e.code;
  root.dataset.state = "error";
}

function show(root: HTMLElement, lang: Lang, data: RgsReplay): void {
  const { round, game } = data;
  useCurrency(data.currency);
  document.title = `${t(lang, "replayTitle")} · ${game.name}`;
  const screen = buildSlotScreen(root, lang, game, null);
  root.dataset.testid = "replay-page";
  // Read-only: no bet selector, no spin, no balance, no session history.
  root.querySelector(".controls")?.remove();
  root.querySelector(".hint")?.remove();
  screen.history.remove();
  screen.balance.closest(".meter")?.remove();
  screen.totalBet.textContent = formatPeso(toMinor(round.bet));
  const note = document.createElement("p");
  note.className = "hint";
  note.textContent = t(lang, "replayReadOnly");
  // Outside the game there is no seed to change: the verify page, prefilled, explains the reveal.
  const pending = verifyHref(
    { gameId: round.gameId, clientSeed: round.clientSeed, nonce: round.nonce, betPerLine: round.betPerLine },
    lang,
  );
  screen.winInfo.before(replayBar(lang, round, pending));
  const sound = new Sound(storage());
  const renderMute = () => {
    screen.mute.innerHTML = soundIcon(sound.muted);
    screen.mute.setAttribute("aria-label", t(lang, sound.muted ? "unmute" : "mute"));
    screen.mute.setAttribute("aria-pressed", String(sound.muted));
  };
  renderMute();
  screen.mute.addEventListener("click", () => {
    sound.toggle();
    renderMute();
  });
  screen.paytable.addEventListener("click", () =>
    openSheet(lang, t(lang, "paytable"), "slot-paytable-sheet", paytableBody(lang, game, null)),
  );
  const showWin = (minor: bigint) => {
    screen.win.textContent = formatPeso(minor);
    screen.win.dataset.win = formatMinor(minor);
  };
  showWin(0n);
  const outcome = round.outcome;
  if (!outcome) {
    const box = screen.notice;
    box.textContent = t(lang, "replayNoOutcome");
    box.hidden = false;
    root.dataset.state = "idle";
    return;
  }
  const presenter = new WinPresenter(screen.reels, screen.lines, screen.winInfo);
  const player = new RoundPlayer(
    lang,
    game,
    { reels: screen.reels, presenter, banner: screen.banner, onWin: showWin },
    sound,
  );
  const again = document.createElement("button");
  again.type = "button";
  again.className = "btn";
  again.dataset.testid = "replay-again";
  again.textContent = t(lang, "replayAgain");
  const actions = document.createElement("div");
  actions.className = "replay-actions";
  actions.append(again);
  root.querySelector(".meters")?.after(actions, note);

  const play = async () => {
    again.disabled = true;
    root.dataset.state = "spinning";
    presenter.stop();
    showWin(0n);
    screen.banner.hidden = true;
    screen.reels.spin();
    try {
      await player.play(outcome, toMinor(round.betPerLine), performance.now());
      showWin(toMinor(round.win));
    } finally {
      again.disabled = false;
      root.dataset.state = "idle";
    }
  };
  again.addEventListener("click", () => void play());
  void play();
}

export async function startReplayPage(root: HTMLElement, roundId: string, lang: Lang): Promise<void> {
  const params = new URLSearchParams(location.search);
  const link = {
    vendor: params.get("vendor") ?? "",
    player: params.get("player") ?? "",
    exp: params.get("exp") ?? "",
    sig: params.get("sig") ?? "",
  };
  root.dataset.state = "loading";
  root.innerHTML = `<div class="skeleton" aria-busy="true" role="status"><div class="sk-bar"></div><div class="sk-reels"></div><div class="sk-meters"></div></div>`;
  root.querySelector(".skeleton")?.setAttribute("aria-label", t(lang, "loading"));
  try {
    show(root, lang, await rgsApi.replay(roundId, link));
  } catch (e) {
    failed(root, lang, e);
  }
}
