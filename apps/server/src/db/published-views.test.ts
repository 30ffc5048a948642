import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post } from "../modules/ledger/ledger.ts";
import { pointsBalance, pointsLegs } from "../modules/loyalty/points.ts";
import {
  memberRedemptions,
  pointsEntries,
  pointsTotalsByDay,
  redemptionQueue,
} from "../modules/loyalty/repo.ts";
import { rebateLines } from "../modules/rewards/repo.ts";
import { openTestDatabase } from "../testing/test-app.ts";
import { type Database, queryRows } from "./client.ts";

/**
 * The statements that read another module's rows through its published view (member_directory,
 * ledger_balances, points_movements, free_spin_rounds_played) answer what the back office and
 * the member's pages show: the members' names, in the order and pages the screens ask for.
 */

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 180_000);
afterAll(async () => {
  await drop?.();
});

async function member(username: string): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username) VALUES (${username}) RETURNING id`,
  );
  return Number(r?.id);
}

async function redemption(memberId: number, itemId: number, requestId: string): Promise<number> {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO mall_redemptions (member_id, item_id, request_id, kind, points, status)
        VALUES (${memberId}, ${itemId}, ${requestId}, 'goods', 10, 'in_process') RETURNING id`,
  );
  return Number(r?.id);
}

describe("reads through published views", () => {
  it("orders and pages the rebate report by the members' names", async () => {
    const zed = await member("pv_zed");
    const amy = await member("pv_amy");
    for (const id of [zed, amy]) {
      await database.db.execute(sql`INSERT INTO rebate_lines (member_id, day, game_type, currency, valid_bet, rate_ppm, amount)
        VALUES (${id}, '2026-04-01', 'SLOT', 'PHP', 10000, 5000, 50)`);
    }
    const all = await rebateLines(database.db, "2026-04-01", "2026-04-01", 10);
    expect(all.map((r) => r.username)).toEqual(["pv_amy", "pv_zed"]);
    const first = await rebateLines(database.db, "2026-04-01", "2026-04-01", 1);
    expect(first.map((r) => r.username)).toEqual(["pv_amy"]);
  });

  it("names the member of each redemption in the queue, newest first, a page at a time", async () => {
    const ann = await member("pv_ann");
    const bob = await member("pv_bob");
    const [it] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO mall_items (kind, names, price_points) VALUES ('goods', '{"EN":"Mug"}', 10) RETURNING id`,
    );
    const itemId = Number(it?.id);
    await redemption(ann, itemId, "q1");
    await redemption(bob, itemId, "q2");
    const page1 = await redemptionQueue(database.db, "in_process", 1, 0);
    const page2 = await redemptionQueue(database.db, "in_process", 1, 1);
    expect([page1[0]?.username, page2[0]?.username]).toEqual(["pv_bob", "pv_ann"]);
    expect(page1[0]?.total).toBe("2");
  });

  it("counts a grant's free spins played, less the rolled-back ones", async () => {
    const cy = await member("pv_cy");
    const [it] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO mall_items (kind, names, price_points) VALUES ('goods', '{"EN":"Spins"}', 10) RETURNING id`,
    );
    const itemId = Number(it?.id);
    const plain = await redemption(cy, itemId, "fs0");
    const spins = await redemption(cy, itemId, "fs1");
    await database.db.execute(sql`INSERT INTO mall_free_spin_grants
        (redemption_id, member_id, grant_id, vendor, game_code, spins, bet_per_line, expires_at)
        VALUES (${spins}, ${cy}, 'pv-grant', 'PV', 'slot', 5, 1, now() + interval '1 day')`);
    for (const round of ["r1", "r2", "r3"]) {
      await database.db.execute(sql`INSERT INTO provider_free_rounds (vendor, round_id, member_id, grant_id)
          VALUES ('PV', ${round}, ${cy}, 'pv-grant')`);
    }
    // The third spin was rolled back: it went back to the grant.
    await database.db.execute(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint)
        VALUES ('PV', 'pv-rb', 'rollback', 'r3', ${cy}, 0, 'pv')`);
    const rows = await memberRedemptions(database.db, cy, 10, 0);
    expect(rows.map((r) => [Number(r.id), r.fs_played])).toEqual([
      [spins, 2],
      [plain, 0],
    ]);
  });

  it("lists a member's points movements newest first and totals them per day", async () => {
    const dee = await member("pv_dee");
    const eve = await member("pv_eve");
    await post(database.db, {
      idempotencyKey: "pv:1",
      type: "points_adjust",
      memberId: dee,
      legs: pointsLegs(dee, 70n),
    });
    await post(database.db, {
      idempotencyKey: "pv:2",
      type: "points_earn",
      memberId: dee,
      legs: pointsLegs(dee, 30n),
    });
    await post(database.db, {
      idempotencyKey: "pv:3",
      type: "points_earn",
      memberId: eve,
      legs: pointsLegs(eve, 5n),
    });
    expect(await pointsBalance(database.db, dee)).toBe(100n);

    const all = await pointsEntries(database.db, dee, 10, 0);
    expect(all.map((e) => [e.type, e.amount, e.balance_after, e.total])).toEqual([
      ["points_earn", "30", "100", "2"],
      ["points_adjust", "70", "70", "2"],
    ]);
    const second = await pointsEntries(database.db, dee, 1, 1);
    expect(second.map((e) => e.type)).toEqual(["points_adjust"]);

    const totals = await pointsTotalsByDay(
      database.db,
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 86_400_000),
    );
    const byType: Record<string, bigint> = {};
    for (const t of totals) byType[t.type] = (byType[t.type] ?? 0n) + BigInt(t.points);
    expect(byType).toMatchObject({ points_adjust: 70n, points_earn: 35n });
  });
});
