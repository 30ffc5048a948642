import { createHmac } from "node:crypto";
import {
  type BetRecordRequest,
  type BetRecordRow,
  type BetRecordValue,
  type BetReplayValue,
  REPLAY_LINK_TTL_S,
} from "@panalo/contracts/betting-record";
import { formatMinor } from "@panalo/contracts/money";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { queryRows } from "../../db/client.ts";
import { games, gameVendors } from "../../db/schema/games.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { memberCurrency } from "../members/service.ts";
import { providerClient } from "../providers/service.ts";
import { nameIn } from "./names.ts";

type Query = z.output<typeof BetRecordRequest>;

interface RoundAgg {
  vendor: string;
  round_id: string;
  started_at: string;
  game_code: string | null;
  bet: string;
  win: string;
  refunded: string;
  rolled: boolean;
  closed: boolean;
  free_spin: boolean;
}

/** Calendar days in Manila time (UTC+8, no daylight saving), as the account record counts them. */
function rangeOf(q: { startDate: string; endDate: string }) {
  return {
    from: new Date(`${q.startDate}T00:00:00+08:00`),
    to: new Date(Date.parse(`${q.endDate}T00:00:00+08:00`) + 86_400_000),
  };
}

/**
 * The member's rounds whose first bet lies in the range: found through the partial index
 * provider_transactions_member_bets_idx (member, time) over bets only (migration 0504).
 */
function roundsCte(memberId: number, q: Query): SQL {
  const { from, to } = rangeOf(q);
  const vendorFilter = q.vassalage
    ? sql`AND vendor = ${q.vassalage}`
    : q.gameType
      ? sql`AND vendor IN (SELECT vassalage FROM vendor_catalogue WHERE game_type = ${q.gameType})`
      : sql``;
  return sql`r AS (
    SELECT vendor, round_id, min(created_at) AS started_at, min(id) AS first_id
    FROM game_transaction_log
    WHERE member_id = ${memberId} AND kind = 'bet'
      AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
      ${vendorFilter}
    GROUP BY vendor, round_id)`;
}

/**
 * Every transaction of the given rounds (provider_transactions_round_idx), summed per round:
 * bets, wins, and the stakes rollbacks returned (the bet each rollback names, as the ledger
 * moved it, not the amount the provider wrote on the rollback). A round is settled once a win
 * names one of its bets (a lost round is closed with a win of 0.00, docs/provider-protocol.md).
 * A win held for review (migration 0514) counts only once an operator paid it.
 */
export function aggregateOver(source: string, memberId: number): SQL {
  return sql`SELECT s.vendor, s.round_id, s.started_at, s.first_id,
      max(p.game_code) AS game_code,
      coalesce(sum(p.amount) FILTER (WHERE p.kind = 'bet'), 0) AS bet,
      coalesce(sum(p.amount) FILTER (WHERE p.kind = 'win' AND NOT EXISTS (
        SELECT 1 FROM held_win_log w
         WHERE w.transaction_id = p.transaction_id AND w.vendor = p.vendor
           AND w.status <> 'approved')), 0) AS win,
      coalesce(sum(b.amount), 0) AS refunded,
      coalesce(bool_or(p.kind = 'rollback'), false) AS rolled,
      coalesce(bool_or(p.kind = 'win'), false) AS closed
    FROM ${sql.raw(source)} s
    JOIN game_transaction_log p
      ON p.vendor = s.vendor AND p.round_id = s.round_id AND p.member_id = ${memberId}
      AND p.kind IN ('bet', 'win', 'rollback')
    LEFT JOIN game_transaction_log b
      ON p.kind = 'rollback' AND b.vendor = p.vendor AND b.transaction_id = p.ref_transaction_id
      AND b.kind = 'bet' AND b.member_id = ${memberId}
    GROUP BY s.vendor, s.round_id, s.started_at, s.first_id`;
}

const minor = (v: string | number | bigint | null) => BigInt(v ?? 0);

/**
 * spec §2 personalHistoryCopy: the member's own rounds, newest first, a page at a time, with
 * the totals of the whole filtered range. Four queries whatever the page size (no N+1).
 */
export async function bettingRecord(
  ctx: AppContext,
  memberId: number,
  q: Query,
  lang: Lang,
): Promise<BetRecordValue> {
  const rounds = roundsCte(memberId, q);
  const offset = (q.page - 1) * q.pageSize;
  const [page, [totals], currency] = await Promise.all([
    queryRows<RoundAgg>(
      ctx.db,
      sql`WITH ${rounds}, pg AS (
          SELECT * FROM r ORDER BY started_at DESC, first_id DESC LIMIT ${q.pageSize} OFFSET ${offset})
        SELECT a.vendor, a.round_id, to_char(a.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
          a.game_code, a.bet::text AS bet, a.win::text AS win, a.refunded::text AS refunded, a.rolled, a.closed,
          EXISTS (SELECT 1 FROM provider_free_rounds f WHERE f.vendor = a.vendor AND f.round_id = a.round_id) AS free_spin
        FROM (${aggregateOver("pg", memberId)}) a
        ORDER BY a.started_at DESC, a.first_id DESC`,
    ),
    queryRows<{ n: number; bet: string; win: string; refunded: string }>(
      ctx.db,
      sql`WITH ${rounds}
        SELECT count(*)::int AS n, coalesce(sum(a.bet), 0)::text AS bet, coalesce(sum(a.win), 0)::text AS win,
          coalesce(sum(a.refunded), 0)::text AS refunded
        FROM (${aggregateOver("r", memberId)}) a`,
    ),
    memberCurrency(ctx.db, memberId),
  ]);

  const vendorCodes = [...new Set(page.map((r) => r.vendor))];
  const codes = [...new Set(page.flatMap((r) => (r.game_code ? [r.game_code] : [])))];
  const [vendors, named] = await Promise.all([
    vendorCodes.length
      ? ctx.db
          .select({
            vassalage: gameVendors.vassalage,
            displayName: gameVendors.displayName,
            replayUrl: gameVendors.replayUrl,
          })
          .from(gameVendors)
          .where(inArray(gameVendors.vassalage, vendorCodes))
      : [],
    // Disabled games keep their names here: a past round still says what was played.
    codes.length
      ? ctx.db
          .select({ vendor: games.vendor, gameCode: games.gameCode, names: games.names })
          .from(games)
          .where(and(inArray(games.vendor, vendorCodes), inArray(games.gameCode, codes)))
      : [],
  ]);

  const items = page.map((r): BetRecordRow => {
    const bet = minor(r.bet);
    const win = minor(r.win);
    const status = r.rolled ? "rolled_back" : r.closed ? "settled" : "open";
    const vendor = vendors.find((v) => v.vassalage === r.vendor);
    const game = r.game_code
      ? named.find((g) => g.vendor === r.vendor && g.gameCode === r.game_code)
      : undefined;
    return {
      vassalage: r.vendor,
      vendorName: vendor?.displayName ?? r.vendor,
      roundId: r.round_id,
      gameCode: r.game_code,
      gameName: game ? nameIn(game.names, lang) : null,
      time: r.started_at,
      bet: formatMinor(bet),
      win: formatMinor(win),
      net: formatMinor(win + minor(r.refunded) - bet),
      status,
      replay: Boolean(vendor?.replayUrl) && status !== "rolled_back",
      freeSpin: r.free_spin === true,
    };
  });
  const tBet = minor(totals?.bet ?? 0);
  const tWin = minor(totals?.win ?? 0);
  return {
    items,
    total: totals?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    currency: currency ?? "PHP",
    totals: {
      rounds: totals?.n ?? 0,
      bet: formatMinor(tBet),
      win: formatMinor(tWin),
      net: formatMinor(tWin + minor(totals?.refunded ?? 0) - tBet),
    },
  };
}

/**
 * The signature of a replay link (docs/provider-protocol.md "Game recall"): hex
 * HMAC-SHA256(vendor secret, "replay.<vendor>.<roundId>.<playerId>.<expiry unix seconds>").
 * The game server computes the same with the secret it shares with the platform.
 */
export function replaySignature(
  secret: string,
  vendor: string,
  roundId: string,
  playerId: number,
  expires: number,
): string {
  return createHmac("sha256", secret)
    .update(`replay.${vendor}.${roundId}.${playerId}.${expires}`)
    .digest("hex");
}

/**
 * A link to the game server's replay of one of the member's own rounds, valid for
 * REPLAY_LINK_TTL_S. The platform signs it only for a round it holds a bet of this member in;
 * the game server checks the signature, the expiry and that the round is this player's.
 */
export async function replayLink(
  ctx: AppContext,
  memberId: number,
  input: { vassalage: string; roundId: string },
  lang: Lang,
): Promise<BetReplayValue> {
  const [own] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM game_transaction_log
      WHERE vendor = ${input.vassalage} AND round_id = ${input.roundId} AND member_id = ${memberId} AND kind = 'bet'
      LIMIT 1`,
  );
  // Another member's round answers exactly like one that does not exist.
  if (!own) throw new AppError("ROUND_NOT_FOUND", 404);
  const [[row], client] = await Promise.all([
    ctx.db
      .select({ replayUrl: gameVendors.replayUrl })
      .from(gameVendors)
      .where(eq(gameVendors.vassalage, input.vassalage)),
    providerClient(ctx, input.vassalage),
  ]);
  const vendor = row && client?.enabled ? { replayUrl: row.replayUrl, secret: client.secret } : undefined;
  if (!vendor?.replayUrl) throw new AppError("REPLAY_NOT_AVAILABLE", 404);
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + REPLAY_LINK_TTL_S;
  const path = vendor.replayUrl.replaceAll("{roundId}", encodeURIComponent(input.roundId));
  const query = new URLSearchParams({
    vendor: input.vassalage,
    player: String(memberId),
    exp: String(expires),
    sig: replaySignature(vendor.secret, input.vassalage, input.roundId, memberId, expires),
    lang,
  }).toString();
  return {
    url: `${path}${path.includes("?") ? "&" : "?"}${query}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}
