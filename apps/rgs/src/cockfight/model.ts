import type {
  CockfightBetView,
  CockfightEntry,
  CockfightEventView,
  CockfightFightView,
  CockfightResult,
  CockfightSide,
} from "@panalo/contracts/cockfight";
import { formatMinor } from "@panalo/contracts/money";
import { oddsOf, type Pools } from "@panalo/game-math/cockfight/index";
import { sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import type { RoomEvent, RoundHub } from "../rounds/hub.ts";
import type { StakeStore } from "../rounds/stakes.ts";

/** Where the bets live (the engine's stake rows: ONE debit, ONE credit or rollback each). */
export const COCKFIGHT_STORE: StakeStore = { table: "cockfight_bets", round: "fight_id", room: "game_code" };
/** A player's session's game id: "cockfight:<game code>". */
export const COCKFIGHT_SESSION_PREFIX = "cockfight:";
/** The fan-out key of the arena's channel (every fight of every event goes through it). */
export const arenaKey = (gameCode: string) => `cockfight:${gameCode}`;

const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : big(v));
const entryOf = (v: unknown): CockfightEntry => (typeof v === "string" ? JSON.parse(v) : v) as CockfightEntry;
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

export interface FightRow {
  id: string;
  eventId: string;
  fightNo: number;
  meron: CockfightEntry;
  wala: CockfightEntry;
  status: CockfightFightView["status"];
  plasadaBp: number;
  drawPaysX100: number;
  minBet: bigint;
  maxBet: bigint;
  closesAt: string | null;
  pools: Pools;
  declaredResult: CockfightResult | null;
  declaredBy: string | null;
  confirmedBy: string | null;
  commission: bigint | null;
  remainder: bigint | null;
  oddsPaid: bigint | null;
  winsTotal: bigint;
  settledAt: string | null;
}

export function fightRow(r: Record<string, unknown>): FightRow {
  return {
    id: String(r.id),
    eventId: String(r.event_id),
    fightNo: Number(r.fight_no),
    meron: entryOf(r.meron),
    wala: entryOf(r.wala),
    status: String(r.status) as FightRow["status"],
    plasadaBp: Number(r.plasada_bp),
    drawPaysX100: Number(r.draw_pays_x100),
    minBet: big(r.min_bet),
    maxBet: big(r.max_bet),
    closesAt: iso(r.closes_at),
    pools: { meron: big(r.pool_meron), wala: big(r.pool_wala), draw: big(r.pool_draw) },
    declaredResult: (r.declared_result ?? null) as CockfightResult | null,
    declaredBy: (r.declared_by ?? null) as string | null,
    confirmedBy: (r.confirmed_by ?? null) as string | null,
    commission: bigOrNull(r.commission),
    remainder: bigOrNull(r.remainder),
    oddsPaid: bigOrNull(r.odds_paid),
    winsTotal: big(r.wins_total),
    settledAt: iso(r.settled_at),
  };
}

/** What players see of a fight: the declared result only once a second operator confirmed it. */
export function fightView(f: FightRow): CockfightFightView {
  const odds = oddsOf(f.pools, f);
  const money = (v: bigint | null) => (v === null ? null : formatMinor(v));
  const settled = f.status === "settled";
  return {
    fightId: f.id,
    eventId: f.eventId,
    fightNo: f.fightNo,
    meron: f.meron,
    wala: f.wala,
    status: f.status,
    closesAt: f.closesAt,
    pools: {
      meron: formatMinor(f.pools.meron),
      wala: formatMinor(f.pools.wala),
      draw: formatMinor(f.pools.draw),
    },
    odds: { meron: money(odds.meron), wala: money(odds.wala), draw: formatMinor(odds.draw ?? 0n) },
    plasadaBp: f.plasadaBp,
    minBet: formatMinor(f.minBet),
    maxBet: formatMinor(f.maxBet),
    result: settled ? f.declaredResult : null,
    oddsPaid: settled ? money(f.oddsPaid) : null,
  };
}

/** The back office sees more: who declared, who confirmed, the commission and the remainder. */
export function fightAdminView(f: FightRow) {
  return {
    ...fightView(f),
    declaredResult: f.declaredResult,
    declaredBy: f.declaredBy,
    confirmedBy: f.confirmedBy,
    commission: f.commission === null ? null : formatMinor(f.commission),
    remainder: f.remainder === null ? null : formatMinor(f.remainder),
    wins: formatMinor(f.winsTotal),
    settledAt: f.settledAt,
  };
}

export interface EventRow {
  id: string;
  arena: string;
  date: string;
  videoUrl: string;
  plasadaBp: number;
  drawPaysX100: number;
  minBet: bigint;
  maxBet: bigint;
  createdBy: string;
}

export function eventRow(r: Record<string, unknown>): EventRow {
  const d = r.event_date;
  return {
    id: String(r.id),
    arena: String(r.arena),
    date: d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10),
    videoUrl: String(r.video_url),
    plasadaBp: Number(r.plasada_bp),
    drawPaysX100: Number(r.draw_pays_x100),
    minBet: big(r.min_bet),
    maxBet: big(r.max_bet),
    createdBy: String(r.created_by),
  };
}

export async function loadFight(db: RgsDb | RgsTx, id: string, lock = sql``): Promise<FightRow | null> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM rgs.cockfight_fights WHERE id = ${id} ${lock}`,
  );
  return r ? fightRow(r) : null;
}

export async function eventFights(db: RgsDb | RgsTx, eventId: string): Promise<FightRow[]> {
  return (
    await rows<Record<string, unknown>>(
      db,
      sql`SELECT * FROM rgs.cockfight_fights WHERE event_id = ${eventId} ORDER BY fight_no`,
    )
  ).map(fightRow);
}

/** The arena's current event: the latest by date (then by when it was scheduled). */
export async function currentEvent(ctx: RgsContext): Promise<CockfightEventView | null> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.cockfight_events ORDER BY event_date DESC, created_at DESC LIMIT 1`,
  );
  if (!r) return null;
  const e = eventRow(r);
  return {
    eventId: e.id,
    arena: e.arena,
    date: e.date,
    videoUrl: e.videoUrl,
    fights: (await eventFights(ctx.db, e.id)).map(fightView),
  };
}

export interface BetRow {
  id: string;
  fightId: string;
  side: CockfightSide;
  total: bigint;
  win: bigint | null;
  status: string;
  balance: bigint | null;
}

export function betRow(r: Record<string, unknown>): BetRow {
  return {
    id: String(r.id),
    fightId: String(r.fight_id),
    side: String(r.side) as CockfightSide,
    total: big(r.total),
    win: bigOrNull(r.win),
    status: String(r.status),
    balance: bigOrNull(r.balance),
  };
}

export function betView(b: BetRow, f: FightRow | null): CockfightBetView {
  const settled = f?.status === "settled";
  return {
    betId: b.id,
    fightId: b.fightId,
    fightNo: f?.fightNo ?? 0,
    side: b.side,
    amount: formatMinor(b.total),
    win: b.win === null ? null : formatMinor(b.win),
    status: b.status,
    balance: b.balance === null ? null : formatMinor(b.balance),
    result: settled ? (f?.declaredResult ?? null) : null,
    oddsPaid: settled && f?.oddsPaid !== null && f?.oddsPaid !== undefined ? formatMinor(f.oddsPaid) : null,
  };
}

/** Every fight change to every player of the arena (each player's own result only to them). */
export function publishFight(
  hub: RoundHub,
  gameCode: string,
  f: FightRow,
  results?: RoomEvent["results"],
): void {
  hub.publish({ type: "cockfight", tableId: arenaKey(gameCode), game: fightView(f), results });
}
