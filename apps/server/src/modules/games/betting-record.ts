import { createHmac } from "node:crypto";
import {
  type BetRecordRequest,
  type BetRecordRow,
  type BetRecordValue,
  type BetReplayValue,
  REPLAY_LINK_TTL_S,
} from "@panalo/contracts/betting-record";
import { addDays, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { memberCurrency } from "../members/service.ts";
import { providerClient } from "../providers/service.ts";
import { nameIn } from "./names.ts";
import {
  gameNames,
  memberBetInRound,
  roundsPage,
  roundsTotals,
  vendorNames,
  vendorReplayUrl,
} from "./repo/rounds.ts";

type Query = z.output<typeof BetRecordRequest>;

/** Calendar days in Manila time (UTC+8, no daylight saving), as the account record counts them. */
function rangeOf(q: { startDate: string; endDate: string }) {
  return {
    from: manilaStart(q.startDate),
    to: manilaStart(addDays(q.endDate, 1)),
  };
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
  const filter = { ...rangeOf(q), vassalage: q.vassalage, gameType: q.gameType };
  const offset = (q.page - 1) * q.pageSize;
  const [page, totals, currency] = await Promise.all([
    roundsPage(ctx.db, memberId, { ...filter, pageSize: q.pageSize, offset }),
    roundsTotals(ctx.db, memberId, filter),
    memberCurrency(ctx.db, memberId),
  ]);

  const vendorCodes = [...new Set(page.map((r) => r.vendor))];
  const codes = [...new Set(page.flatMap((r) => (r.game_code ? [r.game_code] : [])))];
  const [vendors, named] = await Promise.all([
    vendorCodes.length ? vendorNames(ctx.db, vendorCodes) : [],
    // Disabled games keep their names here: a past round still says what was played.
    codes.length ? gameNames(ctx.db, vendorCodes, codes) : [],
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
  const own = await memberBetInRound(ctx.db, input.vassalage, input.roundId, memberId);
  // Another member's round answers exactly like one that does not exist.
  if (!own) throw new AppError("ROUND_NOT_FOUND", 404);
  const [row, client] = await Promise.all([
    vendorReplayUrl(ctx.db, input.vassalage),
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
