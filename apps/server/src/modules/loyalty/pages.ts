import type { PointsRecord } from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import type { AppContext } from "../../lib/context.ts";
import type { Lang } from "../../lib/messages.ts";
import { reasonText } from "./free-spins.ts";
import { toRedemption } from "./mall.ts";
import { activeMissions, leaderboard, memberLevels, periodKey, recordLoginDay } from "./missions.ts";
import {
  latestCampaigns,
  markMissionsSeen,
  memberRedemptions,
  missionProgress,
  pointsEntries,
  unseenMissionCount,
} from "./repo.ts";

/**
 * The rules behind the member's loyalty pages that are more than one call: redemptions with
 * their free spins, points records, the mission summary and leaderboards. Kept apart from
 * service.ts (loyalty's public face, which members reads) so that face stays free of the mall
 * and the missions, which use rewards.
 */

export const PAGE = 20;
export const pick = (t: Record<string, string>, lang: string) => t[lang] ?? t.EN ?? Object.values(t)[0] ?? "";

/** A page of the member's redemptions, newest first (spec §7 getRedeemPointList). */
export async function redemptionsPage(ctx: AppContext, memberId: number, pageNo: number, lang: Lang) {
  const rows = await memberRedemptions(ctx.db, memberId, PAGE, (pageNo - 1) * PAGE);
  return {
    list: rows.map((r) => {
      const x = toRedemption(r);
      return {
        id: x.id,
        item: pick(r.names, lang),
        kind: x.kind,
        points: Number(x.points),
        status: x.status,
        tracking: x.tracking,
        reason: reasonText(x.reason, lang),
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
}

/** A page of the member's points records, newest first (spec §3). */
export async function pointsRecords(ctx: AppContext, memberId: number, pageNo: number) {
  const rows = await pointsEntries(ctx.db, memberId, PAGE, (pageNo - 1) * PAGE);
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
}

/** The member's missions with their progress (spec §7 MCSFE_getMissionSummaryDetails); counts the login day. */
export async function missionSummary(ctx: AppContext, memberId: number, lang: string, at: Date) {
  await recordLoginDay(ctx.db, memberId, at);
  // VIP-only missions show to members at their level or above.
  const level = (await memberLevels(ctx.db, [memberId])).get(memberId) ?? 0;
  const missions = (await activeMissions(ctx.db)).filter((x) => x.minVipLevel <= level);
  const keys = missions.map((x) => ({ id: x.id, key: periodKey(x.period, at) }));
  const progress = await missionProgress(ctx.db, memberId, keys);
  const unread = await unseenMissionCount(ctx.db, memberId);
  return {
    unread,
    list: missions
      .filter((x) => !x.endsAt || x.endsAt > at)
      .map((x) => {
        const p = progress.find((r) => r.mission_id === x.id);
        return {
          id: x.id,
          campaignId: x.campaignId,
          name: pick(x.names, lang),
          period: x.period,
          tasks: x.tasks.map((t, n) => ({ ...t, progress: Number(p?.progress[n] ?? 0) })),
          prizeKind: x.prizeKind,
          prize: x.prizeKind === "points" ? String(x.prizeAmount) : formatMinor(x.prizeAmount),
          completed: Boolean(p?.completed_at),
        };
      }),
  };
}

export const missionsSeen = (ctx: AppContext, memberId: number) => markMissionsSeen(ctx.db, memberId);

/** The latest campaigns' leaderboards with the member's place (spec §7 getMissionLeaderboard). */
export async function missionLeaderboards(
  ctx: AppContext,
  memberId: number,
  campaignId: number | null,
  lang: string,
) {
  const campaigns = await latestCampaigns(ctx.db, campaignId);
  const out = [];
  for (const c of campaigns) {
    out.push({
      id: c.id,
      name: pick(c.names, lang),
      startsAt: new Date(c.starts_at).toISOString(),
      endsAt: new Date(c.ends_at).toISOString(),
      ...(await leaderboard(ctx.db, c.id, memberId)),
    });
  }
  return { campaigns: out };
}
