import { parseMoney } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { launchTokens, providerClients } from "../../db/schema/providers.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { registerMember } from "../games/games-testkit.ts";
import { providerConformance } from "./conformance.ts";
import { inHouseProviderSecret, issueLaunchToken } from "./service.ts";

let t: TestApp | undefined;
let players = 0;
afterAll(async () => t?.close());

// The platform's own provider endpoints, called in memory, must pass the suite it publishes.
providerConformance("platform (app.inject)", async () => {
  t = await createTestApp();
  const app = t.app;
  const vendor = "PNS";
  const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", vendor);
  await t.database.db.insert(providerClients).values({ vendor, secret });
  return {
    vendor,
    secret,
    send: async (call, body, headers) => {
      const res = await app.inject({
        method: "POST",
        url: `/provider/${vendor}/${call}`,
        headers,
        payload: body,
      });
      return { status: res.statusCode, json: res.json() };
    },
    newPlayer: async (balance) => {
      const amount = parseMoney(balance) ?? 0n;
      const m = await registerMember(app, `Conform${String(++players).padStart(3, "0")}`, amount);
      return { playerId: m.id, token: await issueLaunchToken(app.ctx, m.id, vendor) };
    },
    expireToken: async (token) => {
      await app.ctx.db
        .update(launchTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchTokens.tokenHash, tokenHash(token)));
    },
  };
});
