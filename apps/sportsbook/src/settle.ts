import { type LegResult, lineReturn, systemDef, systemReturn, VOID } from "@panalo/game-math/sportsbook/bets";
import { sql } from "drizzle-orm";
import type { SportsContext } from "./context.ts";
import { queryRows, type Tx } from "./db.ts";
import { betTidOf, type DueCall, driveBets, queueCalls } from "./money.ts";

/**
 * Settlement: a bet settles once per settlement version. The bet's row moves
 * from open to settled only where its version is the one read (a second run finds nothing to
 * move); the money goes as the vendor's (PNSB/PNES) provider-protocol calls (money.ts) whose
 * transaction ids carry the version, so a retry pays nothing twice. A rollback raises the
 * version, reverses what the settlement paid and opens the bet again; its next settlement pays
 * anew. A bet with calls still due is left for the driver of those calls to settle.
 */
export const SETTLE_CHUNK = 5000;

type Leg = { odds: number; result: LegResult | null; o?: number; mk?: number; v?: boolean };
interface OpenBet {
  id: string;
  member_id: string;
  currency: string;
  vendor: string;
  kind: string;
  system_code: string | null;
  stake: string;
  stake_per_line: string;
  settle_version: number;
  debt: string;
  bet_tid: string | null;
  legs: Leg[];
}

/** Play money bets from and wins to the play wallet. */
export const walletOf = (currency: string) => (currency === "FUN" ? "play" : "main");
const FULL_LOSS = (r: LegResult | null) => r !== null && !r.won && r.voidPermille === 0;

/** What a bet returns when its legs have these results; null while it cannot settle yet. */
export function betReturn(
  b: Pick<OpenBet, "kind" | "system_code" | "stake_per_line">,
  legs: Leg[],
): bigint | null {
  const stake = BigInt(b.stake_per_line);
  if (b.kind !== "system") {
    if (legs.some((l) => FULL_LOSS(l.result))) return 0n;
    if (legs.some((l) => l.result === null)) return null;
    return lineReturn(
      stake,
      legs.map((l) => ({ odds: l.odds, result: l.result as LegResult })), // checked non-null above
    );
  }
  if (legs.some((l) => l.result === null)) return null;
  const def = systemDef(b.system_code ?? "");
  if (!def) throw new Error(`system ${b.system_code}`);
  return systemReturn(
    def,
    stake,
    legs.map((l) => ({ odds: l.odds, result: l.result as LegResult })), // checked non-null above
  );
}

/** A leg's result: void when a time-ranged bet_cancel voided it (feed.ts), else its outcome's. */
export const LEG_RESULT = sql.raw(
  `CASE WHEN l.void_ts IS NOT NULL THEN '${JSON.stringify(VOID)}'::jsonb ELSE o.result END`,
);

/** Open bets with a leg on these markets (or, with null, every open bet), and their legs' results. */
async function openBets(
  tx: Tx,
  marketIds: number[] | null,
  afterId: number,
  betIds: number[] | null,
): Promise<OpenBet[]> {
  const only = marketIds ? JSON.stringify(marketIds) : null;
  const these = betIds ? JSON.stringify(betIds) : null;
  return queryRows<OpenBet>(
    tx,
    sql`SELECT b.id, b.member_id, b.currency, b.vendor, b.kind, b.system_code, b.stake, b.stake_per_line,
          b.settle_version, b.debt, b.bet_tid,
          jsonb_agg(jsonb_build_object('odds', l.odds, 'result', ${LEG_RESULT}, 'o', l.outcome_id,
            'mk', l.market_id, 'v', l.void_ts IS NOT NULL) ORDER BY l.idx) AS legs
        FROM sportsbook.sb_bets b JOIN sportsbook.sb_bet_legs l ON l.bet_id = b.id JOIN sportsbook.sb_outcomes o ON o.id = l.outcome_id
        WHERE b.status = 'open' AND b.id > ${afterId}
          AND (${only}::jsonb IS NULL OR b.id IN (
            SELECT bet_id FROM sportsbook.sb_bet_legs
            WHERE market_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint)))
          AND (${these}::jsonb IS NULL OR b.id IN (SELECT jsonb_array_elements_text(${these}::jsonb)::bigint))
          AND NOT EXISTS (SELECT 1 FROM sportsbook.sb_money_calls c WHERE c.bet_id = b.id AND c.done_at IS NULL)
        GROUP BY b.id
        HAVING bool_or(o.result IS NOT NULL OR l.void_ts IS NOT NULL)
        ORDER BY b.id LIMIT ${SETTLE_CHUNK}`,
  );
}

/** Settle what can settle among the open bets on these markets (null: all; or these bets). Answers how many. */
export async function settleBets(
  ctx: SportsContext,
  marketIds: number[] | null,
  betIds: number[] | null = null,
): Promise<number> {
  let settled = 0;
  let after = 0;
  for (;;) {
    const { count, last, ids } = await ctx.db.transaction(async (tx) => {
      const bets = await openBets(tx, marketIds, after, betIds);
      await lockResults(tx, bets);
      const due = bets.flatMap((b) => {
        const r = betReturn(b, b.legs);
        return r === null ? [] : [{ b, payout: r }];
      });
      const moved = due.length ? await settleIn(tx, due) : [];
      return {
        count: moved.length,
        last: bets.length === SETTLE_CHUNK ? Number(bets[bets.length - 1]?.id) : null,
        ids: moved,
      };
    });
    settled += count;
    // The payments, after the commit (the platform tells the members' pages).
    await driveBets(ctx, ids);
    if (last === null) return settled;
    after = last;
  }
}

/**
 * The results read are held until this transaction ends: the legs' markets are locked FOR SHARE
 * (the feed changes a market's results only under its row lock), then the results are read again.
 * So a rollback racing this settlement waits for it and then finds the bets settled to reopen,
 * or has committed first and the results read here are its (the bet stays open).
 */
async function lockResults(tx: Tx, bets: OpenBet[]): Promise<void> {
  if (!bets.length) return;
  const markets = [...new Set(bets.flatMap((b) => b.legs.map((l) => Number(l.mk))))].sort((a, b) => a - b);
  await tx.execute(sql`SELECT id FROM sportsbook.sb_markets
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(markets)}::jsonb)::bigint) ORDER BY id FOR SHARE`);
  const outcomes = [...new Set(bets.flatMap((b) => b.legs.map((l) => Number(l.o))))];
  const fresh = await queryRows<{ id: string; result: LegResult | null }>(
    tx,
    sql`SELECT id, result FROM sportsbook.sb_outcomes
        WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(outcomes)}::jsonb)::bigint)`,
  );
  const byId = new Map(fresh.map((r) => [Number(r.id), r.result]));
  for (const b of bets) for (const l of b.legs) if (!l.v) l.result = byId.get(Number(l.o)) ?? null;
}

async function settleIn(tx: Tx, due: Array<{ b: OpenBet; payout: bigint }>): Promise<number[]> {
  const rows = due.map(({ b, payout }) => {
    const allVoid = b.legs.every((l) => l.result?.voidPermille === 1000);
    const debt = BigInt(b.debt);
    const paid = payout > debt ? payout - debt : 0n;
    const status = allVoid && payout === BigInt(b.stake) ? "void" : "settled";
    const v = b.settle_version + 1;
    // A bet voided whole is a rollback of its stake (not a valid bet) — unless it owes a debt:
    // the rollback would return the whole stake, so it is a credit of the stake less the debt.
    // Else a credit of what is paid, 0.00 included.
    const call = status === "void" && debt === 0n ? ("rollback" as const) : ("credit" as const);
    const tid = `${call === "credit" ? "sbw" : "sbv"}:${b.id}:${v}`;
    return {
      id: Number(b.id),
      v: b.settle_version,
      payout: payout.toString(),
      paid: paid.toString(),
      debt: (debt > payout ? debt - payout : 0n).toString(),
      status,
      call,
      tid,
    };
  });
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE sportsbook.sb_bets b SET status = x.status, payout = x.payout, paid = x.paid, debt = x.debt,
          settle_version = b.settle_version + 1, settled_at = now(), settle_call = x.call, settle_tid = x.tid
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS x(id bigint, v int, payout bigint, paid bigint, debt bigint, status text, call text, tid text)
        WHERE b.id = x.id AND b.status = 'open' AND b.settle_version = x.v
        RETURNING b.id`,
  );
  const ok = new Set(moved.map((r) => Number(r.id)));
  const byId = new Map(due.map((d) => [Number(d.b.id), d.b]));
  const calls: DueCall[] = [];
  for (const r of rows) {
    const b = byId.get(r.id);
    if (!b || !ok.has(r.id)) continue;
    calls.push({
      betId: r.id,
      call: r.call,
      tid: r.tid,
      ref: betTidOf(b),
      amount: r.call === "rollback" ? BigInt(b.stake) : BigInt(r.paid),
    });
  }
  await queueCalls(tx, calls);
  return calls.map((c) => c.betId);
}

/**
 * A settlement rolled back by the feed (or a trader): the bets settled on these markets open
 * again, each at a new version; what the settlement paid is reversed through the protocol —
 * what the member no longer has stays as a debt the next settlement (or cash-out) nets. A
 * settlement that had netted a debt brings it back: the reversal counts the whole payout.
 */
export async function unsettleBets(
  ctx: SportsContext,
  marketIds: number[],
  betIds: number[] = [],
): Promise<number> {
  if (!marketIds.length && !betIds.length) return 0;
  const reopened = await ctx.db.transaction(async (tx) => {
    const bets = await queryRows<{
      id: string;
      stake: string;
      paid: string;
      payout: string | null;
      status: string;
      settle_version: number;
      settle_call: string | null;
      settle_tid: string | null;
    }>(
      tx,
      sql`UPDATE sportsbook.sb_bets b SET status = 'open', settle_version = b.settle_version + 1, payout = NULL, settled_at = NULL,
            paid = 0, settle_call = NULL, settle_tid = NULL,
            bet_tid = CASE WHEN old.status = 'void' AND COALESCE(old.settle_call, 'rollback') = 'rollback'
                           THEN 'sbr:' || b.id || ':' || (b.settle_version + 1) ELSE b.bet_tid END
          FROM sportsbook.sb_bets old
          WHERE old.id = b.id AND b.status IN ('settled', 'void') AND (b.id IN (
            SELECT bet_id FROM sportsbook.sb_bet_legs WHERE market_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb)::bigint))
            OR b.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(betIds)}::jsonb)::bigint))
          RETURNING b.id, old.stake, old.paid, old.payout, old.status, b.settle_version, old.settle_call, old.settle_tid`,
    );
    const calls: DueCall[] = bets.map((b) => {
      const id = Number(b.id);
      const v = b.settle_version - 1; // the version the undone settlement wrote
      // Bets settled before the calls were recorded: the ids that settlement used.
      const call = b.settle_call ?? (b.status === "void" ? "rollback" : "credit");
      const ref = b.settle_tid ?? `${call === "credit" ? "sbw" : "sbv"}:${id}:${v}`;
      // A void's stake is staked again; a payment is taken back. What the wallet cannot give of
      // what the settlement counted (the stake; the payout with any debt it netted) is debt.
      return call === "rollback"
        ? { betId: id, call: "reverse", tid: `sbr:${id}:${b.settle_version}`, ref, amount: BigInt(b.stake) }
        : {
            betId: id,
            call: "reverse",
            tid: `sbr:${id}:${b.settle_version}`,
            ref,
            amount: BigInt(b.paid ?? "0"),
            gross: BigInt(b.payout ?? b.paid ?? "0"),
          };
    });
    await queueCalls(tx, calls);
    // Done: a redelivered message finds nothing left to undo on these markets.
    if (marketIds.length)
      await tx.execute(sql`UPDATE sportsbook.sb_markets SET unsettle_pending = false
          WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb)::bigint) AND unsettle_pending`);
    return bets.map((b) => Number(b.id));
  });
  await driveBets(ctx, reopened);
  // A settlement that arrived while the reversals were due left these bets to this driver.
  if (reopened.length) await settleBets(ctx, null, reopened);
  return reopened.length;
}
