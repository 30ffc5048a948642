import { and, count, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { memberDirectory } from "../../../db/schema/members.ts";
import { providerTransactions } from "../../../db/schema/providers.ts";

/**
 * What other modules may read of the provider transactions: rounds per game and the biggest
 * wins, both over the games providers named with `gameCode` (docs/provider-protocol.md).
 */

/** Bets (rounds) per (vendor, game code) since a moment (spec §4 popular games). */
export async function roundsByGame(exec: Executor, since: Date) {
  return exec
    .select({ vendor: providerTransactions.vendor, gameCode: providerTransactions.gameCode, rounds: count() })
    .from(providerTransactions)
    .where(
      and(
        eq(providerTransactions.kind, "bet"),
        isNotNull(providerTransactions.gameCode),
        gte(providerTransactions.createdAt, since),
      ),
    )
    .groupBy(providerTransactions.vendor, providerTransactions.gameCode);
}

/**
 * The biggest real-money wins since a moment, biggest first (spec §4 winner board). Play money
 * (trial accounts, currency FUN) never appears on it.
 */
/** Only real wins: above zero and at least `minAmount` (the operator's winners setting). */
export async function biggestWins(exec: Executor, since: Date, limit: number, minAmount = 1n) {
  return exec
    .select({
      vendor: providerTransactions.vendor,
      gameCode: providerTransactions.gameCode,
      amount: providerTransactions.amount,
      username: memberDirectory.username,
    })
    .from(providerTransactions)
    .innerJoin(memberDirectory, eq(memberDirectory.id, providerTransactions.memberId))
    .where(
      and(
        eq(providerTransactions.kind, "win"),
        gte(providerTransactions.amount, minAmount > 0n ? minAmount : 1n),
        isNotNull(providerTransactions.gameCode),
        gte(providerTransactions.createdAt, since),
        ne(memberDirectory.currency, "FUN"),
        // A win held for review (migration 0514) is on the board only once it is paid.
        sql`NOT EXISTS (SELECT 1 FROM provider_win_reviews w
              WHERE w.transaction_id = ${providerTransactions.transactionId}
                AND w.vendor = ${providerTransactions.vendor} AND w.status <> 'approved')`,
      ),
    )
    .orderBy(desc(providerTransactions.amount), desc(providerTransactions.id))
    .limit(limit);
}
