import type { ComponentType, LazyExoticComponent } from "react";
import type { MemberPage } from "../account/account-ui.ts";
import { lazy } from "../i18n/lazy.ts";

/**
 * The member centre's pages that exist, each its own chunk (spec §2 "Personal centre menu").
 * The menu lists exactly these, in spec order.
 */
export const MEMBER_CENTRE_PAGES: Partial<Record<MemberPage, LazyExoticComponent<ComponentType>>> = {
  securityCenter: lazy(() => import("./pages/security-center.tsx")),
  transferFund: lazy(() => import("./pages/transfer-fund.tsx")),
  depositv2: lazy(() => import("./pages/deposit.tsx")),
  withdraw: lazy(() => import("./pages/withdraw.tsx")),
  transferUpline: lazy(() => import("./pages/transfer-upline.tsx")),
  personalHistoryCopy: lazy(() => import("./pages/betting-record.tsx")),
  transactionHistory: lazy(() => import("./pages/transaction-history.tsx")),
  personalProfit: lazy(() => import("./pages/personal-profit.tsx")),
  bonusDetails: lazy(() => import("./pages/bonus-details.tsx")),
  rewardCenter: lazy(() => import("./pages/reward-center.tsx")),
  referral: lazy(() => import("./pages/referral.tsx")),
  messageV2: lazy(() => import("./pages/messages.tsx")),
  manualRebate: lazy(() => import("./pages/manual-rebate.tsx")),
  responsibleGaming: lazy(() => import("./pages/responsible-gaming.tsx")),
  missionLeaderboard: lazy(() => import("./pages/mission-leaderboard.tsx")),
};
