// What the cluster's smoke check and chaos run share: players with money and launch tokens for a
// test vendor, written through the cluster's PostgreSQL (HAProxy's primary port), signed provider
// calls through the platform's load balancer, and the ledger checks afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { providerClients } from "../../apps/server/src/db/schema/providers.ts";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { issueLaunchToken, signProvider } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, deposit } from "../../bench/lib/database.ts";

export interface Player {
  id: number;
  token: string;
}

/**
 * A vendor `vendor` with a fresh secret (unless `newClient` is false: an existing vendor) and
 * `count` players holding `minor` PHP each, each with a launch token for that vendor.
 */
export async function setUp(
  databaseUrl: string,
  appSecret: string,
  vendor: string,
  count: number,
  minor: bigint,
  newClient = true,
) {
  const database = await openDatabase({ url: databaseUrl, max: 4 });
  const secret = randomBytes(24).toString("hex");
  // The in-house RGS's vendor already has its client (its secret comes from APP_SECRET).
  if (newClient) await database.db.insert(providerClients).values({ vendor, secret });
  const tag = randomBytes(3).toString("hex");
  const rows = await database.db
    .insert(members)
    .values(Array.from({ length: count }, (_, i) => ({ username: `${vendor.toLowerCase()}${tag}${i}` })))
    .returning({ id: members.id });
  const ctx = benchContext(database, appSecret);
  const players: Player[] = [];
  for (const r of rows) {
    await deposit(database, r.id, minor);
    players.push({ id: r.id, token: await issueLaunchToken(ctx, r.id, vendor) });
  }
  await database.close();
  return { secret, players };
}

export interface Answer {
  status: number;
  success: boolean;
  code?: string;
  balance?: string;
}

/** One signed provider call through the balancer; a network failure throws. */
export async function providerCall(
  lb: string,
  vendor: string,
  secret: string,
  name: string,
  body: Record<string, unknown>,
  timeoutMs = 5000,
): Promise<Answer> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${lb}/provider/${vendor}/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signProvider(secret, raw) },
    body: raw,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json: { success?: boolean; code?: string; balance?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // HAProxy's own 502/503 page
  }
  return { status: res.status, success: json.success === true, code: json.code, balance: json.balance };
}

/**
 * The ledger after a run: the daily reconciliation (every balance the sum of its entries, every
 * transaction summing to zero) and no provider transaction id of `vendor` recorded twice.
 */
export async function ledgerCheck(databaseUrl: string, vendor: string) {
  const database = await openDatabase({ url: databaseUrl, max: 2 });
  try {
    const r = await reconcile(database.db);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const dup = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT transaction_id FROM provider_transactions
          WHERE vendor = $1 GROUP BY transaction_id HAVING count(*) > 1) d`,
        [vendor],
      );
      const keys = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM provider_transactions WHERE vendor = $1`,
        [vendor],
      );
      return { ok: r.ok, reconcile: r, duplicates: dup.rows[0]?.n ?? -1, recorded: keys.rows[0]?.n ?? 0 };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

/** The members' main PHP balances, in minor units, by member id. */
export async function balances(databaseUrl: string, ids: number[]): Promise<Map<number, bigint>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ member_id: string; balance: string }>(
      `SELECT member_id, balance FROM ledger_accounts WHERE member_id = ANY($1) AND kind = 'main' AND currency = 'PHP'`,
      [ids],
    );
    return new Map(r.rows.map((row) => [Number(row.member_id), BigInt(row.balance)]));
  } finally {
    await client.end();
  }
}
