import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/** Statements of the reports' own housekeeping and exports. */

/** Make the indexes the reports read by time (their migration runs before the tables they are on). */
export async function ensureReportIndexes(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT report_ensure_indexes()`);
  });
}

/**
 * Read an ordered query through a cursor, `pageSize` rows at a time, handing each page to
 * `onPage` until the rows run out or `onPage` answers false (the reader stopped taking them).
 */
export async function forEachCursorPage(
  db: Db,
  rows: SQL,
  pageSize: number,
  onPage: (page: Record<string, unknown>[]) => Promise<boolean>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DECLARE report_export NO SCROLL CURSOR FOR ${rows}`);
    for (;;) {
      const page = await queryRows<Record<string, unknown>>(
        tx,
        sql.raw(`FETCH ${pageSize} FROM report_export`),
      );
      if (page.length === 0) break;
      if (!(await onPage(page))) break;
      if (page.length < pageSize) break;
    }
    await tx.execute(sql`CLOSE report_export`);
  });
}
