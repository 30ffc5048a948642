import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { emitMemberEvent, onEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { postIn } from "../ledger/service.ts";
import { addDays, manilaDay } from "../reports/service.ts";
import { offerReward, registerMemberRebateRates } from "../rewards/service.ts";
import type { CreditedDeposit, SettledRound } from "./accrue.ts";
import { pointsLegs } from "./points.ts";
import { memberCurrency } from "./repo/members.ts";
import {
  campaignFinalPlaces,
  campaignStandings,
  campaignsToSettle,
  insertLoginDay,
  lockProgress,
  lockUnsettledCampaign,
  loginDaysUpTo,
  markCampaignSettled,
  missionCompleted,
  missionRows,
  saveProgress,
} from "./repo/missions.ts";
import { memberVipLevelRows } from "./repo/vip.ts";
import { vipRebateRates } from "./vip.ts";

// A VIP level's rebate rate applies to its members' rebates (rewards asks, never imports loyalty).
// Registered here because both the app and the job catalogue load this file.
registerMemberRebateRates(vipRebateRates);

/**
 * Missions. A mission is a list of tasks; its progress is kept per member,
 * mission and period (the Manila day, the Manila week from Monday, or 'once'). Activity comes
 * only from the accrual job's newly marked rounds and deposits (accrue.ts), so a round counts
 * once even when its settlement is retried. A completed mission offers its prize: points are
 * credited at once (ledger key points:mission:…), cash and bonus prizes wait in the reward
 * centre (source_key mission:…). Campaign leaderboards score completions; the top places are
 * paid once when the campaign ends (settleCampaigns).
 */
export type Task =
  | { type: "deposit"; target: number }
  | { type: "bet"; target: number; gameType?: string }
  | { type: "rounds"; target: number; gameCode?: string }
  | { type: "wins"; target: number }
  | { type: "login_days"; target: number }
  | { type: "mission"; target: 1; missionId: number };

export interface Mission {
  id: number;
  campaignId: number | null;
  names: Record<string, string>;
  period: "daily" | "weekly" | "once";
  tasks: Task[];
  prizeKind: "points" | "cash" | "bonus";
  prizeAmount: bigint;
  bonusRuleId: number | null;
  score: number;
  /** Only members at this VIP level or above (0: everyone). */
  minVipLevel: number;
  enabled: boolean;
  sort: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

export async function activeMissions(exec: Executor, opts: { all?: boolean } = {}): Promise<Mission[]> {
  const rows = await missionRows(exec, opts.all ?? false);
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    names: r.names,
    period: r.period,
    tasks: r.tasks,
    prizeKind: r.prize_kind,
    prizeAmount: BigInt(r.prize_amount),
    bonusRuleId: r.bonus_rule_id,
    score: r.score,
    minVipLevel: r.min_vip_level ?? 0,
    enabled: r.enabled,
    sort: r.sort,
    startsAt: r.starts_at ? new Date(r.starts_at) : null,
    endsAt: r.ends_at ? new Date(r.ends_at) : null,
  }));
}

/** The period a moment falls in for a mission: the Manila day, its week's Monday, or 'once'. */
export function periodKey(period: Mission["period"], at: Date): string {
  if (period === "once") return "once";
  const day = manilaDay(at);
  if (period === "daily") return day;
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return `W${addDays(day, -dow)}`;
}

/** How much one activity adds to each task of a mission. */
export function increments(m: Mission, a: { round?: SettledRound; deposit?: CreditedDeposit }): bigint[] {
  return m.tasks.map((t) => {
    const r = a.round;
    const d = a.deposit;
    switch (t.type) {
      case "deposit":
        return d ? d.amount : 0n;
      case "bet":
        return r && (!t.gameType || t.gameType === r.gameType) ? r.validBet : 0n;
      case "rounds":
        return r && (!t.gameCode || t.gameCode === r.gameCode) ? 1n : 0n;
      case "wins":
        return r?.won ? 1n : 0n;
      default:
        return 0n;
    }
  });
}

/** Consecutive Manila days with a login, ending on `day`. */
async function loginStreak(exec: Executor, memberId: number, day: string): Promise<number> {
  const rows = await loginDaysUpTo(exec, memberId, day);
  let n = 0;
  let want = day;
  for (const r of rows) {
    if (r.day !== want) break;
    n++;
    want = addDays(want, -1);
  }
  return n;
}

async function dependencyDone(
  exec: Executor,
  memberId: number,
  missionId: number,
  key: string,
): Promise<boolean> {
  return missionCompleted(exec, memberId, missionId, key);
}

/** Progress values with the live tasks (login streak, other missions) filled in. */
async function evaluate(
  exec: Executor,
  m: Mission,
  memberId: number,
  key: string,
  stored: bigint[],
  at: Date,
) {
  const values: bigint[] = [];
  for (const [i, t] of m.tasks.entries()) {
    if (t.type === "login_days") values.push(BigInt(await loginStreak(exec, memberId, manilaDay(at))));
    else if (t.type === "mission")
      values.push((await dependencyDone(exec, memberId, t.missionId, key)) ? 1n : 0n);
    else values.push(stored[i] ?? 0n);
  }
  const done = m.tasks.every((t, i) => (values[i] ?? 0n) >= BigInt(t.target));
  return { values, done };
}

const inWindow = (m: Mission, at: Date) => (!m.startsAt || at >= m.startsAt) && (!m.endsAt || at < m.endsAt);

/** The VIP level of each member (0 when loyalty has not seen them). */
export async function memberLevels(exec: Executor, memberIds: number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await memberVipLevelRows(exec, memberIds);
  return new Map(rows.map((r) => [Number(r.member_id), r.vip_level]));
}

/** Apply new activity (inside the accrual's transaction); answers the members whose missions moved. */
export async function applyMissionActivity(
  tx: Tx,
  rounds: SettledRound[],
  deposits: CreditedDeposit[],
  at: Date,
): Promise<number[]> {
  if (rounds.length === 0 && deposits.length === 0) return [];
  const missions = await activeMissions(tx);
  if (missions.length === 0) return [];
  const add = new Map<string, { memberId: number; mission: Mission; key: string; inc: bigint[] }>();
  // VIP-only missions count activity from members holding the level at the time of the accrual.
  const levels = missions.some((m) => m.minVipLevel > 0)
    ? await memberLevels(tx, [
        ...new Set([...rounds.map((r) => r.memberId), ...deposits.map((d) => d.memberId)]),
      ])
    : new Map<number, number>();
  const feed = (memberId: number, when: Date, a: { round?: SettledRound; deposit?: CreditedDeposit }) => {
    for (const m of missions) {
      if (!inWindow(m, when)) continue;
      if (m.minVipLevel > (levels.get(memberId) ?? 0)) continue;
      const inc = increments(m, a);
      if (inc.every((x) => x === 0n)) continue;
      const key = periodKey(m.period, when);
      const k = `${memberId}|${m.id}|${key}`;
      const cur = add.get(k) ?? { memberId, mission: m, key, inc: m.tasks.map(() => 0n) };
      cur.inc = cur.inc.map((x, i) => x + (inc[i] ?? 0n));
      add.set(k, cur);
    }
  };
  for (const r of rounds) feed(r.memberId, r.settledAt, { round: r });
  for (const d of deposits) feed(d.memberId, d.creditedAt, { deposit: d });
  const moved = new Set<number>();
  const entries = [...add.values()].sort((a, b) => a.memberId - b.memberId || a.mission.id - b.mission.id);
  for (const e of entries) {
    moved.add(e.memberId);
    await addProgress(tx, e.memberId, e.mission, e.key, e.inc, at, missions);
  }
  return [...moved];
}

async function addProgress(
  tx: Tx,
  memberId: number,
  m: Mission,
  key: string,
  inc: bigint[],
  at: Date,
  all: Mission[],
): Promise<void> {
  const row = await lockProgress(tx, memberId, m.id, key, JSON.stringify(m.tasks.map(() => "0")), at);
  if (!row || row.completed_at) return;
  const stored = m.tasks.map((_, i) => BigInt(row.progress[i] ?? "0") + (inc[i] ?? 0n));
  const { done } = await evaluate(tx, m, memberId, key, stored, at);
  await saveProgress(tx, {
    memberId,
    missionId: m.id,
    key,
    progress: JSON.stringify(stored.map(String)),
    completedAt: done ? at : null,
    seen: !done,
  });
  if (!done) return;
  await completeMission(tx, memberId, m, key, at);
  // Missions that wait on this one may be complete now.
  for (const dep of all) {
    if (dep.tasks.some((t) => t.type === "mission" && t.missionId === m.id)) {
      await addProgress(
        tx,
        memberId,
        dep,
        periodKey(dep.period, at),
        dep.tasks.map(() => 0n),
        at,
        all,
      );
    }
  }
}

async function completeMission(tx: Tx, memberId: number, m: Mission, key: string, at: Date): Promise<void> {
  const source = `mission:${m.id}:${memberId}:${key}`;
  if (!(await memberGate(tx, memberId, "bonus", at))) {
    if (m.prizeKind === "points") {
      await postIn(tx, {
        idempotencyKey: `points:${source}`,
        type: "points_earn",
        reference: `M${m.id}`,
        memberId,
        legs: pointsLegs(memberId, m.prizeAmount),
      });
    } else {
      const currency = await memberCurrency(tx, memberId);
      await offerReward(tx, {
        memberId,
        sourceKind: "mission",
        sourceKey: source,
        title: m.names,
        payout: m.prizeKind,
        ledgerType: "mission_prize",
        amountMinor: m.prizeAmount,
        currency: currency ?? "PHP",
        bonusRuleId: m.bonusRuleId,
        expiresAt: new Date(at.getTime() + 7 * 86_400_000),
      });
    }
  }
  await emitMemberEvent(tx, {
    kind: "mission.completed",
    memberId,
    ref: source,
    params: { mission: m.names.EN ?? String(m.id), missionId: m.id },
  });
}

/** Record today's login (login-days tasks); the accrual job re-checks the streak on activity. */
export async function recordLoginDay(exec: Executor, memberId: number, at: Date): Promise<void> {
  await insertLoginDay(exec, memberId, manilaDay(at));
}

const mask = (u: string) => (u.length <= 2 ? `${u[0] ?? ""}*` : `${u.slice(0, 2)}***${u.slice(-1)}`);

/** A campaign's leaderboard: the top places (masked) and the member's own rank. */
export async function leaderboard(
  exec: Executor,
  campaignId: number,
  memberId: number | null,
  limit = 20,
  opts: { reveal?: boolean } = {},
) {
  const rows = await campaignStandings(exec, campaignId, memberId, limit);
  const top = rows
    .filter((r) => Number(r.rnk) <= limit)
    // Masked for players; the operator's results (opts.reveal) name the members.
    .map((r) => ({
      rank: Number(r.rnk),
      name: opts.reveal ? r.username : mask(r.username),
      score: Number(r.score),
    }));
  const own = rows.find((r) => Number(r.member_id) === memberId);
  return { top, own: own ? { rank: Number(own.rnk), score: Number(own.score) } : null };
}

/** Campaigns that ended: their top places paid once (reward centre, cash). */
export async function settleCampaigns(ctx: AppContext): Promise<{ settled: number }> {
  const at = ctx.clock.now();
  const due = await campaignsToSettle(ctx.db, at);
  for (const c of due) {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockUnsettledCampaign(tx, c.id);
      if (!locked) return;
      const board = await campaignFinalPlaces(tx, c.id, at);
      for (const prize of c.prizes) {
        const winner = board.find((b) => Number(b.rnk) === prize.rank);
        if (!winner || BigInt(prize.amount) <= 0n) continue;
        const memberId = Number(winner.member_id);
        if (await memberGate(tx, memberId, "bonus", at)) continue;
        await offerReward(tx, {
          memberId,
          sourceKind: "mission",
          sourceKey: `mission:campaign:${c.id}:rank:${prize.rank}`,
          title: c.names,
          payout: "cash",
          ledgerType: "mission_prize",
          amountMinor: BigInt(prize.amount),
          currency: winner.currency,
          expiresAt: new Date(at.getTime() + 7 * 86_400_000),
        });
      }
      await markCampaignSettled(tx, c.id, at);
    });
  }
  return { settled: due.length };
}

// A password sign-in counts the day towards the login missions.
onEvent("member.signed-in", async ({ exec }, e) => {
  await recordLoginDay(exec, e.memberId, e.at);
});
