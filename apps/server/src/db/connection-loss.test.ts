import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients, vendorTransfers } from "../db/schema/providers.ts";
import { memberBalances, reconcile } from "../modules/ledger/ledger.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { registerMember } from "../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { isConnectionLost, queryRows } from "./client.ts";

/**
 * A database connection that drops while a transaction holds it (a restart, a
 * failover, pg_terminate_backend, a network blip) fails that one operation — the caller gets a
 * retryable 503 — and the process keeps running and reconnects. Before the fix the checked-out
 * connection's 'error' event had no listener and Node ended the process (here: an unhandled
 * error that fails the run). Only PostgreSQL has backends to terminate.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("a lost database connection (PostgreSQL)", () => {
  let t: TestApp;
  let url = "";
  let killer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    // The test app's database: the same one, through a connection of the test's own.
    const [row] = await queryRows<{ db: string }>(t.database.db, sql`SELECT current_database() AS db`);
    const u = new URL(process.env.TEST_DATABASE_URL ?? "");
    u.pathname = `/${row?.db}`;
    url = u.toString();
    killer = new pg.Client({ connectionString: url });
    await killer.connect();
    await t.database.db.insert(providerClients).values({
      vendor: "PNX",
      secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNX"),
      transferUrl: "/rgs/transfer/PNX",
    });
  });
  afterAll(async () => {
    await killer?.end();
    await t?.close();
  });

  it("fails the transaction whose backend is terminated, and the next one works", async () => {
    let failure: unknown = null;
    try {
      await t.database.db.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await tx.execute(sql`CREATE TEMP TABLE lost_work (n int)`);
        await killer.query("SELECT pg_terminate_backend($1)", [me?.pid]);
        // The connection is gone: the next statement of the transaction fails, so does ROLLBACK.
        await tx.execute(sql`INSERT INTO lost_work VALUES (1)`);
      });
    } catch (err) {
      failure = err;
    }
    expect(failure).not.toBeNull();
    expect(isConnectionLost(failure)).toBe(true);
    // The pool opens a new connection for the next call.
    const [alive] = await queryRows<{ one: number }>(t.database.db, sql`SELECT 1 AS one`);
    expect(alive?.one).toBe(1);
  });

  it("answers a retryable 503 when a money call's connection is terminated, moves nothing, and keeps serving", async () => {
    const member = await registerMember(t.app, "dropfan", 100_00n);
    const before = await memberBalances(t.database.db, member.id);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/wps/relay/GCS_walletTransfer",
        headers: { authorization: `Bearer ${member.token}`, "x-lang": "EN" },
        payload: { requestId: "drop-000001", fromWallet: "MAIN", toWallet: "PNX", amount: "10.00" },
      });

    // Hold the transfers table so the call's transaction waits inside the database, then end the
    // backend that waits on us: the call's transaction dies with its connection.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("BEGIN");
    const [{ pid: holderPid }] = (await holder.query("SELECT pg_backend_pid() AS pid")).rows;
    await holder.query("LOCK TABLE vendor_transfers IN EXCLUSIVE MODE");
    const answer = send();
    let waiting: number | null = null;
    while (waiting === null) {
      const r = await killer.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
        [holderPid],
      );
      waiting = r.rows[0]?.pid ?? null;
    }
    await killer.query("SELECT pg_terminate_backend($1)", [waiting]);
    const res = await answer;
    await holder.query("ROLLBACK");
    await holder.end();

    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE", retryable: true });
    // The failed call left the ledger as if it never started.
    expect(await memberBalances(t.database.db, member.id)).toEqual(before);
    expect(await t.database.db.select().from(vendorTransfers)).toEqual([]);
    expect((await reconcile(t.database.db)).ok).toBe(true);

    // The server still answers, on new connections; the retry does the transfer once.
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    const retry = await send();
    expect(retry.json()).toMatchObject({ success: true, value: { status: "done", main: "90.00" } });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
