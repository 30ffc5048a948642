import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { readDb, replicaLagSeconds } from "../../lib/read-db.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

/**
 * DATABASE_URL_READ: the reads that may lag (dashboard, reports, exports, team figures) go to a
 * pool of their own. Here it names the test's own database (on PostgreSQL; PGlite has no second
 * pool), so every figure is what the primary says and the lag is null (a primary, not a replica).
 */
describe("the read pool", () => {
  let t: TestApp;
  let cookie = "";
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { ...H, cookie } });

  beforeAll(async () => {
    t = await createTestApp({}, { readPool: true });
    await createOperator(t.database.db, {
      username: "fin1",
      role: "finance",
      password: "Reports-pass-2026",
      totpSecret: SECRET,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "fin1",
        password: "Reports-pass-2026",
        totp: totpAt(SECRET, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  });
  afterAll(async () => t.close());

  it("is a pool of its own on PostgreSQL and none on PGlite", async () => {
    const ctx = t.app.ctx;
    if (t.database.kind === "postgres") {
      expect(ctx.reads).toBeDefined();
      expect(readDb(ctx)).not.toBe(ctx.db);
    } else {
      expect(ctx.reads).toBeUndefined();
      expect(readDb(ctx)).toBe(ctx.db);
    }
    // The test's database is a primary: no lag to show.
    expect(await replicaLagSeconds(ctx)).toBeNull();
  });

  it("serves the dashboard, the reports and their export, with the lag field", async () => {
    // Written on the primary, read through the read pool (the same database here).
    await t.database.db.execute(sql`INSERT INTO members (username, currency) VALUES ('readpool1', 'PHP')`);
    const dash = await get("/api/admin/reports/dashboard?from=2026-03-08&to=2026-03-10");
    expect(dash.statusCode).toBe(200);
    expect(dash.json().value).toHaveProperty("replicaLagSeconds", null);
    const games = await get("/api/admin/reports/games?from=2026-03-08&to=2026-03-10&groupBy=day");
    expect(games.statusCode).toBe(200);
    expect(games.json().value).toHaveProperty("replicaLagSeconds", null);
    const rounds = await get("/api/admin/reports/rounds?from=2026-03-08&to=2026-03-10");
    expect(rounds.statusCode).toBe(200);
    expect(rounds.json().value).toHaveProperty("replicaLagSeconds", null);
    const csv = await get("/api/admin/reports/players/export?from=2026-03-08&to=2026-03-10");
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("username");
    const [seen] = await queryRows<{ n: number }>(
      readDb(t.app.ctx),
      sql`SELECT count(*)::int AS n FROM members WHERE username = 'readpool1'`,
    );
    expect(seen?.n).toBe(1);
  });
});
