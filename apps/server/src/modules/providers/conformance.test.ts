import { parseMoney } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { members } from "../../db/schema/members.ts";
import { launchTokens, providerClients } from "../../db/schema/providers.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { providerConformance } from "../../testing/provider-conformance-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { post } from "../ledger/ledger.ts";
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
      // Made directly (the races need many players; registration has its per-address limit).
      const amount = parseMoney(balance) ?? 0n;
      const [m] = await app.ctx.db
        .insert(members)
        .values({ username: `conform${String(++players).padStart(3, "0")}` })
        .returning({ id: members.id });
      if (!m) throw new Error("member not created");
      if (amount > 0n) {
        await post(app.ctx.db, {
          idempotencyKey: `conform-fund-${m.id}`,
          type: "deposit",
          memberId: m.id,
          legs: [
            { account: { house: "cash", currency: "PHP" }, amount: -amount },
            { account: { member: m.id, kind: "main", currency: "PHP" }, amount },
          ],
        });
      }
      return { playerId: m.id, token: await issueLaunchToken(app.ctx, m.id, vendor) };
    },
    // Races show only where calls run side by side: many rounds on PostgreSQL, a few on PGlite.
    raceRounds: process.env.TEST_DATABASE_URL ? 80 : 8,
    expireToken: async (token) => {
      await app.ctx.db
        .update(launchTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchTokens.tokenHash, tokenHash(token)));
    },
  };
});
