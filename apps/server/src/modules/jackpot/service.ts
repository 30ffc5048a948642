import type { Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { onEvent } from "../../lib/member-events.ts";
import { type AccountRef, houseAccount, postIn } from "../ledger/service.ts";
import { credit, debit, ensureInHouseClient, issueLaunchToken } from "../providers/service.ts";
import { decide, parseDraw } from "./maths.ts";
import { poolPusher } from "./push.ts";
import {
  addToShard,
  claimContribution,
  findContribution,
  findWin,
  foldShards,
  insertPoolIfMissing,
  insertWin,
  lockPool,
  markWinPaid,
  type PoolRow,
  readPool,
  recentWins,
  setContributionWin,
  setPoolAmount,
  shardOf,
  unpaidPlatformWins,
  updatePoolRules,
  type WinRow,
} from "./repo.ts";

/**
 * The progressive jackpot of the jackpot vendor PNJ (docs/jackpot.md). One pool (id 1, PHP):
 * its amount lives in the ledger account house:jackpot:1 and, mirrored, in the pool row plus its
 * shard rows, each changed in the transaction that posts to the account. Contributions come from house:games (where
 * every stake lands), the seed from house:jackpot-seed (the house funds it), and a win moves
 * the pool back to house:games, from where the PNJ credit pays the player.
 */
export const POOL_ID = 1;
export const JACKPOT_VENDOR = "PNJ";
/** The in-house slots always contribute; other vendors when the operator opts them in. */
export const ALWAYS_CONTRIBUTING = ["PNS", "PNG"] as const;
export const DEFAULT_RULES = { sharePpm: 10_000, seedAmount: 10_000_000n, mustDropBy: 100_000_000n };

const poolAccount = (pool: { id: number; currency: string }): AccountRef => ({
  house: `jackpot:${pool.id}`,
  currency: pool.currency,
});
const games = (currency: string): AccountRef => ({ house: "games", currency });
const seedFund = (currency: string): AccountRef => ({ house: "jackpot-seed", currency });

/** The pool, made and seeded on first use (the seed's ledger move has a fixed key: once). */
export async function ensurePool(ctx: Pick<AppContext, "db" | "clock">): Promise<PoolRow> {
  const found = await readPool(ctx.db, POOL_ID);
  if (found) return found;

  await ctx.db.transaction(async (tx) => {
    const made = await insertPoolIfMissing(tx, { id: POOL_ID, currency: "PHP", ...DEFAULT_RULES });
    if (!made) return;
    await postIn(tx, {
      idempotencyKey: `jackpot:${POOL_ID}:seed:0`,
      type: "jackpot_seed",
      reference: `jackpot:${POOL_ID}:0`,
      legs: [
        { account: seedFund("PHP"), amount: -DEFAULT_RULES.seedAmount },
        { account: poolAccount({ id: POOL_ID, currency: "PHP" }), amount: DEFAULT_RULES.seedAmount },
      ],
    });
  });
  const pool = await readPool(ctx.db, POOL_ID);
  if (!pool) throw new Error("jackpot pool missing after its creation");
  return pool;
}

export interface ContributionInput {
  /** The vendor of the slot whose stake contributes, and its round. */
  vendor: string;
  roundId: string;
  gameCode?: string | undefined;
  playerId: number;
  currency: string;
  stake: bigint;
  /** The spin's fair draw: 13 hex digits (52 bits), derived from its seed pair and nonce. */
  draw: string;
  serverSeedHash?: string | undefined;
  clientSeed?: string | undefined;
  nonce?: number | undefined;
}

export interface ContributionAnswer {
  contributing: boolean;
  contribution: bigint;
  pool: bigint;
  win: { id: number; amount: bigint; roundId: string; payer: "rgs" | "platform" } | null;
}

/**
 * Who sends a win's PNJ debit and credit: the in-house game server for its own slots (it does so
 * before the round's own win, docs/jackpot.md), the platform for every other vendor's spin (an
 * outside vendor knows nothing of PNJ).
 */
export const payerOf = (vendor: string): "rgs" | "platform" =>
  (ALWAYS_CONTRIBUTING as readonly string[]).includes(vendor) ? "rgs" : "platform";

const rulesDto = (r: { sharePpm: number; seedAmount: bigint; mustDropBy: bigint; vendors: string[] }) => ({
  sharePpm: r.sharePpm,
  seedAmount: r.seedAmount.toString(),
  mustDropBy: r.mustDropBy.toString(),
  vendors: r.vendors,
});

const winAnswer = (w: WinRow) => ({
  id: w.id,
  amount: w.amount,
  roundId: `jackpot:${w.id}`,
  payer: w.payer,
});

/** The shared path cannot decide this spin: a win, near must-drop-by, or a shard folded since. */
class NeedsPoolLock extends Error {}
const LOCK_BAND = 1024n;

/**
 * One contributing spin: its share joins the pool and its draw is judged; a win takes the whole
 * pool (moved to house:games for the PNJ credit) and the house seeds the next cycle. Once per
 * (vendor, round): a repeat answers what the first decided, so a game server that lost the answer
 * asks again safely.
 *
 * A spin that does not win takes no pool-wide lock: its share is added to one shard row (by
 * member), so spins of different members commit side by side. A spin whose draw wins, or whose
 * share takes the pool to its must-drop amount, is decided again under the pool's and every
 * shard's row locks (`contributeLocked`), on the exact amount: two spins that win at the same
 * instant are decided one after the other, the second on the reseeded pool.
 */
export async function contribute(ctx: AppContext, i: ContributionInput): Promise<ContributionAnswer> {
  const draw = parseDraw(i.draw);
  if (draw === null) throw new AppError("JACKPOT_DRAW_INVALID", 400);
  await ensurePool(ctx);
  try {
    return await ctx.db.transaction((tx) => contributeShared(ctx, tx, i, draw));
  } catch (err) {
    if (!(err instanceof NeedsPoolLock)) throw err;
    return ctx.db.transaction((tx) => contributeLocked(ctx, tx, i, draw));
  }
}

/** What the first call of this round decided. */
async function answerSeen(tx: Tx, seen: { amount: bigint; winId: number | null }, pool: PoolRow) {
  const win = seen.winId === null ? undefined : await findWin(tx, seen.winId);
  return {
    contributing: true,
    contribution: seen.amount,
    pool: pool.amount,
    win: win ? winAnswer(win) : null,
  };
}

/**
 * The round's contribution claimed for this call (null), or, when another call of the same round
 * holds it, that call's answer: ON CONFLICT waits for it to commit, so its verdict is final.
 */
async function claimOrFirst(
  tx: Tx,
  row: ReturnType<typeof contributionRow>,
  pool: PoolRow,
): Promise<ContributionAnswer | null> {
  if (await claimContribution(tx, row)) return null;
  const first = await findContribution(tx, row.vendor, row.roundId);
  if (!first) throw new Error("jackpot contribution claimed but not found");
  return answerSeen(tx, first, pool);
}

const contributes = (i: ContributionInput, pool: PoolRow) =>
  i.stake > 0n &&
  i.currency === pool.currency &&
  ((ALWAYS_CONTRIBUTING as readonly string[]).includes(i.vendor) || pool.vendors.includes(i.vendor));

const contributionRow = (i: ContributionInput, pool: PoolRow, amount: bigint, at: Date) => ({
  vendor: i.vendor,
  roundId: i.roundId,
  poolId: pool.id,
  memberId: i.playerId,
  stake: i.stake,
  amount,
  winId: null,
  createdAt: at,
});

const postContribution = (tx: Tx, i: ContributionInput, pool: PoolRow, amount: bigint) =>
  postIn(tx, {
    idempotencyKey: `jackpot:${pool.id}:c:${i.vendor}:${i.roundId}`,
    type: "jackpot_contribution",
    reference: `${i.vendor}:${i.roundId}`,
    legs: [
      { account: games(pool.currency), amount: -amount },
      { account: poolAccount(pool), amount },
    ],
  });

async function contributeShared(
  ctx: AppContext,
  tx: Tx,
  i: ContributionInput,
  draw: bigint,
): Promise<ContributionAnswer> {
  const pool = await readPool(tx, POOL_ID);
  if (!pool) throw new Error("jackpot pool missing");
  const seen = await findContribution(tx, i.vendor, i.roundId);
  if (seen) return answerSeen(tx, seen, pool);
  if (!contributes(i, pool)) return { contributing: false, contribution: 0n, pool: pool.amount, win: null };
  const v = decide(pool.amount, i.stake, draw, pool);
  // Near must-drop-by every spin is decided under the locks, on the exact amount: spins in flight
  // side by side each stay under 1/LOCK_BAND of the gap they read, so together (fewer than
  // LOCK_BAND transactions: the database's connections) they cannot carry the pool past it.
  if (v.win || pool.amount + LOCK_BAND * v.contribution >= pool.mustDropBy) throw new NeedsPoolLock();
  // Claimed first: a copy of this call in flight waits here, then answers what this one decided.
  const taken = await claimOrFirst(tx, contributionRow(i, pool, v.contribution, ctx.clock.now()), pool);
  if (taken) return taken;
  if (v.contribution > 0n) {
    const shard = { poolId: pool.id, shard: shardOf(i.playerId), cycle: pool.cycle, amount: v.contribution };
    if (!(await addToShard(tx, shard))) throw new NeedsPoolLock();
    await postContribution(tx, i, pool, v.contribution);
  }
  return { contributing: true, contribution: v.contribution, pool: v.after, win: null };
}

async function contributeLocked(
  ctx: AppContext,
  tx: Tx,
  i: ContributionInput,
  draw: bigint,
): Promise<ContributionAnswer> {
  const pool = await lockPool(tx, POOL_ID, { shards: true });
  if (!pool) throw new Error("jackpot pool missing");
  const seen = await findContribution(tx, i.vendor, i.roundId);
  if (seen) return answerSeen(tx, seen, pool);
  if (!contributes(i, pool)) return { contributing: false, contribution: 0n, pool: pool.amount, win: null };
  const v = decide(pool.amount, i.stake, draw, pool);
  const now = ctx.clock.now();
  const taken = await claimOrFirst(tx, contributionRow(i, pool, v.contribution, now), pool);
  if (taken) return taken;
  if (v.contribution > 0n) await postContribution(tx, i, pool, v.contribution);
  if (!v.win) {
    await setPoolAmount(tx, pool.id, pool.base + v.contribution, pool.cycle, now);
    return { contributing: true, contribution: v.contribution, pool: v.after, win: null };
  }
  const account = poolAccount(pool);
  const win = await insertWin(tx, {
    poolId: pool.id,
    cycle: pool.cycle,
    memberId: i.playerId,
    vendor: i.vendor,
    gameCode: i.gameCode ?? null,
    roundId: i.roundId,
    amount: v.after,
    reason: v.win,
    draw: i.draw,
    serverSeedHash: i.serverSeedHash ?? null,
    clientSeed: i.clientSeed ?? null,
    nonce: i.nonce ?? null,
    createdAt: now,
    payer: payerOf(i.vendor),
  });
  await setContributionWin(tx, i.vendor, i.roundId, win.id);
  // The pool leaves for house:games (the PNJ credit pays from there); the house seeds the next cycle.
  await postIn(tx, {
    idempotencyKey: `jackpot:${pool.id}:win:${pool.cycle}`,
    type: "jackpot_win",
    reference: `jackpot:${win.id}`,
    memberId: i.playerId,
    legs: [
      { account, amount: -v.after },
      { account: games(pool.currency), amount: v.after },
    ],
  });
  await postIn(tx, {
    idempotencyKey: `jackpot:${pool.id}:seed:${pool.cycle + 1}`,
    type: "jackpot_seed",
    reference: `jackpot:${pool.id}:${pool.cycle + 1}`,
    legs: [
      { account: seedFund(pool.currency), amount: -pool.seedAmount },
      { account, amount: pool.seedAmount },
    ],
  });
  await setPoolAmount(tx, pool.id, pool.seedAmount, pool.cycle + 1, now);
  await foldShards(tx, pool.id, pool.cycle + 1);
  return { contributing: true, contribution: v.contribution, pool: pool.seedAmount, win: winAnswer(win) };
}

/**
 * Pay a platform-paid win (payer 'platform'): PNJ's debit of 0.00 opening the win's round, then
 * its credit of the amount, through the same provider moves a game server's calls make — so every
 * rule of a win holds (a vendor maximum win goes to the held wins queue) — then the win is marked
 * paid. Each move is keyed by PNJ's transaction id (jackpot:<id>:bet, jackpot:<id>:win), applied
 * once by provider_move, and a concurrent copy waits for the first and gets its answer: any number
 * of payers (the jackpot call, its retries, the job on every process) move the money once.
 * Throws when a move is refused; the win stays pending and the job tries again.
 */
export async function payWin(ctx: AppContext, win: WinRow): Promise<void> {
  if (win.payer !== "platform" || win.paidAt) return;
  await ensureInHouseClient(ctx, JACKPOT_VENDOR);
  const roundId = `jackpot:${win.id}`;
  const bet = `${roundId}:bet`;
  const gameCode = win.gameCode ?? undefined;
  // A token of PNJ for this debit only (the fingerprint of a move leaves the token out, so a retry
  // with a fresh token is the same move).
  const token = await issueLaunchToken(ctx, win.memberId, JACKPOT_VENDOR);
  await debit(ctx, {
    vendor: JACKPOT_VENDOR,
    playerId: win.memberId,
    transactionId: bet,
    roundId,
    amount: 0n,
    roundClosed: false,
    token,
    ...(gameCode ? { gameCode } : {}),
  });
  await credit(ctx, {
    vendor: JACKPOT_VENDOR,
    playerId: win.memberId,
    transactionId: `${roundId}:win`,
    roundId,
    amount: win.amount,
    roundClosed: true,
    refTransactionId: bet,
    ...(gameCode ? { gameCode } : {}),
  });
  await markWinPaid(ctx.db, win.id, ctx.clock.now());
}

/**
 * The protocol's jackpot call: the contribution and its verdict, then — for a win the platform
 * pays — the payment at once. A payment that fails here (a crash, a refused move) leaves the win
 * pending for the jackpot.pay-wins job; the call still answers the win.
 */
export async function jackpotCall(ctx: AppContext, i: ContributionInput): Promise<ContributionAnswer> {
  const r = await contribute(ctx, i);
  // The pool changed and committed: the home counters hear of it (throttled, push.ts).
  if (r.contributing) poolPusher(ctx, POOL_ID).changed();
  if (r.win?.payer === "platform") {
    const win = await findWin(ctx.db, r.win.id);
    if (win)
      await payWin(ctx, win).catch((err: unknown) =>
        console.error(`jackpot win ${win.id} left pending for the pay-wins job: ${(err as Error).message}`),
      );
  }
  return r;
}

/** The job's run: every platform-paid win not acknowledged yet, oldest first; answers the counts. */
export async function payPendingWins(
  ctx: AppContext,
  limit = 100,
): Promise<{ paid: number; failed: number }> {
  let paid = 0;
  let failed = 0;
  for (const win of await unpaidPlatformWins(ctx.db, limit)) {
    try {
      await payWin(ctx, win);
      paid++;
    } catch (err) {
      failed++;
      console.error(`jackpot win ${win.id} still pending: ${(err as Error).message}`);
    }
  }
  // A failure throws so the scheduler retries the run (each move is idempotent).
  if (failed > 0) throw new Error(`${failed} jackpot win(s) still pending (${paid} paid)`);
  return { paid, failed };
}

/** The operator's rules; a seed change applies from the next cycle (the pool is not touched). */
export async function setRules(
  ctx: AppContext,
  r: { sharePpm: number; seedAmount: bigint; mustDropBy: bigint; vendors: string[] },
  by?: { operatorId: number; operatorName: string; ip: string },
): Promise<PoolRow> {
  if (r.mustDropBy <= r.seedAmount) throw new AppError("JACKPOT_MUST_DROP_BELOW_SEED", 400);
  await ensurePool(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockPool(tx, POOL_ID);
    await updatePoolRules(tx, POOL_ID, r, ctx.clock.now());
    if (by && before)
      await recordAudit(tx, {
        ...by,
        action: "update",
        entityType: "jackpot_pool",
        entityId: String(POOL_ID),
        before: rulesDto(before),
        after: rulesDto(r),
      });
  });
  const pool = await readPool(ctx.db, POOL_ID);
  if (!pool) throw new Error("jackpot pool missing");
  return pool;
}

export async function currentPool(ctx: Pick<AppContext, "db" | "clock">): Promise<PoolRow> {
  return ensurePool(ctx);
}

export const latestWins = (exec: Executor, limit: number, offset = 0) => recentWins(exec, limit, offset);
export const jackpotWin = (exec: Executor, id: number) => findWin(exec, id);

/** The pool's ledger account and its balance (which must equal the pool row's amount). */
export async function poolLedger(exec: Executor, pool: PoolRow) {
  return houseAccount(exec, `jackpot:${pool.id}`, pool.currency);
}

// PNJ's credit of a win answered (the in-house game server's, or the platform's own): the win is
// acknowledged. Told after the credit's commit, and again on each repeat of the credit, so a lost
// note is written by the next retry; a failure here never fails the credit's answer.
onEvent("bet.settled", async ({ ctx }, e) => {
  const m = e.vendor === JACKPOT_VENDOR ? /^jackpot:(\d+)$/.exec(e.roundId) : null;
  if (!m) return;
  await markWinPaid(ctx.db, Number(m[1]), ctx.clock.now()).catch((err: unknown) =>
    console.error(`jackpot win ${m[1]} acknowledgement not written: ${(err as Error).message}`),
  );
});
