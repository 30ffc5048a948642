import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the points accrual (accrue.ts): the settled rounds and credited deposits marked
 * once (loyalty_rounds, loyalty_deposits), the members' carried remainders, the daily figures and
 * the watermarks of the settings row, which is locked for the run.
 */

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

/**
 * The settled rounds of `source` not marked yet, marked now (once: a round already in
 * loyalty_rounds is skipped) with their valid bet, whether they won, and the points they earn in
 * millionths at the member's level's rate (level 0's when the level has none).
 */
export async function markNewRounds(tx: Tx, source: RoundSource) {
  return queryRows<{
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
}

/** The deposits paid between two instants not counted yet, counted now with their points. */
export async function markNewDeposits(tx: Tx, from: Date, to: Date, ratePpm: number) {
  return queryRows<{
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
}

/** The settings row locked for the run (FOR UPDATE): its watermarks and the deposit rate. */
export async function lockAccrualSettings(tx: Tx) {
  const [s] = await queryRows<{
    rounds_until: string | null;
    deposits_until: string | null;
    deposit_rate_ppm: number;
  }>(
    tx,
    sql`SELECT rounds_until, deposits_until, deposit_rate_ppm FROM loyalty_settings WHERE id = 1 FOR UPDATE`,
  );
  return s;
}

/**
 * The loyalty rows of the members `memberIds` (made where missing), locked through the upsert in
 * member order, with each one's carried remainder.
 */
export async function lockMemberCarries(tx: Tx, memberIds: number[], now: Date) {
  return queryRows<{ member_id: string; carry_ppm: string }>(
    tx,
    sql`INSERT INTO loyalty_members (member_id, level_since, reviewed_at)
          SELECT j.x::bigint, ${now}, ${now} FROM jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb) AS j(x)
          ORDER BY 1
          ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id
          RETURNING member_id, carry_ppm::text`,
  );
}

/**
 * The members' new remainders and points earned (JSON [{ m, c, p }]: member, carry — empty for
 * none — and points), summed per member.
 */
export async function updateCarries(tx: Tx, carryRows: string): Promise<void> {
  await tx.execute(
    sql`UPDATE loyalty_members lm SET
              carry_ppm = COALESCE((SELECT x.c::bigint FROM jsonb_to_recordset(${carryRows}::jsonb)
                AS x(m bigint, c text, p text) WHERE x.m = lm.member_id AND x.c <> '' LIMIT 1), lm.carry_ppm),
              points_earned = lm.points_earned + (SELECT SUM(x.p::bigint) FROM jsonb_to_recordset(${carryRows}::jsonb)
                AS x(m bigint, c text, p text) WHERE x.m = lm.member_id)
            WHERE lm.member_id IN (SELECT (x->>'m')::bigint FROM jsonb_array_elements(${carryRows}::jsonb) x)`,
  );
}

/** The watermarks moved up to `to` (never back). */
export async function advanceWatermarks(tx: Tx, to: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE loyalty_settings SET rounds_until = GREATEST(COALESCE(rounds_until, ${to}), ${to}),
            deposits_until = GREATEST(COALESCE(deposits_until, ${to}), ${to}) WHERE id = 1`,
  );
}

/** Valid bets and deposits added to the members' days (JSON [{ m, d, v, p }]). */
export async function addToMemberDays(tx: Tx, rows: string): Promise<void> {
  await tx.execute(
    sql`INSERT INTO loyalty_member_days (member_id, day, valid_bet, deposit)
        SELECT x.m, x.d::date, x.v::bigint, x.p::bigint
        FROM jsonb_to_recordset(${rows}::jsonb) AS x(m bigint, d text, v text, p text)
        ON CONFLICT (day, member_id) DO UPDATE SET valid_bet = loyalty_member_days.valid_bet + EXCLUDED.valid_bet,
          deposit = loyalty_member_days.deposit + EXCLUDED.deposit`,
  );
}
