import { and, asc, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { providerClients, providerWinReviews } from "../../../db/schema/providers.ts";

/** Statements of the held wins (provider_win_reviews) and the vendors' win limits. */

export type WinReviewRow = typeof providerWinReviews.$inferSelect;
export type ProviderLimitsRow = typeof providerClients.$inferSelect;
export type WinReviewStatus = "pending" | "approved" | "rejected";

/** How many held wins wait for an operator. */
export async function pendingWinReviewCount(exec: Executor): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(providerWinReviews)
    .where(eq(providerWinReviews.status, "pending"));
  return row?.n ?? 0;
}

/** Lock a held win's row (FOR UPDATE) and answer it. */
export async function lockWinReview(exec: Executor, id: number): Promise<WinReviewRow | undefined> {
  const [before] = await exec
    .select()
    .from(providerWinReviews)
    .where(eq(providerWinReviews.id, id))
    .for("update");
  return before;
}

/** Decide a held win still pending; answers the row after, or nothing if it was decided. */
export async function decidePendingWinReview(
  exec: Executor,
  id: number,
  set: { status: "approved" | "rejected"; decidedBy: number; decidedAt: Date; note: string | null },
): Promise<WinReviewRow | undefined> {
  const [r] = await exec
    .update(providerWinReviews)
    .set(set)
    .where(and(eq(providerWinReviews.id, id), eq(providerWinReviews.status, "pending")))
    .returning();
  return r;
}

/**
 * One page of held wins (of a status, or all): the pending ones oldest first, the others newest
 * first; and how many there are.
 */
export async function winReviewPage(
  exec: Executor,
  status: WinReviewStatus | undefined,
  limit: number,
  offset: number,
  /** Held at or after / before these instants (Manila days); one member's; an export's id bound. */
  range: {
    from?: Date | undefined;
    to?: Date | undefined;
    memberId?: number | undefined;
    maxId?: number | undefined;
  } = {},
): Promise<[WinReviewRow[], number]> {
  const where = and(
    status ? eq(providerWinReviews.status, status) : undefined,
    range.memberId ? eq(providerWinReviews.memberId, range.memberId) : undefined,
    range.from ? gte(providerWinReviews.createdAt, range.from) : undefined,
    range.to ? lt(providerWinReviews.createdAt, range.to) : undefined,
    range.maxId ? lte(providerWinReviews.id, range.maxId) : undefined,
  );
  const [reviews, [count]] = await Promise.all([
    exec
      .select()
      .from(providerWinReviews)
      .where(where)
      .orderBy(status === "pending" ? asc(providerWinReviews.id) : desc(providerWinReviews.id))
      .limit(limit)
      .offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(providerWinReviews).where(where),
  ]);
  return [reviews, count?.n ?? 0];
}

/** Every vendor's row, by vendor. */
export async function providerLimitsList(exec: Executor): Promise<ProviderLimitsRow[]> {
  return exec.select().from(providerClients).orderBy(asc(providerClients.vendor));
}

/** Lock a vendor's row (FOR UPDATE) and answer it. */
export async function lockProviderLimits(
  exec: Executor,
  vendor: string,
): Promise<ProviderLimitsRow | undefined> {
  const [before] = await exec
    .select()
    .from(providerClients)
    .where(eq(providerClients.vendor, vendor))
    .for("update");
  return before;
}

/** Write a vendor's win limits; answers the row after. */
export async function setProviderLimits(
  exec: Executor,
  vendor: string,
  limits: { maxWinMultiple: number | null; maxWinAmount: bigint | null },
): Promise<ProviderLimitsRow | undefined> {
  const [after] = await exec
    .update(providerClients)
    .set({ maxWinMultiple: limits.maxWinMultiple, maxWinAmount: limits.maxWinAmount })
    .where(eq(providerClients.vendor, vendor))
    .returning();
  return after;
}

/** The newest held win's id (0 for none): where an export stops. */
export async function newestWinReviewId(exec: Executor): Promise<number> {
  const [row] = await exec
    .select({ id: sql<string | null>`max(${providerWinReviews.id})::text` })
    .from(providerWinReviews);
  return Number(row?.id ?? 0);
}
