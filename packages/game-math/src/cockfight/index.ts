/**
 * Cockfight (sabong) pari-mutuel maths. Amounts are integer centavos (bigint).
 *
 * The rules, one place for the server, the back office and the player's screen:
 * - Meron and wala bets form one pool. The house's commission (the plasada) is `plasadaBp`
 *   basis points of that pool, rounded down, but never more than the losing side's pool: a
 *   winning bet is never paid back less than its stake.
 * - The winning side's bets share the pool less the commission pro rata to their stakes, each
 *   share rounded down to the centavo; what the rounding leaves (less than one centavo per
 *   winning bet) is the house's remainder, recorded apart from the commission.
 * - A winning side nobody bet on cannot be shared: every meron and wala bet is returned.
 * - Draw bets are against the house at a fixed multiple (`drawPaysX100`, 800 = 8.00 × the stake,
 *   stake included); on a draw, meron and wala bets are returned; otherwise draw bets lose.
 * - A cancelled fight returns every bet.
 */
export type CockfightSide = "meron" | "wala" | "draw";
export type CockfightResult = "meron" | "wala" | "draw" | "cancelled";

export const SIDES: readonly CockfightSide[] = ["meron", "wala", "draw"];
export const RESULTS: readonly CockfightResult[] = ["meron", "wala", "draw", "cancelled"];

export interface Pools {
  meron: bigint;
  wala: bigint;
  draw: bigint;
}

export interface FightRules {
  /** The plasada in basis points of the meron+wala pool (500 = 5%). */
  plasadaBp: number;
  /** What a winning draw bet returns per peso, in hundredths (800 = 8.00). */
  drawPaysX100: number;
}

export interface PoolBet {
  id: string;
  side: CockfightSide;
  stake: bigint;
}

/** The commission when `winner` wins: the plasada of the pool, at most the losing side's pool. */
export function commissionOf(pools: Pools, winner: "meron" | "wala", plasadaBp: number): bigint {
  const total = pools.meron + pools.wala;
  const plasada = (total * BigInt(plasadaBp)) / 10000n;
  const losing = winner === "meron" ? pools.wala : pools.meron;
  return plasada < losing ? plasada : losing;
}

/**
 * What one peso on each side returns if that side wins, in centavos (rounded down), after the
 * plasada; null for a side with no bets yet (nothing to divide by). The draw's is fixed.
 */
export function oddsOf(pools: Pools, rules: FightRules): Record<CockfightSide, bigint | null> {
  const side = (s: "meron" | "wala"): bigint | null => {
    const pool = pools[s];
    if (pool <= 0n) return null;
    const net = pools.meron + pools.wala - commissionOf(pools, s, rules.plasadaBp);
    return (net * 100n) / pool;
  };
  return { meron: side("meron"), wala: side("wala"), draw: BigInt(rules.drawPaysX100) };
}

export function poolsOf(bets: readonly PoolBet[]): Pools {
  const p: Pools = { meron: 0n, wala: 0n, draw: 0n };
  for (const b of bets) p[b.side] += b.stake;
  return p;
}

export interface FightSettlement {
  /** Each bet's payout (stake included), 0 for a losing bet. */
  wins: Map<string, bigint>;
  pools: Pools;
  /** The plasada kept (0 when nothing was shared). */
  commission: bigint;
  /** The meron+wala pool less the commission, shared among the winners (0 when not shared). */
  shared: bigint;
  /** What rounding the shares down left to the house. */
  remainder: bigint;
  /** What one peso returned on the winning side, in centavos (the betting record's odds). */
  oddsPaid: bigint | null;
  /** Whether meron and wala bets were returned (draw, cancelled, or a winning side with no bets). */
  refunded: boolean;
}

/** Settle a fight: every bet's payout by the rules above. Pure and deterministic. */
export function settleFight(
  bets: readonly PoolBet[],
  result: CockfightResult,
  rules: FightRules,
): FightSettlement {
  const pools = poolsOf(bets);
  const wins = new Map<string, bigint>();
  const done = (over: Partial<FightSettlement>): FightSettlement => ({
    wins,
    pools,
    commission: 0n,
    shared: 0n,
    remainder: 0n,
    oddsPaid: null,
    refunded: false,
    ...over,
  });
  if (result === "cancelled") {
    for (const b of bets) wins.set(b.id, b.stake);
    return done({ refunded: true, oddsPaid: 100n });
  }
  if (result === "draw") {
    const x = BigInt(rules.drawPaysX100);
    for (const b of bets) wins.set(b.id, b.side === "draw" ? (b.stake * x) / 100n : b.stake);
    return done({ refunded: true, oddsPaid: x });
  }
  const winner = result;
  if (pools[winner] === 0n) {
    for (const b of bets) wins.set(b.id, b.side === "draw" ? 0n : b.stake);
    return done({ refunded: true, oddsPaid: null });
  }
  const commission = commissionOf(pools, winner, rules.plasadaBp);
  const shared = pools.meron + pools.wala - commission;
  let paid = 0n;
  for (const b of bets) {
    const w = b.side === winner ? (b.stake * shared) / pools[winner] : 0n;
    wins.set(b.id, w);
    paid += w;
  }
  return done({
    commission,
    shared,
    remainder: shared - paid,
    oddsPaid: (shared * 100n) / pools[winner],
  });
}
