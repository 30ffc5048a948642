import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { operators } from "../db/schema/admin.ts";
import { createOperator } from "../modules/admin/operators.ts";

export interface SeededOperator {
  username: string;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/**
 * First start only: when no operator exists, create the owner `admin` with a random password
 * (to be changed at first sign-in) and a random TOTP secret. Both are printed once by main.ts
 * and never stored in clear; nothing here is a password in the code.
 */
export async function seedOperator(db: Db): Promise<SeededOperator | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(operators);
  if ((row?.n ?? 0) > 0) return null;
  const created = await createOperator(db, { username: "admin", role: "owner" });
  return {
    username: created.username,
    password: created.password,
    totpSecret: created.totpSecret,
    otpauthUrl: created.otpauthUrl,
  };
}
