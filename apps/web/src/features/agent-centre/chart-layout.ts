/**
 * Where the agent centre's bar chart has room for its words. The chart is drawn at the width it
 * is shown at (one unit a CSS pixel), so its text keeps its size on a phone; this decides, for
 * that width, how wide the bars are, which values can be written (on each bar, one per group, or
 * none — the table beside the chart has them all), and how many date labels fit under the bars.
 */

/**
 * Around the plot: room above for the scale's top value or a bar's value, below for a negative
 * bar's value (or the scale's bottom one) and, under it without touching, the dates.
 */
export const CHART_PAD = { top: 22, right: 8, bottom: 42, left: 8 } as const;
/** The chart's height, and its width before it has been measured. */
export const CHART_H = 240;
export const CHART_W_DEFAULT = 640;
/** A character of the chart's 12 px text, a little wider than most so labels never touch. */
const CHAR_PX = 7;
/** Space kept between two labels side by side. */
const GAP_PX = 6;
/** The narrowest bar drawn. */
const BAR_MIN_PX = 2;

export interface ChartLayout {
  groupW: number;
  barW: number;
  /** "bar": each bar's value above it; "group": one value per group (the headline series); "none". */
  values: "bar" | "group" | "none";
  /** A date label under every n-th group (1: every group). */
  labelEvery: number;
}

/** The width a label of `chars` characters takes, with the gap kept to its neighbours. */
export function labelWidth(chars: number): number {
  return chars * CHAR_PX + GAP_PX;
}

export function chartLayout(o: {
  width: number;
  groups: number;
  series: number;
  /** The longest value label, in characters. */
  valueChars: number;
  /** The longest date label, in characters. */
  dateChars: number;
  /** Whether one series may stand for its group when each bar is too narrow for its value. */
  headline: boolean;
}): ChartLayout {
  const plotW = Math.max(1, o.width - CHART_PAD.left - CHART_PAD.right);
  const groups = Math.max(1, o.groups);
  const groupW = plotW / groups;
  const barW = Math.max(BAR_MIN_PX, (groupW * 0.8) / Math.max(1, o.series));
  const valueW = labelWidth(o.valueChars);
  const values =
    valueW <= barW + GAP_PX ? "bar" : o.headline && valueW <= groupW ? "group" : ("none" as const);
  const labelEvery = Math.max(1, Math.ceil(labelWidth(o.dateChars) / groupW));
  return { groupW, barW, values, labelEvery };
}
