import type { RgsGameInfo, RgsSpinOutcome } from "@panalo/contracts/rgs";
import { formatPeso } from "./format.ts";
import { type Lang, t } from "./i18n.ts";
import { type Cell, lineColour } from "./line-geometry.ts";
import type { ReelsView } from "./reels.ts";
import type { DrawnLine, WinLinesView } from "./win-lines.ts";

/**
 * Shows the wins of one spin over the reels: first every win together, then each in turn
 * (win lines drawn over the reels with the winning cells highlighted and the line's pay, ways
 * wins highlighted per symbol), until the next spin.
 */
export interface WinStep {
  cells: Cell[];
  lines: DrawnLine[];
  text: string;
}

/** The money of a number of line-bet units at a bet per line and a multiplier, exactly. */
export function unitsToMinor(units: number, betPerLineMinor: bigint, multiplier = 1): bigint {
  const scaled = Number.isInteger(multiplier)
    ? BigInt(units) * BigInt(multiplier)
    : BigInt(Math.round(units * multiplier));
  return scaled * betPerLineMinor;
}

/** One step per win of the spin: each line or ways win, then the scatters. */
export function winSteps(
  lang: Lang,
  game: Pick<RgsGameInfo, "lines" | "scatter"> | null,
  spin: RgsSpinOutcome,
  betPerLineMinor: bigint,
  multiplier: number,
): WinStep[] {
  const steps: WinStep[] = spin.lineWins.map((w) => {
    const money = formatPeso(unitsToMinor(w.pay, betPerLineMinor, multiplier));
    const cells = w.cells.map(([reel, row]) => ({ reel, row }));
    const rows = w.line === null ? undefined : game?.lines[w.line];
    if (w.line !== null) {
      const lines = rows ? [{ rows, count: w.count, colour: lineColour(w.line), label: money }] : [];
      return {
        cells,
        lines,
        text: `${t(lang, "lineWin", { line: w.line + 1 })}: ${w.symbol} ×${w.count} = ${money}`,
      };
    }
    const ways = w.ways > 1 ? ` · ${w.ways} ${t(lang, "ways")}` : "";
    return { cells, lines: [], text: `${w.symbol} ×${w.count}${ways} = ${money}` };
  });
  if (spin.scatterPay > 0 || spin.freeSpinsAwarded > 0) {
    const money = formatPeso(unitsToMinor(spin.scatterPay, betPerLineMinor, multiplier));
    const free =
      spin.freeSpinsAwarded > 0 ? ` + ${t(lang, "freeSpinsLeft", { n: spin.freeSpinsAwarded })}` : "";
    steps.push({
      cells: spin.scatterCells.map(([reel, row]) => ({ reel, row })),
      lines: [],
      text: `${t(lang, "scatterWin", { n: spin.scatterCount })} = ${money}${free}`,
    });
  }
  return steps;
}

export class WinPresenter {
  private timer = 0;

  constructor(
    private readonly reels: ReelsView,
    private readonly linesView: WinLinesView,
    private readonly info: HTMLElement,
  ) {}

  /** Shows every win at once, then cycles through them one by one every `stepMs`. */
  present(steps: readonly WinStep[], stepMs = 1400): void {
    this.stop();
    if (steps.length === 0) return;
    const all: WinStep = {
      cells: steps.flatMap((s) => s.cells),
      lines: steps.flatMap((s) => s.lines),
      text: steps.length === 1 ? (steps[0]?.text ?? "") : steps.map((s) => s.text).join(" · "),
    };
    this.show(all);
    if (steps.length < 2) return;
    let i = 0;
    this.timer = window.setInterval(() => {
      const step = steps[i % steps.length];
      if (step) this.show(step);
      i++;
    }, stepMs);
  }

  private show(step: WinStep): void {
    this.reels.highlight(step.cells);
    this.linesView.draw(step.lines);
    this.info.textContent = step.text;
  }

  stop(): void {
    clearInterval(this.timer);
    this.reels.clearWins();
    this.linesView.clear();
    this.info.textContent = "";
  }
}
