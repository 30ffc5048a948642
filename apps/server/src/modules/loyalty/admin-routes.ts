import { IdParams } from "@panalo/contracts/input";
import {
  AdminCampaign,
  AdminLoyaltySettings,
  AdminMallItem,
  AdminMemberParams,
  AdminMission,
  AdminPointsRate,
  AdminPointsReportQuery,
  AdminRedemptionDecision,
  AdminRedemptionQuery,
  AdminVipChange,
  AdminVipLevel,
} from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import { isTransferVendor } from "@panalo/rgs/catalog";
import { rgsGame, totalBet } from "@panalo/rgs/games";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { csvLine } from "../reports/csv.ts";
import { addDays, manilaStart } from "../reports/days.ts";
import { decideRedemption, mallItems, toRedemption } from "./mall.ts";
import { activeMissions, leaderboard } from "./missions.ts";
import { loyaltySettings, pointsRates } from "./points.ts";
import { memberVip, setLevel, vipLevels } from "./vip.ts";

/**
 * Back office of issue 20 point 6: points rules and rates, VIP levels, a member's level history
 * and a manual change, the mall's items and stock, the redemption queue, missions and campaigns
 * with their results, and the points report (issued, redeemed, refunded, expired) as JSON or
 * CSV. Reading needs marketing.read, changing marketing.write; every change is audited.
 */
const PAGE = 50;

export async function loyaltyAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const audit = async (
    req: FastifyRequest,
    action: string,
    entityType: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ) => {
    const op = operatorOf(req);
    await recordAudit(ctx.db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType,
      entityId,
      before,
      after,
      ip: req.ip,
    });
  };

  // ---------- rules ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/settings", guards: read }, async () => {
    const [s, rates] = await Promise.all([loyaltySettings(ctx.db), pointsRates(ctx.db)]);
    return { settings: { ...s, convertMinor: Number(s.convertMinor) }, rates };
  });
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/settings", body: AdminLoyaltySettings, guards: write },
    async (i) => {
      const before = await loyaltySettings(ctx.db);
      const b = i.body;
      await ctx.db.execute(
        sql`UPDATE loyalty_settings SET deposit_rate_ppm = ${b.depositRatePpm}, expiry_days = ${b.expiryDays},
            convert_points = ${b.convertPoints}, convert_minor = ${b.convertMinor}, convert_min_points = ${b.convertMinPoints},
            vip_window_days = ${b.vipWindowDays}, vip_review_days = ${b.vipReviewDays}, rank_days = ${b.rankDays},
            updated_at = ${ctx.clock.now()} WHERE id = 1`,
      );
      await audit(
        i.req,
        "update",
        "loyalty_settings",
        "1",
        { ...before, convertMinor: Number(before.convertMinor) },
        b,
      );
      return b;
    },
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/rates", body: AdminPointsRate, guards: write },
    async (i) => {
      const b = i.body;
      await ctx.db.execute(
        sql`INSERT INTO points_rates (game_type, vip_level, rate_ppm, updated_at) VALUES (${b.gameType}, ${b.vipLevel}, ${b.ratePpm}, ${ctx.clock.now()})
          ON CONFLICT (game_type, vip_level) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm, updated_at = EXCLUDED.updated_at`,
      );
      await audit(i.req, "update", "points_rate", `${b.gameType}:${b.vipLevel}`, null, b);
      return b;
    },
  );

  // ---------- VIP ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/vip-levels", guards: read }, async () => ({
    list: (await vipLevels(ctx.db)).map((l) => ({
      ...l,
      minValidBet: l.minValidBet.toString(),
      minDeposit: l.minDeposit.toString(),
      withdrawDailyMax: l.withdrawDailyMax?.toString() ?? null,
      birthdayBonus: l.birthdayBonus.toString(),
      upgradeBonus: l.upgradeBonus.toString(),
    })),
  }));
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/vip-levels", body: AdminVipLevel, guards: write },
    async (i) => {
      const b = i.body;
      await ctx.db.execute(
        sql`INSERT INTO vip_levels (level, name, min_valid_bet, min_deposit, rebate_rate_ppm, withdraw_daily_max,
            withdraw_daily_count, birthday_bonus, upgrade_bonus, updated_at)
          VALUES (${b.level}, ${b.name}, ${b.minValidBet}::bigint, ${b.minDeposit}::bigint, ${b.rebateRatePpm},
            ${b.withdrawDailyMax}::bigint, ${b.withdrawDailyCount}, ${b.birthdayBonus}::bigint, ${b.upgradeBonus}::bigint, ${ctx.clock.now()})
          ON CONFLICT (level) DO UPDATE SET name = EXCLUDED.name, min_valid_bet = EXCLUDED.min_valid_bet,
            min_deposit = EXCLUDED.min_deposit, rebate_rate_ppm = EXCLUDED.rebate_rate_ppm,
            withdraw_daily_max = EXCLUDED.withdraw_daily_max, withdraw_daily_count = EXCLUDED.withdraw_daily_count,
            birthday_bonus = EXCLUDED.birthday_bonus, upgrade_bonus = EXCLUDED.upgrade_bonus, updated_at = EXCLUDED.updated_at`,
      );
      await audit(i.req, "update", "vip_level", String(b.level), null, b);
      return b;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/members/:id/vip", params: AdminMemberParams, guards: read },
    async (i) => {
      const v = await memberVip(ctx.db, i.params.id, ctx.clock.now());
      const history = await queryRows<{
        id: string;
        from_level: number;
        to_level: number;
        reason: string;
        note: string | null;
        created_at: string;
      }>(
        ctx.db,
        sql`SELECT id, from_level, to_level, reason, note, created_at FROM vip_history WHERE member_id = ${i.params.id} ORDER BY id DESC LIMIT 100`,
      );
      return {
        level: v.level,
        validBet: formatMinor(v.figures.validBet),
        deposit: formatMinor(v.figures.deposit),
        history: history.map((h) => ({
          ...h,
          id: Number(h.id),
          created_at: new Date(h.created_at).toISOString(),
        })),
      };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/loyalty/members/:id/vip",
      params: AdminMemberParams,
      body: AdminVipChange,
      guards: write,
    },
    async (i) => {
      const levels = await vipLevels(ctx.db);
      if (!levels.some((l) => l.level === i.body.level)) throw new AppError("VIP_LEVEL_NOT_FOUND", 404);
      const op = operatorOf(i.req);
      const at = ctx.clock.now();
      const before = await memberVip(ctx.db, i.params.id, at);
      const changed = await ctx.db.transaction((tx) =>
        setLevel(tx, {
          memberId: i.params.id,
          to: i.body.level,
          reason: "manual",
          sourceKey: `vip:manual:${i.params.id}:${at.getTime()}:${op.id}`,
          at,
          operatorId: op.id,
          note: i.body.note,
        }),
      );
      await audit(i.req, "vip_change", "member", String(i.params.id), { level: before.level }, i.body);
      return { changed, level: i.body.level };
    },
  );

  // ---------- mall ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/mall/items", guards: read }, async () => ({
    list: (await mallItems(ctx.db, { all: true })).map((it) => ({
      ...it,
      pricePoints: Number(it.pricePoints),
      amount: it.amount === null ? null : formatMinor(it.amount),
      freeSpins: it.freeSpins ? { ...it.freeSpins, betPerLine: formatMinor(it.freeSpins.betPerLine) } : null,
    })),
  }));
  const saveItem = async (id: number | null, b: typeof AdminMallItem._output) => {
    if (b.kind === "freespins") {
      // An in-house slot of that vendor (not a transfer-wallet one) and one of its bet levels.
      const fs = b.freeSpins;
      if (!fs) throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins", reason: "required" });
      const game = rgsGame(fs.gameCode);
      if (!game || game.vendor !== fs.vendor || isTransferVendor(fs.vendor))
        throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins.gameCode", reason: "not_found" });
      if (totalBet(game, fs.betPerLine) === null)
        throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins.betPerLine", reason: "invalid" });
    }
    const fs = b.kind === "freespins" ? b.freeSpins : null;
    if (b.kind !== "goods" && b.kind !== "raffle" && b.kind !== "freespins" && b.amount === null)
      throw new AppError("VALIDATION_ERROR", 400, { field: "amount", reason: "required" });
    if (b.kind === "raffle" && b.tickets === null)
      throw new AppError("VALIDATION_ERROR", 400, { field: "tickets", reason: "required" });
    const values = sql`${b.kind}, ${JSON.stringify(b.names)}::jsonb, ${JSON.stringify(b.descriptions)}::jsonb, ${b.imageUrl},
      ${b.pricePoints}, ${b.stock}, ${b.amount === null ? null : b.amount.toString()}::bigint, ${b.bonusRuleId}, ${b.memberCap},
      ${b.periodCap}, ${b.capPeriod}, ${b.enabled}, ${b.sort}, ${b.kind === "raffle" ? b.tickets : null},
      ${fs?.vendor ?? null}, ${fs?.gameCode ?? null}, ${fs?.spins ?? null}, ${fs ? fs.betPerLine.toString() : null}::bigint,
      ${fs?.expiryDays ?? null}`;
    const [row] = await queryRows<{ id: number }>(
      ctx.db,
      id === null
        ? sql`INSERT INTO mall_items (kind, names, descriptions, image_url, price_points, stock, amount, bonus_rule_id,
                member_cap, period_cap, cap_period, enabled, sort, tickets, fs_vendor, fs_game_code, fs_spins,
                fs_bet_per_line, fs_expiry_days) VALUES (${values}) RETURNING id`
        : sql`UPDATE mall_items SET (kind, names, descriptions, image_url, price_points, stock, amount, bonus_rule_id,
                member_cap, period_cap, cap_period, enabled, sort, tickets, fs_vendor, fs_game_code, fs_spins,
                fs_bet_per_line, fs_expiry_days, updated_at) = (${values}, ${ctx.clock.now()})
              WHERE id = ${id} RETURNING id`,
    );
    if (!row) throw new AppError("MALL_ITEM_NOT_FOUND", 404);
    return row.id;
  };
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/mall/items", body: AdminMallItem, guards: write },
    async (i) => {
      const id = await saveItem(null, i.body);
      await audit(i.req, "create", "mall_item", String(id), null, {
        ...i.body,
        amount: i.body.amount?.toString() ?? null,
        freeSpins: i.body.freeSpins
          ? { ...i.body.freeSpins, betPerLine: i.body.freeSpins.betPerLine.toString() }
          : null,
      });
      return { id };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/loyalty/mall/items/:id",
      params: IdParams,
      body: AdminMallItem,
      guards: write,
    },
    async (i) => {
      const id = await saveItem(i.params.id, i.body);
      await audit(i.req, "update", "mall_item", String(id), null, {
        ...i.body,
        amount: i.body.amount?.toString() ?? null,
        freeSpins: i.body.freeSpins
          ? { ...i.body.freeSpins, betPerLine: i.body.freeSpins.betPerLine.toString() }
          : null,
      });
      return { id };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/redemptions", query: AdminRedemptionQuery, guards: read },
    async (i) => {
      const rows = await queryRows<
        Parameters<typeof toRedemption>[0] & {
          username: string;
          names: Record<string, string>;
          total: string;
          fs_state: string | null;
          fs_attempts: number | null;
          fs_last_error: string | null;
          fs_next_attempt_at: Date | string | null;
        }
      >(
        ctx.db,
        sql`SELECT r.*, m.username, it.names, COUNT(*) OVER ()::text AS total,
            g.state AS fs_state, g.attempts AS fs_attempts, g.last_error AS fs_last_error,
            g.next_attempt_at AS fs_next_attempt_at
          FROM mall_redemptions r
          JOIN members m ON m.id = r.member_id JOIN mall_items it ON it.id = r.item_id
          LEFT JOIN mall_free_spin_grants g ON g.redemption_id = r.id
          WHERE (${i.query.status ?? null}::text IS NULL OR r.status = ${i.query.status ?? null})
          ORDER BY r.id DESC LIMIT ${PAGE} OFFSET ${(i.query.pageNo - 1) * PAGE}`,
      );
      return {
        list: rows.map((r) => {
          const x = toRedemption(r);
          return {
            ...x,
            points: Number(x.points),
            member: r.username,
            item: r.names.EN ?? "",
            // A free-spins redemption: its grant's delivery to the game server (issue 20 point 2).
            freeSpins: r.fs_state
              ? {
                  state: r.fs_state,
                  attempts: r.fs_attempts ?? 0,
                  lastError: r.fs_last_error,
                  nextAttemptAt:
                    r.fs_state === "pending" && r.fs_next_attempt_at
                      ? new Date(r.fs_next_attempt_at).toISOString()
                      : null,
                }
              : null,
          };
        }),
        totalPages: Math.ceil(Number(rows[0]?.total ?? 0) / PAGE),
      };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/loyalty/redemptions/:id/decide",
      params: IdParams,
      body: AdminRedemptionDecision,
      guards: write,
    },
    async (i) => {
      const r = await decideRedemption(ctx, i.params.id, { ...i.body, operatorId: operatorOf(i.req).id });
      await audit(
        i.req,
        i.body.approve ? "approve" : "reject",
        "mall_redemption",
        String(i.params.id),
        { status: "in_process" },
        i.body,
      );
      return { ...r, points: Number(r.points) };
    },
  );

  // ---------- missions ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/missions", guards: read }, async () => {
    const [missions, campaigns] = await Promise.all([
      activeMissions(ctx.db, { all: true }),
      queryRows<{
        id: number;
        names: Record<string, string>;
        starts_at: string;
        ends_at: string;
        prizes: unknown;
        settled_at: string | null;
      }>(
        ctx.db,
        sql`SELECT id, names, starts_at, ends_at, prizes, settled_at FROM mission_campaigns ORDER BY id DESC LIMIT 100`,
      ),
    ]);
    return { missions: missions.map((m) => ({ ...m, prizeAmount: Number(m.prizeAmount) })), campaigns };
  });
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/missions", body: AdminMission, guards: write },
    async (i) => {
      const b = i.body;
      const [row] = await queryRows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO missions (campaign_id, names, period, tasks, prize_kind, prize_amount, bonus_rule_id, score, enabled, sort, min_vip_level)
          VALUES (${b.campaignId}, ${JSON.stringify(b.names)}::jsonb, ${b.period}, ${JSON.stringify(b.tasks)}::jsonb, ${b.prizeKind},
            ${b.prizeAmount}, ${b.bonusRuleId}, ${b.score}, ${b.enabled}, ${b.sort}, ${b.minVipLevel}) RETURNING id`,
      );
      await audit(i.req, "create", "mission", String(row?.id), null, b);
      return { id: row?.id };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/loyalty/missions/:id",
      params: IdParams,
      body: AdminMission,
      guards: write,
    },
    async (i) => {
      const b = i.body;
      const [before] = await queryRows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM missions WHERE id = ${i.params.id}`,
      );
      if (!before) throw new AppError("MISSION_NOT_FOUND", 404);
      // Progress already made stays (a changed target applies to what is still open).
      await ctx.db.execute(
        sql`UPDATE missions SET campaign_id = ${b.campaignId}, names = ${JSON.stringify(b.names)}::jsonb, period = ${b.period},
              tasks = ${JSON.stringify(b.tasks)}::jsonb, prize_kind = ${b.prizeKind}, prize_amount = ${b.prizeAmount},
              bonus_rule_id = ${b.bonusRuleId}, score = ${b.score}, enabled = ${b.enabled}, sort = ${b.sort},
              min_vip_level = ${b.minVipLevel}
            WHERE id = ${i.params.id}`,
      );
      await audit(i.req, "update", "mission", String(i.params.id), before, b);
      return { id: i.params.id };
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/campaigns", body: AdminCampaign, guards: write },
    async (i) => {
      const b = i.body;
      const prizes = b.prizes.map((p) => ({ rank: p.rank, amount: p.amount.toString() }));
      const [row] = await queryRows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO mission_campaigns (names, starts_at, ends_at, prizes)
          VALUES (${JSON.stringify(b.names)}::jsonb, ${b.startsAt}, ${b.endsAt}, ${JSON.stringify(prizes)}::jsonb) RETURNING id`,
      );
      await audit(i.req, "create", "mission_campaign", String(row?.id), null, { ...b, prizes });
      return { id: row?.id };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/campaigns/:id/results", params: IdParams, guards: read },
    async (i) => {
      const [c] = await queryRows<{
        prizes: Array<{ rank: number; amount: string }>;
        settled_at: string | null;
      }>(ctx.db, sql`SELECT prizes, settled_at FROM mission_campaigns WHERE id = ${i.params.id}`);
      if (!c) throw new AppError("MISSION_NOT_FOUND", 404);
      const board = await leaderboard(ctx.db, i.params.id, null, 100, { reveal: true });
      const prizeOf = new Map(c.prizes.map((p) => [p.rank, formatMinor(BigInt(p.amount))]));
      return {
        settledAt: c.settled_at ? new Date(c.settled_at).toISOString() : null,
        top: board.top.map((r) => ({ ...r, prize: prizeOf.get(r.rank) ?? null })),
      };
    },
  );

  // ---------- report ----------
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/report", query: AdminPointsReportQuery, guards: read },
    async (i) => {
      const from = manilaStart(i.query.from);
      const to = manilaStart(addDays(i.query.to, 1));
      const rows = await queryRows<{ day: string; type: string; points: string }>(
        ctx.db,
        sql`SELECT to_char(t.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, t.type, SUM(ABS(e.amount))::text AS points
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'points'
          WHERE t.created_at >= ${from} AND t.created_at < ${to} AND t.type LIKE 'points_%'
          GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      const days = new Map<string, Record<string, number>>();
      for (const r of rows) {
        const d = days.get(r.day) ?? {};
        d[r.type] = Number(r.points);
        days.set(r.day, d);
      }
      const list = [...days.entries()].map(([day, d]) => ({
        day,
        issued: d.points_earn ?? 0,
        redeemed: d.points_redeem ?? 0,
        refunded: d.points_refund ?? 0,
        expired: d.points_expire ?? 0,
        adjusted: d.points_adjust ?? 0,
      }));
      if (i.query.format === "csv") {
        return i.reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="points-${i.query.from}-${i.query.to}.csv"`)
          .header("cache-control", "no-store")
          .send(
            [
              csvLine(["day", "issued", "redeemed", "refunded", "expired", "adjusted"]),
              ...list.map((r) => csvLine([r.day, r.issued, r.redeemed, r.refunded, r.expired, r.adjusted])),
            ].join(""),
          );
      }
      return { list };
    },
  );
}
