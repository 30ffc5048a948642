import type { BingoGameView, BingoPrizeView, BingoRoomInfo } from "@panalo/contracts/bingo";
import { formatMinor } from "@panalo/contracts/money";
import {
  type BingoKind,
  type BingoPrize,
  dealTickets,
  drawOrder,
  PRIZES,
  playGame,
  prizeAmounts,
  splitPrize,
  type Ticket,
} from "@panalo/game-math/bingo/index";
import type { WordSource } from "@panalo/game-math/uniform";
import { type SQL, sql } from "drizzle-orm";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import { isOpenAt, seedWords } from "../rounds/engine.ts";

/** A bingo room (rgs.bingo_rooms): its kind, price, prize rules, schedule and pace. */
export interface BingoRoom {
  id: string;
  kind: BingoKind;
  name: { EN: string; TY: string };
  vendor: string;
  ticketPrice: bigint;
  poolBp: number;
  split: Record<string, number>;
  guaranteed: bigint;
  salesMs: number;
  ballMs: number;
  maxTickets: number;
  gameTickets: number;
  opensAt: string | null;
  closesAt: string | null;
  enabled: boolean;
  sort: number;
}

export interface PrizeResult {
  prize: BingoPrize;
  amount: string;
  /** Balls drawn when won (null: nobody won it, only when the game had no tickets). */
  at: number | null;
  winners: Array<{ ticketNo: number; share: string }>;
}

export interface BingoGame {
  id: string;
  roomId: string;
  gameNo: number;
  kind: BingoKind;
  status: BingoGameView["status"];
  seed: string;
  seedHash: string;
  ticketPrice: bigint;
  poolBp: number;
  split: Record<string, number>;
  guaranteed: bigint;
  ballMs: number;
  opensAt: Date;
  startsAt: Date;
  ticketsSold: number;
  sales: bigint;
  pool: bigint | null;
  result: PrizeResult[] | null;
  ballsTotal: number | null;
  ballsDrawn: number;
  drawStartedAt: Date | null;
  settledAt: Date | null;
  winsTotal: bigint;
}

/** The engine's lease key of a room (rgs.table_leases is shared with the live tables). */
export const roomLeaseKey = (roomId: string) => `bingo:${roomId}`;
/** A session of a bingo room has game id "bingo:<room id>". */
export const BINGO_SESSION_PREFIX = "bingo:";

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const time = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 5));

export function roomRow(r: Record<string, unknown>): BingoRoom {
  return {
    id: String(r.id),
    kind: r.kind as BingoKind,
    name: json(r.name),
    vendor: String(r.vendor),
    ticketPrice: big(r.ticket_price),
    poolBp: Number(r.pool_bp),
    split: json(r.split),
    guaranteed: big(r.guaranteed),
    salesMs: Number(r.sales_ms),
    ballMs: Number(r.ball_ms),
    maxTickets: Number(r.max_tickets),
    gameTickets: Number(r.game_tickets),
    opensAt: time(r.opens_at),
    closesAt: time(r.closes_at),
    enabled: Boolean(r.enabled),
    sort: Number(r.sort ?? 0),
  };
}

export async function loadRooms(exec: RgsDb | RgsTx, where: SQL = sql`TRUE`): Promise<BingoRoom[]> {
  return (
    await rows<Record<string, unknown>>(
      exec,
      sql`SELECT * FROM rgs.bingo_rooms WHERE ${where} ORDER BY sort, id`,
    )
  ).map(roomRow);
}

export async function loadRoom(exec: RgsDb | RgsTx, id: string): Promise<BingoRoom | undefined> {
  return (await loadRooms(exec, sql`id = ${id}`))[0];
}

export function gameRow(r: Record<string, unknown>): BingoGame {
  return {
    id: String(r.id),
    roomId: String(r.room_id),
    gameNo: Number(r.game_no),
    kind: r.kind as BingoKind,
    status: r.status as BingoGame["status"],
    seed: String(r.seed),
    seedHash: String(r.seed_hash),
    ticketPrice: big(r.ticket_price),
    poolBp: Number(r.pool_bp),
    split: json(r.split),
    guaranteed: big(r.guaranteed),
    ballMs: Number(r.ball_ms),
    opensAt: new Date(r.opens_at as string),
    startsAt: new Date(r.starts_at as string),
    ticketsSold: Number(r.tickets_sold),
    sales: big(r.sales),
    pool: r.pool === null || r.pool === undefined ? null : big(r.pool),
    result: r.result === null || r.result === undefined ? null : json(r.result),
    ballsTotal: r.balls_total === null || r.balls_total === undefined ? null : Number(r.balls_total),
    ballsDrawn: Number(r.balls_drawn),
    drawStartedAt: r.draw_started_at ? new Date(r.draw_started_at as string) : null,
    settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
    winsTotal: big(r.wins_total),
  };
}

/** The game's random words: HMAC-SHA256(key = seed bytes, "<label>:<counter>"), 8 words a block. */
export const bingoWords = (seedHex: string, label: string): WordSource => seedWords(seedHex, label);

/** The order every ball of the game is drawn in: words "draw". */
export const gameDraw = (kind: BingoKind, seedHex: string): number[] =>
  drawOrder(kind, bingoWords(seedHex, "draw"));

/**
 * Ticket k of the deal: 90-ball strip s is dealt from words "strip:<s>" (six tickets covering
 * 1–90); 75-ball card c from words "card:<c>".
 */
export function stripOrCard(kind: BingoKind, seedHex: string, n: number): Ticket[] {
  return kind === "bingo90"
    ? dealTickets("bingo90", 6, bingoWords(seedHex, `strip:${n}`))
    : dealTickets("bingo75", 1, bingoWords(seedHex, `card:${n}`));
}

/** A purchase's tickets: 90-ball the first `count` tickets of strips firstStrip…; 75-ball cards. */
export function purchaseTickets(
  kind: BingoKind,
  seedHex: string,
  firstStrip: number,
  count: number,
): Ticket[] {
  const out: Ticket[] = [];
  for (let s = firstStrip; out.length < count; s++) out.push(...stripOrCard(kind, seedHex, s));
  return out.slice(0, count);
}

/** How many strip (or card) numbers a purchase of `count` tickets uses. */
export const stripsFor = (kind: BingoKind, count: number) =>
  kind === "bingo90" ? Math.ceil(count / 6) : count;

/**
 * The game played out over its tickets (in ticket-number order): for each prize its amount,
 * the ball it was won on and each winning ticket's share (splitPrize: the remainder's cents to
 * the lowest ticket numbers). Deterministic from the seed and the tickets sold.
 */
export function decideGame(
  game: Pick<BingoGame, "kind" | "seed" | "poolBp" | "split" | "guaranteed">,
  sales: bigint,
  tickets: Array<{ ticketNo: number; numbers: Ticket }>,
): { pool: bigint; prizes: PrizeResult[]; balls: number } {
  const { pool, prizes } = prizeAmounts(
    game.kind,
    sales,
    game.poolBp,
    game.split,
    tickets.length ? game.guaranteed : 0n,
  );
  const draw = gameDraw(game.kind, game.seed);
  const played = playGame(
    game.kind,
    tickets.map((t) => t.numbers),
    draw,
  );
  const out: PrizeResult[] = PRIZES[game.kind].map((p) => {
    const win = played.wins.find((w) => w.prize === p);
    const amount = prizes[p] ?? 0n;
    if (!win) return { prize: p, amount: formatMinor(amount), at: null, winners: [] };
    const nos = win.tickets.map((i) => (tickets[i] as { ticketNo: number }).ticketNo).sort((a, b) => a - b);
    const shares = splitPrize(amount, nos.length);
    return {
      prize: p,
      amount: formatMinor(amount),
      at: win.at,
      winners: nos.map((ticketNo, i) => ({ ticketNo, share: formatMinor(shares[i] as bigint) })),
    };
  });
  return { pool, prizes: out, balls: tickets.length ? played.balls : 0 };
}

/** What everyone in the room sees: only the balls drawn so far; the seed once settled or void. */
export function gameView(g: BingoGame): BingoGameView {
  const shown = g.status === "settled" ? (g.ballsTotal ?? 0) : g.status === "drawing" ? g.ballsDrawn : 0;
  const balls = shown > 0 ? gameDraw(g.kind, g.seed).slice(0, shown) : [];
  const prizes: BingoPrizeView[] = (g.result ?? []).map((p) =>
    p.at !== null && p.at <= shown ? p : { prize: p.prize, amount: p.amount, at: null, winners: [] },
  );
  const pool = g.pool ?? prizeAmounts(g.kind, g.sales, g.poolBp, g.split, g.guaranteed).pool;
  return {
    gameId: g.id,
    roomId: g.roomId,
    gameNo: g.gameNo,
    kind: g.kind,
    status: g.status,
    seedHash: g.seedHash,
    seed: g.status === "settled" || g.status === "void" ? g.seed : null,
    ticketPrice: formatMinor(g.ticketPrice),
    opensAt: g.opensAt.toISOString(),
    startsAt: g.startsAt.toISOString(),
    ticketsSold: g.ticketsSold,
    pool: formatMinor(pool),
    ballMs: g.ballMs,
    balls,
    prizes: prizes.length
      ? prizes
      : PRIZES[g.kind].map((p) => ({
          prize: p,
          amount: formatMinor(prizeAmounts(g.kind, g.sales, g.poolBp, g.split, g.guaranteed).prizes[p] ?? 0n),
          at: null,
          winners: [],
        })),
  };
}

export const roomOpen = (r: BingoRoom, now: Date) => isOpenAt(r, now);

export function roomInfo(r: BingoRoom, now: Date, players: number, game: BingoGame | null): BingoRoomInfo {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    vendor: r.vendor,
    ticketPrice: formatMinor(r.ticketPrice),
    poolPercent: (r.poolBp / 100).toFixed(2),
    split: r.split,
    guaranteed: formatMinor(r.guaranteed),
    salesMs: r.salesMs,
    ballMs: r.ballMs,
    maxTickets: r.maxTickets,
    gameTickets: r.gameTickets,
    opensAt: r.opensAt,
    closesAt: r.closesAt,
    open: roomOpen(r, now),
    enabled: r.enabled,
    players,
    game: game ? gameView(game) : null,
  };
}
