import type { TableInfo, TableRoundView } from "@panalo/contracts/live-tables";
import { formatMinor } from "@panalo/contracts/money";
import { TABLE_MATH, type TableGameKind, type TableOutcome } from "@panalo/game-math/tables/index";
import type { WordSource } from "@panalo/game-math/uniform";
import { type SQL, sql } from "drizzle-orm";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { big, bigOrNull } from "../lottery/context.ts";
import { isOpenAt, newRoundSeed, roundSeedHash, seedWords } from "../rounds/engine.ts";

/** A live table (rgs.live_tables): its game, clock, chips and limits. */
export interface LiveTable {
  id: string;
  game: TableGameKind;
  name: { EN: string; TY: string };
  vendor: string;
  bettingMs: number;
  pauseMs: number;
  chips: bigint[];
  minBet: bigint;
  maxBet: bigint;
  limits: Record<string, { min: bigint; max: bigint }>;
  opensAt: string | null;
  closesAt: string | null;
  enabled: boolean;
  sort: number;
}

export type RoundStatus = TableRoundView["status"];
export interface TableRound {
  id: string;
  tableId: string;
  roundNo: number;
  game: TableGameKind;
  status: RoundStatus;
  seed: string;
  seedHash: string;
  opensAt: Date;
  closesAt: Date;
  outcome: TableOutcome | null;
  settledAt: Date | null;
}

export function tableRow(r: Record<string, unknown>): LiveTable {
  const limits: LiveTable["limits"] = {};
  const raw = (typeof r.limits === "string" ? JSON.parse(r.limits) : r.limits) as Record<
    string,
    { min: number | string; max: number | string }
  >;
  for (const [k, v] of Object.entries(raw ?? {})) limits[k] = { min: BigInt(v.min), max: BigInt(v.max) };
  const chips = Array.isArray(r.chips)
    ? r.chips.map((c) => BigInt(c as string))
    : String(r.chips ?? "{}")
        .replace(/[{}]/g, "")
        .split(",")
        .filter(Boolean)
        .map((c) => BigInt(c));
  return {
    id: String(r.id),
    game: r.game as TableGameKind,
    name: (typeof r.name === "string" ? JSON.parse(r.name) : r.name) as LiveTable["name"],
    vendor: String(r.vendor),
    bettingMs: Number(r.betting_ms),
    pauseMs: Number(r.pause_ms),
    chips,
    minBet: big(r.min_bet),
    maxBet: big(r.max_bet),
    limits,
    opensAt: r.opens_at === null || r.opens_at === undefined ? null : String(r.opens_at).slice(0, 5),
    closesAt: r.closes_at === null || r.closes_at === undefined ? null : String(r.closes_at).slice(0, 5),
    enabled: Boolean(r.enabled),
    sort: Number(r.sort ?? 0),
  };
}

export async function loadTables(exec: RgsDb | RgsTx, where: SQL = sql`TRUE`): Promise<LiveTable[]> {
  const rs = await rows<Record<string, unknown>>(
    exec,
    sql`SELECT * FROM rgs.live_tables WHERE ${where} ORDER BY sort, id`,
  );
  return rs.map(tableRow);
}

export async function loadTable(exec: RgsDb | RgsTx, id: string): Promise<LiveTable | undefined> {
  return (await loadTables(exec, sql`id = ${id}`))[0];
}

export function roundRow(r: Record<string, unknown>): TableRound {
  const outcome = r.outcome === null || r.outcome === undefined ? null : r.outcome;
  return {
    id: String(r.id),
    tableId: String(r.table_id),
    roundNo: Number(r.round_no),
    game: r.game as TableGameKind,
    status: r.status as RoundStatus,
    seed: String(r.seed),
    seedHash: String(r.seed_hash),
    opensAt: new Date(r.opens_at as string),
    closesAt: new Date(r.closes_at as string),
    outcome: (typeof outcome === "string" ? JSON.parse(outcome) : outcome) as TableOutcome | null,
    settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
  };
}

/** What everyone sees of a round: the seed only once the outcome is revealed (or the round void). */
export function roundView(r: TableRound): TableRoundView {
  const revealed = r.status === "settling" || r.status === "settled" || r.status === "void";
  return {
    roundId: r.id,
    tableId: r.tableId,
    roundNo: r.roundNo,
    status: r.status,
    seedHash: r.seedHash,
    seed: revealed ? r.seed : null,
    opensAt: r.opensAt.toISOString(),
    closesAt: r.closesAt.toISOString(),
    outcome: revealed ? r.outcome : null,
  };
}

export const newTableSeed = newRoundSeed;
/** The commitment published when betting opens: SHA-256 of the seed's 32 bytes. */
export const tableSeedHash = roundSeedHash;

/** The round's random words: HMAC-SHA256(key = seed bytes, "table:<counter>"), 8 words a block. */
export const tableWords = (seedHex: string): WordSource => seedWords(seedHex, "table");

/** The outcome a seed deals for a game (anyone can recompute it once the seed is revealed). */
export function tableOutcome(game: TableGameKind, seedHex: string): TableOutcome {
  return TABLE_MATH[game].deal(tableWords(seedHex));
}

/** A spot's kind names its limit: "straight:17" → "straight", "tie" → "tie". */
export const spotKind = (spot: string): string => spot.split(":")[0] ?? spot;

export function spotLimit(t: LiveTable, spot: string): { min: bigint; max: bigint } {
  return t.limits[spotKind(spot)] ?? { min: t.minBet, max: t.maxBet };
}

export function tableInfo(t: LiveTable, now: Date, players: number, round: TableRound | null): TableInfo {
  const limits: TableInfo["limits"] = {};
  for (const [k, v] of Object.entries(t.limits))
    limits[k] = { min: formatMinor(v.min), max: formatMinor(v.max) };
  return {
    id: t.id,
    game: t.game,
    name: t.name,
    vendor: t.vendor,
    bettingMs: t.bettingMs,
    pauseMs: t.pauseMs,
    chips: t.chips.map(formatMinor),
    minBet: formatMinor(t.minBet),
    maxBet: formatMinor(t.maxBet),
    limits,
    opensAt: t.opensAt,
    closesAt: t.closesAt,
    open: isOpenAt(t, now),
    enabled: t.enabled,
    players,
    round: round ? roundView(round) : null,
  };
}

export { bigOrNull };
