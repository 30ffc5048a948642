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
import { createRaffle, drawRaffleNow, raffleViews } from "../rewards/raffle.ts";
import { redeem } from "./mall.ts";
import { pointsBalance, pointsLegs } from "./points.ts";

/**
 * Raffle tickets in the points mall: a redemption adds its tickets to the
 * raffle open at the time, through the same flow as every item (transaction password, caps,
 * stock); races on PostgreSQL with TEST_DATABASE_URL (two apps on their own pools).
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
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function member(points: bigint) {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username, tx_password_hash) VALUES (${`raf${++seq}`}, ${txHash}) RETURNING id`,
  );
  const id = Number(r?.id);
  await post(database.db, {
    idempotencyKey: `test:points:${id}`,
    type: "points_adjust",
    memberId: id,
    legs: pointsLegs(id, points),
  });
  return id;
}
async function ticketItem(stock: number | null, tickets: number, memberCap: number | null = null) {
  const [r] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO mall_items (kind, names, price_points, stock, tickets, member_cap)
        VALUES ('raffle', '{"EN":"Raffle tickets"}', 100, ${stock}, ${tickets}, ${memberCap}) RETURNING id`,
  );
  return Number(r?.id);
}
const raffle = (endsInMs: number) =>
  createRaffle(database.db, {
    title: { EN: "Mall raffle" },
    currency: "PHP",
    startsAt: new Date(nowMs - 3_600_000),
    endsAt: new Date(nowMs + endsInMs),
    // Earned tickets: one per ₱1,000 deposited (these members deposit nothing).
    ticketPerDeposit: 100_000n,
    ticketPerBet: null,
    maxTicketsPerMember: 5,
    prizes: [1000n],
  });
const code = (r: PromiseSettledResult<unknown>) =>
  r.status === "rejected" ? (r.reason as AppError).code : "ok";

describe("raffle tickets in the points mall", () => {
  it("refuses when no raffle is open, keeping the points and the stock", async () => {
    const itemId = await ticketItem(5, 2);
    const m = await member(300n);
    await expect(
      redeem(ctx, m, { itemId, requestId: "raf-none-1", password: "123456" }),
    ).rejects.toMatchObject({
      code: "MALL_NO_RAFFLE",
    });
    expect(await pointsBalance(database.db, m)).toBe(300n);
    const [row] = await queryRows<{ stock: number }>(
      database.db,
      sql`SELECT stock FROM mall_items WHERE id = ${itemId}`,
    );
    expect(row?.stock).toBe(5);
  });

  it("adds the tickets to the open raffle, and the member's cap holds", async () => {
    const raffleId = await raffle(3_600_000);
    const itemId = await ticketItem(null, 3, 2);
    const m = await member(1000n);
    for (const requestId of ["raf-cap-01", "raf-cap-02"])
      expect((await redeem(ctx, m, { itemId, requestId, password: "123456" })).status).toBe("approved");
    await expect(
      redeem(ctx, m, { itemId, requestId: "raf-cap-03", password: "123456" }),
    ).rejects.toMatchObject({
      code: "MALL_CAP_REACHED",
    });
    const [view] = await raffleViews(database.db, m, "EN", raffleId);
    // Bought tickets count on top of the (capped) earned ones: 2 × 3.
    expect(view?.myTickets).toBe(6);
    expect(await pointsBalance(database.db, m)).toBe(800n);
    await database.db.execute(sql`UPDATE raffles SET status = 'cancelled' WHERE id = ${raffleId}`);
  });

  it("two members redeem the last ticket stock at once: exactly one gets it", async () => {
    const raffleId = await raffle(3_600_000);
    const itemId = await ticketItem(1, 1);
    const [x, y] = await Promise.all([member(100n), member(100n)]);
    const results = await Promise.allSettled([
      redeem(ctx, x, { itemId, requestId: `raf-last-${x}`, password: "123456" }),
      redeem(ctx2, y, { itemId, requestId: `raf-last-${y}`, password: "123456" }),
    ]);
    expect(results.map(code).sort()).toEqual(["MALL_OUT_OF_STOCK", "ok"]);
    const [n] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT COALESCE(SUM(tickets), 0)::text AS n FROM raffle_bought_tickets WHERE raffle_id = ${raffleId}`,
    );
    expect(n?.n).toBe("1");
    const spent = (await Promise.all([x, y].map((m) => pointsBalance(database.db, m)))).sort();
    expect(spent).toEqual([0n, 100n]);
    await database.db.execute(sql`UPDATE raffles SET status = 'cancelled' WHERE id = ${raffleId}`);
  });

  it("a redemption racing the draw is either in the draw or refused with its points kept", async () => {
    const raffleId = await raffle(60_000);
    const itemId = await ticketItem(null, 1);
    const ms = await Promise.all(Array.from({ length: 6 }, () => member(100n)));
    // The raffle ends as the redemptions arrive: the draw and the redemptions race.
    const redemptions = ms.map((m, i) =>
      redeem(i % 2 ? ctx : ctx2, m, { itemId, requestId: `raf-draw-${m}`, password: "123456" }),
    );
    nowMs += 60_000;
    const [draw, ...rs] = await Promise.allSettled([drawRaffleNow(ctx, raffleId), ...redemptions]);
    expect(draw?.status).toBe("fulfilled");
    const entries = await queryRows<{ member_id: string; tickets: number }>(
      database.db,
      sql`SELECT member_id, tickets FROM raffle_entries WHERE raffle_id = ${raffleId}`,
    );
    const inDraw = new Set(entries.map((e) => Number(e.member_id)));
    for (const [i, r] of rs.entries()) {
      const m = ms[i] ?? 0;
      const balance = await pointsBalance(database.db, m);
      if (r.status === "fulfilled") {
        // Redeemed before the draw locked the raffle: its ticket is in the draw.
        expect(inDraw.has(m)).toBe(true);
        expect(balance).toBe(0n);
      } else {
        expect(code(r)).toBe("MALL_NO_RAFFLE");
        expect(inDraw.has(m)).toBe(false);
        expect(balance).toBe(100n);
      }
    }
    // No ticket was bought into the raffle after it was drawn.
    const [late] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT COUNT(*)::text AS n FROM raffle_bought_tickets t
          WHERE t.raffle_id = ${raffleId} AND NOT EXISTS (SELECT 1 FROM raffle_entries e
            WHERE e.raffle_id = t.raffle_id AND e.member_id = t.member_id)`,
    );
    expect(late?.n).toBe("0");
    expect((await reconcile(database.db)).balanceMismatches).toEqual([]);
  });
});
