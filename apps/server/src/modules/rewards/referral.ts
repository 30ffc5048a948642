import { randomInt } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import type { ReferralPage } from "@panalo/contracts/rewards";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { onEvent } from "../../lib/member-events.ts";
import { offerReward } from "./offer.ts";
import { mayReceiveRewards } from "./pay.ts";
import { maskName } from "./raffle.ts";
import {
  friendsDueDepositReward,
  friendsPendingBetReward,
  insertReferral,
  insertReferralCode,
  memberCurrency,
  referralCodeOwner,
  referralCodeRow,
  referralEarnings,
  referralSettingsRow,
  referredFriends,
} from "./repo/referral.ts";
import { validBets } from "./valid-bets.ts";

/**
 * Referrals, "invite friends". A member's own code (referral_codes, made on
 * first visit of the page) goes in the link /register?referralCode=CODE; a friend who registers
 * with it is recorded in member_referrals — not an agent relationship: members.upline_id (the
 * agent tree) is untouched. The referrer is offered a reward, each once per friend (the offer's
 * source key): when the friend registers, when the friend's first credited deposit reaches
 * deposit_min, when the friend's valid bets reach bet_threshold. Agents and inactive accounts
 * are never offered one.
 */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const MILESTONES = ["register", "deposit", "bet"] as const;
type Milestone = (typeof MILESTONES)[number];

export interface ReferralSettings {
  enabled: boolean;
  registerReward: bigint;
  depositReward: bigint;
  depositMin: bigint;
  betReward: bigint;
  betThreshold: bigint;
}

export async function referralSettings(exec: Executor): Promise<ReferralSettings> {
  const s = await referralSettingsRow(exec);
  return {
    enabled: s?.enabled ?? false,
    registerReward: BigInt(s?.register_reward ?? 0),
    depositReward: BigInt(s?.deposit_reward ?? 0),
    depositMin: BigInt(s?.deposit_min ?? 1),
    betReward: BigInt(s?.bet_reward ?? 0),
    betThreshold: BigInt(s?.bet_threshold ?? 1),
  };
}

/** The member's code, made once (a clash with another code draws again). */
export async function referralCodeOf(exec: Executor, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const have = await referralCodeRow(exec, memberId);
    if (have) return have;
    const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    await insertReferralCode(exec, memberId, code);
  }
  throw new Error("referral code not made");
}

export async function memberByReferralCode(exec: Executor, code: string): Promise<number | null> {
  return referralCodeOwner(exec, code.trim().toUpperCase());
}

const TITLES: Record<Milestone, Record<string, string>> = {
  register: {
    EN: "Invite reward: a friend registered",
    TY: "Gantimpala sa imbitasyon: nagparehistro ang kaibigan",
    CN: "邀请奖励：好友已注册",
    VI: "Thưởng mời: bạn bè đã đăng ký",
    TH: "รางวัลเชิญเพื่อน: เพื่อนสมัครแล้ว",
    ID: "Hadiah undangan: teman mendaftar",
    JA: "招待報酬：友達が登録しました",
  },
  deposit: {
    EN: "Invite reward: a friend's first deposit",
    TY: "Gantimpala sa imbitasyon: unang deposito ng kaibigan",
    CN: "邀请奖励：好友首次存款",
    VI: "Thưởng mời: lần nạp đầu của bạn bè",
    TH: "รางวัลเชิญเพื่อน: ฝากครั้งแรกของเพื่อน",
    ID: "Hadiah undangan: deposit pertama teman",
    JA: "招待報酬：友達の初回入金",
  },
  bet: {
    EN: "Invite reward: a friend reached the betting target",
    TY: "Gantimpala sa imbitasyon: naabot ng kaibigan ang target na taya",
    CN: "邀请奖励：好友达到投注目标",
    VI: "Thưởng mời: bạn bè đạt mục tiêu cược",
    TH: "รางวัลเชิญเพื่อน: เพื่อนถึงยอดเดิมพันเป้าหมาย",
    ID: "Hadiah undangan: teman mencapai target taruhan",
    JA: "招待報酬：友達がベット目標に到達",
  },
};

async function offerMilestone(
  exec: Executor,
  referrerId: number,
  friendId: number,
  milestone: Milestone,
  amount: bigint,
  currency: string,
) {
  if (amount <= 0n) return null;
  if (!(await mayReceiveRewards(exec, referrerId))) return null;
  return offerReward(exec, {
    memberId: referrerId,
    sourceKind: "referral",
    sourceKey: `referral:${friendId}:${milestone}`,
    title: TITLES[milestone],
    payout: "cash",
    ledgerType: "referral_reward",
    amountMinor: amount,
    currency,
  });
}

/**
 * Record that a newly registered member came with a referral code; an unknown code, a code of
 * the member themself or referrals switched off record nothing (registration never fails for it).
 */
export async function recordReferral(
  exec: Executor,
  friendId: number,
  code: string | undefined,
): Promise<boolean> {
  if (!code) return false;
  const settings = await referralSettings(exec);
  if (!settings.enabled) return false;
  const referrerId = await memberByReferralCode(exec, code);
  if (referrerId === null || referrerId === friendId) return false;
  if (!(await insertReferral(exec, friendId, referrerId))) return false;
  const currency = await memberCurrency(exec, referrerId);
  await offerMilestone(exec, referrerId, friendId, "register", settings.registerReward, currency ?? "PHP");
  return true;
}

/** The scheduler's pass: deposit and valid-bet milestones of friends not rewarded yet. */
export async function referralMilestones(ctx: AppContext): Promise<{ offered: number }> {
  const settings = await referralSettings(ctx.db);
  if (!settings.enabled) return { offered: 0 };
  let offered = 0;
  if (settings.depositReward > 0n) {
    const due = await friendsDueDepositReward(ctx.db, settings.depositMin);
    for (const d of due) {
      const o = await offerMilestone(
        ctx.db,
        Number(d.referrer_id),
        Number(d.member_id),
        "deposit",
        settings.depositReward,
        d.currency,
      );
      if (o?.created) offered++;
    }
  }
  if (settings.betReward > 0n) {
    const pending = await friendsPendingBetReward(ctx.db);
    if (pending.length > 0) {
      const since = new Date(Math.min(...pending.map((p) => new Date(p.since).getTime())));
      const totals = new Map<number, bigint>();
      for (const v of await validBets(ctx.db, since, ctx.clock.now(), {
        memberIds: pending.map((p) => Number(p.member_id)),
      })) {
        totals.set(v.memberId, (totals.get(v.memberId) ?? 0n) + v.validBet);
      }
      for (const p of pending) {
        if ((totals.get(Number(p.member_id)) ?? 0n) < settings.betThreshold) continue;
        const o = await offerMilestone(
          ctx.db,
          Number(p.referrer_id),
          Number(p.member_id),
          "bet",
          settings.betReward,
          p.currency,
        );
        if (o?.created) offered++;
      }
    }
  }
  return { offered };
}

export async function referralPage(
  exec: Executor,
  memberId: number,
  publicUrl: string,
): Promise<ReferralPage> {
  const settings = await referralSettings(exec);
  const code = await referralCodeOf(exec, memberId);
  const friends = await referredFriends(exec, memberId);
  const earned = await referralEarnings(exec, memberId);
  const has = (keys: string[] | null, m: Milestone) => (keys ?? []).some((k) => k.endsWith(`:${m}`));
  const path = `/register?referralCode=${code}`;
  return {
    enabled: settings.enabled,
    code,
    link: new URL(path, publicUrl).toString(),
    qrUrl: `/media/qr/referral/${code}.svg`,
    rewards: {
      register: formatMinor(settings.registerReward),
      deposit: formatMinor(settings.depositReward),
      depositMin: formatMinor(settings.depositMin),
      bet: formatMinor(settings.betReward),
      betThreshold: formatMinor(settings.betThreshold),
    },
    friends: friends.map((f) => ({
      member: maskName(f.username),
      joinedAt: new Date(f.created_at).toISOString(),
      registered: has(f.keys, "register"),
      deposited: has(f.keys, "deposit"),
      betReached: has(f.keys, "bet"),
    })),
    earned: formatMinor(BigInt(earned ?? 0)),
  };
}

// A new member with a recommender (a member's id from the mobile sign-up, or a referral code)
// becomes that member's referred friend.
onEvent("member.registered", async ({ exec }, e) => {
  const code = e.recommenderId !== null ? await referralCodeOf(exec, e.recommenderId) : e.referralCode;
  await recordReferral(exec, e.memberId, code);
});
