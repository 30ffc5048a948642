import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { settings } from "../../../db/schema/core.ts";

/** The stored value of a setting key, if any (the registration fields' setting). */
export async function storedSetting(exec: Executor, key: string): Promise<{ value: unknown } | undefined> {
  const [row] = await exec.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row;
}

/** Write a setting's value (insert or replace). */
export async function upsertSetting(exec: Executor, key: string, value: unknown): Promise<void> {
  await exec
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
