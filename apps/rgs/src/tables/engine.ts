import { randomUUID } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import { rows } from "../db.ts";
import { pgArray } from "../lottery/context.ts";
import { type BetRow, betRow, creditBet, retryTableBets, rollbackBet, winOf } from "./bets.ts";
import type { TableHub } from "./hub.ts";
import {
  at,
  isOpenAt,
  type LiveTable,
  loadTables,
  newTableSeed,
  roundRow,
  roundView,
  type TableRound,
  tableOutcome,
  tableSeedHash,
} from "./model.ts";

/**
 * The shared-round engine (issue 18). Every process runs one loop per table, but only the
 * holder of the table's lease row (rgs.table_leases) moves its rounds; the lease is renewed on
 * every step and taken over by another process only once it expired (the holder died or hung).
 * Every change of a round is a conditional update that also checks the lease is still held, so
 * a process that lost its lease changes nothing. A round: betting (its seed's hash published)
 * → closed (no bet passes; debits still unanswered after a grace are rolled back) → settling
 * (the outcome revealed; each bet set's win decided once, credit_pending) → settled (the
 * pause, then the next round). Resuming after a crash repeats only what did not happen: the
 * outcome comes from the stored seed, and a win is decided by the update placed → credit_pending.
 */
export interface TablesContext extends RgsContext {
  hub: TableHub;
  /** This process's name in the lease rows. */
  holder: string;
  leaseTtlMs: number;
  /** How long a closed round waits for debits on their way before rolling them back. */
  closeGraceMs: number;
  /** A round found still betting this long after its close (the table was down): void, refunded. */
  voidAfterMs: number;
  /** How many credits are sent at once when a round settles. */
  creditConcurrency: number;
  /** Print each settlement's phases with their times (RGS_TABLES_TRACE=1; the bench). */
  trace: boolean;
}

export function tablesContext(
  ctx: RgsContext,
  hub: TableHub,
  o: Partial<Omit<TablesContext, keyof RgsContext | "hub">> = {},
): TablesContext {
  return {
    ...ctx,
    hub,
    holder: o.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`,
    leaseTtlMs: o.leaseTtlMs ?? 3000,
    closeGraceMs: o.closeGraceMs ?? 3000,
    voidAfterMs: o.voidAfterMs ?? 60_000,
    creditConcurrency: o.creditConcurrency ?? 64,
    trace: o.trace ?? process.env.RGS_TABLES_TRACE === "1",
  };
}

const fenced = (ctx: TablesContext, tableId: string) =>
  sql`EXISTS (SELECT 1 FROM rgs.table_leases WHERE table_id = ${tableId} AND holder = ${ctx.holder}
        AND expires_at > ${at(ctx.now())})`;

/** Take or renew the table's lease; false while another process holds it. */
export async function holdLease(ctx: TablesContext, tableId: string): Promise<boolean> {
  const now = ctx.now();
  const got = await rows<{ holder: string }>(
    ctx.db,
    sql`INSERT INTO rgs.table_leases AS l (table_id, holder, expires_at)
        VALUES (${tableId}, ${ctx.holder}, ${at(new Date(now.getTime() + ctx.leaseTtlMs))})
        ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE l.holder = EXCLUDED.holder OR l.expires_at <= ${at(now)}
        RETURNING holder`,
  );
  return got.length === 1;
}

export async function releaseLease(ctx: TablesContext, tableId: string): Promise<void> {
  await ctx.db.execute(
    sql`DELETE FROM rgs.table_leases WHERE table_id = ${tableId} AND holder = ${ctx.holder}`,
  );
}

export async function latestRound(ctx: RgsContext, tableId: string): Promise<TableRound | null> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.table_rounds WHERE table_id = ${tableId} ORDER BY round_no DESC LIMIT 1`,
  );
  return r ? roundRow(r) : null;
}

/**
 * One step of a table as its leader; answers how long to wait before the next (ms). Not the
 * leader: nothing happens.
 */
export async function stepTable(ctx: TablesContext, table: LiveTable): Promise<number> {
  if (!(await holdLease(ctx, table.id))) return Math.max(200, ctx.leaseTtlMs / 3);
  const renew = Math.max(100, ctx.leaseTtlMs / 3);
  const now = ctx.now().getTime();
  const round = await latestRound(ctx, table.id);
  if (!round || round.status === "settled" || round.status === "void") {
    if (!isOpenAt(table, ctx.now())) return renew;
    const from = round ? (round.settledAt ?? round.closesAt).getTime() + table.pauseMs : now;
    if (now < from) return Math.min(renew, from - now);
    await openRound(ctx, table, (round?.roundNo ?? 0) + 1);
    return Math.min(renew, table.bettingMs);
  }
  if (round.status === "betting") {
    const left = round.closesAt.getTime() - now;
    if (left > 0) return Math.min(renew, left);
    if (-left > ctx.voidAfterMs) {
      await voidRound(ctx, round);
      return 0;
    }
  }
  await settleRound(ctx, table, round);
  return 0;
}

export async function openRound(
  ctx: TablesContext,
  table: LiveTable,
  roundNo: number,
): Promise<TableRound | null> {
  const seed = newTableSeed();
  const opens = ctx.now();
  const closes = new Date(opens.getTime() + table.bettingMs);
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`INSERT INTO rgs.table_rounds (id, table_id, round_no, game, status, seed, seed_hash, opens_at, closes_at)
        SELECT ${randomUUID()}, ${table.id}, ${roundNo}, ${table.game}, 'betting', ${seed}, ${tableSeedHash(seed)},
          ${at(opens)}, ${at(closes)}
        WHERE ${fenced(ctx, table.id)}
        ON CONFLICT (table_id, round_no) DO NOTHING
        RETURNING *`,
  );
  if (!r) return null;
  const round = roundRow(r);
  ctx.hub.publish({ type: "round", tableId: table.id, round: roundView(round) });
  return round;
}

/** Close (if still betting), reveal, decide the wins, pay them: each part once, resumable. */
export async function settleRound(ctx: TablesContext, table: LiveTable, start: TableRound): Promise<void> {
  const trace = ctx.trace ? traceOf(start) : null;
  let round = start;
  // Rollbacks owed by this pass (known when this process closed the round itself; else read).
  let refunds: BetRow[] = [];
  if (round.status === "betting") {
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.table_rounds SET status = 'closed'
          WHERE id = ${round.id} AND status = 'betting' AND ${fenced(ctx, table.id)} RETURNING *`,
    );
    if (!r) return;
    round = roundRow(r);
    ctx.hub.publish({ type: "round", tableId: table.id, round: roundView(round) });
    trace?.("closed");
  }
  if (round.status === "closed") {
    // Debits on their way at the close: wait for their answers, then roll back what is left.
    const until = Date.now() + ctx.closeGraceMs;
    for (;;) {
      const [p] = await rows<{ n: unknown }>(
        ctx.db,
        sql`SELECT count(*) AS n FROM rgs.table_bets WHERE round_id = ${round.id} AND status = 'debit_pending'`,
      );
      if (Number(p?.n ?? 0) === 0 || Date.now() >= until) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    trace?.("debits answered");
    refunds = (
      await rows<Record<string, unknown>>(
        ctx.db,
        sql`UPDATE rgs.table_bets SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
            WHERE round_id = ${round.id} AND status = 'debit_pending' RETURNING *`,
      )
    ).map(betRow);
    const outcome = tableOutcome(round.game, round.seed);
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.table_rounds SET status = 'settling', outcome = ${JSON.stringify(outcome)}::jsonb,
            revealed_at = ${at(ctx.now())}
          WHERE id = ${round.id} AND status = 'closed' AND ${fenced(ctx, table.id)} RETURNING *`,
    );
    if (!r) return;
    round = roundRow(r);
  }
  if (round.status !== "settling") return;
  // A round this pass revealed has no win decided yet; one found settling (a leader died in it)
  // may have some: those are read back below.
  const resumed = start.status !== "betting";
  const placed = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT id, round_id, table_id, player_id, vendor, bets, total, win, status, attempts
          FROM rgs.table_bets WHERE round_id = ${round.id} AND status = 'placed'`,
    )
  ).map(betRow);
  const wins = placed.map((b) => winOf(table, b.bets, round.outcome));
  trace?.(`${placed.length} wins decided`);
  // The lease on credits: the retry pass leaves them to this process for a while.
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  let decided = new Set<string>();
  if (placed.length > 0) {
    decided = new Set(
      (
        await rows<{ id: string }>(
          ctx.db,
          sql`UPDATE rgs.table_bets t SET status = 'credit_pending', win = u.win, next_attempt_at = ${lease},
                updated_at = ${at(ctx.now())}
              FROM unnest(${pgArray(placed.map((b) => b.id))}::uuid[], ${pgArray(wins)}::bigint[]) AS u(id, win)
              WHERE t.id = u.id AND t.status = 'placed' RETURNING t.id`,
        )
      ).map((r) => String(r.id)),
    );
  }
  const [done] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.table_rounds r SET status = 'settled', settled_at = ${at(ctx.now())},
          bets_total = s.bets, wins_total = s.wins
        FROM (SELECT COALESCE(sum(total), 0) AS bets, COALESCE(sum(win), 0) AS wins FROM rgs.table_bets
              WHERE round_id = ${round.id} AND status IN ('credit_pending', 'settled')) s
        WHERE r.id = ${round.id} AND r.status = 'settling' AND ${fenced(ctx, table.id)} RETURNING r.*`,
  );
  if (!done) return;
  round = roundRow(done);
  trace?.("settled");
  let owed: BetRow[];
  if (resumed || decided.size !== placed.length) {
    owed = (
      await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM rgs.table_bets WHERE round_id = ${round.id} AND status IN ('credit_pending', 'settled', 'rollback_pending')`,
      )
    ).map(betRow);
  } else {
    // Every placed set was decided by this pass: its rows are what was just written.
    owed = placed.map((b, i) => ({ ...b, status: "credit_pending", win: wins[i] ?? 0n }));
    owed.push(...refunds);
  }
  const results: Record<string, { bet: string; win: string }> = {};
  const per = new Map<number, { bet: bigint; win: bigint }>();
  for (const b of owed) {
    if (b.status === "rollback_pending") continue;
    const p = per.get(b.playerId) ?? { bet: 0n, win: 0n };
    p.bet += b.total;
    p.win += b.win ?? 0n;
    per.set(b.playerId, p);
  }
  for (const [id, p] of per) results[String(id)] = { bet: formatMinor(p.bet), win: formatMinor(p.win) };
  ctx.hub.publish({ type: "result", tableId: table.id, round: roundView(round), results });
  trace?.("result published");
  await payOut(
    ctx,
    owed.filter((b) => b.status !== "settled"),
  );
  trace?.(`paid ${owed.length}`);
}

/** With ctx.trace: each phase of a round's settlement, in ms since its close, to stderr. */
function traceOf(round: TableRound): (phase: string) => void {
  const close = round.closesAt.getTime();
  const lag = Date.now() - close;
  const marks: string[] = [`step +${lag}`];
  return (phase) => {
    marks.push(`${phase} +${Date.now() - close}`);
    if (phase.startsWith("paid"))
      process.stderr.write(`table ${round.tableId} #${round.roundNo}: ${marks.join(", ")} ms\n`);
  };
}

/** Send credits and rollbacks, a bounded number at once; failures stay owed (retry pass). */
async function payOut(ctx: TablesContext, bets: BetRow[]): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < bets.length) {
      const b = bets[i++] as BetRow;
      if (b.status === "credit_pending") await creditBet(ctx, b);
      else if (b.status === "rollback_pending") await rollbackBet(ctx, b);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.creditConcurrency, bets.length) }, worker));
}

/** Void a round that has not been revealed: every bet set is rolled back (refunded). */
export async function voidRound(ctx: TablesContext, round: TableRound, force = false): Promise<boolean> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.table_rounds SET status = 'void', settled_at = ${at(ctx.now())}
        WHERE id = ${round.id} AND status IN ('betting', 'closed')
          AND (${force} OR ${fenced(ctx, round.tableId)}) RETURNING *`,
  );
  if (!r) return false;
  const voided = roundRow(r);
  const bets = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.table_bets SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
          WHERE round_id = ${round.id} AND status IN ('debit_pending', 'placed') RETURNING *`,
    )
  ).map(betRow);
  ctx.hub.publish({ type: "round", tableId: voided.tableId, round: roundView(voided) });
  await payOut(ctx, bets);
  return true;
}

/**
 * Run every table's loop in this process (each acts only while it holds the lease) and the
 * retry pass of owed credits and rollbacks. Answers a stop function.
 */
export function startTableEngine(
  ctx: TablesContext,
  onError: (err: unknown) => void,
  opts: { reloadMs?: number; retryMs?: number } = {},
): () => Promise<void> {
  let stopped = false;
  const loops = new Map<string, Promise<void>>();
  let tables = new Map<string, LiveTable>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const loop = async (id: string) => {
    while (!stopped) {
      const t = tables.get(id);
      if (!t) return;
      let wait = 500;
      try {
        wait = await stepTable(ctx, t);
      } catch (err) {
        onError(err);
      }
      if (wait > 0) await sleep(Math.min(wait, 1000));
    }
  };
  const reload = async () => {
    try {
      tables = new Map((await loadTables(ctx.db)).map((t) => [t.id, t]));
      for (const id of tables.keys()) {
        if (!loops.has(id))
          loops.set(
            id,
            loop(id).finally(() => loops.delete(id)),
          );
      }
    } catch (err) {
      onError(err);
    }
  };
  let retrying: Promise<unknown> | null = null;
  const retry = () => {
    if (retrying || stopped) return;
    retrying = retryTableBets(ctx)
      .catch(onError)
      .finally(() => {
        retrying = null;
      });
  };
  const reloadTimer = setInterval(() => void reload(), opts.reloadMs ?? 5000);
  const retryTimer = setInterval(retry, opts.retryMs ?? 1000);
  reloadTimer.unref();
  retryTimer.unref();
  void reload();
  return async () => {
    stopped = true;
    clearInterval(reloadTimer);
    clearInterval(retryTimer);
    await Promise.all([...loops.values()]);
    await retrying;
    for (const id of tables.keys()) await releaseLease(ctx, id).catch(() => undefined);
  };
}
