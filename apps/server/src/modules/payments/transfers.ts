import { AGENT_RIGHTS, isAgentType } from "@panalo/contracts/agents";
import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { DayFilter, dayBounds } from "@panalo/contracts/list-query";
import { manilaStamp } from "@panalo/contracts/manila-format";
import { manilaDayStart as manilaDayStartOf } from "@panalo/contracts/manila-time";
import { formatMinor, PositiveAmount, parseMoney, SignedAmount } from "@panalo/contracts/money";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { singleFlight } from "../../lib/single-flight.ts";
import { operatorNames } from "../admin/service.ts";
import { downlineDepth } from "../agents/service.ts";
import { readSetting } from "../content/service.ts";
import { notifyMembers, postAndNotify, postIn } from "../ledger/service.ts";
import {
  directDownlineByUsername,
  type MemberRecord,
  memberCurrency,
  memberOf,
  memberRecord,
  memberStanding,
  memberUsernames,
  requireMember,
  verifyTxPassword,
} from "../members/service.ts";
import {
  type AdjustmentRow,
  adjustmentPage,
  decidePendingAdjustment,
  insertAdjustment,
  lockAdjustment,
  lockOperatorMemberAdjustments,
  operatorAdjustedSince,
} from "./repo/adjustments.ts";

const TransferBody = z.object({
  amount: PositiveAmount,
  transactionPassword: z.string().min(1).max(20),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

async function checkTx(ctx: AppContext, memberId: number, password: string): Promise<MemberRecord> {
  const m = await memberRecord(ctx.db, memberId);
  if (!m) throw Errors.unauthorized();
  await verifyTxPassword(ctx, memberId, m.txPasswordHash, password);
  return m;
}

/** The start of `now`'s calendar day in Manila. */
export function manilaDayStart(now: Date): Date {
  return manilaDayStartOf(now);
}

/** Transfers allowed by spec §6 (agent → own downline, downline → own upline) and operator adjustments. */
export async function transferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const real = [requireMember(ctx, { realOnly: true })];
  const move = async (from: MemberRecord, toId: number, amount: bigint, requestId: string) => {
    const r = await postAndNotify(ctx, {
      idempotencyKey: `transfer:${from.id}:${requestId}`,
      type: "transfer",
      reference: `T${from.id}-${toId}`,
      memberId: from.id,
      legs: [
        { account: { member: from.id, kind: "main", currency: from.currency }, amount: -amount },
        { account: { member: toId, kind: "main", currency: from.currency }, amount },
      ],
    });
    return { transactionId: r.transactionId, amount: formatMinor(amount) };
  };

  route(
    app,
    {
      method: "POST",
      url: "/wps/relay/transferToDownline",
      body: TransferBody.extend({ downline: z.string().trim().min(1).max(40) }),
      guards: real,
    },
    async ({ body, req }) => {
      const me = memberOf(req);
      // A replay of the same request id while it runs shares its answer (no second password try).
      return singleFlight(ctx, `transfer:${me.id}:${body.requestId}`, async () => {
        // spec §6 "an agent may transfer to a downline": an agent type with that right (agents
        // 1 and 2; affiliates 41, 42 only invite — @panalo/contracts/agents AGENT_RIGHTS), to a
        // direct downline of its own tree, active, in its currency. Read fresh, not from the session.
        const m = await checkTx(ctx, me.id, body.transactionPassword);
        if (!isAgentType(m.isAgent) || !AGENT_RIGHTS[m.isAgent].transfersToDownline) {
          throw Errors.forbiddenCode("AGENTS_ONLY");
        }
        const target = await directDownlineByUsername(ctx.db, me.id, body.downline.toLowerCase());
        if (!target) {
          // In the team but further down: say that transfers go to direct downlines only.
          const depth = await downlineDepth(ctx.db, me.id, body.downline.toLowerCase());
          throw Errors.forbiddenCode(depth !== null ? "NOT_DIRECT_DOWNLINE" : "NOT_YOUR_DOWNLINE");
        }
        if (target.currency !== m.currency || target.status !== "active") {
          throw Errors.forbiddenCode("NOT_YOUR_DOWNLINE");
        }
        return move(m, target.id, body.amount, body.requestId);
      });
    },
  );

  route(
    app,
    { method: "POST", url: "/wps/relay/transferUpline", body: TransferBody, guards: real },
    async ({ body, req }) => {
      const me = memberOf(req);
      return singleFlight(ctx, `transfer:${me.id}:${body.requestId}`, async () => {
        const m = await checkTx(ctx, me.id, body.transactionPassword);
        if (!m.uplineId) throw Errors.bad("NO_UPLINE");
        // spec §6 "downlines may transfer to an upline": only to the direct upline, which must be
        // an active agent in the same currency (never a new account in another currency).
        const up = await memberStanding(ctx.db, m.uplineId);
        if (!up || !isAgentType(up.isAgent) || up.status !== "active" || up.currency !== m.currency) {
          throw Errors.bad("NO_UPLINE");
        }
        return move(m, m.uplineId, body.amount, body.requestId);
      });
    },
  );

  // ---- back office: manual adjustments ----
  const AdjustBody = z.object({
    memberId: BigId,
    /** Signed: "250.00" credits, "-250.00" debits. */
    amount: SignedAmount,
    reason: z.string().trim().min(5).max(300),
  });
  const apply = async (tx: Parameters<typeof postIn>[0], a: AdjustmentRow) => {
    const legs = [
      { account: { house: "adjustments", currency: a.currency }, amount: -a.amount },
      { account: { member: a.memberId, kind: "main" as const, currency: a.currency }, amount: a.amount },
    ];
    await postIn(tx, {
      idempotencyKey: `adjustment:${a.id}`,
      type: "adjustment",
      reference: `A${a.id}`,
      memberId: a.memberId,
      legs,
    });
    return legs;
  };
  const dto = (a: AdjustmentRow) => ({
    id: a.id,
    memberId: a.memberId,
    amount: formatMinor(a.amount),
    currency: a.currency,
    reason: a.reason,
    status: a.status,
    createdBy: a.createdBy,
    decidedBy: a.decidedBy,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  });

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/adjustments",
      body: AdjustBody,
      guards: [requireOperator(ctx, "players.adjust")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      const amount = body.amount;
      const abs = amount < 0n ? -amount : amount;
      const currency = await memberCurrency(ctx.db, body.memberId);
      if (currency === undefined || currency === "FUN") throw Errors.notFound("player");
      const threshold = parseMoney((await readSetting(ctx.db, "finance")).adjustmentApprovalThreshold) ?? 0n;
      const now = ctx.clock.now();
      const out = await ctx.db.transaction(async (tx) => {
        // Four eyes that cannot be split: the threshold holds for this operator's running total
        // for this member on this Manila day (applied and pending, credits and debits alike,
        // plus this one). The lock by (operator, member) makes read-then-insert one step, so two
        // requests at once are summed as if sent one after the other.
        await lockOperatorMemberAdjustments(tx, op.id, body.memberId);
        const sofar = await operatorAdjustedSince(tx, op.id, body.memberId, manilaDayStart(now));
        const needsSecond = sofar + abs > threshold;
        const a = await insertAdjustment(tx, {
          memberId: body.memberId,
          amount,
          currency,
          reason: body.reason,
          status: needsSecond ? "pending" : "applied",
          createdBy: op.id,
          decidedBy: needsSecond ? null : op.id,
          decidedAt: needsSecond ? null : now,
          createdAt: now,
        });
        if (!a) throw Errors.internal();
        const legs = needsSecond ? null : await apply(tx, a);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: needsSecond ? "request" : "apply",
          entityType: "adjustment",
          entityId: String(a.id),
          before: null,
          after: dto(a),
          ip,
        });
        return { a, legs };
      });
      if (out.legs) await notifyMembers(ctx, { legs: out.legs });
      return dto(out.a);
    },
  );

  const AdjustmentListQuery = z.object({
    status: z.enum(["pending", "applied", "rejected"]).optional(),
    memberId: BigId.optional(),
    // A range of Manila days of when the adjustment was asked for.
    from: DayFilter.optional(),
    to: DayFilter.optional(),
    page: PageNo.default(1),
    pageSize: pageSize(100).default(50),
  });
  type AdjustmentListQuery = z.output<typeof AdjustmentListQuery>;
  // The approvals queue (status=pending, oldest first) and the history (newest first), with who
  // asked and who decided, so an operator sees at once which requests are theirs to approve.
  const adjustmentList = async (query: AdjustmentListQuery) => {
    const [page, total] = await adjustmentPage(
      ctx.db,
      { status: query.status, memberId: query.memberId, ...dayBounds(query) },
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    // The page's names: one lookup of the members, one of the operators who asked and decided.
    const [usernames, operators] = await Promise.all([
      memberUsernames(
        ctx.db,
        page.map((a) => a.memberId),
      ),
      operatorNames(
        ctx.db,
        page.flatMap((a) => (a.decidedBy === null ? [a.createdBy] : [a.createdBy, a.decidedBy])),
      ),
    ]);
    return {
      items: page.map((a) => ({
        ...dto(a),
        username: usernames.get(a.memberId) ?? null,
        createdByName: operators.get(a.createdBy) ?? null,
        decidedByName: a.decidedBy === null ? null : (operators.get(a.decidedBy) ?? null),
      })),
      total,
    };
  };
  const finance = [requireOperator(ctx, "finance.read")];
  route(
    app,
    { method: "GET", url: "/api/admin/adjustments", query: AdjustmentListQuery, guards: finance },
    ({ query }) => adjustmentList(query),
  );
  // Every adjustment of the same filters as CSV (not only the page shown), streamed page by
  // page. An adjustment made meanwhile comes first in the history's order and pushes the rest
  // one place down: a row read twice is written once.
  route(
    app,
    { method: "GET", url: "/api/admin/adjustments/export", query: AdjustmentListQuery, guards: finance },
    async ({ query, reply }) => {
      const out = await startCsv(reply, `adjustments-${query.status ?? "all"}.csv`, [
        "id",
        "created (PHT)",
        "status",
        "member id",
        "member",
        "amount (PHP)",
        "reason",
        "asked by",
        "decided by",
        "decided (PHT)",
      ]);
      const stamp = (iso: string | null) => (iso ? manilaStamp(new Date(iso), { seconds: true }) : "");
      const written = new Set<number>();
      try {
        for (let page = 1; ; page++) {
          const { items } = await adjustmentList({ ...query, page, pageSize: 100 });
          const rows = items
            .filter((a) => !written.has(a.id))
            .map((a) => {
              written.add(a.id);
              return [
                a.id,
                stamp(a.createdAt),
                a.status,
                a.memberId,
                a.username,
                a.amount,
                a.reason,
                a.createdByName,
                a.decidedByName,
                stamp(a.decidedAt),
              ];
            });
          if (!(await out.writeRows(rows))) break;
          if (items.length < 100) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );

  const decide =
    (approve: boolean) =>
    async ({
      params,
      req,
      ip,
    }: {
      params: { id: number };
      req: Parameters<typeof operatorOf>[0];
      ip: string;
    }) => {
      const op = operatorOf(req);
      const out = await ctx.db.transaction(async (tx) => {
        const pending = await lockAdjustment(tx, params.id);
        if (!pending) throw Errors.notFound("adjustment");
        if (pending.status !== "pending") throw Errors.conflict("ADJUSTMENT_NOT_PENDING");
        if (pending.createdBy === op.id) throw Errors.forbiddenCode("SECOND_OPERATOR_REQUIRED");
        const a = await decidePendingAdjustment(tx, params.id, {
          status: approve ? "applied" : "rejected",
          decidedBy: op.id,
          decidedAt: ctx.clock.now(),
        });
        if (!a) throw Errors.conflict("ADJUSTMENT_NOT_PENDING");
        const legs = approve ? await apply(tx, a) : null;
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: approve ? "approve" : "reject",
          entityType: "adjustment",
          entityId: String(a.id),
          before: dto(pending),
          after: dto(a),
          ip,
        });
        return { a, legs };
      });
      if (out.legs) await notifyMembers(ctx, { legs: out.legs });
      return dto(out.a);
    };
  const IdParams = z.object({ id: BigId });
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/adjustments/:id/approve",
      params: IdParams,
      guards: [requireOperator(ctx, "players.adjust")],
    },
    decide(true),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/adjustments/:id/reject",
      params: IdParams,
      guards: [requireOperator(ctx, "players.adjust")],
    },
    decide(false),
  );
}
