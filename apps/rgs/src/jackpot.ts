import { formatMinor } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { isTransferVendor } from "./catalog.ts";
import type { RgsContext } from "./context.ts";
import { jackpotDraw } from "./fairness.ts";
import type { CallResult } from "./protocol-client.ts";
import { type RoundRow, seeds } from "./schema.ts";

/** The platform's jackpot vendor: its wins are its own rounds (docs/jackpot.md). */
export const JACKPOT_VENDOR = "PNJ";

/**
 * A paid round's part in the progressive jackpot, before its own win is sent: the platform is
 * told the stake and the spin's fair draw (`jackpot` call; it adds the share and judges the
 * draw under the pool's lock), and a win is paid by PNJ through the protocol — a 0.00 debit
 * opening the jackpot's round with the token the platform gave, then the credit of the pool.
 * Every call is idempotent (the round id, the win's round id), so a retry of the round repeats
 * them safely and the win is paid once. Answers the first call that did not succeed, or null.
 */
export async function jackpotStep(ctx: RgsContext, round: RoundRow): Promise<CallResult | null> {
  // Free spins stake nothing; transfer-wallet vendors settle in their own wallet.
  if (round.bet <= 0n || isTransferVendor(round.vendor)) return null;
  const [seed] = await ctx.db.select().from(seeds).where(eq(seeds.id, round.seedId));
  if (!seed) return { kind: "unknown", status: null, reason: "seed missing" };
  const r = await ctx.client.call(round.vendor, "jackpot", {
    playerId: round.playerId,
    roundId: round.id,
    gameCode: round.gameId,
    stake: formatMinor(round.bet),
    draw: jackpotDraw(seed.serverSeed, seed.clientSeed, round.nonce),
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nonce: round.nonce,
  });
  if (r.kind !== "ok") return r;
  const win = r.value.win as { roundId: string; amount: string; token: string } | null | undefined;
  if (!win) return null;
  const bet = `${win.roundId}:bet`;
  const d = await ctx.client.call(JACKPOT_VENDOR, "debit", {
    playerId: round.playerId,
    transactionId: bet,
    roundId: win.roundId,
    amount: "0.00",
    token: win.token,
    gameCode: round.gameId,
  });
  if (d.kind !== "ok") return d;
  const c = await ctx.client.call(JACKPOT_VENDOR, "credit", {
    playerId: round.playerId,
    transactionId: `${win.roundId}:win`,
    roundId: win.roundId,
    amount: win.amount,
    betTransactionId: bet,
    roundClosed: true,
    gameCode: round.gameId,
  });
  return c.kind === "ok" ? null : c;
}
