// The platform's provider-protocol conformance suite, driven through the RGS's own transport
// (the way its protocol client reaches the platform in one process): every rule the suite
// checks holds for what this transport delivers and answers.

import { parseMoney } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { launchTokens } from "../../server/src/db/schema/providers.ts";
import { tokenHash } from "../../server/src/lib/passwords.ts";
import { providerConformance } from "../../server/src/testing/provider-conformance-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { inHouseProviderSecret } from "./protocol-client.ts";
import { fundedPlayer, injectTransport, registerInHouseVendors } from "./test-platform.ts";

let t: TestApp | undefined;
afterAll(async () => t?.close());

providerConformance("the RGS transport to the platform", async () => {
  const app = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
  t = app;
  await registerInHouseVendors(app);
  const transport = injectTransport(app);
  return {
    vendor: "PNS",
    secret: inHouseProviderSecret(app.config.APP_SECRET ?? "", "PNS"),
    send: async (call, body, headers) => {
      const res = await transport(`/provider/PNS/${call}`, body, headers);
      return { status: res.status, json: JSON.parse(res.body) };
    },
    newPlayer: async (balance) => {
      const p = await fundedPlayer(app, parseMoney(balance) ?? 0n, "PNS");
      return { playerId: p.id, token: p.token };
    },
    // Races show only where calls run side by side: many rounds on PostgreSQL, a few on PGlite.
    raceRounds: process.env.TEST_DATABASE_URL ? 80 : 8,
    expireToken: async (token) => {
      await app.database.db
        .update(launchTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchTokens.tokenHash, tokenHash(token)));
    },
  };
});
