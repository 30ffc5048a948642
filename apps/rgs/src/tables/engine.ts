import { sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import {
  advanceRound,
  isOpenAt,
  latest,
  openRound as openAny,
  type RoundGame,
  type RoundsContext,
  roundsContext,
  stepRoom,
  voidRound as voidAny,
} from "../rounds/engine.ts";
import type { RoundHub } from "../rounds/hub.ts";
import { at } from "../rounds/stakes.ts";
import { TABLES_STORE, winOf } from "./bets.ts";
import {
  type LiveTable,
  loadTable,
  loadTables,
  roundRow,
  roundView,
  type TableRound,
  tableOutcome,
} from "./model.ts";

export { holdLease, releaseLease } from "../rounds/engine.ts";

/**
 * Live tables on the round engine (rounds/engine.ts): a round is betting (its seed's hash
 * published) → closed (shown: no bet passes) → settling (the cards, ball or dice dealt from the
 * seed) → settled, with the result published to each player at settlement. A bet set wins
 * Σ stake × its spot's return (bets.ts). A table's lease and fan-out key is its id.
 */
export const TABLES: RoundGame<LiveTable, TableRound> = {
  name: "tables",
  sessionPrefix: "table:",
  key: (id) => id,
  store: {
    roomsTable: "live_tables",
    rounds: "table_rounds",
    room: "table_id",
    no: "round_no",
    closes: "closes_at",
    betsTotal: "bets_total",
    stakes: TABLES_STORE,
    stakeOrder: "created_at",
  },
  phases: { open: "betting", closed: "closed", revealed: "settling" },
  voidable: sql`status IN ('betting', 'closed')`,
  loadRooms: (db) => loadTables(db),
  loadRoom: loadTable,
  isOpen: isOpenAt,
  windowMs: (t) => t.bettingMs,
  pauseMs: (t) => t.pauseMs,
  roundColumns: (t) => ({ game: sql`${t.game}` }),
  roundOf: roundRow,
  info: (r) => ({
    id: r.id,
    roomId: r.tableId,
    no: r.roundNo,
    status: r.status,
    seed: r.seed,
    closesAt: r.closesAt,
    settledAt: r.settledAt,
  }),
  event: (r, results) =>
    results
      ? { type: "result", tableId: r.tableId, round: roundView(r), results }
      : { type: "round", tableId: r.tableId, round: roundView(r) },
  reveal: (r, _placed, now) =>
    sql`outcome = ${JSON.stringify(tableOutcome(r.game, r.seed))}::jsonb, revealed_at = ${at(now)}`,
  winOf: (r, s) => winOf(r, s.row.bets as never, r.outcome),
};

export type TablesContext = RoundsContext;

export function tablesContext(
  ctx: RgsContext,
  hub: RoundHub,
  o: Partial<Omit<RoundsContext, keyof RgsContext | "hub">> = {},
): TablesContext {
  return roundsContext(ctx, hub, o);
}

export const latestRound = (ctx: RgsContext, tableId: string) => latest(ctx, TABLES, tableId);
export const stepTable = (ctx: TablesContext, table: LiveTable) => stepRoom(ctx, TABLES, table);
export const openRound = (ctx: TablesContext, table: LiveTable, no: number) =>
  openAny(ctx, TABLES, table, no);
/** Close (if still betting), reveal, decide the wins, pay them: each part once, resumable. */
export const settleRound = async (
  ctx: TablesContext,
  _table: LiveTable,
  round: TableRound,
): Promise<void> => {
  await advanceRound(ctx, TABLES, round);
};
export const voidRound = (ctx: TablesContext, round: TableRound, force = false) =>
  voidAny(ctx, TABLES, round, force);
