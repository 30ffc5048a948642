import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { crashPoint } from "@panalo/rgs/crash-points";
import {
  type CallResult,
  inHouseProviderSecret,
  type ProtocolClient,
  protocolClient,
} from "@panalo/rgs/protocol-client";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SportsContext } from "./context.ts";
import { queryRows, type Tx } from "./db.ts";
import { AppError } from "./errors.ts";

/**
 * The sportsbook's money, as a vendor of the platform (PNSB, PNES for an all-e-sports bet): it
 * moves a member's money only through the signed provider protocol (docs/provider-protocol.md),
 * with the client the in-house game server uses — over HTTP to the platform, or in this process.
 *
 * Each change of a bet writes the calls it needs into `sb_money_calls` in its own transaction;
 * after the commit they are sent, a bet's calls one after the other in the order written (a call
 * goes only once the one before it was answered), so a reversal never overtakes the credit it
 * takes back. A call with no answer we trust stays due and is sent again (by the next change of
 * the bet, the settle sweep or a retried request): every call is idempotent by its transaction id.
 *
 * - placement: `debit` sb:<id> (round sb-<id>, game code SPORTS or ESPORTS, so bonus wagering,
 *   valid bets and reports weigh it by its category); a refusal refuses the bet;
 * - settlement and cash-out: `credit` of what is paid (0.00 for a loss), naming the bet;
 * - a void: `rollback` of the bet (a credit of the stake less the debt when the bet owes one);
 * - a settlement undone: `reverse` of the settlement's credit or rollback, which takes back what
 *   the wallet holds and answers how much; the rest becomes the bet's debt.
 */

export type MoneyCall = "debit" | "credit" | "rollback" | "reverse";

export interface DueCall {
  betId: number;
  call: MoneyCall;
  tid: string;
  ref: string | null;
  amount: bigint;
  gross?: bigint;
}

/** Game code of a round: the category its bonus weight, valid bets and reports go by. */
export const gameOf = (vendor: string) => (vendor === "PNES" ? "ESPORTS" : "SPORTS");
export const roundOf = (betId: number) => `sb-${betId}`;
/** The bet's transaction id on the platform (a void undone stakes it again under a new one). */
export const betTidOf = (b: { id: string | number; bet_tid?: string | null }) => b.bet_tid ?? `sb:${b.id}`;

/** Write calls to be sent after the commit (in this order per bet). */
export async function queueCalls(tx: Tx, calls: DueCall[]): Promise<void> {
  if (!calls.length) return;
  const rows = calls.map((c) => ({
    b: c.betId,
    c: c.call,
    t: c.tid,
    r: c.ref,
    a: c.amount.toString(),
    g: c.gross?.toString() ?? null,
  }));
  await tx.execute(sql`INSERT INTO sportsbook.sb_money_calls (bet_id, call, transaction_id, ref_transaction_id, amount, gross)
      SELECT x.b, x.c, x.t, x.r, x.a, x.g
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(b bigint, c text, t text, r text, a bigint, g bigint)
      ORDER BY x.b
      ON CONFLICT (transaction_id) DO NOTHING`);
}

/** The book's protocol client, one per database handle (a test process opens many). */
const clients = new WeakMap<object, ProtocolClient>();

const ensured = new WeakMap<object, Promise<void>>();
async function clientOf(ctx: SportsContext): Promise<ProtocolClient> {
  let ready = ensured.get(ctx.db);
  if (!ready) {
    // The platform knows the book's vendors (PNSB, PNES) before their first call.
    ready = ctx.host.ensureVendors();
    ready.catch(() => ensured.delete(ctx.db));
    ensured.set(ctx.db, ready);
  }
  await ready;
  let c = clients.get(ctx.db);
  if (!c) {
    const secret = ctx.config.APP_SECRET ?? "";
    c = protocolClient(
      ctx.transport,
      (vendor) => inHouseProviderSecret(secret, vendor),
      () => ctx.clock.now(),
      { crashPoints: false },
    );
    clients.set(ctx.db, c);
  }
  return c;
}

/**
 * The book's launch token per member and vendor: the protocol's debit presents one. Issued as a
 * game launch is (the member gate "play" included) and used for 3 of its 4 hours.
 */
const tokens = new WeakMap<object, Map<string, { token: Promise<string>; until: number }>>();
async function tokenFor(ctx: SportsContext, memberId: number, vendor: string): Promise<string> {
  let cache = tokens.get(ctx.db);
  if (!cache) {
    cache = new Map();
    tokens.set(ctx.db, cache);
  }
  const key = `${memberId}:${vendor}`;
  const now = ctx.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.token;
  // One issue in flight per member and vendor: concurrent debits share it; a refusal (the
  // member may not play now) is not kept.
  const token = ctx.host.launchToken(memberId, vendor);
  const entry = { token, until: now + ctx.host.launchTokenTtlMs - 3600_000 };
  cache.set(key, entry);
  token.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return token;
}

export interface CallRow {
  id: string;
  bet_id: string;
  call: MoneyCall;
  transaction_id: string;
  ref_transaction_id: string | null;
  amount: string;
  gross: string | null;
  member_id: string;
  vendor: string;
}

/** What drove a bet's calls: the last answer of each kind the caller may need. */
export interface Driven {
  /** A debit refused: its code and status. */
  refused?: { code: string; status: number };
  /** A call got no answer we trust: it stays due. */
  unknown?: string;
  /** Calls answered now (by this driver). */
  done: MoneyCall[];
}

async function send(ctx: SportsContext, c: CallRow): Promise<CallResult> {
  const client = await clientOf(ctx);
  const betId = Number(c.bet_id);
  const playerId = Number(c.member_id);
  const base = {
    playerId,
    transactionId: c.transaction_id,
    roundId: roundOf(betId),
    amount: formatMinor(BigInt(c.amount)),
  };
  if (c.call === "debit") {
    let token: string;
    try {
      token = await tokenFor(ctx, playerId, c.vendor);
    } catch (err) {
      // The member may not play now (excluded, cooling off): the bet is refused as the debit is.
      if (err instanceof AppError)
        return { kind: "refused", status: err.httpStatus, code: err.code, balance: null };
      throw err;
    }
    return client.call(c.vendor, "debit", {
      ...base,
      token,
      roundClosed: false,
      gameCode: gameOf(c.vendor),
    });
  }
  if (c.call === "credit")
    return client.call(c.vendor, "credit", {
      ...base,
      betTransactionId: c.ref_transaction_id,
      roundClosed: true,
      gameCode: gameOf(c.vendor),
    });
  return client.call(c.vendor, c.call, {
    ...base,
    refTransactionId: c.ref_transaction_id,
    roundClosed: true,
  });
}

/** Credits in one `credits` request, and requests of them in flight at once. */
const CREDIT_BATCH = 1000;
const CREDIT_BATCHES_IN_FLIGHT = 2;

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

/**
 * Many credits of one vendor in one signed `credits` request, each answered as a `credit` alone
 * would be; a request with no trusted answer leaves every one of them unknown (still due).
 */
async function sendCredits(ctx: SportsContext, batch: CallRow[]): Promise<CallResult[]> {
  const client = await clientOf(ctx);
  const vendor = batch[0]?.vendor ?? "PNSB";
  const r = await client.call(vendor, "credits", {
    credits: batch.map((c) => ({
      playerId: Number(c.member_id),
      transactionId: c.transaction_id,
      roundId: roundOf(Number(c.bet_id)),
      amount: formatMinor(BigInt(c.amount)),
      betTransactionId: c.ref_transaction_id,
      roundClosed: true,
      gameCode: gameOf(c.vendor),
    })),
  });
  // Tests only (crash-points.ts): the platform applied the batch, the book has not recorded it.
  crashPoint("sports.after-credits");
  if (r.kind === "unknown") return batch.map(() => r);
  if (r.kind === "refused") throw new Error(`sportsbook credits refused as a whole: ${r.code}`);
  const parsed = CreditResults.safeParse(r.value.results);
  if (!parsed.success || parsed.data.length !== batch.length) {
    const unknown: CallResult = { kind: "unknown", status: r.status, reason: "unexpected credits answer" };
    return batch.map(() => unknown);
  }
  return parsed.data.map(
    (x): CallResult =>
      x.success
        ? { kind: "ok", status: r.status, value: x.value }
        : { kind: "refused", status: x.status, code: x.code, balance: x.balance ?? null },
  );
}

/**
 * Send the due calls of these bets, each bet's in order, until none is left or a call gets no
 * trusted answer: in rounds, each round sending every bet's first due call at once (up to
 * `width` in flight: two of the platform's batches) and recording the answers in one
 * transaction. Another driver may send the same call at the same moment: the platform answers
 * both alike, and only one of them records the answer (and its effect on the bet).
 */
async function drive(
  ctx: SportsContext,
  betIds: number[],
  width = 96,
  known: CallRow[] | null = null,
): Promise<Map<number, Driven>> {
  const out = new Map<number, Driven>(betIds.map((id) => [id, { done: [] }]));
  let ids = [...new Set(betIds)];
  let failure: unknown = null;
  // The first round's calls when the caller has just written them (a placement's debit).
  let given = known;
  while (ids.length) {
    const calls =
      given ??
      (await queryRows<CallRow>(
        ctx.db,
        // Each bet's first due call by the due index, bet by bet (a plan that scans the outbox per
        // bet, as stale statistics of a fast-growing outbox can choose, took seconds a round).
        sql`SELECT c.id, c.bet_id, c.call, c.transaction_id, c.ref_transaction_id, c.amount, c.gross,
            b.member_id, b.vendor
          FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x(id)
          CROSS JOIN LATERAL (
            SELECT * FROM sportsbook.sb_money_calls c
            WHERE c.bet_id = x.id::bigint AND c.done_at IS NULL ORDER BY c.bet_id, c.id LIMIT 1) c
          JOIN sportsbook.sb_bets b ON b.id = c.bet_id
          ORDER BY c.bet_id`,
      ));
    given = null;
    if (!calls.length) break;
    const answers: Array<{ c: CallRow; r: CallResult }> = [];
    // Credits (settlements, cash-outs) go many to a request, per vendor (the protocol's
    // `credits`); the other calls one by one, `width` in flight.
    const single = calls.filter((c) => c.call !== "credit");
    const batches: CallRow[][] = [];
    for (const vendor of new Set(calls.filter((c) => c.call === "credit").map((c) => c.vendor))) {
      const mine = calls.filter((c) => c.call === "credit" && c.vendor === vendor);
      for (let i = 0; i < mine.length; i += CREDIT_BATCH) batches.push(mine.slice(i, i + CREDIT_BATCH));
    }
    let next = 0;
    let nextBatch = 0;
    await Promise.all([
      ...Array.from({ length: Math.min(width, single.length) }, async () => {
        while (next < single.length) {
          const c = single[next++] as CallRow;
          try {
            answers.push({ c, r: await send(ctx, c) });
          } catch (err) {
            failure ??= err;
          }
        }
      }),
      ...Array.from({ length: Math.min(CREDIT_BATCHES_IN_FLIGHT, batches.length) }, async () => {
        while (nextBatch < batches.length) {
          const batch = batches[nextBatch++] as CallRow[];
          try {
            const rs = await sendCredits(ctx, batch);
            batch.forEach((c, n) => {
              answers.push({ c, r: rs[n] as CallResult });
            });
          } catch (err) {
            failure ??= err;
          }
        }
      }),
    ]);
    const record: Array<{
      id: number;
      bet: number;
      call: MoneyCall;
      ok: boolean;
      answer: unknown;
      owed: string;
    }> = [];
    const again = new Set<number>();
    for (const { c, r } of answers) {
      const bet = Number(c.bet_id);
      const d = out.get(bet) ?? { done: [] };
      out.set(bet, d);
      if (r.kind === "unknown") {
        d.unknown = r.reason;
        continue;
      }
      if (r.kind === "refused" && c.call !== "debit") {
        // A settlement's call refused is a bug of the book (it names what it sent before): it
        // stays due, and the sweep shows it again; never recorded as if paid.
        failure ??= new Error(`sportsbook ${c.call} ${c.transaction_id} refused: ${r.code}`);
        continue;
      }
      if (r.kind === "refused") d.refused = { code: r.code, status: r.status };
      // What the wallet could not give back of what the settlement counted: the bet's debt.
      const taken = r.kind === "ok" ? (parseMoney(String(r.value.taken ?? "0")) ?? 0n) : 0n;
      const owed = c.call === "reverse" ? BigInt(c.gross ?? c.amount) - taken : 0n;
      record.push({
        id: Number(c.id),
        bet,
        call: c.call,
        ok: r.kind === "ok",
        answer: r.kind === "ok" ? r.value : { refused: r.kind === "refused" ? r.code : null },
        owed: (owed > 0n ? owed : 0n).toString(),
      });
      d.done.push(c.call);
      if (r.kind === "ok") again.add(bet);
    }
    // Bets with a call due after the one answered now (read with the answer's recording).
    const more = new Set<number>();
    const [one] = record;
    if (record.length === 1 && one) {
      // One answer (a placement's debit): its call and its bet, locked in that order as below,
      // by one statement.
      const rows = await queryRows<{ id: string; more: boolean }>(
        ctx.db,
        sql`WITH c AS (
              UPDATE sportsbook.sb_money_calls SET done_at = now(), answer = ${JSON.stringify(one.answer)}::jsonb
              WHERE id = ${one.id} AND done_at IS NULL RETURNING id, bet_id),
            b AS (
              UPDATE sportsbook.sb_bets b SET
                status = CASE WHEN ${one.call} = 'debit' AND b.status = 'pending'
                              THEN CASE WHEN ${one.ok}::boolean THEN 'open' ELSE 'refused' END ELSE b.status END,
                debt = b.debt + CASE WHEN ${one.call} = 'reverse' THEN ${one.owed}::bigint ELSE 0 END
              FROM c WHERE b.id = c.bet_id
                AND (${one.call} = 'debit' OR (${one.call} = 'reverse' AND ${one.owed}::bigint <> 0))
              RETURNING b.id)
            SELECT c.id, EXISTS (SELECT 1 FROM sportsbook.sb_money_calls d
              WHERE d.bet_id = c.bet_id AND d.done_at IS NULL AND d.id <> c.id) AS more
            FROM c`,
      );
      // Recorded by another driver meanwhile: read again, as that driver may have stopped.
      if (!rows.length || rows.some((r) => r.more)) more.add(one.bet);
    } else if (record.length)
      await ctx.db.transaction(async (tx) => {
        // Rows locked in id order, then the bets in id order: two drivers never wait in a cycle.
        await tx.execute(sql`SELECT id FROM sportsbook.sb_money_calls
            WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(record.map((r) => r.id))}::jsonb)::bigint)
            ORDER BY id FOR UPDATE`);
        const mine = await queryRows<{ id: string; bet_id: string; more: boolean }>(
          tx,
          sql`UPDATE sportsbook.sb_money_calls c SET done_at = now(), answer = x.answer
              FROM jsonb_to_recordset(${JSON.stringify(record)}::jsonb) AS x(id bigint, answer jsonb)
              WHERE c.id = x.id AND c.done_at IS NULL
              RETURNING c.id, c.bet_id, EXISTS (SELECT 1 FROM sportsbook.sb_money_calls d
                WHERE d.bet_id = c.bet_id AND d.done_at IS NULL AND d.id <> c.id) AS more`,
        );
        for (const r of mine) if (r.more) more.add(Number(r.bet_id));
        const recorded = new Set(mine.map((r) => Number(r.id)));
        for (const r of record) if (!recorded.has(r.id)) more.add(r.bet);
        const effects = record
          .filter(
            (r) => recorded.has(r.id) && (r.call === "debit" || (r.call === "reverse" && r.owed !== "0")),
          )
          .sort((a, b) => a.bet - b.bet);
        if (!effects.length) return;
        await tx.execute(sql`SELECT id FROM sportsbook.sb_bets
            WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(effects.map((r) => r.bet))}::jsonb)::bigint)
            ORDER BY id FOR UPDATE`);
        await tx.execute(sql`UPDATE sportsbook.sb_bets b SET
              status = CASE WHEN x.call = 'debit' AND b.status = 'pending'
                            THEN CASE WHEN x.ok THEN 'open' ELSE 'refused' END ELSE b.status END,
              debt = b.debt + CASE WHEN x.call = 'reverse' THEN x.owed ELSE 0 END
            FROM jsonb_to_recordset(${JSON.stringify(effects)}::jsonb) AS x(bet bigint, call text, ok boolean, owed bigint)
            WHERE b.id = x.bet`);
      });
    // A bet whose answered call was its last has nothing to send: not read again.
    ids = [...again].filter((b) => more.has(b));
  }
  if (failure) throw failure;
  return out;
}

/**
 * Send one bet's due calls in order (see drive). `first`: its first due call, when the caller
 * has just written it in the outbox and committed (a new bet's debit), so it is not read back.
 */
export async function driveBet(ctx: SportsContext, betId: number, first?: CallRow): Promise<Driven> {
  return (await drive(ctx, [betId], 96, first ? [first] : null)).get(betId) ?? { done: [] };
}

/** Send many bets' due calls, each bet's in order, many bets at once. */
export async function driveBets(ctx: SportsContext, betIds: number[]): Promise<void> {
  for (let i = 0; i < betIds.length; i += SETTLE_ROUND) await drive(ctx, betIds.slice(i, i + SETTLE_ROUND));
}
const SETTLE_ROUND = 5000;

/** Bets with calls still due (a lost answer, a crash after a commit): for the settle sweep. */
export async function betsWithDueCalls(ctx: SportsContext, limit = 5000): Promise<number[]> {
  const rows = await queryRows<{ bet_id: string }>(
    ctx.db,
    sql`SELECT DISTINCT bet_id FROM sportsbook.sb_money_calls WHERE done_at IS NULL ORDER BY bet_id LIMIT ${limit}`,
  );
  return rows.map((r) => Number(r.bet_id));
}
