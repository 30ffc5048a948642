import { BonusForfeitInput, BonusGrantInput, BonusRuleInput } from "@panalo/contracts/bonus";
import { BigIdParams } from "@panalo/contracts/input";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { registerApplier, requestApproval, withApproval } from "../admin/service.ts";
import { readSetting } from "../content/service.ts";
import { memberRecord } from "../members/service.ts";
import { grantBonus } from "./grant.ts";
import { allRules, bonusReviewOf, clearBonusReview, insertRule, lockRule, updateRule } from "./repo.ts";
import { endBonus, listBonuses, ruleDto } from "./service.ts";

const GrantPayload = z.object({
  memberId: z.number().int().positive(),
  ruleId: z.number().int().positive(),
  amount: z.string().regex(/^\d{1,15}$/),
  requestId: z.string(),
  note: z.string().nullable(),
});

async function memberExists(exec: Executor, id: number) {
  if (!(await memberRecord(exec, id))) throw Errors.notFound("player");
}

/**
 * The back office's bonus pages: the rules, each member's bonuses, a manual
 * grant (four eyes above the finance threshold, approvals.ts) or forfeit, and clearing a
 * household review flag.
 */
export async function bonusAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const grant = [requireOperator(ctx, "bonuses.grant")];

  route(app, { method: "GET", url: "/api/admin/bonus/rules", guards: read }, async () => ({
    items: (await allRules(ctx.db)).map(ruleDto),
  }));
  route(
    app,
    { method: "POST", url: "/api/admin/bonus/rules", body: BonusRuleInput, guards: write },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const r = await insertRule(tx, body);
        if (!r) throw Errors.internal();
        const after = ruleDto(r);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "create",
          entityType: "bonus-rule",
          entityId: r.id,
          before: null,
          after,
          ip,
        });
        return after;
      });
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/bonus/rules/:id",
      params: BigIdParams,
      body: BonusRuleInput,
      guards: write,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const before = await lockRule(tx, params.id);
        if (!before) throw Errors.notFound("bonus rule");
        // A rule's edit applies to bonuses granted from now on: each bonus keeps its own terms.
        const r = await updateRule(tx, params.id, body);
        if (!r) throw Errors.internal();
        const after = ruleDto(r);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "bonus-rule",
          entityId: r.id,
          before: ruleDto(before),
          after,
          ip,
        });
        return after;
      });
    },
  );

  route(
    app,
    { method: "GET", url: "/api/admin/players/:id/bonuses", params: BigIdParams, guards: read },
    async ({ params }) => {
      await memberExists(ctx.db, params.id);
      return {
        bonusReview: await bonusReviewOf(ctx.db, params.id),
        items: await listBonuses(ctx.db, params.id, 100),
      };
    },
  );

  const applyGrant = async (
    tx: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0],
    payload: z.infer<typeof GrantPayload>,
    op: { id: number; username: string },
    ip: string,
    approvalId: number | null,
  ) => {
    const out = await grantBonus(tx, {
      memberId: payload.memberId,
      ruleId: payload.ruleId,
      amountMinor: BigInt(payload.amount),
      sourceKey: `bonus:admin:${payload.memberId}:${payload.requestId}`,
      reference: payload.note,
    });
    if (out.created) {
      await recordAudit(tx, {
        operatorId: op.id,
        operatorName: op.username,
        action: "grant",
        entityType: "bonus",
        entityId: String(out.bonusId),
        before: null,
        after: { ...payload, amount: formatMinor(BigInt(payload.amount)), approvalId },
        ip,
      });
    }
    return out;
  };
  registerApplier(ctx, "bonus.grant", {
    permission: "bonuses.grant",
    entityType: "bonus",
    async apply(tx, r, op, ip) {
      return applyGrant(tx, GrantPayload.parse(r.payload), op, ip, r.id);
    },
  });
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/players/:id/bonuses",
      params: BigIdParams,
      body: BonusGrantInput,
      guards: grant,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      await memberExists(ctx.db, params.id);
      const payload = {
        memberId: params.id,
        ruleId: body.ruleId,
        amount: body.amount.toString(),
        requestId: body.requestId,
        note: body.note ?? null,
      };
      // Four eyes above the amount one operator may move alone (Finance settings).
      const threshold = parseMoney((await readSetting(ctx.db, "finance")).adjustmentApprovalThreshold) ?? 0n;
      if (body.amount > threshold) {
        return withApproval(ctx, (tx) =>
          requestApproval(ctx, tx, {
            kind: "bonus.grant",
            entityId: String(params.id),
            payload,
            base: null,
            summary: { memberId: params.id, ruleId: body.ruleId, amount: formatMinor(body.amount) },
            op,
            ip,
          }),
        );
      }
      return ctx.db.transaction((tx) => applyGrant(tx, payload, op, ip, null));
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/bonuses/:id/forfeit",
      params: BigIdParams,
      body: BonusForfeitInput,
      guards: grant,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const ended = await endBonus(tx, params.id, "forfeited", `operator: ${body.reason}`, ctx.clock.now());
        if (!ended) throw Errors.conflict("BONUS_NOT_ACTIVE");
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "forfeit",
          entityType: "bonus",
          entityId: String(params.id),
          before: { state: "active" },
          after: { state: "forfeited", reason: body.reason },
          ip,
        });
        return { id: params.id, state: "forfeited" };
      });
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/players/:id/bonus-review/clear", params: BigIdParams, guards: write },
    async ({ params, req, ip }) => {
      const op = operatorOf(req);
      await memberExists(ctx.db, params.id);
      await ctx.db.transaction(async (tx) => {
        await clearBonusReview(tx, params.id);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "clear-bonus-review",
          entityType: "player",
          entityId: String(params.id),
          before: { bonusReview: true },
          after: { bonusReview: false },
          ip,
        });
      });
      return { bonusReview: false };
    },
  );
}
