/**
 * The jackpot's rules as pure functions (docs/jackpot.md has the derivation).
 *
 * A contributing stake of b centavos adds floor(b * share) to the pool (the fraction stays with
 * the house). The spin wins the pool when the pool, with its contribution, has reached the
 * must-drop-by amount M, or else when its fair draw u (uniform on [0, 1), 52 bits) falls under
 * b * share / (M - S): the chance per centavo staked is q = share / (M - S), one over the stake
 * that takes the pool from its seed S to M, so a cycle is won by the draw before it must drop
 * with chance 1 - 1/e (about 63 %).
 */

export const PPM = 1_000_000n;
/** The draw is a 52-bit integer (13 hex digits): u = draw / 2^52. */
export const DRAW_BITS = 52n;
export const DRAW_SPAN = 1n << DRAW_BITS;

export interface PoolRules {
  sharePpm: number;
  seedAmount: bigint;
  mustDropBy: bigint;
}

/** What a stake adds to the pool, in whole centavos (rounded down). */
export function contribution(stake: bigint, sharePpm: number): bigint {
  if (stake <= 0n) return 0n;
  return (stake * BigInt(sharePpm)) / PPM;
}

/**
 * Whether the fair draw wins: draw / 2^52 < stake * share / (M - S), compared in integers
 * (draw * (M - S) * 10^6 < stake * ppm * 2^52), so no float decides money.
 */
export function drawWins(draw: bigint, stake: bigint, rules: PoolRules): boolean {
  const span = rules.mustDropBy - rules.seedAmount;
  if (span <= 0n) return true;
  return draw * span * PPM < stake * BigInt(rules.sharePpm) * DRAW_SPAN;
}

export type WinReason = "draw" | "must_drop";

/** The verdict of one contributing spin on a pool holding `pool` before its contribution. */
export function decide(
  pool: bigint,
  stake: bigint,
  draw: bigint,
  rules: PoolRules,
): { contribution: bigint; after: bigint; win: WinReason | null } {
  const c = contribution(stake, rules.sharePpm);
  const after = pool + c;
  if (after >= rules.mustDropBy) return { contribution: c, after, win: "must_drop" };
  return { contribution: c, after, win: drawWins(draw, stake, rules) ? "draw" : null };
}

/** A draw's 13 hex digits as the integer compared (refuses anything else). */
export function parseDraw(hex: string): bigint | null {
  return /^[0-9a-f]{13}$/.test(hex) ? BigInt(`0x${hex}`) : null;
}

/**
 * The jackpot's share of the return to players, as a fraction of the stakes, when stakes are
 * small beside the pool (the continuous limit): every contribution is paid out, and so is the
 * seed once a cycle; a cycle lasts E = T (1 - 1/e) centavos of stake on average, T = (M - S) /
 * share. So RTP = share + S / E.
 */
export function rtpContribution(rules: PoolRules): number {
  const share = rules.sharePpm / 1e6;
  const t = Number(rules.mustDropBy - rules.seedAmount) / share;
  return share + Number(rules.seedAmount) / (t * (1 - Math.exp(-1)));
}

/** The chance that one centavo staked wins the pool (before it must drop). */
export function chancePerCentavo(rules: PoolRules): number {
  return rules.sharePpm / 1e6 / Number(rules.mustDropBy - rules.seedAmount);
}
