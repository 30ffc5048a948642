import type { ChatMoneyLine } from "@panalo/contracts/chat";
import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import {
  depositLines,
  type MoneyLineRow,
  OPEN_DEPOSIT_STATES,
  OPEN_WITHDRAWAL_STATES,
  withdrawalLines,
} from "./repo.ts";

/**
 * What other modules may read of the payments tables. They call these functions and never
 * query `deposits` or `withdrawals` themselves.
 */

// The payout facts the back office's player page shows (handed to the members' routes by app.ts).
export { payoutAccountCount } from "./repo/withdrawals.ts";
export { type WithdrawalState, withdrawalStates } from "./repo.ts";
export { payoutLedgerReference, WITHDRAWAL_LIMITS } from "./withdrawals.ts";

/**
 * The member's deposits and withdrawals for the chat console: every open one (up to `limit`
 * each) and the latest `limit`, newest first, with amount, state and times. Nothing of the
 * payout account, the proof or the gateway: the player page keeps those for finance.
 */
export async function memberPaymentLines(
  exec: Executor,
  memberId: number,
  limit: number,
): Promise<{ deposits: ChatMoneyLine[]; withdrawals: ChatMoneyLine[] }> {
  const [deps, wds] = await Promise.all([
    depositLines(exec, memberId, limit),
    withdrawalLines(exec, memberId, limit),
  ]);
  const openDeposit = new Set<string>(OPEN_DEPOSIT_STATES);
  const openWithdrawal = new Set<string>(OPEN_WITHDRAWAL_STATES);
  const line = (open: Set<string>) => (r: MoneyLineRow) => ({
    id: r.id,
    amount: formatMinor(r.amount),
    currency: r.currency,
    status: r.status,
    open: open.has(r.status),
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  });
  return { deposits: deps.map(line(openDeposit)), withdrawals: wds.map(line(openWithdrawal)) };
}
