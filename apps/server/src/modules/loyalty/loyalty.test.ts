import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { accrue } from "./accrue.ts";
import { expirePoints, expiringPoints } from "./expiry.ts";
import { pointsBalance, splitPpm } from "./points.ts";
import { reviewVip } from "./vip.ts";

/**
 * Loyalty on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL:
 * there the second scheduler is a second app on its own pool, so the races really run at once).
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

beforeAll(async () => {
  let url = "";
  ({ database, drop, url } = await openTestDatabase());
  second = url ? await openDatabase({ url }) : database;
  a = await buildApp({ config, database, store: memoryStore(), clock });
  b = await buildApp({ config, database: second, store: memoryStore(), clock });
  await Promise.all([a.ready(), b.ready()]);
  ctx = (a as unknown as { ctx: AppContext }).ctx;
  ctx2 = (b as unknown as { ctx: AppContext }).ctx;
  const db = database.db;
  await db.execute(sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('LOY', 'RNG', 1, 'Loyalty vendor', '', '', '') ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    VALUES ('LOY', 'slot1', 'RNG', 'SLOT', '{"EN":"Slot"}', 'slot', 100, 1, ''),
      ('LOY', 'live1', 'LIVE', 'BACCARAT', '{"EN":"Live"}', 'live', 100, 1, '')`);
  // 1 point per ₱1.00 on slots (10000 ppm of a centavo), 0.3 per ₱1.00 on live; VIP1 earns double on slots.
  await db.execute(
    sql`INSERT INTO points_rates (game_type, vip_level, rate_ppm) VALUES ('RNG', 0, 10000), ('LIVE', 0, 3000), ('RNG', 1, 20000)`,
  );
  await db.execute(sql`UPDATE loyalty_settings SET deposit_rate_ppm = 0`);
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function member(name: string) {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username) VALUES (${`${name}${++seq}`}) RETURNING id`,
  );
  return Number(r?.id);
}
/** A settled round (bet then win) on `gameCode`, at the clock's time minus a minute. */
async function round(memberId: number, stake: bigint, win: bigint, gameCode = "slot1") {
  const r = `lr${++seq}`;
  const at = new Date(nowMs - 60_000);
  await database.db.execute(sql`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
    VALUES ('LOY', ${`${r}b`}, 'bet', ${r}, ${memberId}, ${stake}, NULL, 'x', ${at}, ${gameCode}),
      ('LOY', ${`${r}w`}, 'win', ${r}, ${memberId}, ${win}, ${`${r}b`}, 'x', ${at}, ${gameCode})`);
  return r;
}
const tick = (ms = 60_000) => {
  nowMs += ms;
};

describe("points maths (property)", () => {
  it("earns floor(Σ rate × valid bet) however the rounds are batched", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.integer({ min: 0, max: 1_000_000 })), {
          maxLength: 40,
        }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 40 }),
        (rounds, cuts) => {
          let carry = 0n;
          let points = 0n;
          let i = 0;
          let c = 0;
          while (i < rounds.length) {
            const n = cuts[c++ % Math.max(cuts.length, 1)] ?? 1;
            const batch = rounds.slice(i, i + n);
            i += n;
            const add = batch.reduce((s, [bet, rate]) => s + bet * BigInt(rate), 0n);
            const r = splitPpm(carry, add);
            carry = r.carryPpm;
            points += r.points;
          }
          const exact = rounds.reduce((s, [bet, rate]) => s + bet * BigInt(rate), 0n) / 1_000_000n;
          expect(points).toBe(exact);
          expect(carry >= 0n && carry < 1_000_000n).toBe(true);
        },
      ),
    );
  });

  it("expires the oldest points first (against a lot-by-lot simulation)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ earn: fc.bigInt({ min: 1n, max: 1000n }), old: fc.boolean() }),
            fc.record({ spend: fc.bigInt({ min: 1n, max: 1000n }) }),
          ),
          { maxLength: 30 },
        ),
        (ops) => {
          // Lots in time order: old ones (before the cutoff) come first, as time runs forward.
          const sorted = [
            ...ops.filter((o) => "earn" in o && o.old),
            ...ops.filter((o) => !("earn" in o && o.old)),
          ];
          const lots: Array<{ old: boolean; left: bigint }> = [];
          let earnedOld = 0n;
          let consumed = 0n;
          for (const o of sorted) {
            if ("earn" in o) {
              lots.push({ old: o.old, left: o.earn });
              if (o.old) earnedOld += o.earn;
              continue;
            }
            let want = o.spend;
            const balance = lots.reduce((s, l) => s + l.left, 0n);
            if (want > balance) want = balance;
            consumed += want;
            for (const l of lots) {
              const take = l.left < want ? l.left : want;
              l.left -= take;
              want -= take;
            }
          }
          const balance = lots.reduce((s, l) => s + l.left, 0n);
          const oldLeft = lots.filter((l) => l.old).reduce((s, l) => s + l.left, 0n);
          expect(expiringPoints(earnedOld, consumed, balance)).toBe(oldLeft);
        },
      ),
    );
  });
});

describe("points in the ledger", () => {
  it("earns rate × valid bets once per round, even when the settlement is retried", async () => {
    const m = await member("pts");
    const r1 = await round(m, 12_345n, 0n); // ₱123.45 on slots → 123.45 points
    await round(m, 10_000n, 50_000n, "live1"); // ₱100 live → 30 points
    const first = await accrue(ctx);
    expect(first.rounds).toBeGreaterThanOrEqual(2);
    // A retried settlement of r1 (a second win row of the round) and a second run: nothing more.
    await database.db.execute(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint, created_at, game_code)
      VALUES ('LOY', ${`${r1}w2`}, 'win', ${r1}, ${m}, 0, 'x', ${new Date(nowMs - 30_000)}, 'slot1')`);
    tick();
    await Promise.all([accrue(ctx), accrue(ctx2)]);
    // 123.45 + 30 = 153.45 → 153 points, 0.45 carried.
    expect(await pointsBalance(database.db, m)).toBe(153n);
    await round(m, 5_500n, 0n); // 55 more, with the carried 0.45 → 208.9
    tick();
    await accrue(ctx);
    expect(await pointsBalance(database.db, m)).toBe(208n);
    const rec = await reconcile(database.db);
    expect(rec.balanceMismatches).toEqual([]);
    expect(rec.totals.PTS).toBe("0");
  }, 60_000);

  it("keeps each points balance the sum of its entries for random rounds (property, on the database)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.bigInt({ min: 1n, max: 2_000_000n }), fc.boolean()), {
          minLength: 1,
          maxLength: 6,
        }),
        async (bets) => {
          const m = await member("prop");
          let ppm = 0n;
          for (const [bet, live] of bets) {
            await round(m, bet, 0n, live ? "live1" : "slot1");
            ppm += bet * (live ? 3000n : 10000n);
            if (bet % 2n === 0n) {
              tick();
              await accrue(ctx);
            }
          }
          tick();
          await accrue(ctx);
          expect(await pointsBalance(database.db, m)).toBe(ppm / 1_000_000n);
          const [sum] = await queryRows<{ s: string }>(
            database.db,
            sql`SELECT COALESCE(SUM(e.amount), 0)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                WHERE a.member_id = ${m} AND a.kind = 'points'`,
          );
          expect(BigInt(sum?.s ?? "0")).toBe(ppm / 1_000_000n);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  it("expires points past the period, oldest first, once", async () => {
    const m = await member("exp");
    await round(m, 100_000n, 0n); // 1000 points
    tick();
    await accrue(ctx);
    // Entries carry the database's time: age the first earning by 40 days (test only; the
    // immutability trigger is set aside for this one statement).
    await database.db.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_immutable`);
    await database.db.execute(sql`UPDATE ledger_entries SET created_at = created_at - interval '40 days'
      WHERE account_id IN (SELECT id FROM ledger_accounts WHERE member_id = ${m} AND kind = 'points')`);
    await database.db.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_immutable`);
    await round(m, 20_000n, 0n); // 200 newer points
    tick();
    await accrue(ctx);
    expect(await pointsBalance(database.db, m)).toBe(1200n);
    await database.db.execute(sql`UPDATE loyalty_settings SET expiry_days = 30`);
    const saved = nowMs;
    nowMs = Date.now();
    await Promise.all([expirePoints(ctx), expirePoints(ctx2)]);
    await expirePoints(ctx);
    nowMs = saved;
    expect(await pointsBalance(database.db, m)).toBe(200n);
    await database.db.execute(sql`UPDATE loyalty_settings SET expiry_days = 0`);
  }, 60_000);
});

describe("VIP", () => {
  it("rises at once, falls only at the review, reviewed once across two schedulers", async () => {
    await database.db.execute(sql`INSERT INTO vip_levels (level, name, min_valid_bet, upgrade_bonus)
      VALUES (1, 'VIP1', 100000, 5000), (2, 'VIP2', 500000, 10000) ON CONFLICT (level) DO NOTHING`);
    await database.db.execute(sql`UPDATE loyalty_settings SET vip_window_days = 7, vip_review_days = 7`);
    const members = [await member("vip"), await member("vip"), await member("vip")];
    for (const m of members) await round(m, 600_000n, 0n);
    tick();
    await accrue(ctx);
    const levels = await queryRows<{ vip_level: number }>(
      database.db,
      sql`SELECT vip_level FROM loyalty_members WHERE member_id IN (${members[0]}, ${members[1]}, ${members[2]})`,
    );
    expect(levels.map((l) => l.vip_level)).toEqual([2, 2, 2]);
    const [bonus] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT COUNT(*)::int AS n FROM member_rewards WHERE member_id = ${members[0]} AND source_kind = 'vip'`,
    );
    expect(bonus?.n).toBe(2); // VIP1's and VIP2's upgrade bonuses
    // Nothing played for 8 days: the review brings them down to 0, each once.
    tick(8 * 86_400_000);
    const [r1, r2] = await Promise.all([reviewVip(ctx, "p1"), reviewVip(ctx2, "p1")]);
    expect((r1?.changed ?? 0) + (r2?.changed ?? 0)).toBeGreaterThanOrEqual(3);
    const hist = await queryRows<{ member_id: string; n: number }>(
      database.db,
      sql`SELECT member_id, COUNT(*)::int AS n FROM vip_history WHERE reason = 'review' GROUP BY member_id`,
    );
    for (const m of members) expect(hist.find((h) => Number(h.member_id) === m)?.n).toBe(1);
    const again = await reviewVip(ctx, "p1");
    expect(again.changed).toBe(0);
  }, 60_000);
});
