import { IdParams } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import {
  AdminRaffleCreate,
  AdminRebateRate,
  AdminRebateRunRequest,
  AdminRebateSettings,
  AdminReferralSettings,
  AdminRewardReportQuery,
} from "@panalo/contracts/rewards";
import { sendCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { createRaffle, drawRaffleNow, raffleViews } from "./raffle.ts";
import { percentOfPpm, ppmOfPercent } from "./rebate.ts";
import { referralSettings } from "./referral.ts";
import {
  raffleEntryList,
  rebateAdminView,
  rebateReport,
  rewardsReport,
  runRebateDayByHand,
  saveRebateRate,
  saveRebateSettings,
  saveReferralSettings,
} from "./service.ts";

/**
 * The rewards back office: rebate rates and mode, a rebate day run by
 * hand, raffles (create, ticket rules, prizes, draw, results), referral reward settings, and
 * the reports (rebates per day and member, rewards offered and claimed) as JSON or CSV.
 * Reading needs marketing.read, changing marketing.write; every change is audited.
 */

export async function rewardAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const audit = async (
    req: Parameters<typeof operatorOf>[0],
    action: string,
    entityType: string,
    entityId: string | null,
    after: unknown,
  ) => {
    const op = operatorOf(req);
    await recordAudit(ctx.db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType,
      entityId,
      before: null,
      after,
      ip: req.ip,
    });
  };

  // ---------- Rebates ----------
  route(app, { method: "GET", url: "/api/admin/rewards/rebate", guards: read }, async () =>
    rebateAdminView(ctx.db),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/rewards/rebate/settings", body: AdminRebateSettings, guards: write },
    async (i) => {
      await saveRebateSettings(ctx.db, i.body);
      await audit(i.req, "update", "rebate_settings", "1", i.body);
      return i.body;
    },
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/rewards/rebate/rates", body: AdminRebateRate, guards: write },
    async (i) => {
      const b = i.body;
      const ppm = ppmOfPercent(b.rate);
      await saveRebateRate(ctx.db, { ...b, ratePpm: ppm });
      await audit(i.req, "update", "rebate_rate", `${b.gameType.toUpperCase()}:${b.vipLevel}`, {
        ...b,
        ratePpm: ppm,
      });
      return { gameType: b.gameType.toUpperCase(), vipLevel: b.vipLevel, rate: percentOfPpm(ppm) };
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/rewards/rebate/run", body: AdminRebateRunRequest, guards: write },
    async (i) => {
      const result = await runRebateDayByHand(ctx, i.body.day);
      await audit(i.req, "run", "rebate_run", i.body.day, result);
      return result;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/rewards/rebate/report", query: AdminRewardReportQuery, guards: read },
    async (i) => {
      const list = await rebateReport(ctx.db, i.query.from, i.query.to);
      if (i.query.format === "csv") {
        return sendCsv(
          i.reply,
          `rebates-${i.query.from}-${i.query.to}.csv`,
          ["day", "member", "game_type", "valid_bet", "rate_percent", "rebate"],
          list.map((r) => [r.day, r.member, r.gameType, r.validBet, r.rate, r.amount]),
        );
      }
      return { list };
    },
  );

  // ---------- Raffles ----------
  route(app, { method: "GET", url: "/api/admin/rewards/raffles", guards: read }, async (i) =>
    raffleViews(ctx.db, null, i.lang),
  );
  route(
    app,
    { method: "POST", url: "/api/admin/rewards/raffles", body: AdminRaffleCreate, guards: write },
    async (i) => {
      const b = i.body;
      const id = await createRaffle(ctx.db, {
        title: b.title,
        currency: b.currency,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
        ticketPerDeposit: b.ticketPerDeposit ?? null,
        ticketPerBet: b.ticketPerBet ?? null,
        maxTicketsPerMember: b.maxTicketsPerMember,
        prizes: b.prizes,
      });
      // Amounts audited as the API's pesos text (a bigint has no JSON form).
      await audit(i.req, "create", "raffle", String(id), {
        ...b,
        ticketPerDeposit: b.ticketPerDeposit == null ? null : formatMinor(b.ticketPerDeposit),
        ticketPerBet: b.ticketPerBet == null ? null : formatMinor(b.ticketPerBet),
        prizes: b.prizes.map(formatMinor),
      });
      const [view] = await raffleViews(ctx.db, null, i.lang, id);
      return view;
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/rewards/raffles/:id/draw", params: IdParams, guards: write },
    async (i) => {
      const result = await drawRaffleNow(ctx, i.params.id);
      await audit(i.req, "draw", "raffle", String(i.params.id), result);
      const [view] = await raffleViews(ctx.db, null, i.lang, i.params.id);
      return view;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/rewards/raffles/:id/entries", params: IdParams, guards: read },
    async (i) => ({
      list: await raffleEntryList(ctx.db, i.params.id),
    }),
  );

  // ---------- Referral ----------
  route(app, { method: "GET", url: "/api/admin/rewards/referral", guards: read }, async () => {
    const s = await referralSettings(ctx.db);
    return {
      enabled: s.enabled,
      registerReward: formatMinor(s.registerReward),
      depositReward: formatMinor(s.depositReward),
      depositMin: formatMinor(s.depositMin),
      betReward: formatMinor(s.betReward),
      betThreshold: formatMinor(s.betThreshold),
    };
  });
  route(
    app,
    { method: "PUT", url: "/api/admin/rewards/referral", body: AdminReferralSettings, guards: write },
    async (i) => {
      const b = i.body;
      await saveReferralSettings(ctx.db, b);
      const after = Object.fromEntries(
        Object.entries(b).map(([k, v]) => [k, typeof v === "bigint" ? formatMinor(v) : v]),
      );
      await audit(i.req, "update", "referral_settings", "1", after);
      return after;
    },
  );

  // ---------- Rewards report ----------
  route(
    app,
    { method: "GET", url: "/api/admin/rewards/report", query: AdminRewardReportQuery, guards: read },
    async (i) => {
      const list = await rewardsReport(ctx.db, i.query.from, i.query.to);
      if (i.query.format === "csv") {
        return sendCsv(
          i.reply,
          `rewards-${i.query.from}-${i.query.to}.csv`,
          ["day", "source", "state", "count", "amount"],
          list.map((r) => [r.day, r.source, r.state, r.count, r.amount]),
        );
      }
      return { list };
    },
  );
}
