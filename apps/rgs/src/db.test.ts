import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../server/src/testing/test-app.ts";
import { isConnectionLost, type RgsDb, rows, survivePoolErrors } from "./db.ts";

/**
 * The RGS in its own process (main.ts builds its pool like this): a
 * connection ended while a transaction holds it fails that transaction, not the process, and
 * the pool goes on with a new connection.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the RGS's own pool loses a connection", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let pool: pg.Pool;
  let db: RgsDb;
  const logged: string[] = [];
  beforeAll(async () => {
    opened = await openTestDatabase();
    pool = new pg.Pool({ connectionString: opened.url, max: 2 });
    survivePoolErrors(pool, (m) => logged.push(m));
    db = drizzle(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await opened?.drop();
  });

  it("fails the transaction whose backend is terminated and serves the next call", async () => {
    const killer = new pg.Client({ connectionString: opened.url });
    await killer.connect();
    const failure = await db
      .transaction(async (tx) => {
        const [me] = await rows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await killer.query("SELECT pg_terminate_backend($1)", [me?.pid]);
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    await killer.end();
    expect(isConnectionLost(failure)).toBe(true);
    const [alive] = await rows<{ one: number }>(db, sql`SELECT 1 AS one`);
    expect(alive?.one).toBe(1);
    expect(logged.some((m) => m.includes("connection lost"))).toBe(true);
  });
});
