import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { paymentChannels } from "../../db/schema/payments.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";
import { manilaDayStart } from "./transfers.ts";

/**
 * Four eyes that cannot be split: the adjustment threshold counts an operator's
 * running total per Manila day and member, atomically; channel changes and raised limits wait for
 * a second operator. Run with TEST_DATABASE_URL for the race on PostgreSQL.
 */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("four eyes", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const ops = [
      ["fin1", "finance", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["fin2", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
      ["own1", "owner", "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U"],
      ["own2", "owner", "GAYTEMZUGU3DOOBZGAYTEMZUGU3DOOBZ"],
    ] as const;
    for (const [name, role, secret] of ops) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "Finance-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "Finance-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
  });
  afterAll(async () => t.close());

  const newMember = async (username: string) => {
    const r = await t.database.db.execute(
      sql`INSERT INTO members (username) VALUES (${username}) RETURNING id`,
    );
    const rows = (r as unknown as { rows: Array<{ id: string | number }> }).rows;
    return Number(rows[0]?.id);
  };
  const call = (op: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[op] ?? "" },
      ...(payload ? { payload } : {}),
    });
  const adjust = (op: string, memberId: number, amount: string) =>
    call(op, "POST", "/api/admin/adjustments", { memberId, amount, reason: "goodwill credit" });

  it("counts the operator's running total for the member on the Manila day, pending ones included", async () => {
    const m1 = await newMember("split01");
    const m2 = await newMember("split02");
    // The default threshold is 10,000.00: 6,000 alone is fine, 6,000 + 4,500 is not.
    expect((await adjust("fin1", m1, "6000.00")).json().value.status).toBe("applied");
    const second = (await adjust("fin1", m1, "4500.00")).json().value;
    expect(second.status).toBe("pending");
    // The pending one counts too, and a debit counts by its size: no way to split under it.
    expect((await adjust("fin1", m1, "-100.00")).json().value.status).toBe("pending");
    // Another member, or another operator, has a total of their own.
    expect((await adjust("fin1", m2, "6000.00")).json().value.status).toBe("applied");
    expect((await adjust("fin2", m1, "6000.00")).json().value.status).toBe("applied");
    // A rejected request no longer counts.
    expect((await call("fin2", "POST", `/api/admin/adjustments/${second.id}/reject`)).statusCode).toBe(200);
    expect((await adjust("fin1", m1, "3000.00")).json().value.status).toBe("applied");
    // Yesterday's adjustments (Manila) do not count today.
    await t.database.db.execute(
      sql`UPDATE adjustments SET created_at = ${new Date(manilaDayStart(new Date()).getTime() - 1000)} WHERE member_id = ${m2}`,
    );
    expect((await adjust("fin1", m2, "9000.00")).json().value.status).toBe("applied");
  });

  it("knows where the Manila day starts", () => {
    expect(manilaDayStart(new Date("2026-03-10T15:59:59Z")).toISOString()).toBe("2026-03-09T16:00:00.000Z");
    expect(manilaDayStart(new Date("2026-03-10T16:00:00Z")).toISOString()).toBe("2026-03-10T16:00:00.000Z");
  });

  it("sums two adjustments sent at the same moment: together over the threshold, one waits", async () => {
    const rounds = onPostgres ? 25 : 3;
    for (let i = 0; i < rounds; i++) {
      const m = await newMember(`race${String(i).padStart(3, "0")}`);
      const both = await Promise.all([adjust("fin1", m, "6000.00"), adjust("fin1", m, "6000.00")]);
      const statuses = both.map((r) => r.json().value.status).sort();
      expect(statuses, `round ${i}`).toEqual(["applied", "pending"]);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  const channel = {
    code: "bpi-fe",
    kind: "bank",
    name: "Bank transfer (BPI)",
    adapter: null,
    minAmount: "100.00",
    maxAmount: "5000.00",
    enabled: true,
    sortOrder: 3,
    details: { bankName: "BPI", accountName: "Panalo Gaming Corp.", accountNumber: "3210987654" },
    secrets: {},
  };
  const channelRow = async () =>
    (await t.database.db.select().from(paymentChannels)).find((c) => c.code === "bpi-fe");
  const pendingId = (res: { statusCode: number; json(): { code: string; approvalId: number } }) => {
    expect(res.statusCode).toBe(202);
    expect(res.json().code).toBe("APPROVAL_PENDING");
    return res.json().approvalId;
  };

  it("creates a payment channel only when a second operator approves, with every step audited", async () => {
    const id = pendingId(await call("fin1", "POST", "/api/admin/payment-channels", channel));
    expect(await channelRow()).toBeUndefined();
    const queue = (await call("fin2", "GET", "/api/admin/approvals?status=pending")).json().value;
    expect(queue.items.map((r: { id: number }) => r.id)).toContain(id);
    // The one who asked cannot approve.
    const self = await call("fin1", "POST", `/api/admin/approvals/${id}/approve`);
    expect(self.json().code).toBe("APPROVER_MUST_DIFFER");
    expect(await channelRow()).toBeUndefined();
    const ok = await call("fin2", "POST", `/api/admin/approvals/${id}/approve`);
    expect(ok.json().value.status).toBe("applied");
    expect((await channelRow())?.enabled).toBe(true);
    expect((await call("fin2", "POST", `/api/admin/approvals/${id}/approve`)).json().code).toBe(
      "APPROVAL_NOT_PENDING",
    );
    const audit = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const actions = audit
      .filter((a) => a.entityType === "payment-channel")
      .map((a) => `${a.operatorName}:${a.action}`);
    expect(actions).toEqual(["fin1:request", "fin2:create", "fin2:approve"]);
  });

  it("holds enabling, new secrets, another bank account and a higher maximum; lets the rest through", async () => {
    const c = await channelRow();
    const put = (op: string, change: Record<string, unknown>, version: number) =>
      call(op, "PUT", `/api/admin/payment-channels/${c?.id}`, { ...channel, ...change, version });
    // Renaming, lowering the maximum and disabling take effect at once.
    const now = await put("fin1", { name: "BPI", maxAmount: "4000.00", enabled: false }, 1);
    expect(now.json().value).toMatchObject({ name: "BPI", maxAmount: "4000.00", enabled: false });
    const base = { name: "BPI", maxAmount: "4000.00", enabled: false };
    for (const change of [
      { enabled: true },
      { maxAmount: "9000.00" },
      { details: { ...channel.details, accountNumber: "9999999999" } },
    ]) {
      pendingId(await put("fin1", { ...base, ...change }, 2));
    }
    expect(await channelRow()).toMatchObject({ enabled: false, maxAmount: 400_000n, version: 2 });
    expect((await channelRow())?.details.accountNumber).toBe("3210987654");
    // The second operator approves enabling it; the other two were made on version 2 and are stale.
    const pending = (await call("fin2", "GET", "/api/admin/approvals?status=pending")).json().value.items;
    const [enable, raise] = pending.filter((r: { entityId: string | null }) => r.entityId === String(c?.id));
    expect(
      (await call("fin2", "POST", `/api/admin/approvals/${enable.id}/approve`)).json().value.status,
    ).toBe("applied");
    expect((await channelRow())?.enabled).toBe(true);
    expect((await call("fin2", "POST", `/api/admin/approvals/${raise.id}/approve`)).json().code).toBe(
      "VERSION_CONFLICT",
    );
    expect((await channelRow())?.maxAmount).toBe(400_000n);
  });

  it("holds a gateway's new secrets for a second operator", async () => {
    const gw = {
      code: "pm-fe",
      kind: "gateway",
      name: "PayMongo",
      adapter: "paymongo",
      minAmount: "100.00",
      maxAmount: "5000.00",
      enabled: false,
      sortOrder: 4,
      details: {},
      secrets: { secretKey: "sk_test_aaaaaaaaaaaaaaaa", webhookSecret: "whsk_aaaaaaaaaaaaaaaa" },
    };
    const created = pendingId(await call("fin1", "POST", "/api/admin/payment-channels", gw));
    await call("fin2", "POST", `/api/admin/approvals/${created}/approve`);
    const row = (await t.database.db.select().from(paymentChannels)).find((c) => c.code === "pm-fe");
    const swap = await call("fin1", "PUT", `/api/admin/payment-channels/${row?.id}`, {
      ...gw,
      secrets: { secretKey: "********", webhookSecret: "whsk_attacker_knows_this" },
      version: 1,
    });
    pendingId(swap);
    const after = (await t.database.db.select().from(paymentChannels)).find((c) => c.code === "pm-fe");
    expect(after?.secrets.webhookSecret).toBe("whsk_aaaaaaaaaaaaaaaa");
    // The queue never shows a secret.
    const queue = JSON.stringify((await call("fin2", "GET", "/api/admin/approvals")).json());
    expect(queue).not.toContain("whsk_");
    expect(queue).not.toContain("sk_test");
  });

  it("holds a higher adjustment threshold for a second operator; a lower one applies at once", async () => {
    const raise = await call("own1", "PUT", "/api/admin/settings/finance", {
      adjustmentApprovalThreshold: "50000.00",
    });
    const id = pendingId(raise);
    expect((await call("own1", "GET", "/api/admin/settings/finance")).json().value).toEqual({
      adjustmentApprovalThreshold: "10000.00",
    });
    // A finance operator may not approve a setting change.
    expect((await call("fin2", "POST", `/api/admin/approvals/${id}/approve`)).json().code).toBe("FORBIDDEN");
    expect((await call("own2", "POST", `/api/admin/approvals/${id}/approve`)).json().value.status).toBe(
      "applied",
    );
    expect((await call("own1", "GET", "/api/admin/settings/finance")).json().value).toEqual({
      adjustmentApprovalThreshold: "50000.00",
    });
    const lower = await call("own1", "PUT", "/api/admin/settings/finance", {
      adjustmentApprovalThreshold: "8000.00",
    });
    expect(lower.statusCode).toBe(200);
  });
});
