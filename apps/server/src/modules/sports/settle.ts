import { createHash } from "node:crypto";
import { type LegResult, lineReturn, systemDef, systemReturn, VOID } from "@panalo/game-math/sportsbook/bets";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { notifyMember, type PostInput, postIn, postManyIn } from "../ledger/service.ts";

/**
 * Settlement: a bet settles once per settlement version. The bet's row moves
 * from open to settled only where its version is the one read (a second run finds nothing to
 * move); the money goes as the provider transactions of the vendor (PNSB/PNES) with ledger keys
 * that carry the version, so a retry posts nothing twice. A rollback raises the version, takes
 * the payout back through the ledger and opens the bet again; its next settlement pays anew.
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
  legs: Leg[];
}

/** Play money bets from and wins to the play wallet. */
export const walletOf = (currency: string) => (currency === "FUN" ? "play" : "main");
const print = (s: string) => createHash("sha256").update(s).digest("hex");
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
async function openBets(tx: Tx, marketIds: number[] | null, afterId: number): Promise<OpenBet[]> {
  const only = marketIds ? JSON.stringify(marketIds) : null;
  return queryRows<OpenBet>(
    tx,
    sql`SELECT b.id, b.member_id, b.currency, b.vendor, b.kind, b.system_code, b.stake, b.stake_per_line,
          b.settle_version, b.debt,
          jsonb_agg(jsonb_build_object('odds', l.odds, 'result', ${LEG_RESULT}, 'o', l.outcome_id,
            'mk', l.market_id, 'v', l.void_ts IS NOT NULL) ORDER BY l.idx) AS legs
        FROM sb_bets b JOIN sb_bet_legs l ON l.bet_id = b.id JOIN sb_outcomes o ON o.id = l.outcome_id
        WHERE b.status = 'open' AND b.id > ${afterId}
          AND (${only}::jsonb IS NULL OR b.id IN (
            SELECT bet_id FROM sb_bet_legs
            WHERE market_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint)))
        GROUP BY b.id
        HAVING bool_or(o.result IS NOT NULL OR l.void_ts IS NOT NULL)
        ORDER BY b.id LIMIT ${SETTLE_CHUNK}`,
  );
}

/** Settle what can settle among the open bets on these markets (null: all). Answers how many. */
export async function settleBets(ctx: AppContext, marketIds: number[] | null): Promise<number> {
  let settled = 0;
  let after = 0;
  for (;;) {
    const { count, last, members } = await ctx.db.transaction(async (tx) => {
      const bets = await openBets(tx, marketIds, after);
      await lockResults(tx, bets);
      const due = bets.flatMap((b) => {
        const r = betReturn(b, b.legs);
        return r === null ? [] : [{ b, payout: r }];
      });
      if (due.length) await settleIn(tx, due);
      return {
        count: due.length,
        last: bets.length === SETTLE_CHUNK ? Number(bets[bets.length - 1]?.id) : null,
        members: new Set(due.map((d) => Number(d.b.member_id))),
      };
    });
    settled += count;
    for (const m of members) await notifyMember(ctx, m);
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
  await tx.execute(sql`SELECT id FROM sb_markets
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(markets)}::jsonb)::bigint) ORDER BY id FOR SHARE`);
  const outcomes = [...new Set(bets.flatMap((b) => b.legs.map((l) => Number(l.o))))];
  const fresh = await queryRows<{ id: string; result: LegResult | null }>(
    tx,
    sql`SELECT id, result FROM sb_outcomes
        WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(outcomes)}::jsonb)::bigint)`,
  );
  const byId = new Map(fresh.map((r) => [Number(r.id), r.result]));
  for (const b of bets) for (const l of b.legs) if (!l.v) l.result = byId.get(Number(l.o)) ?? null;
}

async function settleIn(tx: Tx, due: Array<{ b: OpenBet; payout: bigint }>): Promise<void> {
  const rows = due.map(({ b, payout }) => {
    const allVoid = b.legs.every((l) => l.result?.voidPermille === 1000);
    const debt = BigInt(b.debt);
    const paid = payout > debt ? payout - debt : 0n;
    return {
      id: Number(b.id),
      v: b.settle_version,
      payout: payout.toString(),
      paid: paid.toString(),
      debt: (debt > payout ? debt - payout : 0n).toString(),
      status: allVoid && payout === BigInt(b.stake) ? "void" : "settled",
    };
  });
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE sb_bets b SET status = x.status, payout = x.payout, paid = x.paid, debt = x.debt,
          settle_version = b.settle_version + 1, settled_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS x(id bigint, v int, payout bigint, paid bigint, debt bigint, status text)
        WHERE b.id = x.id AND b.status = 'open' AND b.settle_version = x.v
        RETURNING b.id`,
  );
  const ok = new Set(moved.map((r) => Number(r.id)));
  const byId = new Map(due.map((d) => [Number(d.b.id), d.b]));
  const txRows: unknown[] = [];
  const posts: PostInput[] = [];
  for (const r of rows) {
    const b = byId.get(r.id);
    if (!b || !ok.has(r.id)) continue;
    const v = r.v + 1;
    // A bet voided whole is a rollback of its stake (not a valid bet); else a win, 0.00 included.
    const kind = r.status === "void" ? "rollback" : "win";
    const tid = `${kind === "win" ? "sbw" : "sbv"}:${r.id}:${v}`;
    txRows.push({
      vendor: b.vendor,
      tid,
      kind,
      round: `sb-${r.id}`,
      member: Number(b.member_id),
      amount: r.paid,
      ref: `sb:${r.id}`,
      game: b.vendor === "PNES" ? "ESPORTS" : "SPORTS",
      print: print(`${tid}|${r.paid}`),
    });
    if (BigInt(r.paid) > 0n) {
      posts.push({
        idempotencyKey: `prov:${b.vendor}:${tid}`,
        type: kind,
        reference: `${b.vendor}:sb-${r.id}`,
        memberId: Number(b.member_id),
        legs: [
          {
            account: { member: Number(b.member_id), kind: walletOf(b.currency), currency: b.currency },
            amount: BigInt(r.paid),
          },
          { account: { house: "games", currency: b.currency }, amount: -BigInt(r.paid) },
        ],
      });
    }
  }
  await insertProviderRows(tx, txRows);
  await postManyIn(tx, posts);
  // Responsible gaming: what is paid back lowers the period's loss (a void also its
  // wager), for members with limits only (rg_give_back, migration 1020).
  const returns = rows
    .filter((r) => ok.has(r.id) && BigInt(r.paid) > 0n)
    .map((r) => ({ m: Number(byId.get(r.id)?.member_id), a: r.paid, v: r.status === "void" }));
  if (returns.length)
    await tx.execute(sql`SELECT rg_give_back(x.m, x.a, x.v, now())
        FROM jsonb_to_recordset(${JSON.stringify(returns)}::jsonb) AS x(m bigint, a bigint, v boolean)
        JOIN members mm ON mm.id = x.m AND mm.rg_active`);
}

/** Provider transactions of the book's rounds (the betting record, valid bets and reports read them). */
export async function insertProviderRows(tx: Tx, rows: unknown[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code, fingerprint, response)
      SELECT x.vendor, x.tid, x.kind, x.round, x.member, x.amount, x.ref, x.game, x.print, '{}'::jsonb
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(vendor text, tid text, kind text, round text, member bigint, amount bigint, ref text, game text, print text)`);
}

/**
 * A settlement rolled back by the feed (or a trader): the bets settled on these markets open
 * again, each at a new version; what was paid is taken back through the ledger — what the
 * member no longer has stays as a debt the next settlement nets.
 */
export async function unsettleBets(
  ctx: AppContext,
  marketIds: number[],
  betIds: number[] = [],
): Promise<number> {
  if (!marketIds.length && !betIds.length) return 0;
  const members = new Set<number>();
  const n = await ctx.db.transaction(async (tx) => {
    const bets = await queryRows<{
      id: string;
      member_id: string;
      currency: string;
      vendor: string;
      stake: string;
      paid: string;
      debt: string;
      status: string;
      settle_version: number;
    }>(
      tx,
      sql`UPDATE sb_bets b SET status = 'open', settle_version = b.settle_version + 1, payout = NULL, settled_at = NULL
          FROM sb_bets old
          WHERE old.id = b.id AND b.status IN ('settled', 'void') AND (b.id IN (
            SELECT bet_id FROM sb_bet_legs WHERE market_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb)::bigint))
            OR b.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(betIds)}::jsonb)::bigint))
          RETURNING b.id, b.member_id, b.currency, b.vendor, b.stake, old.paid, b.debt, old.status, b.settle_version`,
    );
    for (const b of bets) {
      const id = Number(b.id);
      const member = Number(b.member_id);
      members.add(member);
      // A void bet had its stake back (a rollback): it is staked again; a win is taken back.
      const take = b.status === "void" ? BigInt(b.stake) : BigInt(b.paid ?? "0");
      const tid = `sbr:${id}:${b.settle_version}`;
      let taken = take;
      if (take > 0n) {
        const input = (amount: bigint): PostInput => ({
          idempotencyKey: `prov:${b.vendor}:${tid}`,
          type: "bet",
          reference: `${b.vendor}:sb-${id}`,
          memberId: member,
          legs: [
            { account: { member, kind: walletOf(b.currency), currency: b.currency }, amount: -amount },
            { account: { house: "games", currency: b.currency }, amount },
          ],
        });
        try {
          await tx.transaction((sp) => postIn(sp, input(take)));
        } catch (err) {
          if (!(err instanceof AppError && err.code === "INSUFFICIENT_FUNDS")) throw err;
          const [bal] = await queryRows<{ balance: string }>(
            tx,
            sql`SELECT balance FROM ledger_accounts WHERE member_id = ${member} AND kind = ${walletOf(b.currency)} AND currency = ${b.currency}`,
          );
          taken = BigInt(bal?.balance ?? "0");
          if (taken > 0n) await postIn(tx, input(taken));
        }
      }
      await tx.execute(
        sql`UPDATE sb_bets SET paid = 0, debt = debt + ${(take - taken).toString()} WHERE id = ${id}`,
      );
      await insertProviderRows(tx, [
        {
          vendor: b.vendor,
          tid,
          // A win taken back is a negative win (reports net it); a void's stake is staked again.
          kind: b.status === "void" ? "bet" : "win",
          round: `sb-${id}`,
          member,
          amount: (b.status === "void" ? take : -take).toString(),
          ref: `sb:${id}`,
          game: b.vendor === "PNES" ? "ESPORTS" : "SPORTS",
          print: print(`${tid}|${take}`),
        },
      ]);
    }
    // Done: a redelivered message finds nothing left to undo on these markets.
    if (marketIds.length)
      await tx.execute(sql`UPDATE sb_markets SET unsettle_pending = false
          WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb)::bigint) AND unsettle_pending`);
    return bets.length;
  });
  for (const m of members) await notifyMember(ctx, m);
  return n;
}
