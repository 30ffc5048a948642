import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

/** The back office's player page: notes, identity and limits, latest rounds. */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("player view", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let memberId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const ops = [
      ["help1", "support", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["fin1", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
      ["aud1", "auditor", "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U"],
    ] as const;
    for (const [name, role, secret] of ops) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "View-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "View-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    const r = await t.database.db.execute(
      sql`INSERT INTO members (username, real_name, mobile) VALUES ('viewme01', 'Ana Reyes', '09170000001') RETURNING id`,
    );
    memberId = Number((r as unknown as { rows: Array<{ id: string | number }> }).rows[0]?.id);
  }, 180_000);
  afterAll(async () => t.close());

  const call = (op: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[op] ?? "" },
      ...(payload ? { payload } : {}),
    });

  it("adds and lists operators' notes, newest first, each in the audit log", async () => {
    const first = await call("help1", "POST", `/api/admin/players/${memberId}/notes`, {
      body: "  Called about a late payout.  ",
    });
    expect(first.json().value).toMatchObject({ body: "Called about a late payout.", operatorName: "help1" });
    await call("help1", "POST", `/api/admin/players/${memberId}/notes`, {
      body: "Sent the bank's reference.",
    });
    const list = (await call("aud1", "GET", `/api/admin/players/${memberId}/notes`)).json().value.items;
    expect(list.map((n: { body: string }) => n.body)).toEqual([
      "Sent the bank's reference.",
      "Called about a late payout.",
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "player"), eq(auditLog.action, "note")));
    expect(audit.map((a) => (a.after as { body: string }).body)).toContain("Called about a late payout.");
  });

  it("refuses a note from a role that may not change players, and an empty one", async () => {
    for (const op of ["fin1", "aud1"]) {
      const res = await call(op, "POST", `/api/admin/players/${memberId}/notes`, { body: "not allowed" });
      expect(res.statusCode, op).toBe(403);
    }
    expect(
      (await call("help1", "POST", `/api/admin/players/${memberId}/notes`, { body: "  " })).statusCode,
    ).toBe(400);
    expect((await call("help1", "POST", "/api/admin/players/999999/notes", { body: "x" })).statusCode).toBe(
      404,
    );
  });

  it("shows identity and limits to player support, and rounds only to finance", async () => {
    const profile = (await call("help1", "GET", `/api/admin/players/${memberId}/profile`)).json().value;
    expect(profile).toMatchObject({
      kyc: { realName: "Ana Reyes", realNameVerified: false, mobile: "09170000001", payoutAccounts: 0 },
      limits: {
        withdrawalMin: "100.00",
        withdrawalMax: "50000.00",
        txPasswordSet: false,
        loginLockedUntil: null,
      },
      upline: null,
    });
    expect((await call("help1", "GET", `/api/admin/players/${memberId}/rounds`)).statusCode).toBe(403);
    const rounds = (await call("fin1", "GET", `/api/admin/players/${memberId}/rounds`)).json().value;
    expect(rounds).toMatchObject({ items: [], total: 0 });
  });
});
