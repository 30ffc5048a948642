import { randomBytes } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import type { RaffleView } from "@panalo/contracts/rewards";
import { drawRaffle, raffleCommitment } from "@panalo/game-math/raffle";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { offerReward } from "./offer.ts";
import {
  boughtTicketsByMember,
  depositTotalsByMember,
  insertRaffle,
  insertRaffleEntries,
  insertRafflePrizes,
  insertRaffleWinner,
  lockOpenRaffleRow,
  lockRaffle,
  markRaffleDrawn,
  memberRaffleEntry,
  type RaffleRow,
  rafflePrizes,
  raffleWinners,
  ticketEligibleMembers,
  visibleRaffles,
} from "./repo/raffle.ts";
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
  const row = await insertRaffle(exec, {
    title: input.title,
    currency: input.currency,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    ticketPerDeposit: input.ticketPerDeposit,
    ticketPerBet: input.ticketPerBet,
    maxTicketsPerMember: input.maxTicketsPerMember,
    seedHash: raffleCommitment(seed),
    serverSeed: seed,
  });
  if (row === undefined) throw new Error("raffle not created");
  const prizes = JSON.stringify(input.prizes.map((a, i) => ({ rank: i + 1, amount: a.toString() })));
  await insertRafflePrizes(exec, row, prizes);
  return row;
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
    const rows = await depositTotalsByMember(exec, r.currency, from, to, only);
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
  for (const b of await boughtTicketsByMember(exec, r.id, only)) bought.set(Number(b.member_id), Number(b.n));
  const ids = [...new Set([...deposits.keys(), ...bets.keys(), ...bought.keys()])];
  if (ids.length === 0) return new Map();
  const eligible = await ticketEligibleMembers(exec, ids);
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
  const r = await lockOpenRaffleRow(tx, currency, at);
  return r?.id ?? null;
}

/**
 * Draw a raffle that has ended: once (the raffle row is locked and must be open). The entries,
 * winners and prize offers commit together with the status change.
 */
export async function drawRaffleNow(ctx: AppContext, raffleId: number) {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockRaffle(tx, raffleId);
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
      await insertRaffleEntries(tx, raffleId, JSON.stringify(entries));
    }
    const prizes = await rafflePrizes(tx, raffleId);
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
      await insertRaffleWinner(tx, {
        raffleId,
        rank: prize.rank,
        ticket,
        memberId,
        amount: prize.amount,
        rewardId: offered.id,
      });
    }
    await markRaffleDrawn(tx, raffleId, total, now);
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
  const rows = await visibleRaffles(exec, id ?? null);
  const out: RaffleView[] = [];
  for (const r of rows) {
    const prizes = await rafflePrizes(exec, r.id);
    const winners = await raffleWinners(exec, r.id);
    let myTickets = 0;
    if (memberId !== null) {
      if (r.status === "drawn") {
        const e = await memberRaffleEntry(exec, r.id, memberId);
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
