import type { MALL_KINDS, RedeemStatus } from "@panalo/contracts/loyalty";
import { enumLabels, enumLabelsOf } from "../../lib/enum-labels.ts";

/** A mall item's kind, as the item form names it (spec §4 points mall). */
export const mallKindLabel = enumLabelsOf<(typeof MALL_KINDS)[number]>({
  goods: "loyalty.kindGoods",
  cash: "loyalty.kindCash",
  bonus: "loyalty.kindBonus",
  raffle: "loyalty.kindRaffle",
  freespins: "loyalty.kindFreeSpins",
});

/** A redemption's state, as the queue's filter names it (spec §4 redeem statuses). */
export const redeemStatusLabel = enumLabelsOf<RedeemStatus>({
  in_process: "loyalty.inProcess",
  approved: "loyalty.approved",
  rejected: "loyalty.rejected",
});

/** Why a member's VIP level changed (the DB's check on vip_history.reason). */
export const vipReasonLabel = enumLabels("loyalty.vipReasonOf", ["upgrade", "review", "manual"] as const);
