// A bench's own PostgreSQL database: created fresh under a random name on the server BENCH_PG
// names, migrated, and dropped at the end, so no run reads another run's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig } from "../../apps/server/src/config.ts";
import { type Database, openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { providerClients } from "../../apps/server/src/db/schema/providers.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { post } from "../../apps/server/src/modules/ledger/ledger.ts";
import { inHouseProviderSecret } from "../../apps/server/src/modules/providers/service.ts";

export interface FreshDatabase {
  /** `<prefix>_<8 hex>`: the database's name on the server. */
  dbName: string;
  /** A connection to the server's own database, kept to drop this one at the end. */
  admin: pg.Client;
  /** The connection string of the fresh database. */
  url: string;
  database: Database;
}

/** Create `<prefix>_<random>` on the server at `serverUrl` and migrate it. */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<FreshDatabase> {
  const dbName = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  return { dbName, admin, url: url.toString(), database };
}

/** Close the bench's pool, drop its database (forcing out any session left) and disconnect. */
export async function dropDatabase(fresh: FreshDatabase, { ifExists = true } = {}): Promise<void> {
  await fresh.database.close();
  await fresh.admin.query(`DROP DATABASE ${ifExists ? "IF EXISTS " : ""}${fresh.dbName} WITH (FORCE)`);
  await fresh.admin.end();
}

/**
 * Register the in-house game servers' `vendors` as provider clients with the secret the server
 * derives from `appSecret`, so its own games' calls are accepted; `cashOnly` for vendors that
 * take real money only (the card rooms).
 */
export async function inHouseVendors(
  database: Database,
  appSecret: string,
  vendors: string[],
  { cashOnly = false } = {},
): Promise<void> {
  await database.db
    .insert(providerClients)
    .values(
      vendors.map((vendor) => ({ vendor, secret: inHouseProviderSecret(appSecret, vendor), cashOnly })),
    );
}

/**
 * `count` members named `username(i)`, each given `amountMinor` PHP by one `deposit`. Returns
 * their ids in order.
 */
export async function fundedPlayers(
  database: Database,
  count: number,
  username: (i: number) => string,
  amountMinor: bigint,
): Promise<Array<{ id: number }>> {
  const ids = await database.db
    .insert(members)
    .values(Array.from({ length: count }, (_, i) => ({ username: username(i) })))
    .returning({ id: members.id });
  for (const r of ids) await deposit(database, r.id, amountMinor);
  return ids;
}

/** Give member `id` `amountMinor` PHP on its main account, from the house's cash (key `bench-dep-<id>`). */
export async function deposit(database: Database, id: number, amountMinor: bigint): Promise<void> {
  await post(database.db, {
    idempotencyKey: `bench-dep-${id}`,
    type: "deposit",
    memberId: id,
    legs: [
      { account: { house: "cash", currency: "PHP" }, amount: -amountMinor },
      { account: { member: id, kind: "main", currency: "PHP" }, amount: amountMinor },
    ],
  });
}

/** What the server's services take as their context, enough to issue launch tokens from the bench. */
export function benchContext(database: Database, appSecret: string) {
  return {
    config: loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", APP_SECRET: appSecret }),
    database,
    db: database.db,
    store: memoryStore(),
    clock: { now: () => new Date() },
    apiDocs: [],
  };
}
