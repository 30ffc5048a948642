import { randomUUID } from "node:crypto";
import type { RgsFairness, RgsSeed, RgsSession } from "@panalo/contracts/rgs";
import { and, eq } from "drizzle-orm";
import { isTransferVendor } from "./catalog.ts";
import { type RgsContext, RgsError } from "./context.ts";
import type { RgsDb, RgsTx } from "./db.ts";
import { newClientSeed, newServerSeed, seedHash } from "./fairness.ts";
import { gameInfo, rgsGame } from "./games.ts";
import { type SessionRow, seeds, sessions } from "./schema.ts";

/** As long as the platform's launch token lives (LAUNCH_TOKEN_TTL_MS): a debit needs it. */
export const SESSION_TTL_MS = 4 * 60 * 60_000;

type SeedRow = typeof seeds.$inferSelect;

export const fairnessOf = (s: SeedRow): RgsFairness => ({
  serverSeedHash: s.serverSeedHash,
  clientSeed: s.clientSeed,
  nonce: s.nonce,
});

/** The player's active seed pair, created on first play (a fresh server seed, a random client seed). */
export async function activeSeed(exec: RgsDb | RgsTx, playerId: number): Promise<SeedRow> {
  for (;;) {
    const [seed] = await exec
      .select()
      .from(seeds)
      .where(and(eq(seeds.playerId, playerId), eq(seeds.active, true)));
    if (seed) return seed;
    const serverSeed = newServerSeed();
    // Two first launches at once: the unique active-seed index keeps one, the other re-reads.
    await exec
      .insert(seeds)
      .values({ playerId, serverSeed, serverSeedHash: seedHash(serverSeed), clientSeed: newClientSeed() })
      .onConflictDoNothing();
  }
}

/** Open a game session: the launch token is checked by the platform (`authenticate`). */
export async function openSession(
  ctx: RgsContext,
  input: { token: string; gameId: string; lang?: "TY" | "EN" | undefined },
): Promise<RgsSession> {
  const game = rgsGame(input.gameId);
  if (!game) throw new RgsError("GAME_NOT_FOUND", 404);
  const auth = await ctx.client.call(game.vendor, "authenticate", { token: input.token });
  if (auth.kind === "unknown") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  if (auth.kind === "refused") {
    const players = ["INVALID_TOKEN", "PLAYER_NOT_FOUND", "ACCOUNT_LOCKED"];
    if (players.includes(auth.code)) throw new RgsError("TOKEN_INVALID", 401, auth.balance);
    throw new RgsError("PLATFORM_UNAVAILABLE", 503); // e.g. INVALID_SIGNATURE: our set-up, not the player
  }
  const playerId = Number(auth.value.playerId);
  const currency = String(auth.value.currency);
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  const lang = input.lang ?? "TY";
  const id = randomUUID();
  await ctx.db.insert(sessions).values({
    id,
    playerId,
    vendor: game.vendor,
    gameId: game.id,
    currency,
    token: input.token,
    lang,
    expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
  });
  const seed = await activeSeed(ctx.db, playerId);
  return {
    sessionId: id,
    currency,
    balance: isTransferVendor(game.vendor)
      ? await transferWalletBalance(ctx, game.vendor, playerId, currency)
      : String(auth.value.balance),
    game: gameInfo(game, lang),
    fairness: fairnessOf(seed),
  };
}

/** A transfer vendor's game plays the wallet the platform transferred into, not the main wallet. */
async function transferWalletBalance(
  ctx: RgsContext,
  vendor: string,
  playerId: number,
  currency: string,
): Promise<string> {
  const r = await ctx.client.call(vendor, "balance", { playerId, currency });
  if (r.kind !== "ok") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  return String(r.value.balance);
}

/** A live session, or SESSION_EXPIRED (unknown ids answer the same: nothing to learn from it). */
export async function liveSession(ctx: RgsContext, sessionId: string): Promise<SessionRow> {
  const [s] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!s || s.expiresAt.getTime() <= ctx.now().getTime()) throw new RgsError("SESSION_EXPIRED", 401);
  return s;
}

/** A session for reading history: an ended session still shows its player's past rounds. */
export async function anySession(ctx: RgsContext, sessionId: string): Promise<SessionRow> {
  const [s] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!s) throw new RgsError("SESSION_EXPIRED", 401);
  return s;
}

/**
 * Set the client seed: the server seed in use is revealed (so its rounds can be verified) and a
 * new one is drawn, its hash shown; the nonce starts again at 0.
 */
export async function rotateSeed(ctx: RgsContext, sessionId: string, clientSeed: string): Promise<RgsSeed> {
  const session = await liveSession(ctx, sessionId);
  return ctx.db.transaction(async (tx) => {
    await activeSeed(tx, session.playerId);
    const [old] = await tx
      .select()
      .from(seeds)
      .where(and(eq(seeds.playerId, session.playerId), eq(seeds.active, true)))
      .for("update");
    if (!old) throw new RgsError("INTERNAL_ERROR", 500); // activeSeed just made sure there is one
    await tx.update(seeds).set({ active: false, revealedAt: ctx.now() }).where(eq(seeds.id, old.id));
    const serverSeed = newServerSeed();
    const [fresh] = await tx
      .insert(seeds)
      .values({ playerId: session.playerId, serverSeed, serverSeedHash: seedHash(serverSeed), clientSeed })
      .returning();
    if (!fresh) throw new RgsError("INTERNAL_ERROR", 500); // an insert … returning answers its row
    return {
      revealedServerSeed: old.serverSeed,
      revealedServerSeedHash: old.serverSeedHash,
      serverSeedHash: fresh.serverSeedHash,
      clientSeed: fresh.clientSeed,
      nonce: fresh.nonce,
    };
  });
}
