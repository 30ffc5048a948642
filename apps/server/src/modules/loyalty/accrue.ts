import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { type PostInput, postManyIn } from "../ledger/service.ts";
import { manilaDay } from "../reports/service.ts";
import { applyMissionActivity } from "./missions.ts";
import { pointsLegs, pointsOf, splitPpm } from "./points.ts";
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

/** Which settled rounds a run reads: a time window of wins (the job), or named rounds (live). */
export type RoundSource = { from: Date; to: Date } | { rounds: Array<{ vendor: string; roundId: string }> };

function freshRounds(source: RoundSource): SQL {
  if ("rounds" in source) {
    const list = JSON.stringify(source.rounds.map((r) => ({ v: r.vendor, r: r.roundId })));
    return sql`SELECT DISTINCT w.vendor, w.round_id
        FROM jsonb_to_recordset(${list}::jsonb) AS x(v text, r text)
        JOIN game_transaction_log w ON w.round_id = x.r AND w.vendor = x.v AND w.kind = 'win'
        WHERE NOT EXISTS (SELECT 1 FROM loyalty_rounds lr WHERE lr.vendor = w.vendor AND lr.round_id = w.round_id)`;
  }
  return sql`SELECT DISTINCT w.vendor, w.round_id FROM game_transaction_log w
        WHERE w.kind = 'win' AND w.created_at >= ${source.from} AND w.created_at < ${source.to}
          AND NOT EXISTS (SELECT 1 FROM loyalty_rounds lr WHERE lr.vendor = w.vendor AND lr.round_id = w.round_id)`;
}

async function newRounds(tx: Tx, source: RoundSource): Promise<SettledRound[]> {
  const rows = await queryRows<{
    vendor: string;
    round_id: string;
    member_id: string;
    game_code: string | null;
    game_type: string;
    valid_bet: string;
    won: boolean;
    settled_at: string | Date;
    earn_ppm: string;
  }>(
    tx,
    sql`WITH fresh AS (${freshRounds(source)}), rr AS (
        SELECT p.vendor, p.round_id, p.kind, p.member_id, p.amount, p.created_at, p.transaction_id,
          p.ref_transaction_id, p.game_code
        FROM game_transaction_log p JOIN fresh f ON f.vendor = p.vendor AND f.round_id = p.round_id
        WHERE p.kind IN ('bet', 'win', 'rollback')
      ), per AS (
        SELECT vendor, round_id, MIN(member_id) AS member_id,
          MIN(created_at) FILTER (WHERE kind = 'win') AS settled_at,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'bet'), 0) AS bets,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'win'), 0) AS wins,
          MAX(game_code) FILTER (WHERE kind = 'bet') AS game_code
        FROM rr GROUP BY vendor, round_id
      ), rolled AS (
        SELECT b.vendor, b.round_id, SUM(b.amount) AS amount
        FROM rr b JOIN rr r ON r.kind = 'rollback' AND r.vendor = b.vendor AND r.round_id = b.round_id
          AND r.ref_transaction_id = b.transaction_id
        WHERE b.kind = 'bet' GROUP BY b.vendor, b.round_id
      ), candidates AS (
        SELECT per.vendor, per.round_id, per.member_id, per.game_code,
          COALESCE(g.game_type, 'OTHER') AS game_type,
          GREATEST(per.bets - COALESCE(rl.amount, 0), 0) AS valid_bet, per.wins > 0 AS won,
          per.settled_at, COALESCE(lm.vip_level, 0) AS lvl
        FROM per
        LEFT JOIN rolled rl ON rl.vendor = per.vendor AND rl.round_id = per.round_id
        LEFT JOIN game_catalogue g ON g.vendor = per.vendor AND g.game_code = per.game_code
        JOIN member_directory m ON m.id = per.member_id AND m.currency <> 'FUN' AND m.is_agent = 0
        LEFT JOIN loyalty_members lm ON lm.member_id = per.member_id
        WHERE per.settled_at IS NOT NULL
      )
      INSERT INTO loyalty_rounds (vendor, round_id, member_id, game_code, game_type, valid_bet, won, settled_at, earn_ppm)
      SELECT c.vendor, c.round_id, c.member_id, c.game_code, c.game_type, c.valid_bet, c.won, c.settled_at,
        c.valid_bet::numeric * COALESCE(
          (SELECT rate_ppm FROM points_rates pr WHERE pr.game_type = c.game_type AND pr.vip_level = c.lvl),
          (SELECT rate_ppm FROM points_rates pr WHERE pr.game_type = c.game_type AND pr.vip_level = 0), 0)
      FROM candidates c
      ON CONFLICT DO NOTHING
      RETURNING vendor, round_id, member_id, game_code, game_type, valid_bet::text, won, settled_at, earn_ppm::text`,
  );
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
  const rows = await queryRows<{
    deposit_id: string;
    member_id: string;
    amount: string;
    credited_at: string | Date;
  }>(
    tx,
    sql`INSERT INTO loyalty_deposits (deposit_id, member_id, amount, points, credited_at)
        SELECT d.id, d.member_id, d.amount, (d.amount::numeric * ${ratePpm} / 1000000)::bigint, d.decided_at
        FROM deposit_log d JOIN member_directory m ON m.id = d.member_id AND m.currency <> 'FUN' AND m.is_agent = 0
        WHERE d.status = 'paid' AND d.decided_at >= ${from} AND d.decided_at < ${to}
        ON CONFLICT DO NOTHING
        RETURNING deposit_id, member_id, amount::text, credited_at`,
  );
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
    const [s] = await queryRows<{
      rounds_until: string | null;
      deposits_until: string | null;
      deposit_rate_ppm: number;
    }>(
      tx,
      sql`SELECT rounds_until, deposits_until, deposit_rate_ppm FROM loyalty_settings WHERE id = 1 FOR UPDATE`,
    );
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
    const carries = await queryRows<{ member_id: string; carry_ppm: string }>(
      tx,
      sql`INSERT INTO loyalty_members (member_id, level_since, reviewed_at)
          SELECT j.x::bigint, ${now}, ${now} FROM jsonb_array_elements_text(${JSON.stringify([
            ...new Set([...ppmBy.keys(), ...deposits.map((d) => d.memberId)]),
          ])}::jsonb) AS j(x)
          ORDER BY 1
          ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id
          RETURNING member_id, carry_ppm::text`,
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
      await tx.execute(
        sql`UPDATE loyalty_members lm SET
              carry_ppm = COALESCE((SELECT x.c::bigint FROM jsonb_to_recordset(${JSON.stringify(carryRows)}::jsonb)
                AS x(m bigint, c text, p text) WHERE x.m = lm.member_id AND x.c <> '' LIMIT 1), lm.carry_ppm),
              points_earned = lm.points_earned + (SELECT SUM(x.p::bigint) FROM jsonb_to_recordset(${JSON.stringify(carryRows)}::jsonb)
                AS x(m bigint, c text, p text) WHERE x.m = lm.member_id)
            WHERE lm.member_id IN (SELECT (x->>'m')::bigint FROM jsonb_array_elements(${JSON.stringify(carryRows)}::jsonb) x)`,
      );
    }
    if (posts.length > 0) await postManyIn(tx, posts);
    await addMemberDays(tx, rounds, deposits);
    const touched = [...new Set([...rounds.map((r) => r.memberId), ...deposits.map((d) => d.memberId)])];
    movedMissions.push(...(await applyMissionActivity(tx, rounds, deposits, now)));
    rose.push(...(await upgradeMembers(tx, touched, now)));
    if (!live)
      await tx.execute(
        sql`UPDATE loyalty_settings SET rounds_until = GREATEST(COALESCE(rounds_until, ${to}), ${to}),
            deposits_until = GREATEST(COALESCE(deposits_until, ${to}), ${to}) WHERE id = 1`,
      );
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
  await tx.execute(
    sql`INSERT INTO loyalty_member_days (member_id, day, valid_bet, deposit)
        SELECT x.m, x.d::date, x.v::bigint, x.p::bigint
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(m bigint, d text, v text, p text)
        ON CONFLICT (day, member_id) DO UPDATE SET valid_bet = loyalty_member_days.valid_bet + EXCLUDED.valid_bet,
          deposit = loyalty_member_days.deposit + EXCLUDED.deposit`,
  );
}
