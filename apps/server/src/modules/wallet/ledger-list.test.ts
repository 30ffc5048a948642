import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const PASSWORD = "Operator-pass-2026";
const OPS = {
  cash: { username: "ll_cash", role: "finance", totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" },
  writer: { username: "ll_writer", role: "content", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
} as const;

/** The back office's list of every ledger movement: date range, type, order, pages, CSV. */
describe("the ledger list", () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  let member = 0;
  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, op] of Object.entries(OPS)) {
      await createOperator(t.database.db, { ...op, password: PASSWORD });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: op.username,
          password: PASSWORD,
          totp: totpAt(op.totpSecret, Math.floor(Date.now() / 30000)),
        },
      });
      cookie[key] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    member = (await registerMember(t.app, "ledgerlist")).id;
    // Ten deposits on 2030-05-01 … 2030-05-10 (Manila noon), and five bonuses on 2030-05-03,
    // amounts 1.00 … 10.00 and 0.50 … 2.50; one reference that a spreadsheet would run.
    // Movements at set times are written as the ledger would (it refuses a later change of
    // created_at): one transaction with its two legs.
    const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
    const account = async (kind: string, owner: number | null) =>
      (
        await q<{ id: string }>(
          owner === null
            ? sql`INSERT INTO ledger_accounts (kind, currency) VALUES (${kind}, 'PHP')
                ON CONFLICT (kind, currency) WHERE member_id IS NULL DO UPDATE SET kind = EXCLUDED.kind RETURNING id`
            : sql`INSERT INTO ledger_accounts (member_id, kind, currency, balance) VALUES (${owner}, ${kind}, 'PHP', 0)
                ON CONFLICT (member_id, kind, currency) WHERE member_id IS NOT NULL DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
        )
      )[0]?.id;
    const move = async (key: string, type: string, amount: bigint, at: string, reference: string) => {
      const from = await account(type === "deposit" ? "house:cash" : "house:promotions", null);
      const to = await account(type === "deposit" ? "main" : "bonus", member);
      const [tx] = await q<{
        id: string;
      }>(sql`INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint, created_at)
        VALUES (${key}, ${type}, ${reference}, ${member}, 'f', ${at}::timestamptz) RETURNING id`);
      await q(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at) VALUES
        (${tx?.id}, ${to}, ${amount}, ${at}::timestamptz), (${tx?.id}, ${from}, ${-amount}, ${at}::timestamptz)`);
    };
    for (let d = 1; d <= 10; d++) {
      const day = String(d).padStart(2, "0");
      await move(
        `ll-dep-${d}`,
        "deposit",
        BigInt(d * 100),
        `2030-05-${day}T04:00:00Z`,
        d === 2 ? "=HYPERLINK(1)" : `D${d}`,
      );
    }
    for (let i = 1; i <= 5; i++)
      await move(`ll-bon-${i}`, "bonus", BigInt(i * 50), `2030-05-03T0${i}:00:00Z`, `B${i}`);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: keyof typeof OPS, url: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookie[who] } });

  it("filters by Manila days and type, sorts and pages on the server", async () => {
    const range = (
      await get("cash", "/api/admin/ledger/transactions?from=2030-05-02&to=2030-05-04&pageSize=4")
    ).json().value;
    // May 2, 3 and 4 (deposits) and the five bonuses of May 3.
    expect(range.total).toBe(8);
    expect(range.items).toHaveLength(4);
    expect(range.items[0]).toMatchObject({
      type: "deposit",
      amount: "4.00",
      member: "ledgerlist",
      memberId: member,
    });
    const deposits = (
      await get(
        "cash",
        "/api/admin/ledger/transactions?from=2030-05-02&to=2030-05-04&type=deposit&sort=createdAt&direction=asc",
      )
    ).json().value;
    expect(deposits.items.map((r: { amount: string }) => r.amount)).toEqual(["2.00", "3.00", "4.00"]);
    const page2 = (
      await get("cash", "/api/admin/ledger/transactions?from=2030-05-02&to=2030-05-04&pageSize=4&page=2")
    ).json().value;
    const seen = new Set([...range.items, ...page2.items].map((r: { id: number }) => r.id));
    expect(seen.size).toBe(8);
    const byType = (
      await get(
        "cash",
        "/api/admin/ledger/transactions?from=2030-05-03&to=2030-05-03&sort=type&direction=asc",
      )
    ).json().value;
    expect(byType.items.map((r: { type: string }) => r.type)).toEqual([
      "bonus",
      "bonus",
      "bonus",
      "bonus",
      "bonus",
      "deposit",
    ]);
  });

  it("exports every matching row as CSV with a BOM, pesos with two decimals and Manila times", async () => {
    const res = await get(
      "cash",
      "/api/admin/ledger/transactions/export?from=2030-05-01&to=2030-05-10&type=deposit&pageSize=2&page=3",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,time (PHT),type,member id,member,amount (PHP),reference");
    // Every row of the filter (not the page asked for), newest first as the list shows them.
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^\d+,2030-05-10 12:00:00 PHT,deposit,\d+,ledgerlist,10\.00,D10$/);
    expect(lines[9]).toContain(",2.00,'=HYPERLINK(1)");
  });

  it("answers 403 without finance.read and VALIDATION_ERROR to bad input", async () => {
    expect((await get("writer", "/api/admin/ledger/transactions")).statusCode).toBe(403);
    expect((await get("writer", "/api/admin/ledger/transactions/export")).statusCode).toBe(403);
    for (const bad of ["from=2030-5-1", "type=DROP TABLE", "sort=amount", "pageSize=500", "member=abc"]) {
      const res = await get("cash", `/api/admin/ledger/transactions?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe("VALIDATION_ERROR");
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        bad,
      ).toContain(bad.split("=")[0]);
    }
  });
});
