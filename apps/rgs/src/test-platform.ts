// Test helpers: the platform (createTestApp, with this RGS mounted) and RGS contexts of our own
// over the same database with a transport a test can break.
import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { members } from "../../server/src/db/schema/members.ts";
import { providerClients, providerTransactions } from "../../server/src/db/schema/providers.ts";
import { memberBalances, post } from "../../server/src/modules/ledger/ledger.ts";
import { issueLaunchToken } from "../../server/src/modules/providers/service.ts";
import type { TestApp } from "../../server/src/testing/test-app.ts";
import type { RgsContext } from "./context.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "./protocol-client.ts";
import { transferWalletClient } from "./transfer-wallet.ts";

export const GAME = "panalo-gold"; // sold under PNG, 10 lines, from 0.01 per line

/** The platform knows the in-house vendors by the secret both sides derive from APP_SECRET. */
export async function registerInHouseVendors(t: TestApp): Promise<void> {
  const appSecret = t.config.APP_SECRET ?? "";
  await t.database.db
    .insert(providerClients)
    .values(
      ["PNS", "PNG", "PNX", "TCG_SEA", "PNL", "PNF", "PNP"].map((vendor) => ({
        vendor,
        secret: inHouseProviderSecret(appSecret, vendor),
        // The card rooms' buy-ins are real money only.
        cashOnly: vendor === "PNP",
      })),
    )
    .onConflictDoNothing();
}

/** A member with `minor` centavos in the main wallet, and a launch token for the game's vendor. */
export async function fundedPlayer(t: TestApp, minor: bigint, vendor = "PNG") {
  const [m] = await t.database.db
    .insert(members)
    .values({ username: `rgs_${randomUUID().slice(0, 8)}` })
    .returning({ id: members.id });
  if (!m) throw new Error("member not created");
  if (minor > 0n) {
    await post(t.database.db, {
      idempotencyKey: `rgs-fund-${m.id}`,
      type: "deposit",
      memberId: m.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -minor },
        { account: { member: m.id, kind: "main", currency: "PHP" }, amount: minor },
      ],
    });
  }
  return { id: m.id, token: await issueLaunchToken(t.app.ctx, m.id, vendor) };
}

export async function mainBalance(t: TestApp, memberId: number): Promise<bigint> {
  return (await memberBalances(t.database.db, memberId)).find((b) => b.kind === "main")?.balance ?? 0n;
}

export async function providerRows(t: TestApp, memberId: number) {
  return t.database.db.select().from(providerTransactions).where(eq(providerTransactions.memberId, memberId));
}

/** The platform reached in memory, the way the one-process set-up reaches it. */
export function injectTransport(t: TestApp): Transport {
  return async (url, payload, headers) => {
    const res = await t.app.inject({ method: "POST", url, payload, headers });
    return { status: res.statusCode, body: res.body };
  };
}

export function testContext(
  t: TestApp,
  transport: Transport = injectTransport(t),
  now: () => Date = () => new Date(),
): RgsContext {
  const appSecret = t.config.APP_SECRET ?? "";
  return {
    db: t.database.db,
    // Signatures carry the wall clock (the platform checks it); `now` only moves scheduling.
    client: transferWalletClient(
      t.database.db,
      protocolClient(transport, (v) => inHouseProviderSecret(appSecret, v)),
    ),
    now,
    leaseMs: 30_000,
  };
}

export async function api<T = unknown>(
  t: TestApp,
  method: "GET" | "POST",
  url: string,
  payload?: Record<string, unknown>,
): Promise<{ status: number; json: T }> {
  const res = await t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { "x-lang": "EN" },
  });
  return { status: res.statusCode, json: res.json() };
}

/** A signed call of the platform to a transfer vendor's wallet (/rgs/transfer/<VENDOR>/<call>). */
export async function transferCall<T = unknown>(
  t: TestApp,
  call: "balance" | "deposit" | "withdraw" | "status",
  fields: Record<string, unknown>,
  opts: { vendor?: string; secret?: string; at?: number } = {},
): Promise<{ status: number; json: { success: boolean; code?: string; balance?: string; value: T } }> {
  const vendor = opts.vendor ?? "PNX";
  const raw = JSON.stringify({ requestId: randomUUID(), ...fields });
  const ts = opts.at ?? Math.floor(Date.now() / 1000);
  const secret = opts.secret ?? inHouseProviderSecret(t.config.APP_SECRET ?? "", vendor);
  const v1 = createHmac("sha256", secret).update(`${ts}.${raw}`).digest("hex");
  const res = await t.app.inject({
    method: "POST",
    url: `/rgs/transfer/${vendor}/${call}`,
    payload: raw,
    headers: { "content-type": "application/json", "x-signature": `t=${ts},v1=${v1}`, "x-lang": "EN" },
  });
  return { status: res.statusCode, json: res.json() };
}
