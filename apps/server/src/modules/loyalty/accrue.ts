import type { Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { type PostInput, postManyIn } from "../ledger/service.ts";
import { manilaDay } from "../reports/service.ts";
import { applyMissionActivity } from "./missions.ts";
import { pointsLegs, pointsOf, splitPpm } from "./points.ts";
import {
  addToMemberDays,
  advanceWatermarks,
  lockAccrualSettings,
  lockMemberCarries,
  markNewDeposits,
  markNewRounds,
  type RoundSource,
  updateCarries,
} from "./repo/accrual.ts";
import { upgradeMembers } from "./vip.ts";

/**
 * Loyalty bookkeeping off the hot path: the provider debit/credit path does
 * nothing for loyalty. A frequent job (every minute) reads what settled since its watermark
 * (less an overlap for late commits) set-based, and in one transaction:
 *   - marks each settled round once (loyalty_rounds, primary key vendor × round): a retried
 *     settlement or a second win of a round adds nothing;
 *   - earns points = floor(carry + Σ rate × valid bet) per member (the remainder carried), one
 *     ledger transaction per member and batch, keyed by the batch's last round;
 *   - counts each paid deposit once (loyalty_deposits) for deposit points;
 *   - adds the day's valid bets and deposits (loyalty_member_days) for VIP and rankings;
 *   - moves mission progress, and upgrades VIP levels at once.
 * The settings row is locked for the run, so two schedulers never accrue at once.
 */
const OVERLAP_MS = 10 * 60_000;
/** A round's win is read once it is this old, so its transaction has surely committed. */
const SETTLE_LAG_MS = 2_000;

export interface SettledRound {
  vendor: string;
  roundId: string;
  memberId: number;
  gameCode: string | null;
  gameType: string;
  validBet: bigint;
  won: boolean;
  settledAt: Date;
  earnPpm: bigint;
}
export interface CreditedDeposit {
  depositId: number;
  memberId: number;
  amount: bigint;
  creditedAt: Date;
}

export interface AccrualResult {
  rounds: number;
  deposits: number;
  members: number;
  points: string;
}

export type { RoundSource } from "./repo/accrual.ts";

async function newRounds(tx: Tx, source: RoundSource): Promise<SettledRound[]> {
  const rows = await markNewRounds(tx, source);
  return rows.map((r) => ({
    vendor: r.vendor,
    roundId: r.round_id,
    memberId: Number(r.member_id),
    gameCode: r.game_code,
    gameType: r.game_type,
    validBet: BigInt(r.valid_bet),
    won: r.won,
    settledAt: new Date(r.settled_at),
    earnPpm: BigInt(r.earn_ppm.split(".")[0] ?? "0"),
  }));
}

async function newDeposits(tx: Tx, from: Date, to: Date, ratePpm: number): Promise<CreditedDeposit[]> {
  const rows = await markNewDeposits(tx, from, to, ratePpm);
  return rows.map((r) => ({
    depositId: Number(r.deposit_id),
    memberId: Number(r.member_id),
    amount: BigInt(r.amount),
    creditedAt: new Date(r.credited_at),
  }));
}

/**
 * One accrual run; safe to run again, anywhere, at once (see above). With `live`, only the named
 * rounds (committed settlements the provider path just reported, loyalty/live.ts): no deposits,
 * no watermark — the minute job still reads every window and skips what is marked.
 */
export async function accrue(
  ctx: AppContext,
  live?: Array<{ vendor: string; roundId: string }>,
): Promise<AccrualResult> {
  const now = ctx.clock.now();
  const to = new Date(now.getTime() - SETTLE_LAG_MS);
  const pushes: Array<{ memberId: number; points: string }> = [];
  const movedMissions: number[] = [];
  const rose: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const s = await lockAccrualSettings(tx);
    const since = (v: string | null | undefined) =>
      v ? new Date(new Date(v).getTime() - OVERLAP_MS) : new Date(0);
    const rounds = await newRounds(tx, live ? { rounds: live } : { from: since(s?.rounds_until), to });
    const deposits = live
      ? []
      : await newDeposits(tx, since(s?.deposits_until), to, s?.deposit_rate_ppm ?? 0);
    const ppmBy = new Map<number, { ppm: bigint; last: SettledRound }>();
    for (const r of rounds) {
      const cur = ppmBy.get(r.memberId);
      ppmBy.set(r.memberId, { ppm: (cur?.ppm ?? 0n) + r.earnPpm, last: r });
    }
    // Carry the remainders (row lock through the upsert; the settings lock keeps runs apart).
    const carries = await lockMemberCarries(
      tx,
      [...new Set([...ppmBy.keys(), ...deposits.map((d) => d.memberId)])],
      now,
    );
    const carryOf = new Map(carries.map((c) => [Number(c.member_id), BigInt(c.carry_ppm)]));
    const posts: PostInput[] = [];
    const carryRows: Array<{ m: number; c: string; p: string }> = [];
    for (const [memberId, { ppm, last }] of ppmBy) {
      const { points, carryPpm } = splitPpm(carryOf.get(memberId) ?? 0n, ppm);
      let earned = points;
      if (points > 0n && (await memberGate(tx, memberId, "bonus", now))) earned = 0n;
      carryRows.push({ m: memberId, c: carryPpm.toString(), p: earned.toString() });
      if (earned > 0n) {
        posts.push({
          idempotencyKey: `points:bet:${memberId}:${last.vendor}:${last.roundId}`,
          type: "points_earn",
          reference: `bets:${last.vendor}:${last.roundId}`,
          memberId,
          legs: pointsLegs(memberId, earned),
        });
        pushes.push({ memberId, points: earned.toString() });
      }
    }
    for (const d of deposits) {
      const points = pointsOf(d.amount, s?.deposit_rate_ppm ?? 0);
      if (points <= 0n || (await memberGate(tx, d.memberId, "bonus", now))) continue;
      posts.push({
        idempotencyKey: `points:deposit:${d.depositId}`,
        type: "points_earn",
        reference: `D${d.depositId}`,
        memberId: d.memberId,
        legs: pointsLegs(d.memberId, points),
      });
      carryRows.push({ m: d.memberId, c: "", p: points.toString() });
    }
    if (carryRows.length > 0) {
      await updateCarries(tx, JSON.stringify(carryRows));
    }
    if (posts.length > 0) await postManyIn(tx, posts);
    await addMemberDays(tx, rounds, deposits);
    const touched = [...new Set([...rounds.map((r) => r.memberId), ...deposits.map((d) => d.memberId)])];
    movedMissions.push(...(await applyMissionActivity(tx, rounds, deposits, now)));
    rose.push(...(await upgradeMembers(tx, touched, now)));
    if (!live) await advanceWatermarks(tx, to);
    const total = posts.reduce((sum, p) => sum + (p.legs[1]?.amount ?? 0n), 0n);
    return {
      rounds: rounds.length,
      deposits: deposits.length,
      members: touched.length,
      points: total.toString(),
    };
  });
  // After the commit: the page re-reads what it is told changed.
  for (const p of pushes) await pushToMember(ctx, p.memberId, { type: "loyalty.points", points: p.points });
  for (const m of movedMissions) await pushToMember(ctx, m, { type: "loyalty.missions" });
  for (const m of rose) await pushToMember(ctx, m, { type: "loyalty.vip" });
  return result;
}

async function addMemberDays(tx: Tx, rounds: SettledRound[], deposits: CreditedDeposit[]): Promise<void> {
  const byKey = new Map<string, { m: number; d: string; v: bigint; p: bigint }>();
  const add = (m: number, at: Date, v: bigint, p: bigint) => {
    const d = manilaDay(at);
    const k = `${m}|${d}`;
    const cur = byKey.get(k) ?? { m, d, v: 0n, p: 0n };
    cur.v += v;
    cur.p += p;
    byKey.set(k, cur);
  };
  for (const r of rounds) add(r.memberId, r.settledAt, r.validBet, 0n);
  for (const d of deposits) add(d.memberId, d.creditedAt, 0n, d.amount);
  if (byKey.size === 0) return;
  const rows = [...byKey.values()].map((x) => ({ m: x.m, d: x.d, v: x.v.toString(), p: x.p.toString() }));
  await addToMemberDays(tx, JSON.stringify(rows));
}
