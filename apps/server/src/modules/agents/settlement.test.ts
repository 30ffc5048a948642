import { spawn } from "node:child_process";
import type { ContractTerms } from "@panalo/contracts/agent-contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { memberBalances, reconcile, transfer } from "../ledger/ledger.ts";
import { acceptContract, offerContract, rejectContract, terminateContract } from "./contracts.ts";
import { settleRun } from "./settlement.ts";

/**
 * Contracts and settlement runs on the suite's database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL — there the "second process" is a second pool, and the crash test a child
 * process killed with SIGKILL).
 */
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  RGS_LOTTERY_INTERVAL_MS: "0",
});
const clock = { now: () => new Date("2026-03-05T10:00:00Z") };

let database: Database;
let second: Database;
let drop: () => Promise<void>;
let url = "";
let a: FastifyInstance;
let b: FastifyInstance;
let ctx: AppContext;
let ctx2: AppContext;

beforeAll(async () => {
  ({ database, drop, url } = await openTestDatabase());
  second = url ? await openDatabase({ url }) : database;
  a = await buildApp({ config, database, store: memoryStore(), clock });
  b = await buildApp({ config, database: second, store: memoryStore(), clock });
  await Promise.all([a.ready(), b.ready()]);
  ctx = (a as unknown as { ctx: AppContext }).ctx;
  ctx2 = (b as unknown as { ctx: AppContext }).ctx;
  // Two apps with their migrations: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function member(name: string, upline: number | null, isAgent = 1) {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username, upline_id, is_agent) VALUES (${`${name}_${++seq}`}, ${upline}, ${isAgent}) RETURNING id`,
  );
  return Number(r?.id);
}
async function fund(id: number, amount: bigint) {
  await transfer(database.db, {
    key: `fund-${id}-${++seq}`,
    type: "deposit",
    from: { house: "cash", currency: "PHP" },
    to: { member: id, kind: "main", currency: "PHP" },
    amount,
    memberId: id,
  });
}
const main = async (id: number) =>
  (await memberBalances(database.db, id)).find((x) => x.kind === "main")?.balance ?? 0n;

/** One round of a member: a bet at `betAt`, its win (0 included) at `winAt`. */
async function round(memberId: number, stake: bigint, win: bigint, betAt: string, winAt: string) {
  const r = `r${++seq}`;
  await database.db.execute(sql`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
    VALUES ('PNS', ${`${r}b`}, 'bet', ${r}, ${memberId}, ${stake}, NULL, 'x', ${betAt}),
      ('PNS', ${`${r}w`}, 'win', ${r}, ${memberId}, ${win}, ${`${r}b`}, 'x', ${winAt})`);
}

const daily = (rateBp: number, minActiveMembers = 0): ContractTerms => ({
  kind: "daily_salary",
  period: "daily",
  tiers: [{ minActiveMembers, minValidBet: "0", rateBp }],
});

/** Offer and accept; then pretend it was accepted at `from` (the tests' periods are in March 2026). */
async function contract(
  upline: number | null,
  down: number,
  terms: ContractTerms,
  from = "2026-03-01T16:00:00Z",
) {
  const c = await offerContract(ctx, {
    uplineId: upline,
    downlineId: down,
    terms,
    funding: upline === null ? "platform" : "upline",
    operatorId: upline === null ? 1 : null,
  });
  await acceptContract(ctx, down, c.id);
  await database.db.execute(
    sql`UPDATE agent_contracts SET accepted_at = ${from}, settled_until = ${from} WHERE id = ${c.id}`,
  );
  return c.id;
}

const bills = (contractId: number) =>
  queryRows<{ period_key: string; amount: string; status: string; valid_bet: string; attempts: number }>(
    database.db,
    sql`SELECT period_key, amount::text, status, valid_bet::text, attempts FROM agent_bills WHERE contract_id = ${contractId} ORDER BY window_end`,
  );
const ledgerOf = (contractId: number) =>
  queryRows<{ n: string }>(
    database.db,
    sql`SELECT COUNT(*)::text AS n FROM ledger_transactions t JOIN agent_bills b ON t.idempotency_key = 'agent-bill:' || b.id
      WHERE b.contract_id = ${contractId}`,
  );

// Cut-offs: 2026-03-03 00:08 Manila settles 2 March; 2026-03-04 00:08 settles 3 March.
const CUT_MAR2 = new Date("2026-03-02T16:08:00Z");
const CUT_MAR3 = new Date("2026-03-03T16:08:00Z");

describe("contracts", () => {
  it("offers, rejects, accepts, terminates, and keeps every step", async () => {
    const top = await member("c_top", null);
    const down = await member("c_down", top);
    const player = await member("c_player", down, 0);
    await contract(null, top, daily(100));
    // Only direct downline agents, within the upline's own rate.
    await expect(
      offerContract(ctx, { uplineId: top, downlineId: player, terms: daily(50), funding: "upline" }),
    ).rejects.toMatchObject({
      code: "CONTRACT_NOT_DIRECT_DOWNLINE",
    });
    await expect(
      offerContract(ctx, { uplineId: top, downlineId: down, terms: daily(101), funding: "upline" }),
    ).rejects.toMatchObject({
      code: "CONTRACT_RATE_ABOVE_UPLINE",
    });
    await expect(
      offerContract(ctx, { uplineId: down, downlineId: top, terms: daily(10), funding: "upline" }),
    ).rejects.toMatchObject({ code: "CONTRACT_NOT_DIRECT_DOWNLINE" });
    const first = await offerContract(ctx, {
      uplineId: top,
      downlineId: down,
      terms: daily(60),
      funding: "upline",
    });
    await rejectContract(ctx, down, first.id);
    await expect(acceptContract(ctx, down, first.id)).rejects.toMatchObject({ code: "CONTRACT_STATE" });
    const second = await offerContract(ctx, {
      uplineId: top,
      downlineId: down,
      terms: daily(80),
      funding: "upline",
    });
    // Someone else cannot accept it.
    await expect(acceptContract(ctx, top, second.id)).rejects.toMatchObject({ code: "CONTRACT_NOT_FOUND" });
    expect((await acceptContract(ctx, down, second.id)).contract.status).toBe("active");
    expect((await terminateContract(ctx, down, second.id)).status).toBe("terminated");
    const events = await queryRows<{ action: string }>(
      database.db,
      sql`SELECT action FROM agent_contract_events WHERE contract_id IN (${first.id}, ${second.id}) ORDER BY id`,
    );
    expect(events.map((e) => e.action)).toEqual(["offer", "reject", "offer", "accept", "terminate"]);
    await expect(database.db.execute(sql`DELETE FROM agent_contract_events`)).rejects.toThrow();
  });

  it("a lower contract accepted by an agent ends the contracts below it that exceed it", async () => {
    const top = await member("l_top", null);
    const mid = await member("l_mid", top);
    const low = await member("l_low", mid);
    const lowest = await member("l_lowest", low);
    await contract(null, top, daily(200));
    const midOld = await contract(top, mid, daily(150));
    const lowC = await contract(mid, low, daily(120));
    const lowestC = await contract(low, lowest, daily(90));
    // The top agent offers mid a lower rate (100); accepting it ends low's 1.20 % (above 1.00 %)
    // but keeps lowest's 0.90 %.
    const lower = await offerContract(ctx, {
      uplineId: top,
      downlineId: mid,
      terms: daily(100),
      funding: "upline",
    });
    const r = await acceptContract(ctx, mid, lower.id);
    expect(r.ended).toEqual([lowC]);
    const st = await queryRows<{ id: string; status: string; end_reason: string | null }>(
      database.db,
      sql`SELECT id, status, end_reason FROM agent_contracts WHERE id IN (${midOld}, ${lowC}, ${lowestC}, ${lower.id}) ORDER BY id`,
    );
    expect(st.map((s) => [Number(s.id), s.status, s.end_reason])).toEqual([
      [midOld, "ended", "replaced"],
      [lowC, "ended", "upline_rate_lowered"],
      [lowestC, "active", null],
      [lower.id, "active", null],
    ]);
  });
});

describe("settlement runs", () => {
  it("pays a daily salary once from the platform and from the upline, whatever runs again", async () => {
    const top = await member("s_top", null);
    const down = await member("s_down", top);
    const p1 = await member("s_p1", down, 0);
    const p2 = await member("s_p2", top, 0);
    const topC = await contract(null, top, daily(100)); // 1.00 % from the platform
    const downC = await contract(top, down, daily(50)); // 0.50 % from top's wallet
    await fund(top, 1_000n);
    // 2 March Manila: p1 bets 1,000.00 and 500.00; p2 bets 2,000.00 (p2 is top's, not down's).
    await round(p1, 100_000n, 0n, "2026-03-02T01:00:00Z", "2026-03-02T01:00:01Z");
    await round(p1, 50_000n, 80_000n, "2026-03-02T02:00:00Z", "2026-03-02T02:00:01Z");
    await round(p2, 200_000n, 0n, "2026-03-02T03:00:00Z", "2026-03-02T03:00:01Z");
    // Outside the day: before it (1 March Manila) and after it.
    await round(p1, 900_000n, 0n, "2026-03-01T15:00:00Z", "2026-03-01T15:59:59Z");
    await round(p1, 700_000n, 0n, "2026-03-02T15:59:00Z", "2026-03-02T16:00:00Z");

    const r1 = await settleRun(ctx, "daily", "2026-03-03T00:10+08:00", CUT_MAR2);
    expect(r1.held).toBe(false);
    // top: 1 % of 3,500.00 = 35.00; down: 0.5 % of 1,500.00 = 7.50, paid by top.
    expect(await bills(topC)).toEqual([
      {
        period_key: "2026-03-02T00:00+08:00",
        amount: "3500",
        status: "paid",
        valid_bet: "350000",
        attempts: 1,
      },
    ]);
    expect(await bills(downC)).toEqual([
      {
        period_key: "2026-03-02T00:00+08:00",
        amount: "750",
        status: "paid",
        valid_bet: "150000",
        attempts: 1,
      },
    ]);
    expect(await main(top)).toBe(1_000n + 3_500n - 750n);
    expect(await main(down)).toBe(750n);
    const types = await queryRows<{ type: string; reference: string }>(
      database.db,
      sql`SELECT t.type, t.reference FROM ledger_transactions t WHERE t.idempotency_key LIKE 'agent-bill:%' AND t.member_id IN (${top}, ${down})`,
    );
    expect(types).toEqual([
      { type: "salary", reference: `agent-run:${r1.runId}` },
      { type: "salary", reference: `agent-run:${r1.runId}` },
    ]);

    // The same run again, and two "processes" at once: nothing more is paid.
    await settleRun(ctx, "daily", "2026-03-03T00:10+08:00", CUT_MAR2);
    await Promise.all([
      settleRun(ctx, "daily", "2026-03-03T00:10+08:00", CUT_MAR2),
      settleRun(ctx2, "daily", "2026-03-03T00:10+08:00", CUT_MAR2),
    ]);
    expect((await bills(downC)).length).toBe(1);
    expect(await main(down)).toBe(750n);
    expect((await ledgerOf(downC))[0]?.n).toBe("1");
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it("leaves a bill 'insufficient' while the upline is short, and a later run pays it", async () => {
    const top = await member("i_top", null);
    const down = await member("i_down", top);
    const p = await member("i_p", down, 0);
    // top's own contract needs 100 active members: it earns nothing, so its wallet stays empty.
    await contract(null, top, daily(100, 100));
    const downC = await contract(top, down, daily(100));
    await round(p, 100_000n, 0n, "2026-03-02T01:00:00Z", "2026-03-02T01:00:01Z");
    const r = await settleRun(ctx, "daily", "2026-03-03T00:10+08:00:short", CUT_MAR2);
    expect(r.insufficient).toBeGreaterThanOrEqual(1);
    expect((await bills(downC))[0]).toMatchObject({ amount: "1000", status: "insufficient" });
    expect(await main(top)).toBe(0n);
    // The next day's run finds money and pays the waiting bill.
    await fund(top, 5_000n);
    await settleRun(ctx, "daily", "2026-03-04T00:10+08:00:short", CUT_MAR3);
    const after = await bills(downC);
    expect(after[0]).toMatchObject({ amount: "1000", status: "paid", attempts: 2 });
    expect(after[1]).toMatchObject({ period_key: "2026-03-03T00:00+08:00", status: "nothing" });
    expect(await main(top)).toBe(4_000n);
    expect(await main(down)).toBe(1_000n);
  });

  it("counts a lottery result decided after the period closed in the next period, never rewriting the paid one", async () => {
    const top = await member("t_top", null);
    const p = await member("t_p", top, 0);
    const c = await contract(null, top, daily(100));
    // A slip bought on 2 March; its draw is decided on 3 March (after the run of 2 March).
    await round(p, 100_000n, 0n, "2026-03-02T05:00:00Z", "2026-03-02T16:20:00Z");
    await round(p, 20_000n, 0n, "2026-03-02T06:00:00Z", "2026-03-02T06:00:01Z");
    // A round with a second bet that was rolled back: only the first stake counts.
    await database.db.execute(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
      VALUES ('PNS', 'rb1', 'bet', 'rbr', ${p}, 5000, NULL, 'x', '2026-03-02T07:00:00Z'),
        ('PNS', 'rb2', 'bet', 'rbr', ${p}, 7000, NULL, 'x', '2026-03-02T07:00:01Z'),
        ('PNS', 'rb2r', 'rollback', 'rbr', ${p}, 0, 'rb2', 'x', '2026-03-02T07:00:02Z'),
        ('PNS', 'rb1w', 'win', 'rbr', ${p}, 0, 'rb1', 'x', '2026-03-02T07:00:03Z')`);
    await settleRun(ctx, "daily", "2026-03-03T00:10+08:00:late", CUT_MAR2);
    expect((await bills(c)).map((x) => [x.valid_bet, x.amount])).toEqual([["25000", "250"]]);
    await settleRun(ctx, "daily", "2026-03-04T00:10+08:00:late", CUT_MAR3);
    expect((await bills(c)).map((x) => [x.period_key, x.valid_bet, x.amount, x.status])).toEqual([
      ["2026-03-02T00:00+08:00", "25000", "250", "paid"],
      ["2026-03-03T00:00+08:00", "100000", "1000", "paid"],
    ]);
  });

  it("carries a dividend's losing period into the next", async () => {
    const top = await member("d_top", null);
    const p = await member("d_p", top, 0);
    const terms: ContractTerms = {
      kind: "dividend",
      period: "daily",
      carryOver: true,
      tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp: 3000 }],
    };
    const c = await contract(null, top, terms);
    // 2 March: the team wins 1,000.00. 3 March: it loses 2,500.00 → 30 % of 1,500.00 = 450.00.
    await round(p, 100_000n, 200_000n, "2026-03-02T05:00:00Z", "2026-03-02T05:00:01Z");
    await round(p, 250_000n, 0n, "2026-03-03T05:00:00Z", "2026-03-03T05:00:01Z");
    await settleRun(ctx, "daily", "2026-03-04T00:10+08:00:div", CUT_MAR3);
    const rows = await queryRows<{
      period_key: string;
      net_loss: string;
      carry_in: string;
      carry_out: string;
      amount: string;
    }>(
      database.db,
      sql`SELECT period_key, net_loss::text, carry_in::text, carry_out::text, amount::text FROM agent_bills WHERE contract_id = ${c} ORDER BY window_end`,
    );
    expect(rows).toEqual([
      {
        period_key: "2026-03-02T00:00+08:00",
        net_loss: "-100000",
        carry_in: "0",
        carry_out: "-100000",
        amount: "0",
      },
      {
        period_key: "2026-03-03T00:00+08:00",
        net_loss: "250000",
        carry_in: "-100000",
        carry_out: "0",
        amount: "45000",
      },
    ]);
    const [tx] = await queryRows<{ type: string }>(
      database.db,
      sql`SELECT type FROM ledger_transactions WHERE member_id = ${top} AND idempotency_key LIKE 'agent-bill:%'`,
    );
    expect(tx?.type).toBe("dividend");
  });

  it("settles a real-time salary per 5 minutes and an hourly salary per hour", async () => {
    const top = await member("rt_top", null);
    const p = await member("rt_p", top, 0);
    const rt = await contract(
      null,
      top,
      { kind: "realtime_salary", profitRateBp: 20, lossRateBp: 80, minSingleBet: "10.00" },
      "2026-03-09T02:00:00Z",
    );
    const hourly = await contract(
      null,
      top,
      {
        kind: "hourly_salary",
        tiers: [
          { minActiveMembers: 0, minValidBet: "0", rateBp: 10 },
          { minActiveMembers: 1, minValidBet: "150.00", rateBp: 30 },
        ],
      },
      "2026-03-09T02:00:00Z",
    );
    // 10:01–10:03 Manila: 100.00 lost, 50.00 won, 9.99 below the single-bet minimum.
    await round(p, 10_000n, 0n, "2026-03-09T02:01:00Z", "2026-03-09T02:01:01Z");
    await round(p, 5_000n, 12_000n, "2026-03-09T02:02:00Z", "2026-03-09T02:02:01Z");
    await round(p, 999n, 0n, "2026-03-09T02:03:00Z", "2026-03-09T02:03:01Z");
    // 10:06: settled in the next 5 minutes.
    await round(p, 10_000n, 0n, "2026-03-09T02:06:00Z", "2026-03-09T02:06:01Z");
    // The run at 10:10 (cut-off 10:08) settles 10:00–10:05 only.
    await settleRun(ctx, "realtime", "rt-1", new Date("2026-03-09T02:08:00Z"));
    const rtBills = await bills(rt);
    // 100.00 × 0.80 % + 50.00 × 0.20 % = 0.80 + 0.10.
    expect(rtBills.map((b) => [b.period_key, b.valid_bet, b.amount, b.status])).toEqual([
      ["2026-03-09T10:00+08:00", "15000", "90", "paid"],
    ]);
    await settleRun(ctx, "realtime", "rt-2", new Date("2026-03-09T02:13:00Z"));
    expect((await bills(rt)).map((b) => b.amount)).toEqual(["90", "80"]);
    // The hour 10:00–11:00: 259.99 of valid bets by 1 active member → 0.30 % = 0.7799 → 0.77.
    await settleRun(ctx, "hourly", "h-1", new Date("2026-03-09T03:03:00Z"));
    expect(await bills(hourly)).toEqual([
      { period_key: "2026-03-09T10:00+08:00", amount: "77", status: "paid", valid_bet: "25999", attempts: 1 },
    ]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("settlement on PostgreSQL", () => {
  it("two processes paying many contracts of one upline at once never overdraw it", async () => {
    const top = await member("race_top", null);
    await contract(null, top, daily(500, 1_000_000)); // top earns nothing itself
    const downs: number[] = [];
    for (let i = 0; i < 24; i++) {
      const d = await member(`race_d${i}`, top);
      const p = await member(`race_p${i}`, d, 0);
      await contract(top, d, daily(100));
      await round(p, 100_000n, 0n, "2026-03-06T01:00:00Z", "2026-03-06T01:00:01Z");
      downs.push(d);
    }
    // Each downline is owed 10.00; top holds 125.00: twelve can be paid, never a thirteenth.
    await fund(top, 12_500n);
    const cut = new Date("2026-03-06T16:08:00Z");
    await Promise.all([
      settleRun(ctx, "daily", "race-1", cut),
      settleRun(ctx2, "daily", "race-2", cut),
      settleRun(ctx, "daily", "race-3", cut),
      settleRun(ctx2, "daily", "race-4", cut),
    ]);
    const paid = await Promise.all(downs.map(main));
    expect(paid.filter((x) => x === 1_000n)).toHaveLength(12);
    expect(paid.filter((x) => x === 0n)).toHaveLength(12);
    expect(await main(top)).toBe(500n);
    const [w] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT COUNT(*)::text AS n FROM agent_bills b JOIN agent_contracts c ON c.id = b.contract_id
        WHERE c.upline_id = ${top} AND b.status = 'insufficient'`,
    );
    expect(w?.n).toBe("12");
    expect((await reconcile(database.db)).ok).toBe(true);
  }, 120_000);

  it("a run killed half-way (SIGKILL) finishes on the next run without paying twice", async () => {
    const top = await member("k_top", null);
    const contracts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const d = await member(`k_d${i}`, top);
      const p = await member(`k_p${i}`, d, 0);
      contracts.push(await contract(null, d, daily(100), "2026-03-07T16:00:00Z"));
      await round(p, 100_000n, 0n, "2026-03-08T01:00:00Z", "2026-03-08T01:00:01Z");
    }
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "apps/server/src/modules/agents/crash-child.ts"],
      {
        env: {
          ...process.env,
          NODE_ENV: "test",
          CRASH_DB_URL: url,
          CRASH_CUTOFF: "2026-03-08T16:08:00Z",
          PANALO_AGENTS_CRASH_AT_BILL: "3",
          // Two bills per transaction: the first two commit, the process dies in the second batch.
          PANALO_AGENTS_PAY_BATCH: "2",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const signal = await new Promise<string | null>((resolve) => child.on("exit", (_c, s) => resolve(s)));
    expect(signal).toBe("SIGKILL");
    // The dead process's backend ends its transaction (and frees the bills' row locks, which the
    // next run would skip) only once PostgreSQL notices the closed connection: waited for here.
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                  WHERE c.relname = 'agent_bills' AND l.pid <> pg_backend_pid()
                    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            )
          )[0]?.n,
        { timeout: 60_000 },
      )
      .toBe(0);
    const before = await queryRows<{ status: string; n: string }>(
      database.db,
      sql`SELECT status, COUNT(*)::text AS n FROM agent_bills WHERE contract_id IN (${sql.join(
        contracts.map((c) => sql`${c}`),
        sql`, `,
      )}) GROUP BY status ORDER BY status`,
    );
    // Two bills paid and committed; the third died inside its transaction (rolled back).
    expect(before).toEqual([
      { status: "paid", n: "2" },
      { status: "pending", n: "4" },
    ]);
    await settleRun(ctx, "daily", "crash", new Date("2026-03-08T16:08:00Z"));
    for (const c of contracts) {
      expect(await bills(c)).toEqual([
        {
          period_key: "2026-03-08T00:00+08:00",
          amount: "1000",
          status: "paid",
          valid_bet: "100000",
          attempts: 1,
        },
      ]);
      expect((await ledgerOf(c))[0]?.n).toBe("1");
    }
    expect((await reconcile(database.db)).ok).toBe(true);
  }, 120_000);
});

// Last in the file: it starts both apps' job queues, whose crons run on the real clock.
describe("settlement through the job queue", () => {
  it("settles once when the job is queued by two scheduler processes at the same time", async () => {
    const top = await member("j_top", null);
    const p = await member("j_p", top, 0);
    const c = await contract(null, top, daily(100), "2026-03-04T16:00:00Z");
    await round(p, 100_000n, 0n, "2026-03-05T01:00:00Z", "2026-03-05T01:00:01Z");
    // One after the other, as jobs/queue.test.ts does (pg-boss creates its schema on the first).
    await a.jobs.start({ pollingIntervalSeconds: 0.5 });
    await b.jobs.start({ pollingIntervalSeconds: 0.5 });
    try {
      const finals: string[] = [];
      const done = new Promise<void>((resolve) => {
        for (const app of [a, b])
          app.jobs.onRun((e) => {
            // (catch-up at start may run the day before: another period)
            if (e.job !== "agents.settle-daily" || e.periodKey !== "2026-03-06T00:10+08:00") return;
            if (!["succeeded", "skipped", "failed"].includes(e.state)) return;
            finals.push(e.state);
            if (finals.length === 6) resolve();
          });
      });
      // 2026-03-06 00:10 Manila: settles 5 March.
      const at = new Date("2026-03-05T16:10:00Z");
      await Promise.all(
        [a, b].flatMap((app) =>
          [0, 1, 2].map(() => app.jobs.trigger("agents.settle-daily", at, { distinct: true })),
        ),
      );
      await done;
      expect(finals.filter((s) => s === "succeeded")).toHaveLength(1);
      expect(await bills(c)).toEqual([
        {
          period_key: "2026-03-05T00:00+08:00",
          amount: "1000",
          status: "paid",
          valid_bet: "100000",
          attempts: 1,
        },
      ]);
      expect((await ledgerOf(c))[0]?.n).toBe("1");
    } finally {
      // The queues' crons fire on the real clock (agents.rollup every 15 minutes would roll up
      // every day up to today, and other tests back-date their rounds): stop them here.
      await Promise.all([a.jobs.stop(), b.jobs.stop()]);
    }
  }, 120_000);
});
