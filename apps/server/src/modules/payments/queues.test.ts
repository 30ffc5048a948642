import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { ledgerTransactions } from "../../db/schema/ledger.ts";
import { deposits, paymentChannels, withdrawals } from "../../db/schema/payments.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { post, reconcile } from "../ledger/ledger.ts";

/**
 * The back-office queues: search and ages, the payout reference of a paid
 * withdrawal, bulk approval with four eyes above the finance threshold, and each item decided
 * once when operators race. Run with TEST_DATABASE_URL for the race on PostgreSQL.
 */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("queues", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let channelId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const ops = [
      ["fin1", "finance", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["fin2", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
      ["help1", "support", "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U"],
    ] as const;
    for (const [name, role, secret] of ops) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "Queue-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "Queue-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    const [ch] = await t.database.db
      .insert(paymentChannels)
      .values({ code: "bank-q", kind: "bank", name: "Bank", minAmount: 100n, maxAmount: 10_000_000n })
      .returning();
    channelId = ch?.id ?? 0;
  }, 180_000);
  afterAll(async () => t.close());

  const call = (op: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[op] ?? "" },
      ...(payload ? { payload } : {}),
    });

  let memberNo = 0;
  const newMember = async (funds: bigint) => {
    memberNo += 1;
    const r = await t.database.db.execute(
      sql`INSERT INTO members (username) VALUES (${`queue${String(memberNo).padStart(4, "0")}`}) RETURNING id`,
    );
    const id = Number((r as unknown as { rows: Array<{ id: string | number }> }).rows[0]?.id);
    await post(t.database.db, {
      idempotencyKey: `fund:${id}`,
      type: "deposit",
      memberId: id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -funds },
        { account: { member: id, kind: "main", currency: "PHP" }, amount: funds },
      ],
    });
    return id;
  };
  /** A pending withdrawal with its amount held, as requestWithdrawal leaves it. */
  const newWithdrawal = async (memberId: number, amount: bigint, createdAt = new Date()) => {
    const [w] = await t.database.db
      .insert(withdrawals)
      .values({
        memberId,
        requestId: `req-${memberId}-${amount}-${createdAt.getTime()}`,
        amount,
        currency: "PHP",
        payout: {
          kind: "ewallet",
          provider: "GCASH",
          accountName: "Juan Cruz",
          accountNumber: "09171234567",
        },
        status: "pending",
        createdAt,
      })
      .returning();
    if (!w) throw new Error("no withdrawal");
    await post(t.database.db, {
      idempotencyKey: `withdrawal:${w.id}:hold`,
      type: "withdrawal_hold",
      reference: `W${w.id}`,
      memberId,
      legs: [
        { account: { member: memberId, kind: "main", currency: "PHP" }, amount: -amount },
        { account: { member: memberId, kind: "hold", currency: "PHP" }, amount },
      ],
    });
    return w.id;
  };
  const newDeposit = async (memberId: number, amount: bigint) => {
    const [d] = await t.database.db
      .insert(deposits)
      .values({
        memberId,
        channelId,
        requestId: `dep-${memberId}-${amount}-${Math.random()}`,
        amount,
        currency: "PHP",
        status: "pending",
        createdAt: new Date(),
      })
      .returning();
    return d?.id ?? 0;
  };
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

  it("refuses an operator whose role lacks the finance permissions", async () => {
    const m = await newMember(100_000n);
    const w = await newWithdrawal(m, 10_000n);
    expect((await call("help1", "GET", "/api/admin/withdrawals")).statusCode).toBe(403);
    const bulk = await call("help1", "POST", "/api/admin/queues/withdrawals/bulk-approve", {
      items: [{ id: w, payoutReference: "GC-1" + "000" }],
    });
    expect(bulk.statusCode).toBe(403);
    expect((await statusOf(w))?.status).toBe("pending");
  });

  it("requires the payout reference when marking a withdrawal paid, and keeps it everywhere", async () => {
    const m = await newMember(100_000n);
    const w = await newWithdrawal(m, 25_000n);
    const none = await call("fin1", "POST", `/api/admin/withdrawals/${w}/approve`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].path).toBe("payoutReference");
    const bad = await call("fin1", "POST", `/api/admin/withdrawals/${w}/approve`, { payoutReference: "<x>" });
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    const bulkNone = await call("fin1", "POST", "/api/admin/queues/withdrawals/bulk-approve", {
      items: [{ id: w }],
    });
    expect(bulkNone.json().details[0].path).toBe("items.0.payoutReference");
    expect((await statusOf(w))?.status).toBe("pending");

    const paid = await call("fin1", "POST", `/api/admin/withdrawals/${w}/approve`, {
      payoutReference: " GC-7781 0042 ",
    });
    expect(paid.json().value).toMatchObject({ status: "paid", payoutReference: "GC-7781 0042" });
    // Shown to the operator in the queue, to the member's own list, and in the audit log.
    const list = (await call("fin1", "GET", `/api/admin/withdrawals?status=paid&q=W${w}`)).json().value;
    expect(list.items).toHaveLength(1);
    expect(list.items[0].payoutReference).toBe("GC-7781 0042");
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "withdrawal"), eq(auditLog.entityId, String(w))));
    expect(audit?.after).toMatchObject({ status: "paid", payoutReference: "GC-7781 0042" });
    // The member's account record shows it as the paid line's reference.
    const tx = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `withdrawal:${w}:paid`));
    expect(tx[0]?.reference).toBe(`W${w} · GC-7781 0042`);
  });

  it("searches by item, member and name, and tells each item's age", async () => {
    const m = await newMember(100_000n);
    const old = await newWithdrawal(m, 10_000n, new Date(Date.now() - 3 * 3600_000));
    const byName = (
      await call(
        "fin1",
        "GET",
        `/api/admin/withdrawals?status=pending&q=queue${String(memberNo).padStart(4, "0")}`,
      )
    ).json().value;
    expect(byName.items.map((i: { id: number }) => i.id)).toEqual([old]);
    // Three hours, give or take the seconds this test takes.
    expect(byName.items[0].ageSeconds).toBeGreaterThanOrEqual(3 * 3600);
    expect(byName.items[0].ageSeconds).toBeLessThan(3 * 3600 + 600);
    const byMember = (await call("fin1", "GET", `/api/admin/withdrawals?q=${m}`)).json().value;
    expect(byMember.items.map((i: { id: number }) => i.id)).toEqual([old]);
    const dep = await newDeposit(m, 5_000n);
    const deps = (await call("fin1", "GET", `/api/admin/deposits?status=pending&q=D${dep}`)).json().value;
    expect(deps.items.map((i: { id: number }) => i.id)).toEqual([dep]);
    expect(deps.items[0].ageSeconds).toBeLessThan(600);
    const wrongKind = (await call("fin1", "GET", `/api/admin/withdrawals?q=${m}&payoutKind=bank`)).json()
      .value;
    expect(wrongKind.total).toBe(0);
  });

  it("bulk-approves below the threshold at once, skipping an item decided meanwhile", async () => {
    const m = await newMember(1_000_000n);
    const a = await newDeposit(m, 200_000n);
    const b = await newDeposit(m, 300_000n);
    await call("fin2", "POST", `/api/admin/deposits/${b}/reject`, { reason: "no receipt" });
    const res = await call("fin1", "POST", "/api/admin/queues/deposits/bulk-approve", {
      items: [{ id: a }, { id: b }],
    });
    expect(res.json().value).toEqual({
      approved: 1,
      results: [
        { id: a, outcome: "approved" },
        { id: b, outcome: "not_pending" },
      ],
    });
    const w1 = await newWithdrawal(m, 100_000n);
    const w2 = await newWithdrawal(m, 150_000n);
    const paid = await call("fin1", "POST", "/api/admin/queues/withdrawals/bulk-approve", {
      items: [
        { id: w1, payoutReference: "BATCH-1 #1" },
        { id: w2, payoutReference: "BATCH-1 #2" },
      ],
    });
    expect(paid.json().value.approved).toBe(2);
    expect((await statusOf(w2))?.payoutReference).toBe("BATCH-1 #2");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("holds a batch above the threshold for a second operator, who pays each item once", async () => {
    const m = await newMember(5_000_000n);
    // The default threshold is 10,000.00: 6,000 + 5,000 is above it.
    const w1 = await newWithdrawal(m, 600_000n);
    const w2 = await newWithdrawal(m, 500_000n);
    const items = [
      { id: w1, payoutReference: "BIG-1" },
      { id: w2, payoutReference: "BIG-2" },
    ];
    const asked = await call("fin1", "POST", "/api/admin/queues/withdrawals/bulk-approve", { items });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().code).toBe("APPROVAL_PENDING");
    const approvalId = asked.json().approvalId;
    expect((await statusOf(w1))?.status).toBe("pending");
    const queue = (await call("fin2", "GET", "/api/admin/approvals?status=pending")).json().value.items;
    expect(queue.find((r: { id: number }) => r.id === approvalId)?.summary).toMatchObject({
      queue: "withdrawals",
      count: 2,
      total: "11000.00",
    });
    expect((await call("fin1", "POST", `/api/admin/approvals/${approvalId}/approve`)).json().code).toBe(
      "APPROVER_MUST_DIFFER",
    );
    // One item is decided one by one in between: the batch skips it.
    await call("fin2", "POST", `/api/admin/withdrawals/${w2}/reject`, { reason: "name mismatch" });
    const ok = await call("fin2", "POST", `/api/admin/approvals/${approvalId}/approve`);
    expect(ok.json().value.status).toBe("applied");
    expect(await statusOf(w1)).toMatchObject({ status: "paid", payoutReference: "BIG-1" });
    expect((await statusOf(w2))?.status).toBe("rejected");
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "queue"), eq(auditLog.action, "approve")));
    expect(audit?.after).toMatchObject({ result: { approved: 1 } });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("pays once when two operators approve the same withdrawals at the same moment", async () => {
    const rounds = onPostgres ? 20 : 3;
    for (let i = 0; i < rounds; i++) {
      const m = await newMember(1_000_000n);
      const ids = [await newWithdrawal(m, 100_000n), await newWithdrawal(m, 200_000n)];
      const items = ids.map((id) => ({ id, payoutReference: `RACE-${id}` }));
      const [bulk, single, other] = await Promise.all([
        call("fin1", "POST", "/api/admin/queues/withdrawals/bulk-approve", { items }),
        call("fin2", "POST", `/api/admin/withdrawals/${ids[0]}/approve`, {
          payoutReference: `ONE-${ids[0]}`,
        }),
        call("fin2", "POST", "/api/admin/queues/withdrawals/bulk-approve", { items: [...items].reverse() }),
      ]);
      const approved =
        bulk.json().value.approved + (single.json().success ? 1 : 0) + other.json().value.approved;
      expect(approved, `round ${i}`).toBe(2);
      const paidTx = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(
          sql`${ledgerTransactions.idempotencyKey} IN (${sql.join(
            ids.map((id) => sql`${`withdrawal:${id}:paid`}`),
            sql`, `,
          )})`,
        );
      expect(paidTx[0]?.n).toBe(2);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
