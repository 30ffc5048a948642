import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { settleRun } from "./settlement.ts";

/** The contract calls over HTTP: the agent's pages and actions, "my income", the back office. */
describe("agent contract calls", () => {
  let t: TestApp;
  const p: Record<string, { token: string; id: number }> = {};
  let cookie = "";
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

  beforeAll(async () => {
    t = await createTestApp();
    for (const [i, username] of ["TopAg1", "DownAg1", "Player1"].entries()) {
      const v = (
        await t.app.inject({
          method: "PUT",
          url: "/wps/member/register",
          payload: {
            username,
            password: "secret123",
            confirmPassword: "secret123",
            ageConfirmed: true,
            agree: true,
            humanCheck: await solvedHumanCheck(t.app),
          },
          remoteAddress: `10.7.0.${i + 1}`,
        })
      ).json().value;
      p[username] = { token: v.token, id: v.customerId };
    }
    const db = t.database.db;
    await db.execute(sql`UPDATE members SET is_agent = 1 WHERE id IN (${p.TopAg1?.id}, ${p.DownAg1?.id})`);
    await db.execute(sql`UPDATE members SET upline_id = ${p.TopAg1?.id} WHERE id = ${p.DownAg1?.id}`);
    await db.execute(sql`UPDATE members SET upline_id = ${p.DownAg1?.id} WHERE id = ${p.Player1?.id}`);
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(db, {
      username: "fin1",
      role: "finance",
      password: "Finance-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "fin1",
        password: "Finance-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    // Three registrations (argon2id, proofs of work) and an operator: slow on a busy machine.
  }, 180_000);
  afterAll(async () => t.close());

  const as = (u: string) => ({ authorization: `Bearer ${p[u]?.token}`, "x-lang": "EN" });
  const call = async (u: string, method: "GET" | "POST", url: string, payload?: object) =>
    (
      await t.app.inject({ method, url, headers: as(u), ...(payload === undefined ? {} : { payload }) })
    ).json();
  const admin = async (method: "GET" | "POST", url: string, payload?: object) =>
    (
      await t.app.inject({
        method,
        url,
        headers: { ...H, cookie },
        ...(payload === undefined ? {} : { payload }),
      })
    ).json();
  const daily = (rate: number) => ({
    kind: "daily_salary",
    period: "daily",
    tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp: rate }],
  });

  it("offers, accepts and settles a daily salary; the agent sees it in my income", {
    timeout: 120_000,
  }, async () => {
    // A member who is not an agent has no contract pages.
    expect((await call("Player1", "GET", "/wps/relay/MCS2_processDailySalContract")).code).toBe(
      "NOT_AN_AGENT",
    );
    // The operator offers the top agent a platform-paid contract; the top agent accepts it.
    const offered = await admin("POST", "/api/admin/agent-contracts/offer", {
      downlineId: p.TopAg1?.id,
      funding: "platform",
      terms: daily(100),
    });
    expect(offered.value).toMatchObject({ status: "offered", funding: "platform", rateBp: 100 });
    const topPage = await call("TopAg1", "GET", "/wps/relay/MCS2_processDailySalContract");
    expect(topPage.value.mine[0]).toMatchObject({ id: offered.value.id, status: "offered" });
    expect(topPage.value.downlines).toEqual([{ id: p.DownAg1?.id, username: "downag1", isAgent: 1 }]);
    expect(
      (await call("TopAg1", "POST", "/wps/agent/contract/accept", { contractId: offered.value.id })).success,
    ).toBe(true);
    // AGENTPOLICY3's consolidated contract info: the daily-salary page only.
    expect((await call("TopAg1", "GET", "/wps/agent/contract/consolidated")).value).toEqual({
      dailysalreqtype: 1,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    // Above its own rate: refused; within it: offered to the direct downline, who accepts.
    const tooHigh = await call("TopAg1", "POST", "/wps/agent/contract/offer", {
      downlineId: p.DownAg1?.id,
      terms: daily(150),
    });
    expect(tooHigh.code).toBe("CONTRACT_RATE_ABOVE_UPLINE");
    const bad = await call("TopAg1", "POST", "/wps/agent/contract/offer", {
      downlineId: p.DownAg1?.id,
      terms: { ...daily(50), tiers: [{ minActiveMembers: 0, minValidBet: "1,000", rateBp: 50 }] },
    });
    expect(bad.code).toBe("VALIDATION_ERROR");
    const offer = await call("TopAg1", "POST", "/wps/agent/contract/offer", {
      downlineId: p.DownAg1?.id,
      terms: daily(50),
    });
    expect(offer.value).toMatchObject({ status: "offered", funding: "upline", uplineName: "topag1" });
    expect(
      (await call("DownAg1", "POST", "/wps/agent/contract/accept", { contractId: offer.value.id })).value
        .contract.status,
    ).toBe("active");
    const history = await call("TopAg1", "POST", "/wps/agent/contract/history", {
      contractId: offer.value.id,
    });
    expect(history.value.events.map((e: { action: string }) => e.action)).toEqual(["offer", "accept"]);
    // Team management's contract column: the live contract each member holds, nothing for others.
    const team = await call("TopAg1", "GET", "/wps/agent/team/members?page=1&pageSize=20");
    const column = Object.fromEntries(
      team.value.items.map((m: { username: string; contract: string | null }) => [m.username, m.contract]),
    );
    expect(column).toEqual({ downag1: "daily_salary 0.50%", player1: null });
    expect(
      (await call("Player1", "POST", "/wps/agent/contract/history", { contractId: offer.value.id })).code,
    ).toBe("NOT_AN_AGENT");

    // A day of play, then the run (as the job would): 1,000.00 of valid bets under DownAg1.
    const db = t.database.db;
    await db.execute(
      sql`UPDATE agent_contracts SET accepted_at = '2026-03-01T16:00:00Z', settled_until = '2026-03-01T16:00:00Z'`,
    );
    await db.execute(sql`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint, created_at)
      VALUES ('PNS', 'h1b', 'bet', 'h1', ${p.Player1?.id}, 100000, 'x', '2026-03-02T02:00:00Z'),
             ('PNS', 'h1w', 'win', 'h1', ${p.Player1?.id}, 0, 'x', '2026-03-02T02:00:01Z')`);
    // The platform's house pays top 10.00; top pays down 5.00 (it holds the 10.00 first).
    const run = await settleRun(
      (t.app as unknown as { ctx: AppContext }).ctx,
      "daily",
      "2026-03-03T00:10+08:00",
      new Date("2026-03-02T16:08:00Z"),
    );
    expect(run).toMatchObject({ paid: 2, paidMinor: "1500", insufficient: 0 });
    const income = await call("DownAg1", "POST", "/wps/agent/income", {});
    expect(income.value).toMatchObject({ total: 1, paidTotal: "5.00" });
    expect(income.value.items[0]).toMatchObject({
      kind: "daily_salary",
      amount: "5.00",
      validBet: "1000.00",
      status: "paid",
      rateBp: 50,
    });
    // The account record names the movement "salary".
    const records = await call("DownAg1", "POST", "/wps/relay/ODSFE2_MemTransDet", {
      startDate: new Date().toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      types: ["salary"],
    });
    expect(records.value.items[0]).toMatchObject({ type: "salary", amount: "5.00" });

    // Back office: the run, its bills, the report, hold and re-run.
    const runs = await admin("GET", "/api/admin/agent-settlement/runs");
    expect(runs.value.items[0]).toMatchObject({
      id: run.runId,
      status: "done",
      paid: 2,
      paidAmount: "15.00",
    });
    const bills = await admin("GET", `/api/admin/agent-settlement/bills?runId=${run.runId}`);
    expect(bills.value.items.map((b: { amount: string }) => b.amount).sort()).toEqual(["10.00", "5.00"]);
    // Per month: the same bills in one row per kind and funding, labelled with the month.
    const monthly = await admin(
      "GET",
      "/api/admin/agent-settlement/report?from=2026-03-01&to=2026-03-03&group=month",
    );
    expect(
      monthly.value.items.map((r: { day: string; paidAmount: string }) => [r.day, r.paidAmount]),
    ).toEqual([
      ["2026-03", "10.00"],
      ["2026-03", "5.00"],
    ]);
    const weekly = await admin(
      "GET",
      "/api/admin/agent-settlement/report?from=2026-03-01&to=2026-03-03&group=week",
    );
    // 2026-03-02 is a Monday: its week starts that day.
    expect(weekly.value.items.map((r: { day: string }) => r.day)).toEqual(["2026-03-02", "2026-03-02"]);
    const report = await admin("GET", "/api/admin/agent-settlement/report?from=2026-03-01&to=2026-03-03");
    expect(report.value.items).toEqual([
      expect.objectContaining({
        day: "2026-03-02",
        kind: "daily_salary",
        funding: "platform",
        paidAmount: "10.00",
      }),
      expect.objectContaining({
        day: "2026-03-02",
        kind: "daily_salary",
        funding: "upline",
        paidAmount: "5.00",
      }),
    ]);
    expect((await admin("POST", `/api/admin/agent-settlement/runs/${run.runId}/hold`)).value).toEqual({
      held: true,
    });
    expect((await admin("POST", `/api/admin/agent-settlement/runs/${run.runId}/rerun`)).value).toMatchObject({
      held: true,
      paid: 0,
    });
    await admin("POST", `/api/admin/agent-settlement/runs/${run.runId}/release`);
    expect((await admin("POST", `/api/admin/agent-settlement/runs/${run.runId}/rerun`)).value).toMatchObject({
      held: false,
      paid: 0,
    });
    const [n] = await queryRows<{ n: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n FROM ledger_transactions WHERE type = 'salary'`,
    );
    expect(n?.n).toBe("2");
    const audit = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity_type IN ('agent_contract', 'agent_settlement_run') ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["offer", "hold", "rerun", "release", "rerun"]);
    // The downline terminates; the other pages answer over POST as spec §7 says.
    expect(
      (await call("DownAg1", "POST", "/wps/agent/contract/terminate", { contractId: offer.value.id })).value
        .status,
    ).toBe("terminated");
    expect(
      (await call("DownAg1", "POST", "/wps/relay/MCSFE_processRealTimeSalaryContract", {})).value,
    ).toMatchObject({
      kind: "realtime_salary",
      mine: [],
    });
  });
});
