import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the points mall (mall.ts): its items and their stock, the redemptions and their
 * decisions, and the raffle tickets a redemption buys (raffle_bought_tickets).
 */

export interface ItemRow {
  id: number;
  kind: "goods" | "cash" | "bonus" | "raffle" | "freespins";
  names: Record<string, string>;
  descriptions: Record<string, string>;
  image_url: string;
  price_points: string;
  stock: number | null;
  amount: string | null;
  bonus_rule_id: number | null;
  tickets: number | null;
  fs_vendor: string | null;
  fs_game_code: string | null;
  fs_spins: number | null;
  fs_bet_per_line: string | null;
  fs_expiry_days: number | null;
  member_cap: number | null;
  period_cap: number | null;
  cap_period: "day" | "week" | "month";
  enabled: boolean;
  sort: number;
}

export interface RedemptionRow {
  id: string;
  item_id: number;
  kind: string;
  points: string;
  status: "in_process" | "approved" | "rejected";
  address: string | null;
  mobile: string | null;
  tracking: string | null;
  reason: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
}

/** The items (every one, or the enabled ones) in page order. */
export async function mallItemRows(exec: Executor, all: boolean) {
  return queryRows<ItemRow>(exec, sql`SELECT * FROM mall_items WHERE (${all} OR enabled) ORDER BY sort, id`);
}

/** The member's redemption of a request id, if made. */
export async function redemptionByRequest(exec: Executor, memberId: number, requestId: string) {
  const [seen] = await queryRows<RedemptionRow>(
    exec,
    sql`SELECT * FROM mall_redemptions WHERE member_id = ${memberId} AND request_id = ${requestId}`,
  );
  return seen;
}

/** An enabled item. */
export async function enabledMallItem(exec: Executor, itemId: number) {
  const [peek] = await queryRows<ItemRow>(
    exec,
    sql`SELECT * FROM mall_items WHERE id = ${itemId} AND enabled`,
  );
  return peek;
}

/**
 * One of an enabled item's stock taken (none when it has no stock left), the row locked by the
 * update; the item as it is now.
 */
export async function takeItemStock(tx: Tx, itemId: number) {
  const [item] = await queryRows<ItemRow>(
    tx,
    sql`UPDATE mall_items SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END
          WHERE id = ${itemId} AND enabled AND (stock IS NULL OR stock > 0) RETURNING *`,
  );
  return item;
}

/** The member's redemptions of an item not rejected: all of them, and those since `periodStart`. */
export async function redemptionCounts(tx: Tx, memberId: number, itemId: number, periodStart: Date) {
  const [counts] = await queryRows<{ mine: number; period: number }>(
    tx,
    sql`SELECT COUNT(*) FILTER (WHERE status <> 'rejected')::int AS mine,
            COUNT(*) FILTER (WHERE status <> 'rejected' AND created_at >= ${periodStart})::int AS period
          FROM mall_redemptions WHERE member_id = ${memberId} AND item_id = ${itemId}`,
  );
  return counts;
}

export async function insertRedemption(
  tx: Tx,
  r: {
    memberId: number;
    itemId: number;
    requestId: string;
    kind: string;
    points: bigint;
    status: string;
    address: string | null;
    mobile: string | null;
    at: Date;
    decidedAt: Date | null;
  },
) {
  const [row] = await queryRows<RedemptionRow>(
    tx,
    sql`INSERT INTO mall_redemptions (member_id, item_id, request_id, kind, points, status, address, mobile, created_at, decided_at)
          VALUES (${r.memberId}, ${r.itemId}, ${r.requestId}, ${r.kind}, ${r.points.toString()}::bigint, ${r.status},
            ${r.address}, ${r.mobile},
            ${r.at}, ${r.decidedAt})
          RETURNING *`,
  );
  return row;
}

/** Raffle tickets a redemption bought. */
export async function insertBoughtTickets(
  tx: Tx,
  t: { redemptionId: number; raffleId: number; memberId: number; tickets: number; at: Date },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO raffle_bought_tickets (redemption_id, raffle_id, member_id, tickets, created_at)
            VALUES (${t.redemptionId}, ${t.raffleId}, ${t.memberId}, ${t.tickets}, ${t.at})`,
  );
}

/** A redemption locked for its decision (FOR UPDATE). */
export async function lockRedemption(tx: Tx, id: number) {
  const [r] = await queryRows<RedemptionRow & { member_id: string }>(
    tx,
    sql`SELECT * FROM mall_redemptions WHERE id = ${id} FOR UPDATE`,
  );
  return r;
}

/** One back in an item's stock (an item without stock stays so). */
export async function returnItemStock(tx: Tx, itemId: number): Promise<void> {
  await tx.execute(sql`UPDATE mall_items SET stock = stock + 1 WHERE id = ${itemId} AND stock IS NOT NULL`);
}

/** A redemption's decision stored; the redemption as it is now. */
export async function setRedemptionDecision(
  tx: Tx,
  id: number,
  d: { status: string; tracking: string | null; reason: string | null; decidedBy: number | null; at: Date },
) {
  const [row] = await queryRows<RedemptionRow>(
    tx,
    sql`UPDATE mall_redemptions SET status = ${d.status},
            tracking = ${d.tracking}, reason = ${d.reason},
            decided_by = ${d.decidedBy}, decided_at = ${d.at}
          WHERE id = ${id} RETURNING *`,
  );
  return row;
}
