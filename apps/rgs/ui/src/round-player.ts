import type { RgsGameInfo, RgsRoundOutcome } from "@panalo/contracts/rgs";
import { formatMultiplier, formatPeso } from "./format.ts";
import { type Lang, t } from "./i18n.ts";
import { showFreeSpinIntro } from "./overlays.ts";
import { MIN_SPIN_MS, type ReelsView } from "./reels.ts";
import type { Sound } from "./sound.ts";
import { unitsToMinor, type WinPresenter, winSteps } from "./win-presenter.ts";

/**
 * Plays a round's outcome on the reels: the paid spin lands and shows its wins; when it
 * awards free spins, the intro overlay comes up and every free spin of the round plays by
 * itself with the multiplier, the spins left and the running total in a banner.
 * Used for live rounds, for replays from the history and nowhere else.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RoundView {
  reels: ReelsView;
  presenter: WinPresenter;
  banner: HTMLElement;
  /** Shows the round's running win. */
  onWin: (minor: bigint) => void;
}

export class RoundPlayer {
  /** Set by a tap on spin during a round: the rest of the round plays without pauses. */
  private hurry = false;

  constructor(
    private readonly lang: Lang,
    private readonly game: RgsGameInfo,
    private readonly view: RoundView,
    private readonly sound: Sound,
  ) {}

  /**
   * A round starts (before its spin request): its presentation is unhurried until a tap. Not
   * in `play`, so a tap while the server answers is not forgotten.
   */
  begin(): void {
    this.hurry = false;
  }

  /** Plays the rest of the current round quickly (the player tapped spin again). */
  skip(): void {
    this.hurry = true;
  }

  private pause(ms: number): Promise<void> {
    return sleep(this.hurry ? Math.min(ms, 120) : ms);
  }

  /** Lands the reels on a window after they have spun at least MIN_SPIN_MS since `startedAt`. */
  async land(target: string[][], startedAt: number): Promise<void> {
    const waited = performance.now() - startedAt;
    if (waited < MIN_SPIN_MS) await this.pause(MIN_SPIN_MS - waited);
    await this.view.reels.stop(target, () => this.sound.play("stop"), this.hurry);
  }

  /**
   * Plays the whole round from an already spinning reel set; resolves with the total shown
   * (the sum of the spins' wins, in minor units) when the last spin has been presented.
   */
  async play(outcome: RgsRoundOutcome, betPerLineMinor: bigint, startedAt: number): Promise<bigint> {
    const { reels, presenter, banner, onWin } = this.view;
    await this.land(outcome.base.window, startedAt);
    let total = unitsToMinor(outcome.base.lineBetUnits, betPerLineMinor);
    onWin(total);
    const baseSteps = winSteps(this.lang, this.game, outcome.base, betPerLineMinor, 1);
    presenter.present(baseSteps);
    if (total > 0n) this.sound.play("win");
    if (outcome.freeSpins.length === 0) return total;

    this.sound.play("freeSpins");
    await this.pause(1500);
    presenter.stop();
    if (!this.hurry) await showFreeSpinIntro(this.lang, outcome.base.freeSpinsAwarded, outcome.multiplier);
    let awarded = outcome.base.freeSpinsAwarded;
    const showBanner = (played: number) => {
      banner.hidden = false;
      banner.textContent = `${t(this.lang, "freeSpinsLeft", { n: Math.max(0, awarded - played) })} · ${formatMultiplier(outcome.multiplier)} · ${formatPeso(total)}`;
    };
    for (const [i, spin] of outcome.freeSpins.entries()) {
      showBanner(i);
      presenter.stop();
      reels.spin();
      this.sound.play("spin");
      await this.land(spin.window, performance.now());
      const won = unitsToMinor(spin.lineBetUnits, betPerLineMinor, outcome.multiplier);
      total += won;
      awarded += spin.freeSpinsAwarded;
      onWin(total);
      showBanner(i + 1);
      presenter.present(winSteps(this.lang, this.game, spin, betPerLineMinor, outcome.multiplier), 900);
      if (spin.freeSpinsAwarded > 0) this.sound.play("freeSpins");
      else if (won > 0n) this.sound.play("win");
      await this.pause(won > 0n || spin.freeSpinsAwarded > 0 ? 1400 : 450);
    }
    banner.textContent = `${t(this.lang, "freeSpinsTotal")}: ${formatPeso(total)}`;
    await this.pause(1200);
    banner.hidden = true;
    return total;
  }
}
