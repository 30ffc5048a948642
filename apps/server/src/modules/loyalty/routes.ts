import {
  ConvertPointRequest,
  LeaderboardQuery,
  type MallItemView,
  PageQuery,
  RankParams,
  RedeemPointRequest,
} from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { memberGuard, signedInMember } from "../../lib/member-auth.ts";
import { route } from "../../lib/route.ts";
import { loyaltyAdminRoutes } from "./admin-routes.ts";
import { rgsGrantSender, setGrantSender } from "./free-spins.ts";
import { closeLiveAccrual } from "./live.ts";
import { convertPoints, mallItems, redeem } from "./mall.ts";
import {
  missionLeaderboards,
  missionSummary,
  missionsSeen,
  pick,
  pointsRecords,
  redemptionsPage,
} from "./pages.ts";
import { loyaltySettings, pointsBalance, pointsRates } from "./points.ts";
import { ranking } from "./rankings.ts";
import { levelPointsRates, memberVip, vipLevels } from "./vip.ts";

/**
 * The player's loyalty calls (spec §7 points and missions; §2 /pointMall, missionLeaderboard,
 * /deposit-rank, /bet-rank). Points and missions need a real member's token; rankings are open.
 */
export async function loyaltyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The live accrual's worker (live.ts) stops with the app; what it had pending is the minute job's.
  app.addHook("onClose", async () => {
    await closeLiveAccrual(ctx);
  });
  const member = [memberGuard(ctx, { realOnly: true })];
  const now = () => ctx.clock.now();

  const sendGrant = rgsGrantSender(app, ctx);
  // The minute job loyalty.free-spin-grants sends a grant whose answer was lost again with it.
  setGrantSender(ctx, sendGrant);
  route(app, { method: "GET", url: "/wps/relay/MCS2_getPointBalance", guards: member }, async (i) => ({
    balance: Number(await pointsBalance(ctx.db, signedInMember(i.req).id)),
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
    async (i) => redemptionsPage(ctx, signedInMember(i.req).id, i.query.pageNo, i.lang),
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
      const r = await redeem(ctx, signedInMember(i.req).id, i.body, { sendGrant });
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
      const r = await convertPoints(ctx, signedInMember(i.req).id, i.body);
      return { points: Number(r.points), amount: formatMinor(r.cashMinor), currency: r.currency };
    },
  );

  // spec §3 points records.
  route(
    app,
    { method: "GET", url: "/wps/loyalty/points/records", query: PageQuery, guards: member },
    async (i) => pointsRecords(ctx, signedInMember(i.req).id, i.query.pageNo),
  );

  route(app, { method: "GET", url: "/wps/loyalty/vip", guards: member }, async (i) => {
    const m = signedInMember(i.req);
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
      // The points rate is a perk too (points per ₱1.00 of valid bet, per category).
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
  route(app, { method: "GET", url: "/wps/relay/MCSFE_getMissionSummaryDetails", guards: member }, async (i) =>
    missionSummary(ctx, signedInMember(i.req).id, i.lang, now()),
  );
  route(app, { method: "POST", url: "/wps/loyalty/missions/seen", guards: member }, async (i) => {
    await missionsSeen(ctx, signedInMember(i.req).id);
    return { unread: 0 };
  });
  route(
    app,
    { method: "GET", url: "/wps/relay/getMissionLeaderboard", query: LeaderboardQuery, guards: member },
    async (i) => missionLeaderboards(ctx, signedInMember(i.req).id, i.query.campaignId ?? null, i.lang),
  );

  // Rankings (spec §2): open; the site shows them only when their banner group exists.
  route(app, { method: "GET", url: "/wps/loyalty/rank/:kind", params: RankParams }, async (i) =>
    ranking(ctx.db, i.params.kind),
  );

  await loyaltyAdminRoutes(app, ctx);
}
