import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Reads of the members' published view member_directory that several loyalty topics make. */

/** A member's currency, if the member exists. */
export async function memberCurrency(exec: Executor, memberId: number): Promise<string | undefined> {
  const [m] = await queryRows<{ currency: string }>(
    exec,
    sql`SELECT currency FROM member_directory WHERE id = ${memberId}`,
  );
  return m?.currency;
}
