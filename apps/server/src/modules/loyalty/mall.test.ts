import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import type { AppError } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { post, reconcile } from "../ledger/ledger.ts";
import { accrue } from "./accrue.ts";
import { decideRedemption, redeem } from "./mall.ts";
import { pointsBalance, pointsLegs } from "./points.ts";

/**
 * The points mall and missions on the suite's database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, where the two apps have their own pools and really race).
 */
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  RGS_LOTTERY_INTERVAL_MS: "0",
});
let nowMs = Date.parse("2026-03-05T10:00:00Z");
const clock = { now: () => new Date(nowMs) };

let database: Database;
let second: Database;
let drop: () => Promise<void>;
let a: FastifyInstance;
let b: FastifyInstance;
let ctx: AppContext;
let ctx2: AppContext;
let txHash = "";

beforeAll(async () => {
  let url = "";
  ({ database, drop, url } = await openTestDatabase());
  second = url ? await openDatabase({ url }) : database;
  a = await buildApp({ config, database, store: memoryStore(), clock });
  b = await buildApp({ config, database: second, store: memoryStore(), clock });
  await Promise.all([a.ready(), b.ready()]);
  ctx = (a as unknown as { ctx: AppContext }).ctx;
  ctx2 = (b as unknown as { ctx: AppContext }).ctx;
  txHash = await hashPassword("123456");
  await database.db.execute(sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('LOY', 'RNG', 1, 'Loyalty vendor', '', '', '') ON CONFLICT DO NOTHING`);
  await database.db.execute(sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    VALUES ('LOY', 'slot1', 'RNG', 'SLOT', '{"EN":"Slot"}', 'slot', 100, 1, '')`);
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function member(name: string, points = 0n) {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username, tx_password_hash) VALUES (${`${name}${++seq}`}, ${txHash}) RETURNING id`,
  );
  const id = Number(r?.id);
  if (points > 0n) {
    await post(database.db, {
      idempotencyKey: `test:points:${id}`,
      type: "points_adjust",
      memberId: id,
      legs: pointsLegs(id, points),
    });
  }
  return id;
}
async function item(
  kind: "goods" | "cash",
  stock: number | null,
  price: number,
  amount: bigint | null = null,
) {
  const [r] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO mall_items (kind, names, price_points, stock, amount)
        VALUES (${kind}, '{"EN":"Item"}', ${price}, ${stock}, ${amount === null ? null : amount.toString()}::bigint) RETURNING id`,
  );
  return Number(r?.id);
}
const goods = { address: "1 Rizal St, Manila", mobile: "09171234567" };

describe("points mall", () => {
  it("50 members redeem the last 10 of a stock at once: exactly 10 succeed", async () => {
    const itemId = await item("goods", 10, 100);
    const members = await Promise.all(Array.from({ length: 50 }, () => member("race", 500n)));
    const results = await Promise.allSettled(
      members.map((m, i) =>
        redeem(i % 2 ? ctx : ctx2, m, { itemId, requestId: `race-${m}-x`, password: "123456", ...goods }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok.length).toBe(10);
    for (const r of refused)
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe("MALL_OUT_OF_STOCK");
    const [row] = await queryRows<{ stock: number }>(
      database.db,
      sql`SELECT stock FROM mall_items WHERE id = ${itemId}`,
    );
    expect(row?.stock).toBe(0);
    const balances = await Promise.all(members.map((m) => pointsBalance(database.db, m)));
    expect(balances.filter((p) => p === 400n).length).toBe(10);
    expect(balances.filter((p) => p === 500n).length).toBe(40);
    expect((await reconcile(database.db)).balanceMismatches).toEqual([]);
  }, 180_000);

  it("queues goods: approved with tracking, or rejected with points and stock returned", async () => {
    const itemId = await item("goods", 2, 150);
    const m = await member("queue", 400n);
    await expect(
      redeem(ctx, m, { itemId, requestId: "q-missing-1", password: "123456" }),
    ).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    const r1 = await redeem(ctx, m, { itemId, requestId: "q-first-1", password: "123456", ...goods });
    const again = await redeem(ctx, m, { itemId, requestId: "q-first-1", password: "123456", ...goods });
    expect(again.id).toBe(r1.id);
    const r2 = await redeem(ctx, m, { itemId, requestId: "q-second1", password: "123456", ...goods });
    expect(r1.status).toBe("in_process");
    expect(await pointsBalance(database.db, m)).toBe(100n);
    await expect(
      redeem(ctx, m, { itemId, requestId: "q-third-1", password: "wrong", ...goods }),
    ).rejects.toBeTruthy();
    const approved = await decideRedemption(ctx, r1.id, {
      approve: true,
      tracking: "LBC-123",
      operatorId: 1,
    });
    expect(approved.tracking).toBe("LBC-123");
    const rejected = await decideRedemption(ctx, r2.id, {
      approve: false,
      reason: "no courier",
      operatorId: 1,
    });
    expect(rejected.status).toBe("rejected");
    expect(await pointsBalance(database.db, m)).toBe(250n);
    await expect(decideRedemption(ctx, r2.id, { approve: true, operatorId: 1 })).rejects.toMatchObject({
      code: "MALL_REDEMPTION_DECIDED",
    });
    const [row] = await queryRows<{ stock: number }>(
      database.db,
      sql`SELECT stock FROM mall_items WHERE id = ${itemId}`,
    );
    expect(row?.stock).toBe(1);
  }, 60_000);

  it("pays a cash item to the main wallet and refuses too few points", async () => {
    const itemId = await item("cash", null, 300, 5_000n);
    const m = await member("cash", 400n);
    const r = await redeem(ctx, m, { itemId, requestId: "cash-one-1", password: "123456" });
    expect(r.status).toBe("approved");
    await expect(
      redeem(ctx, m, { itemId, requestId: "cash-two-1", password: "123456" }),
    ).rejects.toMatchObject({
      code: "POINTS_NOT_ENOUGH",
    });
    const [main] = await queryRows<{ balance: string }>(
      database.db,
      sql`SELECT balance::text FROM ledger_accounts WHERE member_id = ${m} AND kind = 'main'`,
    );
    expect(main?.balance).toBe("5000");
  }, 60_000);
});

describe("missions", () => {
  it("counts a bet once when its settlement is retried, and offers the prize once", async () => {
    const [mission] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO missions (names, period, tasks, prize_kind, prize_amount)
          VALUES ('{"EN":"Spin three times"}', 'daily', '[{"type":"rounds","target":3,"gameCode":"slot1"}]', 'cash', 2000)
          RETURNING id`,
    );
    const m = await member("mis");
    const play = async (r: string) => {
      const at = new Date(nowMs - 60_000);
      await database.db.execute(sql`INSERT INTO provider_transactions
          (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
        VALUES ('LOY', ${`${r}b`}, 'bet', ${r}, ${m}, 1000, NULL, 'x', ${at}, 'slot1'),
          ('LOY', ${`${r}w`}, 'win', ${r}, ${m}, 0, ${`${r}b`}, 'x', ${at}, 'slot1')`);
    };
    await play(`mr${m}a`);
    await play(`mr${m}b`);
    await Promise.all([accrue(ctx), accrue(ctx2)]);
    // The settlement of round a is retried (a second win row of the same round) and read again.
    await database.db.execute(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint, created_at, game_code)
      VALUES ('LOY', ${`mr${m}aw2`}, 'win', ${`mr${m}a`}, ${m}, 0, 'x', ${new Date(nowMs - 30_000)}, 'slot1')`);
    nowMs += 60_000;
    await Promise.all([accrue(ctx), accrue(ctx2)]);
    const progress = async () =>
      (
        await queryRows<{ progress: string[]; completed_at: string | null; seen: boolean }>(
          database.db,
          sql`SELECT progress, completed_at, seen FROM mission_progress WHERE member_id = ${m} AND mission_id = ${mission?.id}`,
        )
      )[0];
    expect((await progress())?.progress).toEqual(["2"]);
    await play(`mr${m}c`);
    nowMs += 60_000;
    await accrue(ctx);
    const done = await progress();
    expect(done?.completed_at).not.toBeNull();
    expect(done?.seen).toBe(false);
    const rewards = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT COUNT(*)::int AS n FROM member_rewards WHERE member_id = ${m} AND source_kind = 'mission'`,
    );
    expect(rewards[0]?.n).toBe(1);
  }, 60_000);
});
