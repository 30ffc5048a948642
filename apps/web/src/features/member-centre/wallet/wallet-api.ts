import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryClient } from "../../../app/query-client.ts";
import { api } from "../../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../session/session-store.ts";

/**
 * The wallet calls of the member centre (spec §7 "Wallet") and their answers, as the
 * platform's payments and wallet modules send them. Every query lives under
 * [member, "wallet", …] so a new session never sees the last one's data and one balance push
 * refreshes them all.
 */
export const WALLET_KEY = [MEMBER_QUERY_ROOT, "wallet"] as const;

/** GET /wps/member/info/funds/consolidated */
export interface Funds {
  currency: string;
  currencySymbol: string;
  sumBalance: string;
  main: string;
  bonus: string;
  /** Held for withdrawals waiting for the operator: not available. */
  held: string;
  vendors: { vendor: string; balance: string }[];
}

/** GET /wps/deposit/channels */
export interface DepositChannel {
  id: number;
  code: string;
  kind: "bank" | "gateway";
  name: string;
  adapter: string | null;
  minAmount: string;
  maxAmount: string;
  /** Bank transfers: the operator's account (bankName, accountName, accountNumber). */
  details: Record<string, string>;
}

export type DepositStatus = "pending" | "approved" | "rejected" | "awaiting_payment" | "paid" | "failed";
export interface Deposit {
  id: number;
  channelId: number;
  amount: string;
  currency: string;
  status: DepositStatus;
  reference: string | null;
  proofUrl: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface PayoutAccount {
  id: number;
  kind: "bank" | "ewallet";
  provider: string;
  accountName: string;
  accountNumber: string;
}

/** spec §4: after payment the member marks it received, partly received or not received. */
export type WithdrawalStatus =
  | "pending"
  | "paid"
  | "rejected"
  | "received"
  | "partly_received"
  | "not_received"
  | "auto_received";
export interface Withdrawal {
  id: number;
  amount: string;
  currency: string;
  /** The account number arrives masked (••••1234). */
  payout: Omit<PayoutAccount, "id">;
  status: WithdrawalStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  receiptAt: string | null;
  proofUrl: string | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/** POST /wps/relay/ODSFE2_MemTransDet: one ledger entry of one of the member's wallets. */
export interface AccountRecord {
  id: number;
  /** A withdrawal's line: the withdrawal's state, one line per withdrawal. */
  state?: WithdrawalStatus | null;
  transactionId: number;
  type: string;
  wallet: string;
  currency: string;
  amount: string;
  balanceAfter: string | null;
  reference: string | null;
  time: string;
}
export interface RecordsQuery {
  startDate: string;
  endDate: string;
  types?: string[];
  page: number;
  pageSize: number;
}

const walletQuery = <T>(token: string | null, key: unknown[], fn: () => Promise<T>) => ({
  queryKey: [...WALLET_KEY, token, ...key],
  queryFn: fn,
  enabled: token !== null,
  staleTime: 15_000,
  placeholderData: keepPreviousData,
});

export function useFunds() {
  const token = useSession((s) => s.token);
  return useQuery(walletQuery(token, ["funds"], () => api<Funds>("/wps/member/info/funds/consolidated")));
}

export function useDepositChannels() {
  const token = useSession((s) => s.token);
  return useQuery(walletQuery(token, ["channels"], () => api<DepositChannel[]>("/wps/deposit/channels")));
}

export function useDeposits(page: number, pageSize: number) {
  const token = useSession((s) => s.token);
  return useQuery(
    walletQuery(token, ["deposits", page, pageSize], () =>
      api<Paged<Deposit>>(`/wps/deposits?page=${page}&pageSize=${pageSize}`),
    ),
  );
}

/** The outcome of a deposit as the player sees it: credited, failed, or still pending. */
export type DepositOutcome = "credited" | "failed" | "pending";
export function depositOutcome(status: DepositStatus): DepositOutcome {
  if (status === "paid" || status === "approved") return "credited";
  if (status === "failed" || status === "rejected") return "failed";
  return "pending";
}

/**
 * One of the member's deposits (GET /wps/deposits/:id), asked again every few seconds while it
 * is pending — a gateway's callback may come before or after the player is back — and at once
 * on every balance push (useRefreshOnBalancePush refreshes the whole wallet).
 */
export function useDeposit(id: number | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...WALLET_KEY, token, "deposit", id],
    queryFn: () => api<Deposit>(`/wps/deposits/${id}`),
    enabled: token !== null && id !== undefined,
    refetchInterval: (q) =>
      q.state.data && depositOutcome(q.state.data.status) !== "pending" ? false : 3000,
  });
}

export function useWithdrawals(page: number, pageSize: number) {
  const token = useSession((s) => s.token);
  return useQuery(
    walletQuery(token, ["withdrawals", page, pageSize], () =>
      api<Paged<Withdrawal>>(`/wps/withdrawals?page=${page}&pageSize=${pageSize}`),
    ),
  );
}

/** GET /wps/withdrawals/limits: the smallest and largest withdrawal, shown up front. */
export function useWithdrawalLimits() {
  const token = useSession((s) => s.token);
  return useQuery(
    walletQuery(token, ["withdrawalLimits"], () =>
      api<{
        minAmount: string;
        maxAmount: string;
        // The VIP level's daily limits (null: none) and what today has used.
        vipLevel: number;
        vipName: string;
        dailyMax: string | null;
        dailyCount: number | null;
        usedToday: string;
        countToday: number;
      }>("/wps/withdrawals/limits"),
    ),
  );
}

export function usePayoutAccounts() {
  const token = useSession((s) => s.token);
  return useQuery(
    walletQuery(token, ["payoutAccounts"], () => api<PayoutAccount[]>("/wps/member/payoutAccounts")),
  );
}

export function useAccountRecords(q: RecordsQuery) {
  const token = useSession((s) => s.token);
  return useQuery(
    walletQuery(token, ["records", q], () =>
      api<Paged<AccountRecord>>("/wps/relay/ODSFE2_MemTransDet", { method: "POST", body: q }),
    ),
  );
}

/** After a call that moved money or changed the member's wallet set-up. */
export function refreshWallet(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...WALLET_KEY] });
}

/**
 * Every balance push (features/account/balance-socket.ts writes the header's balance query)
 * means money moved — a gateway paid, the operator approved or paid — so the wallet pages
 * load their figures and lists again without a reload. The push can carry the same total as
 * before (a withdrawal paid out of the hold), so each write counts, not only a changed value.
 */
export function useRefreshOnBalancePush(): void {
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        const [root, kind] = event.query.queryKey;
        if (root === MEMBER_QUERY_ROOT && kind === "balance") void refreshWallet();
      }),
    [],
  );
}

/** A fresh id for one money request: a retried call with the same id moves money once. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
