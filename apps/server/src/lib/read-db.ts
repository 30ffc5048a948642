import { sql } from "drizzle-orm";
import { type Database, type Db, queryRows } from "../db/client.ts";
import type { AppContext } from "./context.ts";

/**
 * The database for reads that may lag behind the primary by a replica's delay: reports, the
 * back-office dashboard, the agents' team figures and CSV exports. Never for money, sessions or
 * anything read back after a write (a replica may not have it yet): those take `ctx.db`.
 */
export const readDb = (ctx: Pick<AppContext, "db" | "reads">): Db => ctx.reads?.db ?? ctx.db;
/** The same, as the Database (its bulk `arrays` reads). */
export const readDatabase = (ctx: Pick<AppContext, "database" | "reads">): Database =>
  ctx.reads ?? ctx.database;

/**
 * How far the read database is behind the primary, in seconds: null when reads go to a primary
 * (no DATABASE_URL_READ, or it names a primary). A replica streaming from its primary that has
 * replayed all it received is 0 (on a quiet primary the last replayed commit grows old without
 * any lag); else (behind, or cut off from its primary) the age of the last commit it replayed.
 */
export async function replicaLagSeconds(ctx: Pick<AppContext, "reads">): Promise<number | null> {
  if (!ctx.reads) return null;
  const [r] = await queryRows<{ lag: string | number | null }>(
    ctx.reads.db,
    sql`SELECT CASE
              WHEN NOT pg_is_in_recovery() THEN NULL
              WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver) THEN 0
              ELSE greatest(0, extract(epoch FROM now() - pg_last_xact_replay_timestamp()))
            END AS lag`,
  );
  return r?.lag === null || r?.lag === undefined ? null : Math.round(Number(r.lag) * 10) / 10;
}
