import {
  ConvertPointRequest,
  LeaderboardQuery,
  type MallItemView,
  PageQuery,
  type PointsRecord,
  RankParams,
  RedeemPointRequest,
} from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { loyaltyAdminRoutes } from "./admin-routes.ts";
import { reasonText, rgsGrantSender, setGrantSender } from "./free-spins.ts";
import { convertPoints, mallItems, redeem, toRedemption } from "./mall.ts";
import "./messages.ts";
import { closeLiveAccrual } from "./live.ts";
import { activeMissions, leaderboard, memberLevels, periodKey, recordLoginDay } from "./missions.ts";
import { loyaltySettings, pointsBalance, pointsRates } from "./points.ts";
import { ranking } from "./rankings.ts";
import { levelPointsRates, memberVip, vipLevels } from "./vip.ts";

const PAGE = 20;
const pick = (t: Record<string, string>, lang: string) => t[lang] ?? t.EN ?? Object.values(t)[0] ?? "";

/**
 * The player's loyalty calls (spec §7 points and missions; §2 /pointMall, missionLeaderboard,
 * /deposit-rank, /bet-rank). Points and missions need a real member's token; rankings are open.
 */
export async function loyaltyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The live accrual's worker (live.ts) stops with the app; what it had pending is the minute job's.
  app.addHook("onClose", async () => {
    await closeLiveAccrual(ctx);
  });
  const member = [requireMember(ctx, { realOnly: true })];
  const now = () => ctx.clock.now();

  const sendGrant = rgsGrantSender(app, ctx);
  // The minute job loyalty.free-spin-grants sends a grant whose answer was lost again with it.
  setGrantSender(ctx, sendGrant);
  route(app, { method: "GET", url: "/wps/relay/MCS2_getPointBalance", guards: member }, async (i) => ({
    balance: Number(await pointsBalance(ctx.db, memberOf(i.req).id)),
  }));

  route(app, { method: "GET", url: "/wps/relay/getPointReward", guards: member }, async (i) => {
    const items = await mallItems(ctx.db);
    const list: MallItemView[] = items.map((it) => ({
      id: it.id,
      kind: it.kind,
      name: pick(it.names, i.lang),
      description: pick(it.descriptions, i.lang),
      imageUrl: it.imageUrl,
      price: Number(it.pricePoints),
      stock: it.stock,
      amount: it.amount === null ? null : formatMinor(it.amount),
      tickets: it.tickets,
      freeSpins: it.freeSpins
        ? {
            vendor: it.freeSpins.vendor,
            gameCode: it.freeSpins.gameCode,
            spins: it.freeSpins.spins,
            betPerLine: formatMinor(it.freeSpins.betPerLine),
            expiryDays: it.freeSpins.expiryDays,
          }
        : null,
      memberCap: it.memberCap,
      periodCap: it.periodCap,
      capPeriod: it.capPeriod,
    }));
    return { list };
  });

  route(
    app,
    { method: "GET", url: "/wps/relay/getRedeemPointList", query: PageQuery, guards: member },
    async (i) => {
      const m = memberOf(i.req);
      const rows = await queryRows<
        Parameters<typeof toRedemption>[0] & {
          names: Record<string, string>;
          total: string;
          fs_vendor: string | null;
          fs_game_code: string | null;
          fs_spins: number | null;
          fs_bet_per_line: string | null;
          fs_expires_at: string | Date | null;
          fs_state: "pending" | "granted" | "refused" | null;
          fs_played: number | null;
        }
      >(
        ctx.db,
        sql`SELECT r.*, it.names, COUNT(*) OVER ()::text AS total, g.vendor AS fs_vendor, g.game_code AS fs_game_code,
            g.spins AS fs_spins, g.bet_per_line::text AS fs_bet_per_line, g.expires_at AS fs_expires_at,
            g.state AS fs_state,
            -- The grant's spins played: its rounds the game server labelled, less those rolled
            -- back (a rolled-back spin goes back to the grant).
            (SELECT count(*)::int FROM provider_free_rounds f
              WHERE g.grant_id IS NOT NULL AND f.grant_id = g.grant_id AND f.vendor = g.vendor
                AND f.member_id = g.member_id
                AND NOT EXISTS (SELECT 1 FROM provider_transactions p
                  WHERE p.round_id = f.round_id AND p.vendor = f.vendor AND p.kind = 'rollback')) AS fs_played
          FROM mall_redemptions r JOIN mall_items it ON it.id = r.item_id
          LEFT JOIN mall_free_spin_grants g ON g.redemption_id = r.id
          WHERE r.member_id = ${m.id} ORDER BY r.id DESC LIMIT ${PAGE} OFFSET ${(i.query.pageNo - 1) * PAGE}`,
      );
      return {
        list: rows.map((r) => {
          const x = toRedemption(r);
          return {
            id: x.id,
            item: pick(r.names, i.lang),
            kind: x.kind,
            points: Number(x.points),
            status: x.status,
            tracking: x.tracking,
            reason: reasonText(x.reason, i.lang),
            createdAt: x.createdAt.toISOString(),
            decidedAt: x.decidedAt?.toISOString() ?? null,
            // A free-spins redemption: the grant it made (the spins lapse at expiresAt).
            freeSpins:
              r.fs_vendor && r.fs_game_code && r.fs_spins && r.fs_bet_per_line && r.fs_expires_at
                ? {
                    vendor: r.fs_vendor,
                    gameCode: r.fs_game_code,
                    spins: r.fs_spins,
                    betPerLine: formatMinor(BigInt(r.fs_bet_per_line)),
                    expiresAt: new Date(r.fs_expires_at).toISOString(),
                    // pending: on its way to the game (sent again until the game has it).
                    delivery: r.fs_state ?? "granted",
                    played: Number(r.fs_played ?? 0),
                  }
                : null,
          };
        }),
        totalPages: Math.ceil(Number(rows[0]?.total ?? 0) / PAGE),
      };
    },
  );

  route(app, { method: "GET", url: "/wps/relay/getPointConfig", guards: member }, async () => {
    const [s, rates, levels] = await Promise.all([
      loyaltySettings(ctx.db),
      pointsRates(ctx.db),
      vipLevels(ctx.db),
    ]);
    return {
      depositRatePpm: s.depositRatePpm,
      expiryDays: s.expiryDays,
      convert: {
        points: s.convertPoints,
        amount: formatMinor(s.convertMinor),
        minPoints: s.convertMinPoints,
      },
      rates,
      levels: levels.map((l) => ({ level: l.level, name: l.name })),
    };
  });

  route(
    app,
    {
      method: "POST",
      url: "/wps/relay/passwordCheck/MCS2_redeemPointReward",
      body: RedeemPointRequest,
      guards: member,
    },
    async (i) => {
      const r = await redeem(ctx, memberOf(i.req).id, i.body, { sendGrant });
      return { id: r.id, status: r.status, points: Number(r.points) };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/relay/passwordCheck/MCS2_convertPoint",
      body: ConvertPointRequest,
      guards: member,
    },
    async (i) => {
      const r = await convertPoints(ctx, memberOf(i.req).id, i.body);
      return { points: Number(r.points), amount: formatMinor(r.cashMinor), currency: r.currency };
    },
  );

  // spec §3 points records.
  route(
    app,
    { method: "GET", url: "/wps/loyalty/points/records", query: PageQuery, guards: member },
    async (i) => {
      const m = memberOf(i.req);
      const rows = await queryRows<{
        id: string;
        type: string;
        amount: string;
        balance_after: string;
        created_at: string | Date;
        reference: string | null;
        total: string;
        status: string | null;
        cash: string | null;
      }>(
        ctx.db,
        sql`SELECT e.id, t.type, e.amount::text, e.balance_after::text, e.created_at, t.reference, COUNT(*) OVER ()::text AS total,
            r.status, it.amount::text AS cash
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id = ${m.id} AND a.kind = 'points'
          JOIN ledger_transactions t ON t.id = e.transaction_id
          LEFT JOIN mall_redemptions r ON t.type IN ('points_redeem', 'points_refund') AND t.reference = 'R' || r.id
          LEFT JOIN mall_items it ON it.id = r.item_id
          ORDER BY e.id DESC LIMIT ${PAGE} OFFSET ${(i.query.pageNo - 1) * PAGE}`,
      );
      const list: PointsRecord[] = rows.map((r) => {
        const changed = Number(r.amount);
        const balance = Number(r.balance_after);
        return {
          id: Number(r.id),
          type: r.type,
          points: balance - changed,
          changedPoints: changed,
          pointsBalance: balance,
          amount: r.cash === null ? null : formatMinor(BigInt(r.cash)),
          remark: r.type,
          status: r.status ?? "approved",
          time: new Date(r.created_at).toISOString(),
          reference: r.reference,
        };
      });
      return { list, totalPages: Math.ceil(Number(rows[0]?.total ?? 0) / PAGE) };
    },
  );

  route(app, { method: "GET", url: "/wps/loyalty/vip", guards: member }, async (i) => {
    const m = memberOf(i.req);
    const v = await memberVip(ctx.db, m.id, now());
    const perks = (l: typeof v.current) =>
      l && {
        level: l.level,
        name: l.name,
        rebateRatePpm: l.rebateRatePpm,
        withdrawDailyMax: l.withdrawDailyMax === null ? null : formatMinor(l.withdrawDailyMax),
        withdrawDailyCount: l.withdrawDailyCount,
        birthdayBonus: formatMinor(l.birthdayBonus),
        upgradeBonus: formatMinor(l.upgradeBonus),
        minValidBet: formatMinor(l.minValidBet),
        minDeposit: formatMinor(l.minDeposit),
        // spec §6: customer service routes VIP for rank levels above 4.
        vipService: l.level > 4,
      };
    return {
      level: v.level,
      // issue 20: the points rate is a perk too (points per ₱1.00 of valid bet, per category).
      pointsRates: (await levelPointsRates(ctx.db, v.level)).map((r) => ({
        gameType: r.gameType,
        pointsPerPeso: (r.ratePpm / 10_000).toString(),
      })),
      current: perks(v.current) ?? null,
      next: perks(v.next) ?? null,
      validBet: formatMinor(v.figures.validBet),
      deposit: formatMinor(v.figures.deposit),
      windowDays: v.windowDays,
    };
  });

  // Missions (spec §7 MCSFE_getMissionSummaryDetails, getMissionLeaderboard; §2 missionLeaderboard).
  route(
    app,
    { method: "GET", url: "/wps/relay/MCSFE_getMissionSummaryDetails", guards: member },
    async (i) => {
      const m = memberOf(i.req);
      const at = now();
      await recordLoginDay(ctx.db, m.id, at);
      // VIP-only missions show to members at their level or above.
      const level = (await memberLevels(ctx.db, [m.id])).get(m.id) ?? 0;
      const missions = (await activeMissions(ctx.db)).filter((x) => x.minVipLevel <= level);
      const keys = missions.map((x) => ({ id: x.id, key: periodKey(x.period, at) }));
      const progress = await queryRows<{
        mission_id: number;
        period_key: string;
        progress: string[];
        completed_at: string | null;
        seen: boolean;
      }>(
        ctx.db,
        sql`SELECT mission_id, period_key, progress, completed_at, seen FROM mission_progress
          WHERE member_id = ${m.id} AND (mission_id, period_key) IN (
            SELECT (x->>'id')::int, x->>'key' FROM jsonb_array_elements(${JSON.stringify(keys)}::jsonb) x)`,
      );
      const [unread] = await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT COUNT(*)::int AS n FROM mission_progress WHERE member_id = ${m.id} AND NOT seen`,
      );
      return {
        unread: unread?.n ?? 0,
        list: missions
          .filter((x) => !x.endsAt || x.endsAt > at)
          .map((x) => {
            const p = progress.find((r) => r.mission_id === x.id);
            return {
              id: x.id,
              campaignId: x.campaignId,
              name: pick(x.names, i.lang),
              period: x.period,
              tasks: x.tasks.map((t, n) => ({ ...t, progress: Number(p?.progress[n] ?? 0) })),
              prizeKind: x.prizeKind,
              prize: x.prizeKind === "points" ? String(x.prizeAmount) : formatMinor(x.prizeAmount),
              completed: Boolean(p?.completed_at),
            };
          }),
      };
    },
  );
  route(app, { method: "POST", url: "/wps/loyalty/missions/seen", guards: member }, async (i) => {
    await ctx.db.execute(
      sql`UPDATE mission_progress SET seen = true WHERE member_id = ${memberOf(i.req).id} AND NOT seen`,
    );
    return { unread: 0 };
  });
  route(
    app,
    { method: "GET", url: "/wps/relay/getMissionLeaderboard", query: LeaderboardQuery, guards: member },
    async (i) => {
      const campaigns = await queryRows<{
        id: number;
        names: Record<string, string>;
        starts_at: string;
        ends_at: string;
      }>(
        ctx.db,
        sql`SELECT id, names, starts_at, ends_at FROM mission_campaigns
            WHERE (${i.query.campaignId ?? null}::int IS NULL OR id = ${i.query.campaignId ?? null}) ORDER BY ends_at DESC LIMIT 10`,
      );
      const out = [];
      for (const c of campaigns) {
        out.push({
          id: c.id,
          name: pick(c.names, i.lang),
          startsAt: new Date(c.starts_at).toISOString(),
          endsAt: new Date(c.ends_at).toISOString(),
          ...(await leaderboard(ctx.db, c.id, memberOf(i.req).id)),
        });
      }
      return { campaigns: out };
    },
  );

  // Rankings (spec §2): open; the site shows them only when their banner group exists.
  route(app, { method: "GET", url: "/wps/loyalty/rank/:kind", params: RankParams }, async (i) =>
    ranking(ctx.db, i.params.kind),
  );

  await loyaltyAdminRoutes(app, ctx);
}
