import { manilaToday } from "@panalo/contracts/manila-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../lib/audit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "./operators.ts";
import { totpAt } from "./totp.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const PASSWORD = "Operator-pass-2026";
const OPS = {
  owner: { username: "al_owner", role: "owner", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
  cash: { username: "al_cash", role: "content", totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" },
} as const;

/** The audit log's server-side filters: operator, entity (type and id), Manila days; pages. */
describe("the audit log list", () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
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
    const entities = ["adjustment", "deposit", "withdrawal", "payment-channel", "agent_contract", "kyc_case"];
    for (let i = 0; i < 12; i++) {
      await recordAudit(t.database.db, {
        operatorId: 1,
        operatorName: i % 3 === 0 ? "ana" : "ben",
        action: "update",
        entityType: entities[i % entities.length] as string,
        entityId: String(100 + i),
        before: null,
        after: { i },
        ip: "127.0.0.1",
      });
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: keyof typeof OPS, url: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookie[who] } });

  it("filters by operator, entity type and id, and Manila day, newest first, paged", async () => {
    const ana = (await get("owner", "/api/admin/audit?operator=ana&pageSize=2")).json().value;
    expect(ana.total).toBe(4);
    expect(ana.items.map((r: { entityId: string }) => r.entityId)).toEqual(["109", "106"]);
    const oldest = (
      await get("owner", "/api/admin/audit?operator=ana&direction=asc&pageSize=2&page=2")
    ).json().value;
    expect(oldest.items.map((r: { entityId: string }) => r.entityId)).toEqual(["106", "109"]);
    for (const entity of [
      "adjustment",
      "deposit",
      "withdrawal",
      "payment-channel",
      "agent_contract",
      "kyc_case",
    ]) {
      const page = (await get("owner", `/api/admin/audit?entityType=${entity}`)).json().value;
      expect(page.total, entity).toBe(2);
    }
    const one = (await get("owner", "/api/admin/audit?entityType=deposit&entityId=107")).json().value;
    expect(one.items.map((r: { operator: string }) => r.operator)).toEqual(["ben"]);
    const today = manilaToday();
    const todays = (await get("owner", `/api/admin/audit?from=${today}&to=${today}&operator=ben`)).json()
      .value;
    expect(todays.total).toBe(8);
    const yesterday = manilaToday(-1);
    const none = (await get("owner", `/api/admin/audit?from=${yesterday}&to=${yesterday}`)).json().value;
    expect(none.total).toBe(0);
  });

  it("answers 403 without audit.read and VALIDATION_ERROR to bad input", async () => {
    expect((await get("cash", "/api/admin/audit?operator=ana")).statusCode).toBe(403);
    for (const bad of [
      "from=yesterday",
      "sort=ip",
      "pageSize=201",
      "direction=up",
      `operator=${"x".repeat(61)}`,
    ]) {
      const res = await get("owner", `/api/admin/audit?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe("VALIDATION_ERROR");
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        bad,
      ).toContain(bad.split("=")[0]);
    }
  });
});
