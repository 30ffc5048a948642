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
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { csvLine } from "../reports/csv.ts";
import { addDays, manilaStart } from "../reports/days.ts";
import { createRaffle, drawRaffleNow, raffleViews } from "./raffle.ts";
import { percentOfPpm, ppmOfPercent, runRebateDay } from "./rebate.ts";
import { referralSettings } from "./referral.ts";

/**
 * Back office of issue 16 point 7 (rewards part): rebate rates and mode, a rebate day run by
 * hand, raffles (create, ticket rules, prizes, draw, results), referral reward settings, and
 * the reports (rebates per day and member, rewards offered and claimed) as JSON or CSV.
 * Reading needs marketing.read, changing marketing.write; every change is audited.
 */
const REPORT_ROWS_MAX = 50_000;

function sendCsv(reply: FastifyReply, filename: string, header: string[], rows: unknown[][]) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send([csvLine(header), ...rows.map((r) => csvLine(r))].join(""));
}

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
  route(app, { method: "GET", url: "/api/admin/rewards/rebate", guards: read }, async () => {
    const [settings] = await queryRows<{ mode: string; claim_days: number }>(
      ctx.db,
      sql`SELECT mode, claim_days FROM rebate_settings WHERE id = 1`,
    );
    const rates = await queryRows<{
      game_type: string;
      vip_level: number;
      rate_ppm: number;
      min_payout: string;
      max_payout: string | null;
      enabled: boolean;
    }>(ctx.db, sql`SELECT * FROM rebate_rates ORDER BY game_type, vip_level`);
    const runs = await queryRows<{
      day: string;
      status: string;
      mode: string;
      members: number;
      paid: string;
    }>(
      ctx.db,
      sql`SELECT day::text AS day, status, mode, members, paid FROM rebate_runs ORDER BY day DESC LIMIT 30`,
    );
    return {
      mode: settings?.mode ?? "manual",
      claimDays: settings?.claim_days ?? 7,
      rates: rates.map((r) => ({
        gameType: r.game_type,
        vipLevel: r.vip_level,
        rate: percentOfPpm(r.rate_ppm),
        minPayout: formatMinor(BigInt(r.min_payout)),
        maxPayout: r.max_payout === null ? null : formatMinor(BigInt(r.max_payout)),
        enabled: r.enabled,
      })),
      runs: runs.map((r) => ({ ...r, paid: formatMinor(BigInt(r.paid)) })),
    };
  });
  route(
    app,
    { method: "PUT", url: "/api/admin/rewards/rebate/settings", body: AdminRebateSettings, guards: write },
    async (i) => {
      await ctx.db.execute(
        sql`UPDATE rebate_settings SET mode = ${i.body.mode}, claim_days = ${i.body.claimDays}, updated_at = now() WHERE id = 1`,
      );
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
      await ctx.db.execute(
        sql`INSERT INTO rebate_rates (game_type, vip_level, rate_ppm, min_payout, max_payout, enabled)
          VALUES (${b.gameType.toUpperCase()}, ${b.vipLevel}, ${ppm}, ${(b.minPayout ?? 1n).toString()},
            ${b.maxPayout?.toString() ?? null}, ${b.enabled})
          ON CONFLICT (game_type, vip_level) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm,
            min_payout = EXCLUDED.min_payout, max_payout = EXCLUDED.max_payout, enabled = EXCLUDED.enabled, updated_at = now()`,
      );
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
      // Only a closed Manila day: its rounds are all in.
      if (manilaStart(addDays(i.body.day, 1)).getTime() > ctx.clock.now().getTime()) {
        throw Errors.validation([{ path: "day", message: "day_not_closed" }]);
      }
      const result = await runRebateDay(ctx, i.body.day);
      await audit(i.req, "run", "rebate_run", i.body.day, result);
      return result;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/rewards/rebate/report", query: AdminRewardReportQuery, guards: read },
    async (i) => {
      const rows = await queryRows<{
        day: string;
        username: string;
        game_type: string;
        valid_bet: string;
        rate_ppm: number;
        amount: string;
      }>(
        ctx.db,
        sql`SELECT l.day::text AS day, m.username, l.game_type, l.valid_bet, l.rate_ppm, l.amount
          FROM rebate_lines l JOIN members m ON m.id = l.member_id
          WHERE l.day >= ${i.query.from}::date AND l.day <= ${i.query.to}::date
          ORDER BY l.day, m.username, l.game_type LIMIT ${REPORT_ROWS_MAX}`,
      );
      const list = rows.map((r) => ({
        day: r.day,
        member: r.username,
        gameType: r.game_type,
        validBet: formatMinor(BigInt(r.valid_bet)),
        rate: percentOfPpm(r.rate_ppm),
        amount: formatMinor(BigInt(r.amount)),
      }));
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
      await audit(i.req, "create", "raffle", String(id), { ...b, prizes: b.prizes.map(String) });
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
    async (i) => {
      const rows = await queryRows<{ username: string; tickets: number; first_ticket: number }>(
        ctx.db,
        sql`SELECT m.username, e.tickets, e.first_ticket FROM raffle_entries e JOIN members m ON m.id = e.member_id
          WHERE e.raffle_id = ${i.params.id} ORDER BY e.first_ticket LIMIT ${REPORT_ROWS_MAX}`,
      );
      return {
        list: rows.map((r) => ({ member: r.username, tickets: r.tickets, firstTicket: r.first_ticket })),
      };
    },
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
      await ctx.db.execute(
        sql`UPDATE referral_settings SET enabled = ${b.enabled}, register_reward = ${b.registerReward.toString()},
              deposit_reward = ${b.depositReward.toString()}, deposit_min = ${b.depositMin.toString()},
              bet_reward = ${b.betReward.toString()}, bet_threshold = ${b.betThreshold.toString()}, updated_at = now()
            WHERE id = 1`,
      );
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
      const from = manilaStart(i.query.from);
      const to = manilaStart(addDays(i.query.to, 1));
      const rows = await queryRows<{
        day: string;
        source_kind: string;
        state: string;
        n: string;
        amount: string;
      }>(
        ctx.db,
        sql`SELECT to_char(created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, source_kind, state,
            COUNT(*)::text AS n, SUM(amount)::text AS amount
          FROM member_rewards WHERE created_at >= ${from} AND created_at < ${to}
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      );
      const list = rows.map((r) => ({
        day: r.day,
        source: r.source_kind,
        state: r.state,
        count: Number(r.n),
        amount: formatMinor(BigInt(r.amount)),
      }));
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
