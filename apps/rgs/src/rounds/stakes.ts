import { randomUUID } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsTx, rows } from "../db.ts";
import type { CallResult } from "../protocol-client.ts";
import type { SessionRow } from "../schema.ts";
import { backoffMs, balanceOf } from "../settle.ts";

export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The money of one stake row of a game on the round engine — a table's bet set
 * (rgs.table_bets), a bingo purchase (rgs.bingo_purchases): ONE debit per row (`<id>:bet`), then ONE credit
 * (`<id>:win`, 0.00 included: it closes the round in the betting record) or ONE rollback
 * (`<id>:rollback`). Each call is logged in rgs.protocol_calls in the statement that records the
 * row's change; a change is guarded by the row's status, so a resent answer changes nothing. A
 * failed credit or rollback is sent again with back-off by the retry pass, which claims rows
 * FOR UPDATE SKIP LOCKED with a lease (two processes never send one row at once) and rolls back
 * a debit whose sender died (its lease ran out).
 */
export const stakeBetTx = (id: string) => `${id}:bet`;

/** Record the call and apply `update` (which may answer `RETURNING id`) in one statement. */
export async function loggedStake(
  ctx: RgsContext,
  id: string,
  call: "debit" | "credit" | "rollback",
  r: CallResult,
  update: SQL,
): Promise<Array<Record<string, unknown>>> {
  const code = r.kind === "refused" ? r.code : r.kind === "unknown" ? r.reason.slice(0, 200) : null;
  const tx = call === "debit" ? "bet" : call === "credit" ? "win" : "rollback";
  return rows<Record<string, unknown>>(
    ctx.db,
    sql`WITH logged AS (
          INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
          VALUES (${id}, ${call}, ${`${id}:${tx}`}, ${r.status}, ${r.kind}, ${code}))
        ${update}`,
  );
}

/** What the credit, the rollback and the retry pass read of a stake row. */
export interface Stake {
  id: string;
  vendor: string;
  playerId: number;
  attempts: number;
  status: string;
  total: bigint;
  win: bigint | null;
  /** The game code the platform's betting record shows: the table's or the bingo room's id. */
  gameCode: string;
}

/** Where a game keeps its stake rows: the table, its round column and its room column. */
export interface StakeStore {
  table: "table_bets" | "bingo_purchases" | "room_seats" | "cockfight_bets" | "crash_bets";
  /** The round a row belongs to (a continuous room's seat is its own round: "id"). */
  round: "round_id" | "game_id" | "id" | "fight_id";
  room: "table_id" | "room_id" | "game_code";
}

/** A stake row as the engine reads it; `row` is the whole row for the game's own reading. */
export interface StakeRow extends Stake {
  roundId: string;
  row: Record<string, unknown>;
}

const bigOf = (v: unknown): bigint => BigInt(String(v ?? 0));

export function stakeRowOf(store: StakeStore, r: Record<string, unknown>): StakeRow {
  return {
    id: String(r.id),
    roundId: String(r[store.round]),
    vendor: String(r.vendor),
    playerId: Number(r.player_id),
    attempts: Number(r.attempts ?? 0),
    status: String(r.status),
    total: bigOf(r.total),
    win: r.win === null || r.win === undefined ? null : bigOf(r.win),
    gameCode: String(r[store.room]),
    row: r,
  };
}

/** The room a stake request's session was opened in (`<prefix><room id>`), or `missing`. */
export async function sessionRoom<Room>(
  session: Pick<SessionRow, "gameId">,
  prefix: string,
  load: (id: string) => Promise<Room | undefined>,
  missing: "TABLE_NOT_FOUND" | "ROOM_NOT_FOUND",
): Promise<Room> {
  const room = session.gameId.startsWith(prefix)
    ? await load(session.gameId.slice(prefix.length))
    : undefined;
  if (!room) throw new RgsError(missing, 404);
  return room;
}

/** The platform's refusal of a debit as the player's answer. */
export function refusal(code: string): {
  code: "INSUFFICIENT_FUNDS" | "SESSION_EXPIRED" | "PLATFORM_UNAVAILABLE" | "BONUS_BUY_IN_NOT_ALLOWED";
  status: number;
} {
  // BONUS_BUY_IN_NOT_ALLOWED: a cash-only vendor (the card rooms' buy-ins) would have needed bonus money.
  if (code === "INSUFFICIENT_FUNDS" || code === "BONUS_BUY_IN_NOT_ALLOWED") return { code, status: 409 };
  if (["INVALID_TOKEN", "ACCOUNT_LOCKED", "PLAYER_NOT_FOUND"].includes(code))
    return { code: "SESSION_EXPIRED", status: 401 };
  return { code: "PLATFORM_UNAVAILABLE", status: 503 };
}

/** What a game tells the engine about one stake request (a table's bets, a bingo purchase). */
export interface StakeRequest<V> {
  requestId: string;
  /** The game code in the platform's betting record (the room's id). */
  gameCode: string;
  /** The answer when the window closed before the debit was recorded. */
  closed: "BETS_CLOSED" | "GAME_SALES_CLOSED";
  /**
   * In the one transaction: lock the round row, judge the window, the limits and the stake,
   * and insert the row (`id`, status debit_pending, next_attempt_at `lease`); answer its total.
   */
  reserve(tx: RgsTx, id: string, lease: SQL, created: SQL): Promise<bigint>;
  /** Extra statements moving with the row to placed (a CTE chain after `moved`), if any. */
  alsoOnPlaced?: SQL;
  /** The player's answer from the stored row. */
  view(row: Record<string, unknown>): V;
}

/**
 * Take one stake request on a round (all of it or none): the game's checks and the row in one
 * transaction that holds the round row (the leader's close waits for it, so a stake passes the
 * window only before the close), then ONE debit. A debit still unanswered when the leader closes
 * the round is rolled back, and this request answers the game's closed code, so a stake in the
 * last instant is either all in or all out. Idempotent on (session, requestId).
 */
export async function placeStake<V>(
  ctx: RgsContext,
  store: StakeStore,
  session: SessionRow,
  req: StakeRequest<V>,
): Promise<V> {
  const name = sql.raw(`rgs.${store.table}`);
  const existing = async () =>
    (
      await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM ${name} WHERE session_id = ${session.id} AND request_id = ${req.requestId}`,
      )
    )[0];
  const answer = (r: Record<string, unknown>): V => {
    const status = String(r.status);
    const balance = r.balance === null || r.balance === undefined ? null : formatMinor(bigOf(r.balance));
    if (status === "refused") {
      const f = refusal(String(r.error_code ?? ""));
      throw new RgsError(f.code, f.status, balance);
    }
    if (status === "rollback_pending" || status === "rolled_back")
      throw new RgsError(req.closed, 409, balance);
    if (status === "debit_pending") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    return req.view(r);
  };
  const again = await existing();
  if (again) return answer(again);
  const id = randomUUID();
  const created = ctx.now();
  let total = 0n;
  try {
    await ctx.db.transaction(async (tx) => {
      total = await req.reserve(tx, id, at(new Date(created.getTime() + ctx.leaseMs)), at(created));
    });
  } catch (err) {
    const same = await existing();
    if (same) return answer(same);
    throw err;
  }
  const r = await ctx.client.call(session.vendor, "debit", {
    token: session.token,
    playerId: session.playerId,
    transactionId: stakeBetTx(id),
    roundId: id,
    amount: formatMinor(total),
    roundClosed: false,
    gameCode: req.gameCode,
  });
  const balance = balanceOf(r);
  const now = at(ctx.now());
  if (r.kind === "ok") {
    const moved = await loggedStake(
      ctx,
      id,
      "debit",
      r,
      sql`, moved AS (
            UPDATE ${name} SET status = 'placed', balance = ${balance?.toString() ?? null}::bigint, updated_at = ${now}
            WHERE id = ${id} AND status = 'debit_pending' RETURNING *)
          ${req.alsoOnPlaced ?? sql``}
          SELECT * FROM moved`,
    );
    // The leader closed the round while the debit was on its way: it is rolled back.
    if (moved.length === 0)
      throw new RgsError(req.closed, 409, balance === null ? null : formatMinor(balance));
    return req.view(moved[0] as Record<string, unknown>);
  }
  if (r.kind === "refused") {
    await loggedStake(
      ctx,
      id,
      "debit",
      r,
      sql` UPDATE ${name} SET status = 'refused', error_code = ${r.code.slice(0, 100)},
            balance = ${balance?.toString() ?? null}::bigint, updated_at = ${now}
          WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
    );
    const f = refusal(r.code);
    throw new RgsError(f.code, f.status, balance === null ? null : formatMinor(balance));
  }
  // No trustworthy answer: the stake is given back (the rollback is retried until it lands).
  await loggedStake(
    ctx,
    id,
    "debit",
    r,
    sql` UPDATE ${name} SET status = 'rollback_pending', next_attempt_at = ${now}, updated_at = ${now}
        WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
  );
  await stakeMoves(store).rollback(ctx, {
    id,
    vendor: session.vendor,
    playerId: session.playerId,
    total,
    attempts: 0,
  });
  throw new RgsError("PLATFORM_UNAVAILABLE", 503);
}

/** The protocol's limit of items in one `credits` request. */
export const CREDITS_PER_REQUEST = 2000;

const CreditResults = z.array(
  z.union([
    z.object({ success: z.literal(true), value: z.record(z.string(), z.unknown()) }),
    z.object({
      success: z.literal(false),
      code: z.string(),
      status: z.number().int(),
      balance: z.string().nullish(),
    }),
  ]),
);

export function stakeMoves(store: StakeStore) {
  const toStake = (r: Record<string, unknown>) => stakeRowOf(store, r);
  const name = sql.raw(`rgs.${store.table}`);
  const reschedule = (ctx: RgsContext, s: Pick<Stake, "id" | "attempts">, code: string) =>
    sql`UPDATE ${name} SET attempts = attempts + 1, error_code = ${code.slice(0, 100)},
          next_attempt_at = ${at(new Date(ctx.now().getTime() + backoffMs(s.attempts)))}, updated_at = ${at(ctx.now())}
        WHERE id = ${s.id} RETURNING id`;
  const settledAs = (ctx: RgsContext, id: string, status: string, from: string, balance: bigint | null) =>
    sql`UPDATE ${name} SET status = ${status}, balance = COALESCE(${balance?.toString() ?? null}::bigint, balance),
          error_code = NULL, updated_at = ${at(ctx.now())} WHERE id = ${id} AND status = ${from} RETURNING id`;

  /** Pay the row's win (0.00 too). */
  async function credit(
    ctx: RgsContext,
    s: Pick<Stake, "id" | "vendor" | "playerId" | "win" | "attempts" | "gameCode">,
  ): Promise<CallResult> {
    const r = await ctx.client.call(s.vendor, "credit", {
      playerId: s.playerId,
      transactionId: `${s.id}:win`,
      roundId: s.id,
      amount: formatMinor(s.win ?? 0n),
      betTransactionId: stakeBetTx(s.id),
      roundClosed: true,
      gameCode: s.gameCode,
    });
    await loggedStake(
      ctx,
      s.id,
      "credit",
      r,
      r.kind === "ok"
        ? settledAs(ctx, s.id, "settled", "credit_pending", balanceOf(r))
        : reschedule(ctx, s, r.kind === "refused" ? r.code : "UNKNOWN"),
    );
    return r;
  }

  /**
   * Pay many rows' wins in signed `credits` requests of one vendor (at most CREDITS_PER_REQUEST
   * items each), each item exactly a `credit` (its own transaction id `<id>:win`, idempotent by
   * it). The answers are recorded set-based, one statement per request: an ok row moves
   * credit_pending → settled, anything else stays owed with the retry pass's back-off. A request
   * with no trusted answer leaves every item owed (the retry pass resends each; the platform
   * applies a transaction id once). Answers one result per row, in order.
   */
  async function creditMany(ctx: RgsContext, list: Stake[]): Promise<CallResult[]> {
    const out: CallResult[] = [];
    for (let i = 0; i < list.length; i += CREDITS_PER_REQUEST) {
      const part = list.slice(i, i + CREDITS_PER_REQUEST);
      const vendors = new Set(part.map((s) => s.vendor));
      const results: CallResult[] = new Array(part.length);
      for (const vendor of vendors) {
        const idx = part.flatMap((s, n) => (s.vendor === vendor ? [n] : []));
        const mine = idx.map((n) => part[n] as Stake);
        const rs = await sendCredits(ctx, vendor, mine);
        await recordCredits(ctx, mine, rs);
        idx.forEach((n, k) => {
          results[n] = rs[k] as CallResult;
        });
      }
      out.push(...results);
    }
    return out;
  }

  async function sendCredits(ctx: RgsContext, vendor: string, list: Stake[]): Promise<CallResult[]> {
    const r = await ctx.client.call(vendor, "credits", {
      credits: list.map((s) => ({
        playerId: s.playerId,
        transactionId: `${s.id}:win`,
        roundId: s.id,
        amount: formatMinor(s.win ?? 0n),
        betTransactionId: stakeBetTx(s.id),
        roundClosed: true,
        gameCode: s.gameCode,
      })),
    });
    if (r.kind !== "ok") return list.map(() => r);
    const parsed = CreditResults.safeParse(r.value.results);
    if (!parsed.success || parsed.data.length !== list.length) {
      const unknown: CallResult = { kind: "unknown", status: r.status, reason: "unexpected credits answer" };
      return list.map(() => unknown);
    }
    return parsed.data.map(
      (x): CallResult =>
        x.success
          ? { kind: "ok", status: r.status, value: x.value }
          : { kind: "refused", status: x.status, code: x.code, balance: x.balance ?? null },
    );
  }

  /** Log every item's call and apply each row's change in one statement. */
  async function recordCredits(ctx: RgsContext, list: Stake[], rs: CallResult[]): Promise<void> {
    const now = ctx.now();
    const items = list.map((s, n) => {
      const r = rs[n] as CallResult;
      const balance = r.kind === "ok" ? balanceOf(r) : null;
      return {
        id: s.id,
        tx: `${s.id}:win`,
        http: r.status,
        result: r.kind,
        code:
          r.kind === "refused" ? r.code.slice(0, 100) : r.kind === "unknown" ? r.reason.slice(0, 100) : null,
        balance: balance === null ? null : balance.toString(),
        err: r.kind === "refused" ? r.code.slice(0, 100) : "UNKNOWN",
        next: new Date(now.getTime() + backoffMs(s.attempts)).toISOString(),
      };
    });
    await ctx.db.execute(
      sql`WITH r AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
              AS x(id uuid, tx text, http integer, result text, code text, err text, balance bigint, next timestamptz)),
          logged AS (
            INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
            SELECT id, 'credit', tx, http, result, code FROM r),
          paid AS (
            UPDATE ${name} s SET status = 'settled', balance = COALESCE(r.balance, s.balance), error_code = NULL,
              updated_at = ${at(now)}
            FROM r WHERE s.id = r.id AND r.result = 'ok' AND s.status = 'credit_pending' RETURNING s.id)
          UPDATE ${name} s SET attempts = s.attempts + 1, error_code = r.err,
            next_attempt_at = r.next, updated_at = ${at(now)}
          FROM r WHERE s.id = r.id AND r.result <> 'ok' AND s.status = 'credit_pending'`,
    );
  }

  /** Give the row's stake back (a void round, a debit with no trustworthy answer). */
  async function rollback(
    ctx: RgsContext,
    s: Pick<Stake, "id" | "vendor" | "playerId" | "total" | "attempts">,
  ): Promise<CallResult> {
    const r = await ctx.client.call(s.vendor, "rollback", {
      playerId: s.playerId,
      transactionId: `${s.id}:rollback`,
      roundId: s.id,
      refTransactionId: stakeBetTx(s.id),
      amount: formatMinor(s.total),
      roundClosed: true,
    });
    // BET_ROLLED_BACK: an earlier copy of this rollback was applied.
    const done = r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK");
    await loggedStake(
      ctx,
      s.id,
      "rollback",
      r,
      done
        ? settledAs(ctx, s.id, "rolled_back", "rollback_pending", balanceOf(r))
        : reschedule(ctx, s, r.kind === "refused" ? r.code : "UNKNOWN"),
    );
    return r;
  }

  /** One retry pass: wins owed, rollbacks owed, debits whose sender died. Answers how many. */
  async function retry(ctx: RgsContext, limit = 100): Promise<number> {
    const now = ctx.now();
    const claimed = await rows<Record<string, unknown>>(
      ctx.db,
      sql`WITH due AS (
            SELECT id FROM ${name}
            WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending') AND next_attempt_at <= ${at(now)}
            ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          UPDATE ${name} s SET
            status = CASE WHEN s.status = 'debit_pending' THEN 'rollback_pending' ELSE s.status END,
            next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))}
          FROM due WHERE s.id = due.id
          RETURNING s.*`,
    );
    await Promise.all(
      claimed.map(toStake).map((s) => (s.status === "credit_pending" ? credit(ctx, s) : rollback(ctx, s))),
    );
    return claimed.length;
  }

  /** Send credits and rollbacks owed, `most` at once; a failure stays owed (the retry pass). */
  async function payOut(ctx: RgsContext, list: StakeRow[], most: number): Promise<void> {
    let i = 0;
    const worker = async () => {
      while (i < list.length) {
        const s = list[i++] as StakeRow;
        if (s.status === "credit_pending") await credit(ctx, s);
        else if (s.status === "rollback_pending") await rollback(ctx, s);
      }
    };
    await Promise.all(Array.from({ length: Math.min(most, list.length) }, worker));
  }

  return { credit, creditMany, rollback, retry, payOut };
}
