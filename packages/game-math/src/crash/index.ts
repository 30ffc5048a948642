/**
 * The crash game's maths (docs/crash.md), pure and shared by the game server, its client and the
 * verify page. Multipliers are integers in hundredths (x100: 100 = 1.00x), so the server, the
 * client and anyone re-computing a round agree to the last digit.
 *
 * Crash point (bustabit-style, 1 % house edge): take the first 52 bits of the round's HMAC
 * (HMAC-SHA256, key = the round's hash, message = the chain's salt) as an integer r, so
 * u = r / 2^52 is uniform on [0, 1); the crash point is ⌊99 / (1 − u)⌋ / 100, at least 1.00.
 * Then P(crash ≥ m) = 0.99 / m for every m ≥ 1.01: whatever target a player picks, the
 * expected return is 99 %. About 1 round in 100 crashes at 1.00x, before anyone can cash out.
 */

/** The house edge in basis points (1 %). */
export const HOUSE_EDGE_BP = 100;
/** How many leading bits of the HMAC decide the round (13 hex digits). */
export const HMAC_BITS = 52;
/** The curve's growth per millisecond: m(t) = e^(GROWTH · t), 2.00x after ≈ 11.55 s. */
export const GROWTH_PER_MS = 0.00006;
/** The highest multiplier a player may ask as an automatic cash-out (x100). */
export const MAX_AUTO_X100 = 1_000_000;

const TWO_52 = 2n ** 52n;

/** The crash point (x100) of a round whose HMAC is `hmacHex` (64 hex digits). */
export function crashPointFromHmac(hmacHex: string): number {
  if (!/^[0-9a-f]{13,}$/i.test(hmacHex)) throw new Error("crash: an HMAC needs at least 13 hex digits");
  const r = BigInt(`0x${hmacHex.slice(0, HMAC_BITS / 4)}`);
  // ⌊99 / (1 − r / 2^52)⌋ in exact integers: ⌊99 · 2^52 / (2^52 − r)⌋, r < 2^52 always.
  const x = (99n * TWO_52) / (TWO_52 - r);
  const x100 = x > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(x);
  return Math.max(100, x100);
}

/** The multiplier (x100, rounded down) shown `ms` milliseconds after the round's start. */
export function multiplierAt(ms: number): number {
  if (ms <= 0) return 100;
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * ms));
}

/**
 * The crash instant of a round crashing at `crashX100`, in ms after its start: the first whole
 * millisecond at which the curve reaches the crash point. A cash-out judged at any earlier
 * millisecond gets multiplierAt(t) < crash point and wins; at or after it, the round is over.
 * A 1.00x round crashes at 0: nobody can cash out.
 */
export function crashInstantMs(crashX100: number): number {
  if (crashX100 <= 100) return 0;
  let t = Math.max(0, Math.ceil(Math.log(crashX100 / 100) / GROWTH_PER_MS) - 2);
  while (multiplierAt(t) >= crashX100 && t > 0) t--;
  while (multiplierAt(t) < crashX100) t++;
  return t;
}

/** The ms at which the curve first shows `x100` (an automatic cash-out's instant). */
export const instantOf = crashInstantMs;

/** A stake's payout at a cash-out of `x100`, in centavos rounded down. */
export function payout(stake: bigint, x100: number): bigint {
  return (stake * BigInt(x100)) / 100n;
}

/** "1.00x" style text of a multiplier in hundredths. */
export function formatX(x100: number): string {
  return `${Math.floor(x100 / 100)}.${String(x100 % 100).padStart(2, "0")}x`;
}
