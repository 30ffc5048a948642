import { BigId } from "@panalo/contracts/input";
import { DayFilter, dayBounds } from "@panalo/contracts/list-query";
import { manilaStamp } from "@panalo/contracts/manila-format";
import { formatMinor, PositiveAmount } from "@panalo/contracts/money";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { type OperatorPrincipal, operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { readDb } from "../../lib/read-db.ts";
import { route } from "../../lib/route.ts";
import {
  operatorNames,
  pendingApprovals,
  registerApplier,
  requestApproval,
  withApproval,
} from "../admin/service.ts";
import { heldWinLegs } from "../bonus/service.ts";
import { type Leg, notifyMembers, postIn } from "../ledger/service.ts";
import { memberUsernames } from "../members/service.ts";
import {
  decidePendingWinReview,
  lockProviderLimits,
  lockWinReview,
  newestWinReviewId,
  type ProviderLimitsRow,
  pendingWinReviewCount,
  providerLimitsList,
  setProviderLimits,
  type WinReviewRow,
  winReviewPage,
} from "./repo/win-reviews.ts";
import { forgetProviderClients } from "./service.ts";

/**
 * Provider limits (docs/provider-protocol.md "Maximum win per round"): per
 * vendor a maximum win per round, as a multiple of the round's bets and/or an amount. A credit
 * above it is held by provider_move (migration 0514): acknowledged to the provider, its amount
 * in the clearing account house:win-review, a provider_win_reviews row pending. Here the back
 * office lists them and decides each exactly once: approve pays the amount to the player's
 * wallet, reject returns it to house:games. The decision is one conditional status update and
 * its ledger movement (under its own idempotency key) in one transaction, audited with the
 * operator, the note and the row before and after.
 */

/** The clearing account that holds wins above a vendor's limit until an operator decides. */
export const WIN_REVIEW_ACCOUNT = "win-review";

type Review = WinReviewRow;

const dto = (r: Review) => ({
  id: r.id,
  vendor: r.vendor,
  transactionId: r.transactionId,
  roundId: r.roundId,
  memberId: r.memberId,
  currency: r.currency,
  amount: formatMinor(r.amount),
  roundBets: formatMinor(r.roundBets),
  roundWins: formatMinor(r.roundWins),
  maxWinMultiple: r.maxWinMultiple,
  maxWinAmount: r.maxWinAmount === null ? null : formatMinor(r.maxWinAmount),
  status: r.status,
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

/** How many held wins wait for an operator (the back office's badge). */
export async function pendingWinReviews(ctx: Pick<AppContext, "db">): Promise<number> {
  return pendingWinReviewCount(ctx.db);
}

/**
 * Decide a held win once: approve pays it to the player, reject returns it to the house. A
 * second decision, or one racing it, answers WIN_REVIEW_DECIDED and moves nothing.
 */
export async function decideWinReview(
  ctx: AppContext,
  input: { id: number; approve: boolean; note: string | null; operator: OperatorPrincipal; ip: string },
) {
  const op = input.operator;
  const out = await ctx.db.transaction(async (tx) => {
    const before = await lockWinReview(tx, input.id);
    if (!before) throw Errors.notFound("win_review");
    if (before.status !== "pending") throw Errors.conflict("WIN_REVIEW_DECIDED");
    const r = await decidePendingWinReview(tx, input.id, {
      status: input.approve ? "approved" : "rejected",
      decidedBy: op.id,
      decidedAt: ctx.clock.now(),
      note: input.note,
    });
    if (!r) throw Errors.conflict("WIN_REVIEW_DECIDED");
    const held = { house: WIN_REVIEW_ACCOUNT, currency: r.currency };
    // A win of a bet that used bonus money pays its bonus share by the same rule as a win paid
    // at once (heldWinLegs).
    const legs: Leg[] = input.approve
      ? [
          { account: held, amount: -r.amount },
          ...(r.currency === "FUN"
            ? [
                {
                  account: { member: r.memberId, kind: "play" as const, currency: r.currency },
                  amount: r.amount,
                },
              ]
            : await heldWinLegs(tx, {
                vendor: r.vendor,
                transactionId: r.transactionId,
                memberId: r.memberId,
                amount: r.amount,
                currency: r.currency,
              })),
        ]
      : [
          { account: held, amount: -r.amount },
          { account: { house: "games", currency: r.currency }, amount: r.amount },
        ];
    await postIn(tx, {
      idempotencyKey: `winreview:${r.id}:${input.approve ? "pay" : "return"}`,
      type: input.approve ? "win_release" : "win_return",
      reference: `${r.vendor}:${r.roundId}`,
      memberId: r.memberId,
      legs,
    });
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: input.approve ? "approve" : "reject",
      entityType: "win_review",
      entityId: String(r.id),
      before: dto(before),
      after: dto(r),
      ip: input.ip,
    });
    return { r, legs: input.approve ? legs : null };
  });
  if (out.legs) await notifyMembers(ctx, { legs: out.legs });
  return dto(out.r);
}

const Note = z.string().trim().max(500);
const LimitsBody = z.object({
  /** The maximum win per round as a multiple of the round's bets; null: none. */
  maxWinMultiple: z.number().int().min(1).max(1_000_000).nullable(),
  /** The maximum win per round as an amount; null: none. */
  maxWinAmount: PositiveAmount.nullable(),
});

/** GET /api/admin/win-reviews (and /export): status, a range of Manila days, a member, pages. */
const WinReviewListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).optional(),
  memberId: BigId.optional(),
  from: DayFilter.optional(),
  to: DayFilter.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
const WIN_REVIEW_CSV_HEADER = [
  "id",
  "held (PHT)",
  "status",
  "vendor",
  "round",
  "member id",
  "member",
  "amount (PHP)",
  "decided by",
  "decided (PHT)",
];

/** The page's names: one lookup each of the members and of the deciding operators (no query per row). */
async function withNames(ctx: AppContext, reviews: Review[]) {
  const [usernames, deciders] = await Promise.all([
    memberUsernames(ctx.db, [...new Set(reviews.map((r) => r.memberId))]),
    operatorNames(ctx.db, [...new Set(reviews.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy])))]),
  ]);
  return reviews.map((r) => ({
    ...dto(r),
    username: usernames.get(r.memberId) ?? null,
    decidedByName: r.decidedBy === null ? null : (deciders.get(r.decidedBy) ?? null),
  }));
}

export async function winReviewAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/win-reviews",
      query: WinReviewListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => {
      const [[reviews, total], pending] = await Promise.all([
        winReviewPage(ctx.db, query.status, query.pageSize, (query.page - 1) * query.pageSize, {
          ...dayBounds(query),
          memberId: query.memberId,
        }),
        pendingWinReviews(ctx),
      ]);
      return { items: await withNames(ctx, reviews), total, pending };
    },
  );
  // Every held win of the same filters as CSV (not only the page shown), page by page.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/win-reviews/export",
      query: WinReviewListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query, reply }) => {
      const out = await startCsv(
        reply,
        `held-wins-${query.status ?? "all"}-${query.from ?? "start"}-${query.to ?? "now"}.csv`,
        WIN_REVIEW_CSV_HEADER,
      );
      const maxId = await newestWinReviewId(readDb(ctx));
      try {
        for (let page = 0; maxId > 0; page++) {
          const [reviews] = await winReviewPage(readDb(ctx), query.status, 100, page * 100, {
            ...dayBounds(query),
            memberId: query.memberId,
            maxId,
          });
          const rows = (await withNames(ctx, reviews)).map((r) => [
            r.id,
            manilaStamp(new Date(r.createdAt), { seconds: true }),
            r.status,
            r.vendor,
            r.roundId,
            r.memberId,
            r.username,
            r.amount,
            r.decidedByName,
            r.decidedAt ? manilaStamp(new Date(r.decidedAt), { seconds: true }) : "",
          ]);
          if (!(await out.writeRows(rows))) break;
          if (reviews.length < 100) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );

  route(
    app,
    { method: "GET", url: "/api/admin/win-reviews/count", guards: [requireOperator(ctx, "finance.read")] },
    async () => ({ pending: await pendingWinReviews(ctx) }),
  );

  const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/win-reviews/:id/approve",
      params: IdParams,
      body: z.object({ note: Note.optional() }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) =>
      decideWinReview(ctx, {
        id: params.id,
        approve: true,
        note: body.note || null,
        operator: operatorOf(req),
        ip,
      }),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/win-reviews/:id/reject",
      params: IdParams,
      // A rejection keeps the player's win from them: its reason is required.
      body: z.object({ note: Note.pipe(z.string().min(3)) }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) =>
      decideWinReview(ctx, { id: params.id, approve: false, note: body.note, operator: operatorOf(req), ip }),
  );

  // The vendors' limits.
  const limitsDto = (c: ProviderLimitsRow) => ({
    vendor: c.vendor,
    enabled: c.enabled,
    maxWinMultiple: c.maxWinMultiple,
    maxWinAmount: c.maxWinAmount === null ? null : formatMinor(c.maxWinAmount),
  });
  /** The limit's requests waiting for a second operator, by vendor (the page shows them). */
  const pendingLimits = async () => {
    const rows = (await pendingApprovals(ctx.db, "provider_limits.update")).map((r) => ({
      id: r.id,
      vendor: r.entityId,
      payload: r.payload,
    }));
    const byVendor = new Map<
      string,
      { id: number; maxWinMultiple: number | null; maxWinAmount: string | null }
    >();
    for (const r of rows) {
      const p = LimitsBody.safeParse(r.payload);
      if (r.vendor && p.success)
        byVendor.set(r.vendor, {
          id: r.id,
          maxWinMultiple: p.data.maxWinMultiple,
          maxWinAmount: wire(p.data.maxWinAmount),
        });
    }
    return byVendor;
  };
  route(
    app,
    { method: "GET", url: "/api/admin/provider-limits", guards: [requireOperator(ctx, "finance.read")] },
    async () => {
      const [rows, pending] = await Promise.all([providerLimitsList(ctx.db), pendingLimits()]);
      return { vendors: rows.map((c) => ({ ...limitsDto(c), pending: pending.get(c.vendor) ?? null })) };
    },
  );

  /** Write a vendor's limits and audit it (at once, or when a second operator approves). */
  const saveLimits = async (
    tx: Executor,
    before: ProviderLimitsRow,
    limits: z.infer<typeof LimitsBody>,
    op: { id: number; username: string },
    ip: string,
    approvalId?: number,
  ) => {
    const after = await setProviderLimits(tx, before.vendor, limits);
    if (!after) throw Errors.notFound("vendor");
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "provider_limits",
      entityId: before.vendor,
      before: limitsDto(before),
      after: { ...limitsDto(after), ...(approvalId ? { approvalId } : {}) },
      ip,
    });
    return after;
  };
  const VendorParams = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_]{2,30}$/) });
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/provider-limits/:vendor",
      params: VendorParams,
      body: LimitsBody,
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      const saved = await withApproval(ctx, async (tx) => {
        const before = await lockProviderLimits(tx, params.vendor);
        if (!before) throw Errors.notFound("vendor");
        // Raising a limit lets bigger wins through unreviewed: a four-eyes change.
        // Lowering one, or adding one where there was none, applies at once.
        const changes = raisedLimits(before, body);
        if (changes.length > 0) {
          const shown = limitsDto(before);
          return requestApproval(ctx, tx, {
            kind: "provider_limits.update",
            entityId: before.vendor,
            payload: { maxWinMultiple: body.maxWinMultiple, maxWinAmount: wire(body.maxWinAmount) },
            base: { maxWinMultiple: shown.maxWinMultiple, maxWinAmount: shown.maxWinAmount },
            summary: {
              vendor: before.vendor,
              before: { maxWinMultiple: shown.maxWinMultiple, maxWinAmount: shown.maxWinAmount },
              after: { maxWinMultiple: body.maxWinMultiple, maxWinAmount: wire(body.maxWinAmount) },
              changes,
            },
            op,
            ip,
          });
        }
        return saveLimits(tx, before, body, op, ip);
      });
      forgetProviderClients(ctx);
      return limitsDto(saved);
    },
  );
  registerApplier(ctx, "provider_limits.update", {
    permission: "finance.write",
    entityType: "provider_limits",
    async apply(tx, r, op, ip) {
      const before = await lockProviderLimits(tx, r.entityId ?? "");
      if (!before) throw Errors.notFound("vendor");
      // Made against other limits (changed since): stale, to be rejected and asked again.
      const shown = limitsDto(before);
      const base = r.base as { maxWinMultiple?: unknown; maxWinAmount?: unknown } | null;
      if (base?.maxWinMultiple !== shown.maxWinMultiple || base?.maxWinAmount !== shown.maxWinAmount)
        throw Errors.conflict("VERSION_CONFLICT");
      const after = await saveLimits(tx, before, LimitsBody.parse(r.payload), op, ip, r.id);
      // The vendors' cache (a few seconds) is refreshed now; the approval commits right after.
      forgetProviderClients(ctx);
      return limitsDto(after);
    },
  });
}

/** An amount as the API carries it (text; PositiveAmount parses it to minor units). */
const wire = (minor: bigint | null) => (minor === null ? null : formatMinor(minor));

/**
 * Which limits a change raises: a higher multiple or amount, or one removed (raised to none).
 * Adding a limit where there was none, or lowering one, is stricter.
 */
export function raisedLimits(
  before: { maxWinMultiple: number | null; maxWinAmount: bigint | null },
  after: { maxWinMultiple: number | null; maxWinAmount: bigint | null },
): string[] {
  const changes: string[] = [];
  if (
    before.maxWinMultiple !== null &&
    (after.maxWinMultiple === null || after.maxWinMultiple > before.maxWinMultiple)
  )
    changes.push("maxWinMultiple");
  if (
    before.maxWinAmount !== null &&
    (after.maxWinAmount === null || after.maxWinAmount > before.maxWinAmount)
  )
    changes.push("maxWinAmount");
  return changes;
}
