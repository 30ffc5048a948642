import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { emitMemberEvent, onEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { postIn } from "../ledger/service.ts";
import { addDays, manilaDay } from "../reports/service.ts";
import { offerReward, registerMemberRebateRates } from "../rewards/service.ts";
import type { CreditedDeposit, SettledRound } from "./accrue.ts";
import { pointsLegs } from "./points.ts";
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
  const rows = await queryRows<{
    id: number;
    campaign_id: number | null;
    names: Record<string, string>;
    period: Mission["period"];
    tasks: Task[];
    prize_kind: Mission["prizeKind"];
    prize_amount: string;
    bonus_rule_id: number | null;
    score: number;
    min_vip_level: number;
    enabled: boolean;
    sort: number;
    starts_at: string | null;
    ends_at: string | null;
  }>(
    exec,
    sql`SELECT m.*, c.starts_at, c.ends_at FROM missions m LEFT JOIN mission_campaigns c ON c.id = m.campaign_id
        WHERE (${opts.all ?? false} OR m.enabled) ORDER BY m.sort, m.id`,
  );
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
  const rows = await queryRows<{ day: string }>(
    exec,
    sql`SELECT day::text AS day FROM loyalty_login_days WHERE member_id = ${memberId} AND day <= ${day}::date
        ORDER BY day DESC LIMIT 60`,
  );
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
  const rows = await queryRows<{ n: number }>(
    exec,
    sql`SELECT 1 AS n FROM mission_progress WHERE member_id = ${memberId} AND mission_id = ${missionId}
        AND completed_at IS NOT NULL AND (period_key = ${key} OR period_key = 'once') LIMIT 1`,
  );
  return rows.length > 0;
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
  const rows = await queryRows<{ member_id: string; vip_level: number }>(
    exec,
    sql`SELECT member_id, vip_level FROM loyalty_members
        WHERE member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)`,
  );
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
  const [row] = await queryRows<{ progress: string[]; completed_at: string | null }>(
    tx,
    sql`INSERT INTO mission_progress (member_id, mission_id, period_key, progress, updated_at)
        VALUES (${memberId}, ${m.id}, ${key}, ${JSON.stringify(m.tasks.map(() => "0"))}::jsonb, ${at})
        ON CONFLICT (member_id, mission_id, period_key) DO UPDATE SET updated_at = EXCLUDED.updated_at
        RETURNING progress, completed_at`,
  );
  if (!row || row.completed_at) return;
  const stored = m.tasks.map((_, i) => BigInt(row.progress[i] ?? "0") + (inc[i] ?? 0n));
  const { done } = await evaluate(tx, m, memberId, key, stored, at);
  await tx.execute(
    sql`UPDATE mission_progress SET progress = ${JSON.stringify(stored.map(String))}::jsonb,
          completed_at = ${done ? at : null}, seen = ${!done}
        WHERE member_id = ${memberId} AND mission_id = ${m.id} AND period_key = ${key}`,
  );
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
      const [mem] = await queryRows<{ currency: string }>(
        tx,
        sql`SELECT currency FROM member_directory WHERE id = ${memberId}`,
      );
      await offerReward(tx, {
        memberId,
        sourceKind: "mission",
        sourceKey: source,
        title: m.names,
        payout: m.prizeKind,
        ledgerType: "mission_prize",
        amountMinor: m.prizeAmount,
        currency: mem?.currency ?? "PHP",
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
  await exec.execute(
    sql`INSERT INTO loyalty_login_days (member_id, day) VALUES (${memberId}, ${manilaDay(at)}::date) ON CONFLICT DO NOTHING`,
  );
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
  const rows = await queryRows<{ member_id: string; username: string; score: string; rnk: string }>(
    exec,
    sql`WITH s AS (
          SELECT p.member_id, SUM(m.score) AS score, MIN(p.completed_at) AS first
          FROM mission_progress p JOIN missions m ON m.id = p.mission_id
          WHERE m.campaign_id = ${campaignId} AND p.completed_at IS NOT NULL GROUP BY p.member_id
        ), r AS (SELECT member_id, score, RANK() OVER (ORDER BY score DESC, first) AS rnk FROM s)
        SELECT r.member_id, mm.username, r.score::text AS score, r.rnk::text AS rnk FROM r JOIN member_directory mm ON mm.id = r.member_id
        WHERE r.rnk <= ${limit} OR r.member_id = ${memberId ?? 0} ORDER BY r.rnk`,
  );
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
  const due = await queryRows<{
    id: number;
    prizes: Array<{ rank: number; amount: string }>;
    names: Record<string, string>;
  }>(
    ctx.db,
    sql`SELECT id, prizes, names FROM mission_campaigns WHERE ends_at <= ${at} AND settled_at IS NULL ORDER BY id`,
  );
  for (const c of due) {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM mission_campaigns WHERE id = ${c.id} AND settled_at IS NULL FOR UPDATE SKIP LOCKED`,
      );
      if (!locked) return;
      const board = await queryRows<{ member_id: string; currency: string; rnk: string }>(
        tx,
        sql`SELECT p.member_id, mm.currency, ROW_NUMBER() OVER (ORDER BY SUM(m.score) DESC, MIN(p.completed_at))::text AS rnk
            FROM mission_progress p JOIN missions m ON m.id = p.mission_id JOIN member_directory mm ON mm.id = p.member_id
            WHERE m.campaign_id = ${c.id} AND p.completed_at IS NOT NULL AND p.completed_at < ${at}
            GROUP BY p.member_id, mm.currency`,
      );
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
      await tx.execute(sql`UPDATE mission_campaigns SET settled_at = ${at} WHERE id = ${c.id}`);
    });
  }
  return { settled: due.length };
}

// A password sign-in counts the day towards the login missions.
onEvent("member.signed-in", async ({ exec }, e) => {
  await recordLoginDay(exec, e.memberId, e.at);
});
