import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the raffles (raffle.ts): raffles, their prizes, entries, winners and bought tickets. */

export interface RaffleRow {
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

export async function insertRaffle(
  exec: Executor,
  r: {
    title: Record<string, string>;
    currency: string;
    startsAt: Date;
    endsAt: Date;
    ticketPerDeposit: bigint | null;
    ticketPerBet: bigint | null;
    maxTicketsPerMember: number;
    seedHash: string;
    serverSeed: string;
  },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO raffles (title, currency, starts_at, ends_at, ticket_per_deposit, ticket_per_bet,
          max_tickets_per_member, seed_hash, server_seed)
        VALUES (${JSON.stringify(r.title)}::jsonb, ${r.currency}, ${r.startsAt}, ${r.endsAt},
          ${r.ticketPerDeposit?.toString() ?? null}, ${r.ticketPerBet?.toString() ?? null},
          ${r.maxTicketsPerMember}, ${r.seedHash}, ${r.serverSeed})
        RETURNING id`,
  );
  return row?.id;
}

/** A raffle's prizes, given as JSON [{ rank, amount }]. */
export async function insertRafflePrizes(exec: Executor, raffleId: number, prizes: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO raffle_prizes (raffle_id, rank, amount)
        SELECT ${raffleId}, x.rank, x.amount FROM jsonb_to_recordset(${prizes}::jsonb) AS x(rank int, amount bigint)`,
  );
}

/**
 * Credited deposits per member in a currency between two instants (the payments module's view
 * deposit_log); `only` (a JSON array of member ids) narrows it to those members.
 */
export async function depositTotalsByMember(
  exec: Executor,
  currency: string,
  from: Date,
  to: Date,
  only: string | null,
) {
  return queryRows<{ member_id: string; total: string }>(
    exec,
    sql`SELECT member_id, SUM(amount)::text AS total FROM deposit_log
          WHERE status IN ('approved', 'paid') AND currency = ${currency}
            AND decided_at >= ${from} AND decided_at < ${to}
            AND (${only}::jsonb IS NULL OR member_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint))
          GROUP BY member_id`,
  );
}

/** Tickets bought in the points mall per member for a raffle (`only`: as above). */
export async function boughtTicketsByMember(exec: Executor, raffleId: number, only: string | null) {
  return queryRows<{ member_id: string; n: string }>(
    exec,
    sql`SELECT member_id, SUM(tickets)::text AS n FROM raffle_bought_tickets WHERE raffle_id = ${raffleId}
          AND (${only}::jsonb IS NULL OR member_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint))
        GROUP BY member_id`,
  );
}

/** Of the members `ids`, those who may hold tickets (no agent, active). */
export async function ticketEligibleMembers(exec: Executor, ids: number[]) {
  return queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_directory WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
          AND is_agent = 0 AND status = 'active'`,
  );
}

/** The raffle open at `at` in a currency (the one ending first), share-locked (FOR SHARE). */
export async function lockOpenRaffleRow(tx: Executor, currency: string, at: Date) {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM raffles WHERE status = 'open' AND currency = ${currency}
          AND starts_at <= ${at} AND ends_at > ${at}
        ORDER BY ends_at, id LIMIT 1 FOR SHARE`,
  );
  return r;
}

/** The raffle locked for its draw (FOR UPDATE). */
export async function lockRaffle(tx: Executor, raffleId: number) {
  const [locked] = await queryRows<RaffleRow>(
    tx,
    sql`SELECT * FROM raffles WHERE id = ${raffleId} FOR UPDATE`,
  );
  return locked;
}

/** The draw's entries, given as JSON [{ m: member, t: tickets, f: first ticket }]. */
export async function insertRaffleEntries(exec: Executor, raffleId: number, entries: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO raffle_entries (raffle_id, member_id, tickets, first_ticket)
            SELECT ${raffleId}, x.m, x.t, x.f FROM jsonb_to_recordset(${entries}::jsonb) AS x(m bigint, t int, f int)`,
  );
}

/** A raffle's prizes by rank. */
export async function rafflePrizes(exec: Executor, raffleId: number) {
  return queryRows<{ rank: number; amount: string }>(
    exec,
    sql`SELECT rank, amount FROM raffle_prizes WHERE raffle_id = ${raffleId} ORDER BY rank`,
  );
}

export async function insertRaffleWinner(
  exec: Executor,
  w: { raffleId: number; rank: number; ticket: number; memberId: number; amount: string; rewardId: number },
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO raffle_winners (raffle_id, rank, ticket, member_id, amount, reward_id)
            VALUES (${w.raffleId}, ${w.rank}, ${w.ticket}, ${w.memberId}, ${w.amount}, ${w.rewardId})`,
  );
}

export async function markRaffleDrawn(
  exec: Executor,
  raffleId: number,
  total: number,
  now: Date,
): Promise<void> {
  await exec.execute(
    sql`UPDATE raffles SET status = 'drawn', total_tickets = ${total}, drawn_at = ${now} WHERE id = ${raffleId}`,
  );
}

/** The raffles shown (open and drawn, newest first, at most 20), or the one of `id`. */
export async function visibleRaffles(exec: Executor, id: number | null) {
  return queryRows<RaffleRow>(
    exec,
    sql`SELECT * FROM raffles WHERE status <> 'cancelled' AND (${id}::int IS NULL OR id = ${id})
        ORDER BY id DESC LIMIT 20`,
  );
}

/** A raffle's winners by rank with their names (the members' view member_directory). */
export async function raffleWinners(exec: Executor, raffleId: number) {
  return queryRows<{ rank: number; ticket: number; username: string; amount: string }>(
    exec,
    sql`SELECT w.rank, w.ticket, m.username, w.amount FROM raffle_winners w JOIN member_directory m ON m.id = w.member_id
          WHERE w.raffle_id = ${raffleId} ORDER BY w.rank`,
  );
}

/** The tickets a member held in a drawn raffle. */
export async function memberRaffleEntry(exec: Executor, raffleId: number, memberId: number) {
  const [e] = await queryRows<{ tickets: number }>(
    exec,
    sql`SELECT tickets FROM raffle_entries WHERE raffle_id = ${raffleId} AND member_id = ${memberId}`,
  );
  return e;
}
