import { createHash } from "node:crypto";
import type { PlaceBetRequest, SportsPriceNow } from "@panalo/contracts/sports";
import { potentialReturn, systemDef, systemPotential, systemStake } from "@panalo/game-math/sportsbook/bets";
import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { notifyMember, postIn } from "../ledger/service.ts";
import { ensureBookCatalogue } from "./catalogue.ts";
import { insertProviderRows } from "./settle.ts";

/**
 * Taking a bet. Every leg must be on an open market of an enabled, running
 * match; a parlay or system takes one leg per match (related outcomes refused) and at most the
 * book's legs; stakes are within the sport's, the market's and the player's limits; odds that
 * changed since the slip showed them follow the player's policy. A live bet waits the book's
 * delay and is refused if any of its markets was suspended meanwhile (suspend_seq moved). The
 * stake leaves through the ledger with the bet, as the vendor's provider transaction.
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

async function legRows(exec: Executor, ids: number[], lock: boolean): Promise<LegRow[]> {
  const list = JSON.stringify(ids);
  return queryRows<LegRow>(
    exec,
    sql`SELECT o.id AS outcome_id, mk.id AS market_id, m.id AS match_id, o.odds, o.odds_version, o.active,
          mk.status AS market_status, mk.trader_suspended, mk.suspend_seq, mk.min_stake AS market_min,
          mk.max_stake AS market_max, m.status AS match_status, m.enabled AS match_enabled,
          m.suspended AS match_suspended, l.enabled AS league_enabled, s.enabled AS sport_enabled,
          s.category, s.min_stake, s.max_stake
        FROM sb_outcomes o JOIN sb_markets mk ON mk.id = o.market_id JOIN sb_matches m ON m.id = mk.match_id
        JOIN sb_leagues l ON l.id = m.league_id JOIN sb_sports s ON s.code = l.sport
        WHERE o.id IN (SELECT jsonb_array_elements_text(${list}::jsonb)::bigint)
        ORDER BY mk.id
        ${lock ? sql`FOR SHARE OF mk` : sql``}`,
  );
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
  stake: bigint;
  potential: bigint;
}

async function check(
  exec: Executor,
  memberId: number,
  req: PlaceBetRequest,
  lock: boolean,
): Promise<Checked> {
  const [book] = await queryRows<{ max_legs: number; max_payout: string; min_odds: number }>(
    exec,
    sql`SELECT max_legs, max_payout, min_odds FROM sb_book`,
  );
  const ids = req.legs.map((l) => l.outcomeId);
  if (new Set(ids).size !== ids.length) throw new AppError("SB_RELATED_OUTCOMES", 400);
  const found = await legRows(exec, ids, lock);
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
  const [pl] = await queryRows<{ max_stake: string }>(
    exec,
    sql`SELECT max_stake FROM sb_player_limits WHERE member_id = ${memberId}`,
  );
  let min = 0n;
  let max = BigInt(pl?.max_stake ?? "1000000000000");
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
    stake: def ? systemStake(def, req.stake) : req.stake,
    potential,
  };
}

export interface Placed {
  id: number;
  replayed: boolean;
}

export async function placeBet(
  ctx: AppContext,
  memberId: number,
  req: PlaceBetRequest,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Placed> {
  const [seen] = await queryRows<{ id: string | null; currency: string }>(
    ctx.db,
    sql`SELECT m.currency, (SELECT id FROM sb_bets WHERE member_id = m.id AND idempotency_key = ${req.idempotencyKey}) AS id
        FROM members m WHERE m.id = ${memberId}`,
  );
  if (!seen) throw new AppError("PLAYER_NOT_FOUND", 404);
  if (seen.id) return { id: Number(seen.id), replayed: true };
  const member = { id: memberId, currency: seen.currency };
  const gate = await memberGate(ctx.db, member.id, "play", ctx.clock.now());
  if (gate) throw new AppError(gate, 403);
  const first = await check(ctx.db, member.id, req, false);
  if (first.live) {
    const [book] = await queryRows<{ live_delay_ms: number }>(ctx.db, sql`SELECT live_delay_ms FROM sb_book`);
    await wait(book?.live_delay_ms ?? 0);
  }
  const placed = await ctx.db.transaction(async (tx) => {
    const now = await check(tx, member.id, { ...req, oddsPolicy: "any" }, true);
    // spec: a live bet is refused if a market was suspended during the delay, even if reopened.
    if (now.rows.some((r, i) => r.suspend_seq !== first.rows[i]?.suspend_seq)) {
      throw new AppError("SB_MARKET_CLOSED", 409);
    }
    // The price taken is the one checked against the player's policy.
    if (now.odds.some((o, i) => o !== first.odds[i])) {
      await check(tx, member.id, req, true);
    }
    return insertBet(tx, member, req, now, ctx.clock.now());
  });
  if (!placed.replayed) await notifyMember(ctx, member.id);
  return placed;
}

async function insertBet(
  tx: Tx,
  member: { id: number; currency: string },
  req: PlaceBetRequest,
  c: Checked,
  at: Date,
): Promise<Placed> {
  const vendor = c.rows.every((r) => r.category === "ESPORTS") ? "PNES" : "PNSB";
  const [bet] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO sb_bets (member_id, idempotency_key, currency, vendor, kind, system_code, stake, stake_per_line, potential, live)
        VALUES (${member.id}, ${req.idempotencyKey}, ${member.currency}, ${vendor}, ${req.kind},
          ${req.kind === "system" ? (req.systemCode ?? null) : null}, ${c.stake.toString()}, ${req.stake.toString()},
          ${c.potential.toString()}, ${c.live})
        ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id`,
  );
  if (!bet) {
    const [again] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM sb_bets WHERE member_id = ${member.id} AND idempotency_key = ${req.idempotencyKey}`,
    );
    return { id: Number(again?.id), replayed: true };
  }
  const id = Number(bet.id);
  // Responsible gaming: the stake counts against the member's wager and loss limits
  // through provider_move's own counting (rg_take_bet, migration 1020), for members with limits
  // only; a refusal undoes the whole placement.
  const [rg] = await queryRows<{ code: string | null }>(
    tx,
    sql`SELECT rg_take_bet(m.id, ${c.stake.toString()}::bigint, ${at.toISOString()}::timestamptz) AS code
        FROM members m WHERE m.id = ${member.id} AND m.rg_active`,
  );
  if (rg?.code && rg.code !== "OK") throw new AppError(rg.code, 403);
  const legs = c.rows.map((r, i) => ({
    idx: i,
    o: Number(r.outcome_id),
    mk: Number(r.market_id),
    m: Number(r.match_id),
    odds: r.odds,
  }));
  await tx.execute(sql`INSERT INTO sb_bet_legs (bet_id, idx, outcome_id, market_id, match_id, odds)
      SELECT ${id}, x.idx, x.o, x.mk, x.m, x.odds
      FROM jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) AS x(idx int, o bigint, mk bigint, m bigint, odds int)`);
  const tid = `sb:${id}`;
  // The round's category (SPORTS / ESPORTS) for valid bets, rollups and reports.
  await ensureBookCatalogue(tx);
  await insertProviderRows(tx, [
    {
      vendor,
      tid,
      kind: "bet",
      round: `sb-${id}`,
      member: member.id,
      amount: c.stake.toString(),
      ref: null,
      game: vendor === "PNES" ? "ESPORTS" : "SPORTS",
      print: createHash("sha256").update(`${tid}|${c.stake}`).digest("hex"),
    },
  ]);
  const wallet = member.currency === "FUN" ? "play" : "main";
  await postIn(tx, {
    idempotencyKey: `prov:${vendor}:${tid}`,
    type: "bet",
    reference: `${vendor}:sb-${id}`,
    memberId: member.id,
    legs: [
      { account: { member: member.id, kind: wallet, currency: member.currency }, amount: -c.stake },
      { account: { house: "games", currency: member.currency }, amount: c.stake },
    ],
  });
  return { id, replayed: false };
}
