import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { registerPlayer } from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/service.ts";
import { balance, credit, debit, issueLaunchToken } from "../providers/service.ts";
import {
  type ContributionInput,
  contribute,
  currentPool,
  DEFAULT_RULES,
  jackpotCall,
  payPendingWins,
  poolLedger,
  setRules,
} from "./service.ts";

/**
 * The pool on the database: contributions and wins under the pool row's lock. On PostgreSQL
 * (TEST_DATABASE_URL) the racing calls go through two connection pools, as two processes would.
 */
let t: TestApp;
let other: Database | null = null;
let a: { id: number };
let b: { id: number };
const LOSE = "fffffffffffff";
const WIN = "0000000000000";

/** A second process's view: the same app context on its own connections. */
function second(): AppContext {
  return other ? { ...t.app.ctx, db: other.db, database: other } : t.app.ctx;
}

beforeAll(async () => {
  t = await createTestApp();
  if (process.env.TEST_DATABASE_URL) {
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`SELECT current_database() AS name`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${row?.name}`;
    other = await openDatabase({ url: url.toString() });
  }
  a = await registerPlayer(t, "jpalpha");
  b = await registerPlayer(t, "jpbravo");
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let n = 0;
const spin = (playerId: number, draw: string, stake = 1000n): ContributionInput => ({
  vendor: "PNS",
  roundId: `r-${++n}`,
  gameCode: "fortune-88",
  playerId,
  currency: "PHP",
  stake,
  draw,
});

/** Every centavo the pool got (seeds and contributions) is in the pool or was won. */
async function expectBalanced() {
  const pool = await currentPool(t.app.ctx);
  const ledger = await poolLedger(t.database.db, pool);
  expect(ledger?.balance).toBe(pool.amount);
  const [sums] = await queryRows<{ wins: string; contributions: string; seeds: string }>(
    t.database.db,
    sql`SELECT (SELECT COALESCE(SUM(amount), 0)::text FROM jackpot_wins) AS wins,
      (SELECT COALESCE(SUM(amount), 0)::text FROM jackpot_contributions) AS contributions,
      (SELECT (COUNT(*) + 1)::text FROM jackpot_wins) AS seeds`,
  );
  expect(sums).toBeDefined();
  if (!sums) return;
  // Every cycle was seeded with the same amount in these tests.
  expect(BigInt(sums.seeds) * pool.seedAmount + BigInt(sums.contributions) - BigInt(sums.wins)).toBe(
    pool.amount,
  );
  expect((await reconcile(t.database.db)).ok).toBe(true);
}

describe("the jackpot pool", () => {
  it("is seeded by the house and grows by the share of each stake", async () => {
    const before = await currentPool(t.app.ctx);
    const r = await contribute(t.app.ctx, spin(a.id, LOSE, 12_345n));
    expect(r).toMatchObject({ contributing: true, contribution: 123n, win: null });
    expect(r.pool).toBe(before.amount + 123n);
    await expectBalanced();
  });

  it("answers a repeated spin with its first verdict and takes its share once", async () => {
    const s = spin(a.id, WIN);
    const first = await contribute(t.app.ctx, s);
    const again = await contribute(second(), s);
    expect(first.win).not.toBeNull();
    expect(again.win).toEqual(first.win);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM jackpot_wins WHERE round_id = ${s.roundId}`,
    );
    expect(count?.n).toBe(1);
    await expectBalanced();
  });

  it("pays one of two spins that reach must-drop-by at once; the other sees the new seed", async () => {
    await contribute(t.app.ctx, spin(a.id, LOSE));
    const pool = await currentPool(t.app.ctx);
    expect(pool.amount).toBe(pool.seedAmount + 10n);
    // The next stake of 1000 (share 10) takes the pool to must-drop-by; the seed plus 10 stays under it.
    await setRules(t.app.ctx, {
      sharePpm: pool.sharePpm,
      seedAmount: pool.seedAmount,
      mustDropBy: pool.amount + 10n,
      vendors: [],
    });
    const [x, y] = await Promise.all([
      contribute(t.app.ctx, spin(a.id, LOSE)),
      contribute(second(), spin(b.id, LOSE)),
    ]);
    const wins = [x, y].filter((r) => r?.win);
    expect(wins).toHaveLength(1);
    expect(wins[0]?.win?.amount).toBe(pool.amount + 10n);
    const loser = x?.win ? y : x;
    expect(loser?.pool).toBe(pool.seedAmount + 10n);
    await expectBalanced();
  });

  it("keeps the books when a win races another player's contribution", async () => {
    const pool = await setRules(t.app.ctx, {
      sharePpm: 10_000,
      seedAmount: 10_000_000n,
      mustDropBy: 100_000_000n,
      vendors: [],
    });
    const before = pool.amount;
    for (let round = 0; round < 5; round++) {
      const start = await currentPool(t.app.ctx);
      const [w, c] = await Promise.all([
        contribute(t.app.ctx, spin(a.id, WIN)),
        contribute(second(), spin(b.id, LOSE, 5000n)),
      ]);
      expect(w.win).not.toBeNull();
      expect(c.win).toBeNull();
      // Either the contribution came first (and was won with the pool) or it starts the new cycle.
      const cameFirst = w.win?.amount === start.amount + 10n + 50n;
      expect(cameFirst || w.win?.amount === start.amount + 10n).toBe(true);
      const after = await currentPool(t.app.ctx);
      expect(after.amount).toBe(cameFirst ? start.seedAmount : start.seedAmount + 50n);
    }
    expect(before).toBeGreaterThan(0n);
    await expectBalanced();
  });

  it("far from must-drop-by a share lands in its member's shard, not on the pool row", async () => {
    const rowAmount = async () =>
      (
        await queryRows<{ base: string; shards: string }>(
          t.database.db,
          sql`SELECT (SELECT amount::text FROM jackpot_pools WHERE id = 1) AS base,
                   (SELECT sum(amount)::text FROM jackpot_pool_shards WHERE pool_id = 1) AS shards`,
        )
      )[0];
    const before = await rowAmount();
    const pool = await currentPool(t.app.ctx);
    const r = await contribute(t.app.ctx, spin(a.id, LOSE, 5000n));
    expect(r.pool).toBe(pool.amount + 50n);
    const after = await rowAmount();
    expect(after?.base).toBe(before?.base);
    expect(BigInt(after?.shards ?? 0)).toBe(BigInt(before?.shards ?? 0) + 50n);
    expect((await currentPool(t.app.ctx)).amount).toBe(pool.amount + 50n);
    await expectBalanced();
  });

  it("thirty spins of eight members racing across must-drop-by: one win, books exact", async () => {
    const members = [a, b];
    for (let k = 0; k < 6; k++) members.push(await registerPlayer(t, `jpshard${k}`));
    const start = await currentPool(t.app.ctx);
    // Twenty shares of 10 reach must-drop-by; the next cycle, from the seed, gets what is left
    // (at most ten shares) and stays under it.
    await setRules(t.app.ctx, { ...DEFAULT_RULES, mustDropBy: start.amount + 200n, vendors: [] });
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jackpot_wins`))[0]?.n;
    const winsBefore = await count();
    const spins = Array.from({ length: 30 }, (_, k) => spin((members[k % 8] as { id: number }).id, LOSE));
    const answers = await Promise.all(spins.map((s, k) => contribute(k % 2 ? second() : t.app.ctx, s)));
    const wins = answers.filter((r) => r.win);
    expect(wins).toHaveLength(1);
    const won = wins[0]?.win?.amount ?? 0n;
    // Near must-drop-by each spin is decided on the exact amount: the win is the twentieth share.
    expect(won).toBe(start.amount + 200n);
    // The win took the start and every share before it; the rest is on the new seed.
    const after = await currentPool(t.app.ctx);
    expect(after.amount).toBe(after.seedAmount + 300n - (won - start.amount));
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM jackpot_contributions WHERE round_id IN ${spins.map((s) => s.roundId)}`,
    );
    expect(n?.n).toBe(30);
    expect(await count()).toBe((winsBefore ?? 0) + 1);
    await setRules(t.app.ctx, { ...DEFAULT_RULES, vendors: [] });
    await expectBalanced();
  });

  it("refuses a spin whose draw is not 13 hex digits, the same again on a retry, moving nothing", async () => {
    const before = await currentPool(t.app.ctx);
    const [counts] = await queryRows<{ contributions: number; shards: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM jackpot_contributions) AS contributions,
                 (SELECT sum(amount)::text FROM jackpot_pool_shards) AS shards`,
    );
    const bad = spin(a.id, "not-a-draw!!");
    for (let k = 0; k < 2; k++)
      await expect(contribute(k ? second() : t.app.ctx, bad)).rejects.toMatchObject({
        code: "JACKPOT_DRAW_INVALID",
      });
    expect((await currentPool(t.app.ctx)).amount).toBe(before.amount);
    const [after] = await queryRows<{ contributions: number; shards: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM jackpot_contributions) AS contributions,
                 (SELECT sum(amount)::text FROM jackpot_pool_shards) AS shards`,
    );
    expect(after).toEqual(counts);
    await expectBalanced();
  });

  it("takes nothing from vendors the operator has not opted in", async () => {
    const r = await contribute(t.app.ctx, { ...spin(a.id, WIN), vendor: "XYZ" });
    expect(r).toMatchObject({ contributing: false, win: null });
    const pool = await currentPool(t.app.ctx);
    await setRules(t.app.ctx, { ...pool, vendors: ["XYZ"] });
    const s = await contribute(t.app.ctx, { ...spin(a.id, LOSE), vendor: "XYZ" });
    expect(s.contributing).toBe(true);
  });
});

/** What the player can bet, in centavos. */
const wallet = async (id: number) => BigInt((await balance(t.app.ctx, id)).balance.replace(".", ""));

/** PNJ's moves of a win (its 0.00 debit and its credit), and the win's state. */
async function pnjMoves(winId: number) {
  const moves = await queryRows<{ kind: string; amount: string }>(
    t.database.db,
    sql`SELECT kind, amount::text FROM provider_transactions
      WHERE vendor = 'PNJ' AND round_id = ${`jackpot:${winId}`} ORDER BY id`,
  );
  const [win] = await queryRows<{ payer: string; paid: boolean }>(
    t.database.db,
    sql`SELECT payer, paid_at IS NOT NULL AS paid FROM jackpot_wins WHERE id = ${winId}`,
  );
  return { moves, win };
}

describe("an outside vendor's jackpot win, paid by the platform", () => {
  const outside = (playerId: number, draw: string): ContributionInput => ({
    ...spin(playerId, draw),
    vendor: "XYZ",
  });

  it("pays once when the jackpot call is repeated concurrently and the job runs meanwhile", async () => {
    await setRules(t.app.ctx, { ...DEFAULT_RULES, vendors: ["XYZ"] });
    const before = await wallet(a.id);
    const s = outside(a.id, WIN);
    const [x, y] = await Promise.all([
      jackpotCall(t.app.ctx, s),
      jackpotCall(second(), s),
      payPendingWins(second()).catch(() => null),
    ]);
    expect(x.win).not.toBeNull();
    expect(y.win).toEqual(x.win);
    expect(x.win?.payer).toBe("platform");
    const id = x.win?.id ?? 0;
    const { moves, win } = await pnjMoves(id);
    expect(moves).toEqual([
      { kind: "bet", amount: "0" },
      { kind: "win", amount: String(x.win?.amount) },
    ]);
    expect(win).toEqual({ payer: "platform", paid: true });
    expect(await wallet(a.id)).toBe(before + (x.win?.amount ?? 0n));
    // Nothing left for the job; running it again moves nothing.
    expect(await payPendingWins(t.app.ctx)).toEqual({ paid: 0, failed: 0 });
    expect(await wallet(a.id)).toBe(before + (x.win?.amount ?? 0n));
    await expectBalanced();
  });

  it("pays each of two players whose spins win at once, once each", async () => {
    const [beforeA, beforeB] = [await wallet(a.id), await wallet(b.id)];
    const sa = outside(a.id, WIN);
    const sb = outside(b.id, WIN);
    const [x, y] = await Promise.all([
      jackpotCall(t.app.ctx, sa),
      jackpotCall(second(), sb),
      jackpotCall(second(), sa),
      jackpotCall(t.app.ctx, sb),
    ]);
    expect(x.win && y.win).toBeTruthy();
    expect(x.win?.id).not.toBe(y.win?.id);
    for (const w of [x.win, y.win]) {
      const { moves, win } = await pnjMoves(w?.id ?? 0);
      expect(moves.map((m) => m.kind)).toEqual(["bet", "win"]);
      expect(win?.paid).toBe(true);
    }
    expect(await wallet(a.id)).toBe(beforeA + (x.win?.amount ?? 0n));
    expect(await wallet(b.id)).toBe(beforeB + (y.win?.amount ?? 0n));
    await expectBalanced();
  });

  it("leaves a win it could not pay pending, and the job pays it later", async () => {
    // A win stored without its payment (as when the process died right after the win's commit).
    const r = await contribute(t.app.ctx, outside(b.id, WIN));
    const id = r.win?.id ?? 0;
    expect((await pnjMoves(id)).win).toEqual({ payer: "platform", paid: false });
    const before = await wallet(b.id);
    const [one, two] = await Promise.all([payPendingWins(t.app.ctx), payPendingWins(second())]);
    expect(one.paid + two.paid).toBeGreaterThanOrEqual(1);
    expect((await pnjMoves(id)).moves.map((m) => m.kind)).toEqual(["bet", "win"]);
    expect(await wallet(b.id)).toBe(before + (r.win?.amount ?? 0n));
  });

  it("marks an in-house win paid when PNJ's credit is answered", async () => {
    const r = await contribute(t.app.ctx, spin(a.id, WIN));
    expect(r.win?.payer).toBe("rgs");
    expect((await pnjMoves(r.win?.id ?? 0)).win).toEqual({ payer: "rgs", paid: false });
    // The platform's job leaves it to the game server.
    await payPendingWins(t.app.ctx);
    expect((await pnjMoves(r.win?.id ?? 0)).moves).toEqual([]);
    // The game server's PNJ debit and credit, as apps/rgs/src/jackpot.ts sends them.
    const roundId = r.win?.roundId ?? "";
    const move = { vendor: "PNJ", playerId: a.id, roundId, roundClosed: false };
    const token = await issueLaunchToken(t.app.ctx, a.id, "PNJ");
    await debit(t.app.ctx, { ...move, transactionId: `${roundId}:bet`, amount: 0n, token });
    expect((await pnjMoves(r.win?.id ?? 0)).win?.paid).toBe(false);
    await credit(t.app.ctx, {
      ...move,
      transactionId: `${roundId}:win`,
      amount: r.win?.amount ?? 0n,
      roundClosed: true,
      refTransactionId: `${roundId}:bet`,
    });
    expect((await pnjMoves(r.win?.id ?? 0)).win).toEqual({ payer: "rgs", paid: true });
  });
});
