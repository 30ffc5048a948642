/**
 * The ledger module's public face: what other modules may use of it. Nobody else writes ledger
 * tables; a movement is posted here (legs summing to zero, member accounts locked in id order,
 * an idempotency key per movement) and members' open pages are told their balance changed.
 */

export { dailyReconciliation, dailyReports } from "./daily-reconciliation.ts";
export {
  type AccountRef,
  type Leg,
  type MemberKind,
  memberBalances,
  type PostInput,
  type PostResult,
  post,
  postIn,
  postManyIn,
  type Reconciliation,
  reconcile,
  transfer,
} from "./ledger.ts";
export { BALANCE_CHANNEL, notifyMember, notifyMembers, postAndNotify } from "./notify.ts";
export {
  type LedgerFilter,
  type LedgerSort,
  type LedgerTransactionRow,
  ledgerTransactionCount,
  ledgerTransactionRows,
  newestTransactionId,
} from "./repo/transactions.ts";
export {
  type AccountBalanceRow,
  type AccountLine,
  accountBalancesPage,
  type EntriesQuery,
  entriesPage,
  houseAccount,
  isPosted,
  lockMainBalances,
  memberAccounts,
} from "./repo.ts";
