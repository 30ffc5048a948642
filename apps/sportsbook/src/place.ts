import type { PlaceBetRequest, SportsPriceNow } from "@panalo/contracts/sports";
import { potentialReturn, systemDef, systemPotential, systemStake } from "@panalo/game-math/sportsbook/bets";
import { sql } from "drizzle-orm";
import type { SportsContext } from "./context.ts";
import { type Executor, queryRows, type Tx } from "./db.ts";
import { AppError } from "./errors.ts";
import { type CallRow, driveBet, queueCalls } from "./money.ts";
import { settleBets } from "./settle.ts";

/**
 * Taking a bet. Every leg must be on an open market of an enabled, running
 * match; a parlay or system takes one leg per match (related outcomes refused) and at most the
 * book's legs; stakes are within the sport's, the market's and the player's limits; odds that
 * changed since the slip showed them follow the player's policy. A live bet waits the book's
 * delay and is refused if any of its markets was suspended meanwhile (suspend_seq moved). The
 * bet is written pending with its debit due; the stake is taken by the platform through the
 * provider protocol (money.ts) after the commit, and the bet opens once the debit is taken.
 */
export interface LegRow {
  outcome_id: string;
  market_id: string;
  match_id: string;
  odds: number;
  odds_version: number;
  active: boolean;
  market_status: string;
  trader_suspended: boolean;
  suspend_seq: number;
  market_min: string | null;
  market_max: string | null;
  match_status: string;
  match_enabled: boolean;
  match_suspended: boolean;
  league_enabled: boolean;
  sport_enabled: boolean;
  category: string;
  min_stake: string;
  max_stake: string;
}

/**
 * The legs as they stand, with the book's settings and the player's stake limit in the same
 * read (one round trip): FOR SHARE of the markets inside the placing transaction.
 */
async function legRows(exec: Executor, memberId: number, ids: number[], lock: boolean): Promise<CheckRow[]> {
  const list = JSON.stringify(ids);
  return queryRows<CheckRow>(
    exec,
    sql`SELECT o.id AS outcome_id, mk.id AS market_id, m.id AS match_id, o.odds, o.odds_version, o.active,
          mk.status AS market_status, mk.trader_suspended, mk.suspend_seq, mk.min_stake AS market_min,
          mk.max_stake AS market_max, m.status AS match_status, m.enabled AS match_enabled,
          m.suspended AS match_suspended, l.enabled AS league_enabled, s.enabled AS sport_enabled,
          s.category, s.min_stake, s.max_stake,
          k.max_legs AS book_max_legs, k.max_payout AS book_max_payout, k.min_odds AS book_min_odds,
          k.live_delay_ms AS book_live_delay_ms,
          (SELECT pl.max_stake FROM sportsbook.sb_player_limits pl WHERE pl.member_id = ${memberId}) AS player_max_stake
        FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id JOIN sportsbook.sb_matches m ON m.id = mk.match_id
        JOIN sportsbook.sb_leagues l ON l.id = m.league_id JOIN sportsbook.sb_sports s ON s.code = l.sport
        LEFT JOIN sportsbook.sb_book k ON true
        WHERE o.id IN (SELECT jsonb_array_elements_text(${list}::jsonb)::bigint)
        ORDER BY mk.id
        ${lock ? sql`FOR SHARE OF mk` : sql``}`,
  );
}

interface CheckRow extends LegRow {
  book_max_legs: number | null;
  book_max_payout: string | null;
  book_min_odds: number | null;
  book_live_delay_ms: number | null;
  player_max_stake: string | null;
}

const open = (r: LegRow) =>
  r.active &&
  r.market_status === "active" &&
  !r.trader_suspended &&
  (r.match_status === "not_started" || r.match_status === "live") &&
  r.match_enabled &&
  !r.match_suspended &&
  r.league_enabled &&
  r.sport_enabled;

/**
 * A refusal over prices answers every leg's price of now, so the slip can show it and the
 * player accept it; a price under the book's floor is not on sale at all (offered false): the
 * player must drop that leg, accepting it would be refused again.
 */
const pricesNow = (legs: LegRow[], floor: number): SportsPriceNow[] =>
  legs.map((r) => ({ outcomeId: Number(r.outcome_id), odds: r.odds, offered: r.odds >= floor }));

interface Checked {
  rows: LegRow[];
  odds: number[];
  live: boolean;
  /** The book's live delay (ms), read with the legs. */
  delay: number;
  stake: bigint;
  potential: bigint;
}

async function check(
  exec: Executor,
  memberId: number,
  req: PlaceBetRequest,
  lock: boolean,
): Promise<Checked> {
  const ids = req.legs.map((l) => l.outcomeId);
  if (new Set(ids).size !== ids.length) throw new AppError("SB_RELATED_OUTCOMES", 400);
  const found = await legRows(exec, memberId, ids, lock);
  const first = found[0];
  const book = first
    ? {
        max_legs: first.book_max_legs ?? undefined,
        max_payout: first.book_max_payout ?? undefined,
        min_odds: first.book_min_odds ?? undefined,
      }
    : undefined;
  const rows = ids.map((id) => found.find((r) => Number(r.outcome_id) === id));
  if (rows.some((r) => !r)) throw new AppError("SB_MARKET_CLOSED", 409);
  const legs = rows as LegRow[]; // every one found (checked above)
  if (legs.some((r) => !open(r))) throw new AppError("SB_MARKET_CLOSED", 409);
  // No price under the book's floor is taken (one priced before the operator raised it
  // included): the player is shown today's prices.
  const floor = book?.min_odds ?? 1050;
  if (legs.some((r) => r.odds < floor)) {
    throw new AppError("SB_PRICE_FLOOR", 409, { min: (floor / 1000).toFixed(2) }, undefined, {
      odds: pricesNow(legs, floor),
    });
  }
  const n = legs.length;
  if (req.kind === "single" && n !== 1) throw new AppError("SB_BAD_SLIP", 400);
  if (req.kind === "parlay" && (n < 2 || n > (book?.max_legs ?? 12))) {
    throw new AppError("SB_MAX_LEGS", 400, { max: book?.max_legs ?? 12 });
  }
  const def = req.kind === "system" ? systemDef(req.systemCode ?? "") : undefined;
  if (req.kind === "system" && (!def || def.selections !== n)) throw new AppError("SB_BAD_SLIP", 400);
  if (req.kind !== "single" && new Set(legs.map((r) => r.match_id)).size !== n) {
    throw new AppError("SB_RELATED_OUTCOMES", 400);
  }
  // The player's odds policy: "any" takes the current price, "higher" only a price not lower.
  const changed = legs.some((r, i) => {
    const seen = req.legs[i]?.odds ?? 0;
    return req.oddsPolicy === "any" ? false : req.oddsPolicy === "higher" ? r.odds < seen : r.odds !== seen;
  });
  if (changed) {
    throw new AppError("SB_ODDS_CHANGED", 409, {}, undefined, { odds: pricesNow(legs, floor) });
  }
  let min = 0n;
  let max = BigInt(first?.player_max_stake ?? "1000000000000");
  for (const r of legs) {
    min = [min, BigInt(r.min_stake), BigInt(r.market_min ?? "0")].reduce((a, b) => (b > a ? b : a));
    max = [max, BigInt(r.max_stake), BigInt(r.market_max ?? r.max_stake)].reduce((a, b) => (b < a ? b : a));
  }
  if (req.stake < min || req.stake > max) {
    throw new AppError("SB_STAKE_LIMIT", 400, {
      min: (Number(min) / 100).toFixed(2),
      max: (Number(max) / 100).toFixed(2),
    });
  }
  const odds = legs.map((r) => r.odds);
  const potential = def ? systemPotential(def, req.stake, odds) : potentialReturn(req.stake, odds);
  if (potential > BigInt(book?.max_payout ?? "0")) throw new AppError("SB_MAX_PAYOUT", 400);
  return {
    rows: legs,
    odds,
    live: legs.some((r) => r.match_status === "live"),
    delay: first?.book_live_delay_ms ?? 0,
    stake: def ? systemStake(def, req.stake) : req.stake,
    potential,
  };
}

export interface Placed {
  id: number;
  replayed: boolean;
  /** A new bet's debit as written in the outbox (sent without reading it back). */
  debit?: CallRow;
}

/**
 * A member's currency, asked of the platform once per member and process: a member's currency
 * is set when the account is opened and never changes, and in its own process the book would
 * otherwise make a call to the platform for every bet. Bounded: past 50,000 members the copies
 * are dropped and asked again.
 */
const currencies = new WeakMap<object, Map<number, string>>();
async function memberCurrency(ctx: SportsContext, memberId: number): Promise<string> {
  let known = currencies.get(ctx.host);
  if (!known) {
    known = new Map();
    currencies.set(ctx.host, known);
  }
  const have = known.get(memberId);
  if (have !== undefined) return have;
  const currency = await ctx.host.memberCurrency(memberId);
  if (currency === null) throw new AppError("PLAYER_NOT_FOUND", 404);
  if (known.size >= 50_000) known.clear();
  known.set(memberId, currency);
  return currency;
}

export async function placeBet(
  ctx: SportsContext,
  memberId: number,
  req: PlaceBetRequest,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Placed> {
  // The member's currency is the platform's to tell (the book keeps no members); then a
  // placement already made under this key, and whether a leg is live (so waits the book's
  // delay): one read.
  const currency = await memberCurrency(ctx, memberId);
  const [seen] = await queryRows<{
    id: string | null;
    status: string | null;
    live: boolean;
  }>(
    ctx.db,
    sql`SELECT b.id, b.status,
          EXISTS (SELECT 1 FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id
                    JOIN sportsbook.sb_matches x ON x.id = mk.match_id
                  WHERE o.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(req.legs.map((l) => l.outcomeId))}::jsonb)::bigint)
                    AND x.status = 'live') AS live
        FROM (SELECT 1) AS one
        LEFT JOIN sportsbook.sb_bets b ON b.member_id = ${memberId} AND b.idempotency_key = ${req.idempotencyKey}`,
  );
  if (!seen) throw new AppError("PLAYER_NOT_FOUND", 404);
  if (seen.id) {
    // A retry of a placement whose debit got no answer yet: its debit is sent again.
    if (seen.status === "pending") await takeStake(ctx, Number(seen.id));
    // Refused meanwhile (its debit answered to another sender, or cancelled): refused again.
    if (seen.status === "refused") {
      const [c] = await queryRows<{ code: string | null }>(
        ctx.db,
        sql`SELECT answer->>'refused' AS code FROM sportsbook.sb_money_calls WHERE bet_id = ${seen.id} AND call = 'debit'`,
      );
      throw c?.code ? new AppError(c.code, 409) : new AppError("SERVICE_UNAVAILABLE", 503);
    }
    return { id: Number(seen.id), replayed: true };
  }
  const member = { id: memberId, currency };
  const gate = await ctx.host.playGate(member.id, ctx.clock.now());
  if (gate) throw new AppError(gate, 403);
  // A live bet is checked before the book's delay and again after it, under the markets' locks.
  // A bet with no live leg waits for nothing: it is checked once, in the placing transaction,
  // under the same locks (a match gone live meanwhile sends it the live way).
  let first = seen.live ? await check(ctx.db, member.id, req, false) : null;
  for (;;) {
    if (first?.live) await wait(first.delay);
    const before = first;
    const placed = await ctx.db.transaction(async (tx): Promise<Placed | { live: Checked }> => {
      if (!before) {
        const once = await check(tx, member.id, req, true);
        if (once.live) return { live: once };
        return insertBet(tx, member, req, once);
      }
      const now = await check(tx, member.id, { ...req, oddsPolicy: "any" }, true);
      // spec: a live bet is refused if a market was suspended during the delay, even if reopened.
      if (now.rows.some((r, i) => r.suspend_seq !== before.rows[i]?.suspend_seq)) {
        throw new AppError("SB_MARKET_CLOSED", 409);
      }
      // The price taken is the one checked against the player's policy.
      if (now.odds.some((o, i) => o !== before.odds[i])) {
        await check(tx, member.id, req, true);
      }
      return insertBet(tx, member, req, now);
    });
    if ("live" in placed) {
      // Gone live since the first read: the check just made (rolled back) is the one before the delay.
      first = placed.live;
      continue;
    }
    if (placed.replayed) return placed;
    await takeStake(ctx, placed.id, placed.debit);
    return { id: placed.id, replayed: false };
  }
}

/**
 * The debit of a pending bet: taken, the bet opens (and settles at once if its markets settled
 * meanwhile); refused (funds, limits, a bonus's maximum bet), the bet is refused with the
 * platform's code. No trusted answer: the bet is cancelled — a rollback follows the debit (a
 * rollback before its bet is remembered, so a late debit is refused too).
 */
async function takeStake(ctx: SportsContext, id: number, debit?: CallRow): Promise<void> {
  const driven = await driveBet(ctx, id, debit);
  if (driven.refused) {
    // Refused, nothing was taken: the bet leaves no trace on the book (the platform keeps the
    // refusal of sb:<id>), so the same slip may be placed again once it would be taken.
    await ctx.db.transaction(async (tx) => {
      const [gone] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM sportsbook.sb_bets WHERE id = ${id} AND status = 'refused' FOR UPDATE`,
      );
      if (!gone) return;
      await tx.execute(sql`DELETE FROM sportsbook.sb_money_calls WHERE bet_id = ${id}`);
      await tx.execute(sql`DELETE FROM sportsbook.sb_bet_legs WHERE bet_id = ${id}`);
      await tx.execute(sql`DELETE FROM sportsbook.sb_bets WHERE id = ${id}`);
    });
    throw new AppError(driven.refused.code, driven.refused.status);
  }
  if (driven.unknown) {
    await ctx.db.transaction(async (tx) => {
      const [b] = await queryRows<{ stake: string }>(
        tx,
        sql`UPDATE sportsbook.sb_bets SET status = 'refused' WHERE id = ${id} AND status = 'pending' RETURNING stake`,
      );
      if (!b) return;
      await tx.execute(sql`UPDATE sportsbook.sb_money_calls SET done_at = now(), answer = '{"abandoned": true}'::jsonb
          WHERE bet_id = ${id} AND call = 'debit' AND done_at IS NULL`);
      await queueCalls(tx, [
        { betId: id, call: "rollback", tid: `sbx:${id}`, ref: `sb:${id}`, amount: BigInt(b.stake) },
      ]);
    });
    await driveBet(ctx, id).catch(() => undefined); // due until answered: the sweep sends it again
    const [b] = await queryRows<{ status: string }>(
      ctx.db,
      sql`SELECT status FROM sportsbook.sb_bets WHERE id = ${id}`,
    );
    if (b?.status !== "open") throw new AppError("SERVICE_UNAVAILABLE", 503);
  }
  // Its markets may have settled while the stake was being taken (read after the bet opened, so
  // a settlement that did not see it open has committed its results by now): settled at once.
  // A bet whose legs all still wait for results has nothing to settle.
  const [due] = await queryRows<{ any: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM sportsbook.sb_bet_legs l JOIN sportsbook.sb_outcomes o ON o.id = l.outcome_id
          WHERE l.bet_id = ${id} AND (o.result IS NOT NULL OR l.void_ts IS NOT NULL)) AS any`,
  );
  if (due?.any) await settleBets(ctx, null, [id]);
}

/**
 * Bets left pending (a crash between the bet's commit and its debit's answer) are cancelled
 * after a minute: their debit is abandoned and a rollback sent, so the stake, if the platform
 * took it, comes back. For the settle sweep.
 */
export async function cancelStalePending(ctx: SportsContext): Promise<number> {
  const stale = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM sportsbook.sb_bets WHERE status = 'pending' AND placed_at < now() - interval '1 minute' ORDER BY id LIMIT 1000`,
  );
  for (const r of stale) {
    const id = Number(r.id);
    await ctx.db.transaction(async (tx) => {
      const [b] = await queryRows<{ stake: string }>(
        tx,
        sql`UPDATE sportsbook.sb_bets SET status = 'refused' WHERE id = ${id} AND status = 'pending' RETURNING stake`,
      );
      if (!b) return;
      await tx.execute(sql`UPDATE sportsbook.sb_money_calls SET done_at = now(), answer = '{"abandoned": true}'::jsonb
          WHERE bet_id = ${id} AND call = 'debit' AND done_at IS NULL`);
      await queueCalls(tx, [
        { betId: id, call: "rollback", tid: `sbx:${id}`, ref: `sb:${id}`, amount: BigInt(b.stake) },
      ]);
    });
  }
  return stale.length;
}

async function insertBet(
  tx: Tx,
  member: { id: number; currency: string },
  req: PlaceBetRequest,
  c: Checked,
): Promise<Placed> {
  const vendor = c.rows.every((r) => r.category === "ESPORTS") ? "PNES" : "PNSB";
  const legs = c.rows.map((r, i) => ({
    idx: i,
    o: Number(r.outcome_id),
    mk: Number(r.market_id),
    m: Number(r.match_id),
    odds: r.odds,
  }));
  // The bet, its legs and its stake's debit in the outbox (one debit of the bet's round:
  // responsible gaming, bonus money and funds are the platform's checks, in provider_move), in
  // one statement; a placement already made under this key writes nothing.
  const [bet] = await queryRows<{ id: string; call_id: string | null; transaction_id: string | null }>(
    tx,
    sql`WITH b AS (
          INSERT INTO sportsbook.sb_bets (member_id, idempotency_key, currency, vendor, kind, system_code, stake, stake_per_line, potential, live, status)
          VALUES (${member.id}, ${req.idempotencyKey}, ${member.currency}, ${vendor}, ${req.kind},
            ${req.kind === "system" ? (req.systemCode ?? null) : null}, ${c.stake.toString()}, ${req.stake.toString()},
            ${c.potential.toString()}, ${c.live}, 'pending')
          ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id),
        l AS (
          INSERT INTO sportsbook.sb_bet_legs (bet_id, idx, outcome_id, market_id, match_id, odds)
          SELECT b.id, x.idx, x.o, x.mk, x.m, x.odds
          FROM b, jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) AS x(idx int, o bigint, mk bigint, m bigint, odds int)),
        d AS (
          INSERT INTO sportsbook.sb_money_calls (bet_id, call, transaction_id, ref_transaction_id, amount, gross)
          SELECT b.id, 'debit', 'sb:' || b.id, NULL, ${c.stake.toString()}::bigint, NULL FROM b
          ON CONFLICT (transaction_id) DO NOTHING RETURNING id, transaction_id)
        SELECT b.id, d.id AS call_id, d.transaction_id FROM b LEFT JOIN d ON true`,
  );
  if (!bet) {
    const [again] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM sportsbook.sb_bets WHERE member_id = ${member.id} AND idempotency_key = ${req.idempotencyKey}`,
    );
    return { id: Number(again?.id), replayed: true };
  }
  const id = Number(bet.id);
  const debit: CallRow | undefined =
    bet.call_id && bet.transaction_id
      ? {
          id: bet.call_id,
          bet_id: bet.id,
          call: "debit",
          transaction_id: bet.transaction_id,
          ref_transaction_id: null,
          amount: c.stake.toString(),
          gross: null,
          member_id: String(member.id),
          vendor,
        }
      : undefined;
  return { id, replayed: false, debit };
}
