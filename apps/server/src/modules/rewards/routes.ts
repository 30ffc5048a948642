import { formatMinor } from "@panalo/contracts/money";
import {
  ClaimAllRequest,
  ClaimRaffleRequest,
  ClaimRewardRequest,
  type RebatePage,
  RewardListQuery,
} from "@panalo/contracts/rewards";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { manilaDay, manilaStart } from "../reports/days.ts";
import { rewardAdminRoutes } from "./admin-routes.ts";
import { claimAll, claimOne, listRewards, markSeen, unreadCount } from "./center.ts";
import { raffleViews } from "./raffle.ts";
import { activeRates, percentOfPpm, rebateOf, rebateSettings } from "./rebate.ts";
import { memberByReferralCode, referralPage } from "./referral.ts";
import { validBets } from "./valid-bets.ts";

/**
 * The member centre's reward pages (spec §2 rewardCenter, manualRebate, referral; §7
 * MCS2_claimRafflePromotion). Every call needs a real member's token (trial accounts: spec §6
 * in_need_true_account); claims answer what was paid.
 */
export async function rewardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = [requireMember(ctx, { realOnly: true })];
  const now = () => ctx.clock.now();

  route(app, { method: "GET", url: "/wps/rewards/list", query: RewardListQuery, guards: member }, async (i) =>
    listRewards(ctx.db, memberOf(i.req).id, i.query, i.lang, now()),
  );
  route(app, { method: "GET", url: "/wps/rewards/unread", guards: member }, async (i) => ({
    count: await unreadCount(ctx.db, memberOf(i.req).id, now()),
  }));
  route(app, { method: "POST", url: "/wps/rewards/seen", guards: member }, async (i) => {
    await markSeen(ctx.db, memberOf(i.req).id, now());
    return { count: 0 };
  });
  route(
    app,
    { method: "POST", url: "/wps/rewards/claim", body: ClaimRewardRequest, guards: member },
    async (i) => {
      const paid = await claimOne(ctx, memberOf(i.req).id, i.body.id);
      return { claimed: 1, amount: formatMinor(paid.amountMinor), skipped: 0 };
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/rewards/claimAll", body: ClaimAllRequest, guards: member },
    async (i) => claimAll(ctx, memberOf(i.req).id, i.body.source),
  );

  // manualRebate: the rates, the closed days waiting to be claimed, today's estimate so far.
  route(app, { method: "GET", url: "/wps/rewards/rebate", guards: member }, async (i) => {
    const m = memberOf(i.req);
    const at = now();
    const [settings, rates, waiting, history] = await Promise.all([
      rebateSettings(ctx.db),
      activeRates(ctx.db),
      listRewards(ctx.db, m.id, { tab: "waiting", source: "rebate", pageNo: 1 }, i.lang, at),
      queryRows<{ day: string; amount: string; mode: "auto" | "manual"; claimed: boolean }>(
        ctx.db,
        sql`SELECT p.day::text AS day, p.amount, p.mode,
              (p.ledger_transaction_id IS NOT NULL OR r.state = 'claimed') AS claimed
            FROM rebate_payouts p LEFT JOIN member_rewards r ON r.id = p.reward_id
            WHERE p.member_id = ${m.id} ORDER BY p.day DESC LIMIT 30`,
      ),
    ]);
    const byType = new Map(rates.map((r) => [r.gameType, r]));
    const today = await validBets(ctx.db, manilaStart(manilaDay(at)), at, { memberIds: [m.id] });
    const value: RebatePage = {
      mode: settings.mode,
      rates: rates.map((r) => ({ gameType: r.gameType, rate: percentOfPpm(r.ratePpm) })),
      waiting: waiting.list,
      waitingTotal: waiting.waitingTotal,
      today: today.map((t) => {
        const rate = byType.get(t.gameType);
        const estimate = rate ? rebateOf(t.validBet, rate.ratePpm, rate.minPayout, rate.maxPayout) : 0n;
        return { gameType: t.gameType, validBet: formatMinor(t.validBet), estimate: formatMinor(estimate) };
      }),
      history: history.map((h) => ({
        day: h.day,
        amount: formatMinor(BigInt(h.amount)),
        mode: h.mode,
        claimed: h.claimed,
      })),
    };
    return value;
  });
  route(app, { method: "POST", url: "/wps/rewards/rebate/claim", guards: member }, async (i) =>
    claimAll(ctx, memberOf(i.req).id, "rebate"),
  );

  // Raffles: the list with the member's tickets, and the prize claim of spec §7.
  route(app, { method: "GET", url: "/wps/rewards/raffles", guards: member }, async (i) =>
    raffleViews(ctx.db, memberOf(i.req).id, i.lang),
  );
  route(
    app,
    { method: "POST", url: "/wps/relay/MCS2_claimRafflePromotion", body: ClaimRaffleRequest, guards: member },
    async (i) => {
      const m = memberOf(i.req);
      const prefix = i.body.raffleId ? `raffle:${i.body.raffleId}:%` : "raffle:%";
      const [waiting] = await queryRows<{ n: string }>(
        ctx.db,
        sql`SELECT COUNT(*)::text AS n FROM member_rewards
            WHERE member_id = ${m.id} AND source_kind = 'raffle' AND state = 'waiting' AND source_key LIKE ${prefix}`,
      );
      if (Number(waiting?.n ?? 0) === 0) throw new AppError("REWARD_NOT_FOUND", 404);
      if (!i.body.raffleId) return claimAll(ctx, m.id, "raffle");
      const ids = await queryRows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM member_rewards WHERE member_id = ${m.id} AND state = 'waiting' AND source_key LIKE ${prefix}
            ORDER BY id`,
      );
      let claimed = 0;
      let amount = 0n;
      for (const { id } of ids) {
        const paid = await claimOne(ctx, m.id, Number(id));
        claimed++;
        amount += paid.amountMinor;
      }
      return { claimed, amount: formatMinor(amount), skipped: 0 };
    },
  );

  // Referral (invite friends): the member's code, link, QR and friends (masked).
  route(app, { method: "GET", url: "/wps/referral/info", guards: member }, async (i) =>
    referralPage(ctx.db, memberOf(i.req).id, ctx.config.PUBLIC_URL),
  );
  // The QR of a referral link, drawn here from the site's address and a code that exists.
  app.get("/media/qr/referral/:code", async (req, reply) => {
    const parsed = z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,20}\.svg$/) }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("QR code");
    const code = parsed.data.code.replace(/\.svg$/, "").toUpperCase();
    if ((await memberByReferralCode(ctx.db, code)) === null) throw Errors.notFound("QR code");
    const link = new URL(`/register?referralCode=${code}`, ctx.config.PUBLIC_URL).toString();
    const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    reply.header("cache-control", "public, max-age=300");
    return reply.type("image/svg+xml").send(svg);
  });

  await rewardAdminRoutes(app, ctx);
}
