import { sql } from "drizzle-orm";

/** Pieces of SQL the reports' statements share. */

export type Num = string | number | bigint | null;
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const day = (d: string) => sql`${d}::date`;
export const dir = (d: "asc" | "desc") => (d === "asc" ? sql.raw("ASC") : sql.raw("DESC"));
