import type { RgsFreeSpinGrant, RgsRoundDetail, RgsSession } from "@panalo/contracts/rgs";
import { RgsApiError, rgsApi } from "./api.ts";
import { allowedLevels, initialLevelIndex, stepLevel, totalBet } from "./bet-levels.ts";
import { FAIRNESS_ID, FairnessPanel } from "./fairness-panel.ts";
import { formatMinor, formatPeso, toMinor } from "./format.ts";
import { historyBody, replayBar } from "./history-panel.ts";
import { type Lang, t } from "./i18n.ts";
import { isBigWin, openSheet, showBigWin } from "./overlays.ts";
import { paytableBody } from "./paytable.ts";
import { RoundPlayer } from "./round-player.ts";
import { buildSlotScreen, type SlotScreen, soundIcon } from "./slot-screen.ts";
import { Sound } from "./sound.ts";
import { SpinButtonPress } from "./spin-press.ts";
import { WinPresenter } from "./win-presenter.ts";

/**
 * The controller of one slot game: bet selection, the spin round trip, the round's
 * presentation, errors with the balance, sound, the panels and replays. The root's
 * `data-state` is "spinning" while a round plays and "idle" once it has settled, so tests and
 * the keyboard handler know when the next spin may start.
 */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A spin's idempotency key; crypto.randomUUID needs a secure context, getRandomValues does not. */
function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class SlotApp {
  private readonly screen: SlotScreen;
  private readonly sound = new Sound(storage());
  private readonly levels: bigint[];
  private levelIndex: number;
  private balanceMinor: bigint;
  private readonly presenter: WinPresenter;
  private readonly player: RoundPlayer;
  private readonly fairness: FairnessPanel;
  private closeSheet: (() => void) | null = null;
  private busy = false;
  /**
   * Rounds this screen has played to the end (a refused spin and a replay are not counted), on
   * the root as `data-rounds`: a count only grows, so a watcher (a test, an embedding page) knows
   * a round ended without having to catch the short "spinning" state.
   */
  private roundsPlayed = 0;
  /** A free-spin grant on this game: spins use it while it has spins left. */
  private grant: RgsFreeSpinGrant | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly lang: Lang,
    private readonly session: RgsSession,
    lobby: string | null,
  ) {
    const { game } = session;
    this.screen = buildSlotScreen(root, lang, game, lobby);
    this.presenter = new WinPresenter(this.screen.reels, this.screen.lines, this.screen.winInfo);
    this.player = new RoundPlayer(
      lang,
      game,
      {
        reels: this.screen.reels,
        presenter: this.presenter,
        banner: this.screen.banner,
        onWin: (minor) => this.showWin(minor),
      },
      this.sound,
    );
    this.levels = allowedLevels(game.betLevels, game.minBetPerLine);
    const remembered = storage()?.getItem(this.betKey());
    this.levelIndex = initialLevelIndex(this.levels, remembered ? toMinor(remembered) : null);
    this.balanceMinor = toMinor(session.balance);
    this.fairness = new FairnessPanel(lang, session.sessionId, game.id, (e) => this.showError(e));
    this.fairness.update(session.fairness);
    this.screen.footer.append(this.fairness.root);
    // A first look at the machine: the game's symbols in order (no round has been played).
    this.screen.reels.show(
      Array.from({ length: game.reelCount }, (_, r) =>
        Array.from(
          { length: game.rows },
          (_, row) => game.symbols[(r * 2 + row * 3) % game.symbols.length] ?? "",
        ),
      ),
    );
    this.bind();
    this.renderBet();
    this.renderBalance();
    this.showWin(0n);
    this.renderMute();
    this.root.dataset.rounds = "0";
    this.setBusy(false);
    void rgsApi
      .freeSpins(session.sessionId)
      .then((list) => {
        this.grant = list[0] ?? null;
        this.renderFreeSpins();
      })
      .catch(() => undefined);
  }

  private renderFreeSpins(): void {
    const el = this.screen.freeSpins;
    const g = this.grant;
    el.hidden = !g || g.left <= 0;
    if (g)
      el.textContent = t(this.lang, "grantSpinsLeft", { n: g.left, bet: formatPeso(toMinor(g.betPerLine)) });
    el.dataset.left = String(g?.left ?? 0);
  }

  private betKey(): string {
    return `panalo-rgs-bet-${this.session.game.id}`;
  }

  private betPerLine(): bigint {
    return this.levels[this.levelIndex] ?? 0n;
  }

  private bind(): void {
    const s = this.screen;
    // A press begun during a round only hurries it, even if its click lands once it has ended.
    const press = new SpinButtonPress();
    s.spin.addEventListener("pointerdown", () => press.down(this.busy));
    s.spin.addEventListener("click", (e) => {
      const action = press.click(this.busy, e.detail > 0);
      if (action === "hurry") this.player.skip();
      else if (action === "spin") void this.spin();
    });
    // A tap on the reels hurries a round too, and does nothing between rounds.
    s.window.addEventListener("click", () => {
      if (this.busy) this.player.skip();
    });
    s.betUp.addEventListener("click", () => this.changeBet(1));
    s.betDown.addEventListener("click", () => this.changeBet(-1));
    s.mute.addEventListener("click", () => {
      this.sound.toggle();
      this.renderMute();
    });
    s.paytable.addEventListener("click", () => {
      this.closeSheet = openSheet(
        this.lang,
        t(this.lang, "paytable"),
        "slot-paytable-sheet",
        paytableBody(this.lang, this.session.game, null),
      );
    });
    s.history.addEventListener("click", () => {
      const body = historyBody(
        this.lang,
        this.session.sessionId,
        (r) => void this.replay(r),
        (e) => this.showError(e),
      );
      this.closeSheet = openSheet(this.lang, t(this.lang, "history"), "slot-history-sheet", body);
    });
    // Keyboard: Space spins, unless the focus is on something Space already operates.
    document.addEventListener("keydown", (e) => {
      if (e.code !== "Space" || e.repeat || document.querySelector(".overlay")) return;
      const target = e.target;
      if (
        target instanceof HTMLElement &&
        target.closest("input, textarea, select, button, a") &&
        target !== s.spin
      )
        return;
      e.preventDefault();
      void this.spin();
    });
  }

  private changeBet(direction: 1 | -1): void {
    if (this.busy) return;
    this.levelIndex = stepLevel(this.levels, this.levelIndex, direction);
    try {
      storage()?.setItem(this.betKey(), formatMinor(this.betPerLine()));
    } catch {
      // The bet is then remembered for this visit only.
    }
    this.sound.play("click");
    this.renderBet();
  }

  private renderBet(): void {
    const s = this.screen;
    const perLine = this.betPerLine();
    const total = totalBet(perLine, this.session.game.betUnits);
    s.bet.textContent = formatPeso(perLine);
    s.bet.dataset.betPerLine = formatMinor(perLine);
    s.bet.dataset.totalBet = formatMinor(total);
    s.totalBet.textContent = formatPeso(total);
    s.betDown.disabled = this.busy || this.levelIndex <= 0;
    s.betUp.disabled = this.busy || this.levelIndex >= this.levels.length - 1;
  }

  private renderBalance(): void {
    this.screen.balance.textContent = formatPeso(this.balanceMinor);
    this.screen.balance.dataset.balance = formatMinor(this.balanceMinor);
  }

  private showWin(minor: bigint): void {
    this.screen.win.textContent = formatPeso(minor);
    this.screen.win.dataset.win = formatMinor(minor);
  }

  private renderMute(): void {
    const { mute } = this.screen;
    mute.innerHTML = soundIcon(this.sound.muted);
    mute.setAttribute("aria-label", t(this.lang, this.sound.muted ? "unmute" : "mute"));
    mute.setAttribute("aria-pressed", String(this.sound.muted));
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.root.dataset.state = busy ? "spinning" : "idle";
    // Spin stays pressable during a round: a second tap hurries the round's presentation.
    this.screen.spin.disabled = this.levels.length === 0;
    this.screen.spin.setAttribute("aria-busy", String(busy));
    this.fairness.setBusy(busy);
    this.renderBet();
  }

  private hideError(): void {
    this.screen.notice.hidden = true;
    this.screen.error.hidden = true;
    this.screen.error.textContent = "";
  }

  /** A refusal in plain words, with the balance the server reported. */
  showError(e: unknown): void {
    const err = e instanceof RgsApiError ? e : new RgsApiError("NETWORK", "", null);
    if (err.balance !== null) {
      this.balanceMinor = toMinor(err.balance);
      this.renderBalance();
    }
    const text =
      err.code === "INSUFFICIENT_FUNDS"
        ? t(this.lang, "insufficient")
        : err.code === "FREE_SPINS_USED_UP" ||
            err.code === "FREE_SPINS_EXPIRED" ||
            err.code === "FREE_SPINS_NOT_FOUND"
          ? t(this.lang, err.code)
          : err.code === "NETWORK" || err.code === "BAD_ANSWER" || !err.message
            ? t(this.lang, "network")
            : err.message;
    const box = this.screen.error;
    box.innerHTML = "";
    const title = document.createElement("b");
    title.textContent = t(this.lang, "errorTitle");
    const body = document.createElement("span");
    body.textContent = `${text} ${t(this.lang, "balance")}: ${formatPeso(this.balanceMinor)}`;
    box.dataset.code = err.code;
    box.append(title, body);
    box.hidden = false;
    this.sound.play("error");
  }

  async spin(): Promise<void> {
    // A tap on spin during a round hurries the rest of it (the outcome is already decided).
    if (this.busy) return this.player.skip();
    if (this.levels.length === 0) return;
    this.setBusy(true);
    // A tap while the server answers already hurries this round.
    this.player.begin();
    this.hideError();
    this.presenter.stop();
    this.showWin(0n);
    for (const bar of document.querySelectorAll(".replay-bar")) bar.remove();
    const startedAt = performance.now();
    const grant = this.grant && this.grant.left > 0 ? this.grant : null;
    const perLine = grant ? toMinor(grant.betPerLine) : this.betPerLine();
    const { reels } = this.screen;
    reels.spin();
    this.sound.play("spin");
    try {
      const res = await rgsApi.spin({
        sessionId: this.session.sessionId,
        betPerLine: formatMinor(perLine),
        requestId: requestId(),
        ...(grant ? { grantId: grant.grantId } : {}),
      });
      if (grant && res.freeSpin) {
        this.grant = { ...grant, left: res.freeSpin.left };
        this.renderFreeSpins();
      }
      const winMinor = toMinor(res.win);
      // A settled answer's balance already holds the win: while the reels turn show it without.
      // While the win is still being paid (credit_pending) the balance excludes it already.
      const paid = res.status === "settled";
      this.balanceMinor = toMinor(res.balance) - (paid ? winMinor : 0n);
      this.renderBalance();
      await this.player.play(res.outcome, perLine, startedAt);
      this.showWin(winMinor);
      if (isBigWin(winMinor, toMinor(res.bet))) {
        this.sound.play("bigWin");
        await showBigWin(this.lang, winMinor);
      }
      this.balanceMinor = toMinor(res.balance);
      this.renderBalance();
      if (!paid && winMinor > 0n) {
        this.screen.notice.textContent = t(this.lang, "winPending");
        this.screen.notice.hidden = false;
      }
      this.fairness.update({ ...res.fairness, nonce: res.fairness.nonce + 1 });
      this.fairness.played(res.fairness.nonce, formatMinor(perLine));
      this.roundsPlayed += 1;
      this.root.dataset.rounds = String(this.roundsPlayed);
    } catch (e) {
      await reels.stop(reels.lastWindow(), () => undefined, true);
      if (grant && e instanceof RgsApiError && e.code.startsWith("FREE_SPINS_")) {
        this.grant = null; // used up or expired: the next spin is a paid one again
        this.renderFreeSpins();
      }
      this.showError(e);
    } finally {
      this.setBusy(false);
    }
  }

  /** Game recall: the stored outcome plays on the reels again; money and seeds do not change. */
  private async replay(round: RgsRoundDetail): Promise<void> {
    this.closeSheet?.();
    if (this.busy || !round.outcome) return;
    this.setBusy(true);
    this.player.begin();
    this.hideError();
    this.presenter.stop();
    this.showWin(0n);
    for (const old of document.querySelectorAll(".replay-bar")) old.remove();
    this.screen.winInfo.before(replayBar(this.lang, round, `#${FAIRNESS_ID}`));
    this.screen.reels.spin();
    try {
      await this.player.play(round.outcome, toMinor(round.betPerLine), performance.now());
      this.showWin(toMinor(round.win));
    } finally {
      this.setBusy(false);
    }
  }
}
