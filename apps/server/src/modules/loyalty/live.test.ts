import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import { providerClients } from "../../db/schema/providers.ts";
import type { AppContext } from "../../lib/context.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { HUB_MEMBER_CHANNEL } from "../../realtime/bus.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { postAndNotify } from "../ledger/notify.ts";
import { issueLaunchToken, signProvider } from "../providers/service.ts";
import { accrue } from "./accrue.ts";
import { liveAccrualIdle } from "./live.ts";

/**
 * A settled round moves the member's missions and is pushed to the page without
 * waiting for the minute job, counted once however the settlement is retried — by the provider,
 * at once through two API processes (on PostgreSQL with TEST_DATABASE_URL, two apps on their
 * own pools), and by the minute job catching up afterwards.
 */
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  RGS_LOTTERY_INTERVAL_MS: "0",
});
const SECRET = "live-vendor-secret-0123456789abcdef";

let database: Database;
let second: Database;
let drop: () => Promise<void>;
let a: FastifyInstance;
let b: FastifyInstance;
let ctx: AppContext;
let ctx2: AppContext;
let missionId = 0;
const pushes: Array<{ memberId: number; payload: { type: string } }> = [];

beforeAll(async () => {
  let url = "";
  ({ database, drop, url } = await openTestDatabase());
  second = url ? await openDatabase({ url }) : database;
  const store = memoryStore();
  a = await buildApp({ config, database, store, clock: { now: () => new Date() } });
  b = await buildApp({ config, database: second, store: memoryStore(), clock: { now: () => new Date() } });
  await Promise.all([a.ready(), b.ready()]);
  ctx = (a as unknown as { ctx: AppContext }).ctx;
  ctx2 = (b as unknown as { ctx: AppContext }).ctx;
  await ctx.store.subscribe(HUB_MEMBER_CHANNEL, (m) => pushes.push(JSON.parse(m)));
  await ctx2.store.subscribe(HUB_MEMBER_CHANNEL, (m) => pushes.push(JSON.parse(m)));
  const db = database.db;
  await db.insert(providerClients).values({ vendor: "LVS", secret: SECRET });
  await db.execute(sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('LVS', 'RNG', 1, 'Live vendor', '', '', '') ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    VALUES ('LVS', 'lslot', 'RNG', 'SLOT', '{"EN":"Slot"}', 'slot', 100, 1, '')`);
  // Bet ₱30.00 on slots and play 3 rounds: one mission, once.
  const [m] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO missions (names, period, tasks, prize_kind, prize_amount)
        VALUES ('{"EN":"Live mission"}', 'once', '[{"type":"bet","target":3000,"gameType":"RNG"},{"type":"rounds","target":3}]',
          'points', 10) RETURNING id`,
  );
  missionId = Number(m?.id);
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function player() {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username) VALUES (${`livep${++seq}`}) RETURNING id`,
  );
  const id = Number(r?.id);
  await postAndNotify(ctx, {
    idempotencyKey: `live-seed-${id}`,
    type: "deposit",
    memberId: id,
    legs: [
      { account: { house: "cash", currency: "PHP" }, amount: -100_000n },
      { account: { member: id, kind: "main", currency: "PHP" }, amount: 100_000n },
    ],
  });
  return { id, token: await issueLaunchToken(ctx, id, "LVS") };
}
async function call(app: FastifyInstance, name: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: `lr${++seq}`, ...body });
  const res = await app.inject({
    method: "POST",
    url: `/provider/LVS/${name}`,
    headers: { "content-type": "application/json", "x-signature": signProvider(SECRET, raw) },
    payload: raw,
  });
  return res.json();
}
const progress = async (memberId: number) =>
  (
    await queryRows<{ progress: string[] }>(
      database.db,
      sql`SELECT progress FROM mission_progress WHERE member_id = ${memberId} AND mission_id = ${missionId}`,
    )
  )[0]?.progress ?? null;
/** Waits (on the condition, not a time) until both processes' live queues have drained. */
const drained = () => Promise.all([liveAccrualIdle(ctx), liveAccrualIdle(ctx2)]);

describe("live mission progress", () => {
  it("counts a bet once when its settlement is retried, pushed without the minute job", async () => {
    const p = await player();
    const bet = { token: p.token, playerId: p.id, roundId: "lv-r1", gameCode: "lslot", roundClosed: false };
    const debit = await call(a, "debit", { ...bet, transactionId: "lv-b1", amount: "10.00" });
    expect(debit.success, JSON.stringify(debit)).toBe(true);
    const win = {
      ...bet,
      transactionId: "lv-w1",
      betTransactionId: "lv-b1",
      amount: "4.00",
      roundClosed: true,
    };
    // The provider retries the settlement: once in sequence, then twice at once through both processes.
    expect((await call(a, "credit", win)).success).toBe(true);
    expect((await call(a, "credit", win)).success).toBe(true);
    const both = await Promise.all([call(a, "credit", win), call(b, "credit", win)]);
    expect(both.every((r) => r.success)).toBe(true);
    await drained();
    expect(await progress(p.id)).toEqual(["1000", "1"]);
    expect(pushes.some((x) => x.memberId === p.id && x.payload.type === "loyalty.missions")).toBe(true);
    // The minute job, catching up afterwards, adds nothing.
    await accrue(ctx);
    expect(await progress(p.id)).toEqual(["1000", "1"]);
    const [n] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT COUNT(*)::text AS n FROM loyalty_rounds WHERE vendor = 'LVS' AND round_id = 'lv-r1'`,
    );
    expect(n?.n).toBe("1");
  });

  it("moves a VIP-only mission for members at its level only", async () => {
    const [vipMission] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO missions (names, period, tasks, prize_kind, prize_amount, min_vip_level)
          VALUES ('{"EN":"VIP3 rounds"}', 'once', '[{"type":"rounds","target":5}]', 'points', 10, 3) RETURNING id`,
    );
    const [plain, vip] = await Promise.all([player(), player()]);
    await database.db.execute(
      sql`INSERT INTO vip_levels (level, name) VALUES (3, 'VIP3') ON CONFLICT DO NOTHING`,
    );
    await database.db.execute(sql`INSERT INTO loyalty_members (member_id, vip_level) VALUES (${vip.id}, 3)`);
    for (const p of [plain, vip]) {
      const round = `lv-vip-${p.id}`;
      const base = { playerId: p.id, roundId: round, gameCode: "lslot" };
      await call(a, "debit", { ...base, token: p.token, transactionId: `${round}b`, amount: "1.00" });
      await call(a, "credit", {
        ...base,
        transactionId: `${round}w`,
        betTransactionId: `${round}b`,
        amount: "0.00",
        roundClosed: true,
      });
    }
    await drained();
    const rows = await queryRows<{ member_id: string; progress: string[] }>(
      database.db,
      sql`SELECT member_id, progress FROM mission_progress WHERE mission_id = ${vipMission?.id}`,
    );
    expect(rows.map((r) => [Number(r.member_id), r.progress])).toEqual([[vip.id, ["1"]]]);
    await database.db.execute(sql`UPDATE missions SET enabled = false WHERE id = ${vipMission?.id}`);
  });

  it("settles different players' rounds at once, each counted once, and completes the mission live", async () => {
    const players = await Promise.all([player(), player(), player()]);
    await Promise.all(
      players.map(async (p, i) => {
        for (let r = 0; r < 3; r++) {
          const round = `lv-${p.id}-${r}`;
          const base = { token: p.token, playerId: p.id, roundId: round, gameCode: "lslot" };
          await call(a, "debit", {
            ...base,
            transactionId: `${round}b`,
            amount: "10.00",
            roundClosed: false,
          });
          const win = {
            playerId: p.id,
            roundId: round,
            gameCode: "lslot",
            transactionId: `${round}w`,
            betTransactionId: `${round}b`,
            amount: "0.00",
            roundClosed: true,
          };
          // Every settlement arrives twice, through alternating processes.
          await Promise.all([call(i % 2 ? a : b, "credit", win), call(i % 2 ? b : a, "credit", win)]);
        }
      }),
    );
    await drained();
    for (const p of players) {
      expect(await progress(p.id)).toEqual(["3000", "3"]);
      const [done] = await queryRows<{ completed: boolean }>(
        database.db,
        sql`SELECT completed_at IS NOT NULL AS completed FROM mission_progress WHERE member_id = ${p.id} AND mission_id = ${missionId}`,
      );
      expect(done?.completed).toBe(true);
    }
    await accrue(ctx);
    for (const p of players) expect(await progress(p.id)).toEqual(["3000", "3"]);
    expect((await reconcile(database.db)).ok).toBe(true);
  });
});
