import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { settleRun } from "./settlement.ts";

/**
 * The operator moves a member to another upline. Its contracts with the old
 * upline end (upline_changed, an event row each); the bill already paid stays exactly as it was;
 * the next run bills the period the move cut short only up to the move; the contracts the member
 * gave its own downline move with it and stay active. Both databases (TEST_DATABASE_URL).
 */
describe("moving a member ends its contracts with the old upline", () => {
  let t: TestApp;
  let ctx: AppContext;
  let cookie = "";
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  const DAY = 86_400_000;
  const day0 = new Date(Date.now() - 3 * DAY);

  beforeAll(async () => {
    t = await createTestApp();
    ctx = (t.app as unknown as { ctx: AppContext }).ctx;
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "mover1",
      role: "owner",
      password: "Owner-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "mover1",
        password: "Owner-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }, 120_000);
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const member = async (name: string, upline: number | null, isAgent = 1) => {
    const [r] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO members (username, upline_id, is_agent) VALUES (${name}, ${upline}, ${isAgent}) RETURNING id`,
    );
    return Number(r?.id);
  };
  const contract = async (kind: string, upline: number | null, downline: number, status: string) => {
    const active = status === "active";
    const period = kind === "hourly_salary" ? "hourly" : "daily";
    const terms = { kind, period, tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp: 50 }] };
    const [r] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO agent_contracts
        (kind, upline_id, downline_id, funding, period, terms, rate_bp, status, offered_at, accepted_at, settled_until)
      VALUES (${kind}, ${upline}, ${downline}, ${upline === null ? "platform" : "upline"}, ${period},
        ${JSON.stringify(terms)}::jsonb, 50, ${status}, ${day0}, ${active ? day0 : null}, ${active ? day0 : null})
      RETURNING id`,
    );
    return Number(r?.id);
  };
  const contractRow = async (id: number) =>
    (
      await queryRows<{ status: string; end_reason: string | null; ended_at: Date | string | null }>(
        db(),
        sql`SELECT status, end_reason, ended_at FROM agent_contracts WHERE id = ${id}`,
      )
    )[0];
  const move = async (id: number, uplineId: number | null) =>
    (
      await t.app.inject({
        method: "POST",
        url: `/api/admin/agents/${id}/move`,
        headers: { ...H, cookie },
        payload: { uplineId, reason: "customer asked to change agent" },
      })
    ).json();

  it("ends active contracts and withdraws offers with the old upline; paid bills untouched", async () => {
    const oldUp = await member("oldup", null);
    const newUp = await member("newup", null);
    const sub = await member("subag", oldUp);
    const subsub = await member("subsub", sub);
    const other = await member("otherdown", oldUp);
    const daily = await contract("daily_salary", oldUp, sub, "active");
    const offer = await contract("hourly_salary", oldUp, sub, "offered");
    const given = await contract("daily_salary", sub, subsub, "active");
    const sibling = await contract("daily_salary", oldUp, other, "active");
    // Yesterday-but-two was billed and paid before the move.
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO agent_settlement_runs (schedule, period_key, cutoff, status, attempts)
        VALUES ('daily', 'before-move', ${new Date(day0.getTime() + DAY)}, 'done', 1) RETURNING id`,
    );
    const [bill] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO agent_bills (contract_id, period_key, window_start, window_end, run_id, member_id, payer_id,
          kind, currency, valid_bet, net_loss, active_members, rate_bp, amount, status, attempts, paid_by_run, paid_at)
        VALUES (${daily}, 'p1', ${day0}, ${new Date(day0.getTime() + DAY)}, ${run?.id}, ${sub}, ${oldUp},
          'daily_salary', 'PHP', 200000, 0, 1, 50, 1000, 'paid', 1, ${run?.id}, now()) RETURNING id`,
    );
    await db().execute(
      sql`UPDATE agent_contracts SET settled_until = ${new Date(day0.getTime() + DAY)} WHERE id = ${daily}`,
    );
    const billBefore = await queryRows(db(), sql`SELECT * FROM agent_bills WHERE id = ${bill?.id}`);

    const res = await move(sub, newUp);
    expect(res.success, JSON.stringify(res)).toBe(true);
    expect(res.value.endedContracts).toEqual([daily, offer]);

    expect(await contractRow(daily)).toMatchObject({ status: "ended", end_reason: "upline_changed" });
    expect(await contractRow(offer)).toMatchObject({ status: "withdrawn", end_reason: "upline_changed" });
    // What the member gave its own downline moved with it; a sibling's contract is not its business.
    expect(await contractRow(given)).toMatchObject({ status: "active", end_reason: null });
    expect(await contractRow(sibling)).toMatchObject({ status: "active", end_reason: null });
    const events = await queryRows<{
      contract_id: string;
      action: string;
      operator_id: string | null;
      detail: unknown;
    }>(
      db(),
      sql`SELECT contract_id, action, operator_id, detail FROM agent_contract_events
        WHERE contract_id IN (${daily}, ${offer}) ORDER BY id`,
    );
    expect(events.map((e) => [Number(e.contract_id), e.action])).toEqual([
      [daily, "end"],
      [offer, "withdraw"],
    ]);
    expect(events[0]?.operator_id).not.toBeNull();
    expect(events[0]?.detail).toEqual({ reason: "upline_changed", from: oldUp });
    const audit = await queryRows<{ after: { endedContracts: number[] } }>(
      db(),
      sql`SELECT after FROM audit_log WHERE action = 'move' AND entity_id = ${String(sub)}`,
    );
    expect(audit[0]?.after.endedContracts).toEqual([daily, offer]);

    // The next run bills what is left of the contract only up to the move, and never rewrites
    // the paid bill.
    await settleRun(ctx, "daily", "after-move", new Date());
    expect(await queryRows(db(), sql`SELECT * FROM agent_bills WHERE id = ${bill?.id}`)).toEqual(billBefore);
    const bills = await queryRows<{ window_start: Date | string; window_end: Date | string }>(
      db(),
      sql`SELECT window_start, window_end FROM agent_bills WHERE contract_id = ${daily} ORDER BY window_start`,
    );
    const ended = await contractRow(daily);
    expect(new Date(bills[0]?.window_end ?? 0).getTime()).toBe(day0.getTime() + DAY);
    expect(new Date(bills.at(-1)?.window_end ?? 0).getTime()).toBe(new Date(ended?.ended_at ?? 0).getTime());
    for (let i = 1; i < bills.length; i++) {
      expect(new Date(bills[i]?.window_start ?? 0).getTime()).toBe(
        new Date(bills[i - 1]?.window_end ?? 0).getTime(),
      );
    }
    // Moving it again under the same upline ends nothing more.
    const again = await move(sub, newUp);
    expect(again.value.endedContracts).toEqual([]);
  });

  it("a top agent moved under an agent loses its platform-paid contract", async () => {
    const top = await member("topmoved", null);
    const host = await member("hostag", null);
    const platform = await contract("daily_salary", null, top, "active");
    const res = await move(top, host);
    expect(res.value.endedContracts).toEqual([platform]);
    expect(await contractRow(platform)).toMatchObject({ status: "ended", end_reason: "upline_changed" });
  });
});
