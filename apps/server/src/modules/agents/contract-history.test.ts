import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { offerContract } from "./contracts.ts";

/**
 * Contracts keep their history (spec §4): an ended contract stays on both parties' pages with
 * its end and reason, and its page stays; before a lower rate is accepted, the downline and the
 * upline read the contracts it will end; "my income" per period nets what was paid downlines.
 */
describe("contract history, what an acceptance ends, income per period", () => {
  let t: TestApp;
  let ctx: AppContext;
  const p: Record<string, { token: string; id: number }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ctx = (t.app as unknown as { ctx: AppContext }).ctx;
    for (const [i, username] of ["HistTop", "HistMid", "HistLow"].entries()) {
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
          remoteAddress: `10.8.0.${i + 1}`,
        })
      ).json().value;
      p[username] = { token: v.token, id: v.customerId };
    }
    const db = t.database.db;
    await db.execute(
      sql`UPDATE members SET is_agent = 1 WHERE id IN (${p.HistTop?.id}, ${p.HistMid?.id}, ${p.HistLow?.id})`,
    );
    await db.execute(sql`UPDATE members SET upline_id = ${p.HistTop?.id} WHERE id = ${p.HistMid?.id}`);
    await db.execute(sql`UPDATE members SET upline_id = ${p.HistMid?.id} WHERE id = ${p.HistLow?.id}`);
  }, 180_000);
  afterAll(async () => t.close());

  const call = async (u: string, url: string, payload: object = {}) =>
    (
      await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${p[u]?.token}`, "x-lang": "EN" },
        payload,
      })
    ).json();
  const daily = (rate: number) => ({
    kind: "daily_salary" as const,
    period: "daily" as const,
    tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp: rate }],
  });
  const accept = async (u: string, contractId: number) =>
    (await call(u, "/wps/agent/contract/accept", { contractId })).value;
  const page = async (u: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/wps/relay/MCS2_processDailySalContract",
        headers: { authorization: `Bearer ${p[u]?.token}` },
      })
    ).json().value;

  it("lists what a lower rate will end, ends it, and keeps it listed with its end", async () => {
    const top = await offerContract(ctx, {
      uplineId: null,
      downlineId: p.HistTop?.id ?? 0,
      terms: daily(200),
      funding: "platform",
      operatorId: 1,
    });
    await accept("HistTop", top.id);
    const mid = (
      await call("HistTop", "/wps/agent/contract/offer", { downlineId: p.HistMid?.id, terms: daily(150) })
    ).value;
    await accept("HistMid", mid.id);
    const low = (
      await call("HistMid", "/wps/agent/contract/offer", { downlineId: p.HistLow?.id, terms: daily(120) })
    ).value;
    await accept("HistLow", low.id);

    // An offer at the same rate ends nothing below; a lower one (1.00 %) would end low's 1.20 %.
    const lower = (
      await call("HistTop", "/wps/agent/contract/offer", { downlineId: p.HistMid?.id, terms: daily(100) })
    ).value;
    const seenByDownline = await call("HistMid", "/wps/agent/contract/impact", { contractId: lower.id });
    expect(
      seenByDownline.value.ends.map((c: { id: number; downlineName: string; rateBp: number }) => [
        c.id,
        c.downlineName,
        c.rateBp,
      ]),
    ).toEqual([[low.id, "histlow", 120]]);
    // The upline that offered it reads the same list; a member of neither side may not.
    expect((await call("HistTop", "/wps/agent/contract/impact", { contractId: lower.id })).value).toEqual(
      seenByDownline.value,
    );
    expect((await call("HistLow", "/wps/agent/contract/impact", { contractId: lower.id })).code).toBe(
      "CONTRACT_NOT_FOUND",
    );

    const accepted = await accept("HistMid", lower.id);
    expect(accepted.ended).toEqual([low.id]);
    // Accepted: the offer ends nothing more.
    expect(
      (await call("HistMid", "/wps/agent/contract/impact", { contractId: lower.id })).value.ends,
    ).toEqual([]);

    // The downline keeps its page and reads its ended contract with the date and the reason.
    const consolidated = await t.app.inject({
      method: "GET",
      url: "/wps/agent/contract/consolidated",
      headers: { authorization: `Bearer ${p.HistLow?.token}` },
    });
    expect(consolidated.json().value.dailysalreqtype).toBe(1);
    const lowPage = await page("HistLow");
    expect(lowPage.mine).toEqual([
      expect.objectContaining({
        id: low.id,
        status: "ended",
        endReason: "upline_rate_lowered",
        endedAt: expect.any(String),
      }),
    ]);
    // The upline lists it among the contracts it gave, after the live ones.
    const midPage = await page("HistMid");
    expect(
      midPage.given.map((c: { id: number; status: string; endReason: string | null }) => [
        c.id,
        c.status,
        c.endReason,
      ]),
    ).toEqual([[low.id, "ended", "upline_rate_lowered"]]);
    const topPage = await page("HistTop");
    expect(
      topPage.given.map((c: { id: number; status: string; endReason: string | null }) => [
        c.id,
        c.status,
        c.endReason,
      ]),
    ).toEqual([
      [lower.id, "active", null],
      [mid.id, "ended", "replaced"],
    ]);
  });

  it("nets my income per period: earned, paid to each downline by name, net", async () => {
    const db = t.database.db;
    const [run] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO agent_settlement_runs (schedule, period_key, cutoff, status)
        VALUES ('daily', 'hist-test', '2026-03-04T16:00:00Z', 'done') RETURNING id`,
    );
    const ids = await queryRows<{ id: string; downline_id: string }>(
      db,
      sql`SELECT id, downline_id FROM agent_contracts WHERE status = 'active' ORDER BY id`,
    );
    const contractOf = new Map(ids.map((r) => [Number(r.downline_id), Number(r.id)]));
    const bill = (
      member: string,
      payer: string | null,
      day: string,
      amount: number,
      status: "paid" | "insufficient",
    ) => sql`(${contractOf.get(p[member]?.id ?? 0)}, ${`${member}-${day}-${amount}`}, ${`${day}T00:00:00+08:00`},
      (${`${day}T00:00:00+08:00`}::timestamptz + interval '1 day'), ${run?.id}, ${p[member]?.id},
      ${payer === null ? null : p[payer]?.id}, 'daily_salary', 'PHP', 0, 0, 0, 100, ${amount}, ${status},
      ${status === "paid" ? sql`now()` : null})`;
    await db.execute(sql`INSERT INTO agent_bills (contract_id, period_key, window_start, window_end, run_id, member_id,
        payer_id, kind, currency, valid_bet, net_loss, active_members, rate_bp, amount, status, paid_at)
      VALUES ${sql.join(
        [
          bill("HistTop", null, "2026-03-02", 1000, "paid"),
          bill("HistMid", "HistTop", "2026-03-02", 400, "paid"),
          bill("HistTop", null, "2026-03-03", 2000, "paid"),
          bill("HistMid", "HistTop", "2026-03-03", 750, "paid"),
          // Not paid yet (the upline was short): neither earned nor paid out.
          bill("HistMid", "HistTop", "2026-03-01", 999, "insufficient"),
        ],
        sql`, `,
      )}`);
    const daily = await call("HistTop", "/wps/agent/income/summary", {
      from: "2026-03-01",
      to: "2026-03-04",
    });
    expect(daily.value).toEqual({
      group: "day",
      from: "2026-03-01",
      to: "2026-03-04",
      periods: [
        {
          period: "2026-03-02",
          gross: "10.00",
          paidOut: "4.00",
          net: "6.00",
          downlines: [{ id: p.HistMid?.id, username: "histmid", amount: "4.00" }],
        },
        {
          period: "2026-03-03",
          gross: "20.00",
          paidOut: "7.50",
          net: "12.50",
          downlines: [{ id: p.HistMid?.id, username: "histmid", amount: "7.50" }],
        },
      ],
      totals: { gross: "30.00", paidOut: "11.50", net: "18.50" },
    });
    const monthly = await call("HistTop", "/wps/agent/income/summary", {
      from: "2026-03-01",
      to: "2026-03-31",
      group: "month",
    });
    expect(monthly.value.periods).toEqual([
      {
        period: "2026-03",
        gross: "30.00",
        paidOut: "11.50",
        net: "18.50",
        downlines: [{ id: p.HistMid?.id, username: "histmid", amount: "11.50" }],
      },
    ]);
    // The downline's own income: earned 11.50, paid nobody.
    expect(
      (await call("HistMid", "/wps/agent/income/summary", { from: "2026-03-01", to: "2026-03-04" })).value
        .totals,
    ).toEqual({
      gross: "11.50",
      paidOut: "0.00",
      net: "11.50",
    });
    expect(
      (await call("HistTop", "/wps/agent/income/summary", { from: "2026-03-04", to: "2026-03-01" })).code,
    ).toBe("VALIDATION_ERROR");
  });
});
