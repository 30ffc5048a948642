import { randomBytes } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import type { RaffleView } from "@panalo/contracts/rewards";
import { drawRaffle, raffleCommitment } from "@panalo/game-math/raffle";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { offerReward } from "./offer.ts";
import { validBets } from "./valid-bets.ts";

/**
 * Raffles. Tickets: one per `ticket_per_deposit` of credited deposits and one
 * per `ticket_per_bet` of valid bets (rewards/valid-bets.ts) inside the raffle's window, at most
 * max_tickets_per_member. The draw (after the end) counts every eligible member's tickets in
 * member id order into raffle_entries, picks the winning ticket numbers from the server seed
 * (packages/game-math/raffle.ts, commit-reveal) and offers each prize through offerReward
 * (key raffle:<id>:rank:<n>); the player claims it in the reward centre or with
 * MCS2_claimRafflePromotion.
 */
interface RaffleRow {
  id: number;
  title: Record<string, string>;
  currency: string;
  starts_at: Date | string;
  ends_at: Date | string;
  ticket_per_deposit: string | null;
  ticket_per_bet: string | null;
  max_tickets_per_member: number;
  seed_hash: string;
  server_seed: string;
  status: "open" | "drawn" | "cancelled";
  total_tickets: number | null;
}

export async function createRaffle(
  exec: Executor,
  input: {
    title: Record<string, string>;
    currency: string;
    startsAt: Date;
    endsAt: Date;
    ticketPerDeposit: bigint | null;
    ticketPerBet: bigint | null;
    maxTicketsPerMember: number;
    prizes: bigint[];
  },
): Promise<number> {
  const seed = randomBytes(32).toString("hex");
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO raffles (title, currency, starts_at, ends_at, ticket_per_deposit, ticket_per_bet,
          max_tickets_per_member, seed_hash, server_seed)
        VALUES (${JSON.stringify(input.title)}::jsonb, ${input.currency}, ${input.startsAt}, ${input.endsAt},
          ${input.ticketPerDeposit?.toString() ?? null}, ${input.ticketPerBet?.toString() ?? null},
          ${input.maxTicketsPerMember}, ${raffleCommitment(seed)}, ${seed})
        RETURNING id`,
  );
  if (!row) throw new Error("raffle not created");
  const prizes = JSON.stringify(input.prizes.map((a, i) => ({ rank: i + 1, amount: a.toString() })));
  await exec.execute(
    sql`INSERT INTO raffle_prizes (raffle_id, rank, amount)
        SELECT ${row.id}, x.rank, x.amount FROM jsonb_to_recordset(${prizes}::jsonb) AS x(rank int, amount bigint)`,
  );
  return row.id;
}

/** Tickets per eligible member (agents, trial and inactive accounts earn none). */
export async function raffleTickets(
  exec: Executor,
  r: RaffleRow,
  memberIds?: number[],
): Promise<Map<number, number>> {
  const from = new Date(r.starts_at);
  const to = new Date(r.ends_at);
  const only = memberIds ? JSON.stringify(memberIds) : null;
  const deposits = new Map<number, bigint>();
  if (r.ticket_per_deposit) {
    const rows = await queryRows<{ member_id: string; total: string }>(
      exec,
      sql`SELECT member_id, SUM(amount)::text AS total FROM deposit_log
          WHERE status IN ('approved', 'paid') AND currency = ${r.currency}
            AND decided_at >= ${from} AND decided_at < ${to}
            AND (${only}::jsonb IS NULL OR member_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint))
          GROUP BY member_id`,
    );
    for (const d of rows) deposits.set(Number(d.member_id), BigInt(d.total));
  }
  const bets = new Map<number, bigint>();
  if (r.ticket_per_bet) {
    for (const v of await validBets(exec, from, to, memberIds ? { memberIds } : {})) {
      if (v.currency === r.currency) bets.set(v.memberId, (bets.get(v.memberId) ?? 0n) + v.validBet);
    }
  }
  // Tickets bought in the points mall, on top of the earned ones and their cap.
  const bought = new Map<number, number>();
  for (const b of await queryRows<{ member_id: string; n: string }>(
    exec,
    sql`SELECT member_id, SUM(tickets)::text AS n FROM raffle_bought_tickets WHERE raffle_id = ${r.id}
          AND (${only}::jsonb IS NULL OR member_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint))
        GROUP BY member_id`,
  ))
    bought.set(Number(b.member_id), Number(b.n));
  const ids = [...new Set([...deposits.keys(), ...bets.keys(), ...bought.keys()])];
  if (ids.length === 0) return new Map();
  const eligible = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_directory WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
          AND is_agent = 0 AND status = 'active'`,
  );
  const out = new Map<number, number>();
  for (const { id } of eligible) {
    const m = Number(id);
    let t = 0n;
    if (r.ticket_per_deposit) t += (deposits.get(m) ?? 0n) / BigInt(r.ticket_per_deposit);
    if (r.ticket_per_bet) t += (bets.get(m) ?? 0n) / BigInt(r.ticket_per_bet);
    const capped = Math.min(Number(t), r.max_tickets_per_member) + (bought.get(m) ?? 0);
    if (capped > 0) out.set(m, capped);
  }
  return out;
}

/**
 * The raffle open at `at` in a currency (the one ending first), its row share-locked so that a
 * draw (which locks it for update) waits for the caller's commit, or runs first and leaves it
 * no longer open. Null when none is open.
 */
export async function lockOpenRaffle(tx: Executor, currency: string, at: Date): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM raffles WHERE status = 'open' AND currency = ${currency}
          AND starts_at <= ${at} AND ends_at > ${at}
        ORDER BY ends_at, id LIMIT 1 FOR SHARE`,
  );
  return r?.id ?? null;
}

/**
 * Draw a raffle that has ended: once (the raffle row is locked and must be open). The entries,
 * winners and prize offers commit together with the status change.
 */
export async function drawRaffleNow(ctx: AppContext, raffleId: number) {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await queryRows<RaffleRow>(
      tx,
      sql`SELECT * FROM raffles WHERE id = ${raffleId} FOR UPDATE`,
    );
    if (!locked) throw new AppError("RAFFLE_NOT_FOUND", 404);
    if (locked.status !== "open") throw new AppError("RAFFLE_ALREADY_DRAWN", 409);
    const now = ctx.clock.now();
    if (new Date(locked.ends_at).getTime() > now.getTime()) throw new AppError("RAFFLE_NOT_ENDED", 409);
    const tickets = [...(await raffleTickets(tx, locked)).entries()].sort((a, b) => a[0] - b[0]);
    let next = 1;
    const entries = tickets.map(([memberId, n]) => {
      const e = { m: memberId, t: n, f: next };
      next += n;
      return e;
    });
    const total = next - 1;
    if (entries.length > 0) {
      await tx.execute(
        sql`INSERT INTO raffle_entries (raffle_id, member_id, tickets, first_ticket)
            SELECT ${raffleId}, x.m, x.t, x.f FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS x(m bigint, t int, f int)`,
      );
    }
    const prizes = await queryRows<{ rank: number; amount: string }>(
      tx,
      sql`SELECT rank, amount FROM raffle_prizes WHERE raffle_id = ${raffleId} ORDER BY rank`,
    );
    const winning = drawRaffle(locked.server_seed, raffleId, total, prizes.length);
    const ownerOf = (ticket: number) => {
      // Entries are in ticket order: binary search for the last first_ticket ≤ ticket.
      let lo = 0;
      let hi = entries.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((entries[mid]?.f ?? 0) <= ticket) lo = mid;
        else hi = mid - 1;
      }
      return entries[lo]?.m ?? 0;
    };
    for (const [i, ticket] of winning.entries()) {
      const prize = prizes[i];
      if (!prize) break;
      const memberId = ownerOf(ticket);
      const title = Object.fromEntries(
        Object.entries(locked.title).map(([k, v]) => [k, `${v} #${prize.rank}`]),
      );
      const offered = await offerReward(tx, {
        memberId,
        sourceKind: "raffle",
        sourceKey: `raffle:${raffleId}:rank:${prize.rank}`,
        title,
        payout: "cash",
        ledgerType: "raffle_prize",
        amountMinor: BigInt(prize.amount),
        currency: locked.currency,
      });
      await tx.execute(
        sql`INSERT INTO raffle_winners (raffle_id, rank, ticket, member_id, amount, reward_id)
            VALUES (${raffleId}, ${prize.rank}, ${ticket}, ${memberId}, ${prize.amount}, ${offered.id})`,
      );
    }
    await tx.execute(
      sql`UPDATE raffles SET status = 'drawn', total_tickets = ${total}, drawn_at = ${now} WHERE id = ${raffleId}`,
    );
    return { raffleId, totalTickets: total, winners: winning.length };
  });
}

/** A member's name as others see it: "ab***z". */
export const maskName = (u: string) =>
  u.length <= 2 ? `${u[0] ?? ""}*` : `${u.slice(0, 2)}***${u.slice(-1)}`;
/** The title in the member's language, else English, else Filipino, else any written one. */
export const pick = (title: Record<string, string>, lang: string) =>
  title[lang] ||
  title[lang.toLowerCase()] ||
  title.EN ||
  title.en ||
  title.TY ||
  Object.values(title).find(Boolean) ||
  "";

/** The raffles a member sees (open and drawn, newest first) with their tickets. */
export async function raffleViews(exec: Executor, memberId: number | null, lang: string, id?: number) {
  const rows = await queryRows<RaffleRow>(
    exec,
    sql`SELECT * FROM raffles WHERE status <> 'cancelled' AND (${id ?? null}::int IS NULL OR id = ${id ?? null})
        ORDER BY id DESC LIMIT 20`,
  );
  const out: RaffleView[] = [];
  for (const r of rows) {
    const prizes = await queryRows<{ rank: number; amount: string }>(
      exec,
      sql`SELECT rank, amount FROM raffle_prizes WHERE raffle_id = ${r.id} ORDER BY rank`,
    );
    const winners = await queryRows<{ rank: number; ticket: number; username: string; amount: string }>(
      exec,
      sql`SELECT w.rank, w.ticket, m.username, w.amount FROM raffle_winners w JOIN member_directory m ON m.id = w.member_id
          WHERE w.raffle_id = ${r.id} ORDER BY w.rank`,
    );
    let myTickets = 0;
    if (memberId !== null) {
      if (r.status === "drawn") {
        const [e] = await queryRows<{ tickets: number }>(
          exec,
          sql`SELECT tickets FROM raffle_entries WHERE raffle_id = ${r.id} AND member_id = ${memberId}`,
        );
        myTickets = e?.tickets ?? 0;
      } else {
        myTickets = (await raffleTickets(exec, r, [memberId])).get(memberId) ?? 0;
      }
    }
    out.push({
      id: r.id,
      title: pick(r.title, lang),
      currency: r.currency,
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      ticketPerDeposit: r.ticket_per_deposit ? formatMinor(BigInt(r.ticket_per_deposit)) : null,
      ticketPerBet: r.ticket_per_bet ? formatMinor(BigInt(r.ticket_per_bet)) : null,
      status: r.status,
      seedHash: r.seed_hash,
      serverSeed: r.status === "drawn" ? r.server_seed : null,
      totalTickets: r.total_tickets,
      prizes: prizes.map((p) => ({ rank: p.rank, amount: formatMinor(BigInt(p.amount)) })),
      myTickets,
      winners: winners.map((w) => ({
        rank: w.rank,
        ticket: w.ticket,
        member: maskName(w.username),
        amount: formatMinor(BigInt(w.amount)),
      })),
    });
  }
  return out;
}
