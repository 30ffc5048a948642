import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "../db/schema/core.ts";
import type { AppContext } from "./context.ts";

/**
 * The key that signs server-made tokens (human-check challenges). APP_SECRET when set;
 * otherwise a random key made on first use and kept in the database, so every process of
 * one installation shares it.
 */
const cache = new WeakMap<AppContext, Buffer>();

export async function serverKey(ctx: AppContext): Promise<Buffer> {
  const hit = cache.get(ctx);
  if (hit) return hit;
  let key: Buffer;
  if (ctx.config.APP_SECRET) key = Buffer.from(ctx.config.APP_SECRET);
  else {
    await ctx.db
      .insert(settings)
      .values({ key: "server_secret", value: randomBytes(32).toString("hex") })
      .onConflictDoNothing({ target: settings.key });
    const [row] = await ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, "server_secret"));
    key = Buffer.from(String(row?.value ?? ""));
  }
  cache.set(ctx, key);
  return key;
}

export async function sign(ctx: AppContext, text: string): Promise<string> {
  return createHmac("sha256", await serverKey(ctx))
    .update(text)
    .digest("hex");
}

export async function verifySignature(ctx: AppContext, text: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await sign(ctx, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
