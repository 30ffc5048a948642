import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { queryRows } from "./db/client.ts";
import { providerClients } from "./db/schema/providers.ts";
import { inHouseProviderSecret } from "./modules/providers/service.ts";
import { registerMember } from "./testing/games-kit.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * One setting (RGS_MODE) decides where the in-house game server runs. With the
 * RGS as its own process, a platform process mounts none of it and runs none of its workers —
 * before, every platform process kept drawing in its own database too, so one draw got two
 * different results in two databases.
 */
describe("RGS_MODE=external", () => {
  let t: TestApp;
  let rgs: http.Server;
  const seen: string[] = [];

  beforeAll(async () => {
    // The RGS's own process, as far as this platform can tell: it only records what reaches it.
    rgs = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on("end", () => {
        res.writeHead(503, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: false, code: "SERVICE_UNAVAILABLE" }));
      });
    });
    await new Promise<void>((r) => rgs.listen(0, "127.0.0.1", () => r()));
    const { port } = rgs.address() as AddressInfo;
    t = await createTestApp({
      RGS_MODE: "external",
      RGS_URL: `http://127.0.0.1:${port}`,
      // Workers would run at once if they were mounted.
      RGS_LOTTERY_INTERVAL_MS: "20",
      RGS_RETRY_INTERVAL_MS: "20",
    });
  });
  afterAll(async () => {
    await t?.close();
    rgs?.close();
  });

  it("mounts no RGS route and keeps no RGS tables, so no RGS worker draws or pays here", async () => {
    expect((await t.app.inject({ method: "GET", url: "/rgs/health" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/rgs/lottery/events" })).statusCode).toBe(404);
    // The RGS's migrations never ran in this database: no draw can be made in it.
    const [row] = await queryRows<{ draws: string | null }>(
      t.database.db,
      sql`SELECT to_regclass('rgs.lottery_draws')::text AS draws`,
    );
    expect(row?.draws).toBeNull();
  });

  it("reaches the RGS's transfer wallet at RGS_URL", async () => {
    await t.database.db.insert(providerClients).values({
      vendor: "PNX",
      secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNX"),
      transferUrl: "/rgs/transfer/PNX",
    });
    const m = await registerMember(t.app, "splitfan", 50_00n);
    await t.app.inject({
      method: "POST",
      url: "/wps/relay/GCS_walletTransfer",
      headers: { authorization: `Bearer ${m.token}`, "x-lang": "EN" },
      payload: { requestId: "split-000001", fromWallet: "MAIN", toWallet: "PNX", amount: "10.00" },
    });
    expect(seen).toContain("POST /rgs/transfer/PNX/deposit");
  });

  it("refuses to start external without RGS_URL", () => {
    expect(() => loadConfig({ NODE_ENV: "test", RGS_MODE: "external" })).toThrow(/RGS_URL/);
    expect(loadConfig({ NODE_ENV: "test" }).RGS_MODE).toBe("embedded");
  });
});
