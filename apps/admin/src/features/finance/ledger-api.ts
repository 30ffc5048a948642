import { formatMinor } from "@panalo/contracts/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api, isApiCode } from "../../lib/api.ts";
import { type TextKey, t } from "../../lib/i18n.ts";

const walletKey = ["finance", "wallet"] as const;

const PlayerBrief = z.object({
  player: z.object({ id: z.number().int(), username: z.string(), currency: z.string() }),
});

/** The player behind an ID (GET /api/admin/players/:id); null when there is none. */
export function usePlayerBrief(id: number | null) {
  return useQuery({
    queryKey: ["finance", "player-brief", id],
    // A wrong ID is an answer (null), not a failed call with a toast.
    queryFn: ({ signal }) =>
      api.get(`/players/${id}`, PlayerBrief, signal).then(
        (v) => v.player,
        (err: unknown) => {
          if (isApiCode(err, "NOT_FOUND")) return null;
          throw err;
        },
      ),
    enabled: id !== null,
  });
}

/** GET /api/admin/players/:id/wallet: the balances the member sees, and money held for withdrawals. */
export const WalletSummary = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  sumBalance: z.string(),
  main: z.string(),
  bonus: z.string(),
  held: z.string(),
  vendors: z.array(z.object({ vendor: z.string(), balance: z.string() })),
});
export type WalletSummary = z.infer<typeof WalletSummary>;

export function useWallet(memberId: number) {
  return useQuery({
    queryKey: [...walletKey, memberId, "summary"],
    queryFn: ({ signal }) =>
      api.get(`/players/${memberId}/wallet`, z.object({ summary: WalletSummary }), signal),
    select: (v) => v.summary,
    staleTime: 0,
  });
}

/** GET /api/admin/players/:id/ledger: every entry of every account of the member, newest first. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  type: z.string(),
  wallet: z.string(),
  currency: z.string(),
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  reference: z.string().nullable(),
  time: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
const LedgerPage = z.object({ items: z.array(LedgerEntry), total: z.number().int() });

export function useMemberLedger(memberId: number, q: { page: number; pageSize: number; type: string }) {
  return useQuery({
    queryKey: [...walletKey, memberId, "ledger", q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.type) params.set("type", q.type);
      return api.get(`/players/${memberId}/ledger?${params}`, LedgerPage, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The movement types the ledger writes (ledger callers' `type`), as catalogue keys for the
 * filter; the words are looked up when shown, so they follow the operator's language.
 */
export const MOVEMENT_TYPES: Record<string, TextKey> = {
  deposit: "ledger.movement.deposit",
  withdrawal_hold: "ledger.movement.withdrawalHold",
  withdrawal_paid: "ledger.movement.withdrawalPaid",
  withdrawal_released: "ledger.movement.withdrawalReleased",
  adjustment: "ledger.movement.adjustment",
  transfer: "ledger.movement.transfer",
  bet: "ledger.movement.bet",
  win: "ledger.movement.win",
  rollback: "ledger.movement.rollback",
  play_grant: "ledger.movement.playGrant",
};

export function movementLabel(type: string): string {
  const key = MOVEMENT_TYPES[type];
  return key ? t(key) : type.replace(/_/g, " ");
}

/**
 * GET /api/admin/ledger/reconciliation (ledger.ts `reconcile`). Its sums are raw centavos
 * ("-150000"), turned into amounts here.
 */
const Minor = z
  .string()
  .regex(/^-?\d+$/)
  .transform((v) => formatMinor(BigInt(v)));
export const Reconciliation = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transactions: z.number().int(),
  balanceMismatches: z.array(z.object({ accountId: z.number().int(), stored: Minor, sum: Minor })),
  unbalancedTransactions: z.array(z.number().int()),
  totals: z.record(z.string(), Minor),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

/** GET /api/admin/ledger/accounts: each account, its stored balance and the sum of its entries. */
export const AccountCheck = z.object({
  accountId: z.number().int(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  kind: z.string(),
  currency: z.string(),
  /** null for house accounts: their balance is the sum of their entries. */
  balance: z.string().nullable(),
  entriesSum: z.string(),
  entries: z.number().int(),
  ok: z.boolean(),
});
export type AccountCheck = z.infer<typeof AccountCheck>;
const AccountsPage = z.object({ items: z.array(AccountCheck), total: z.number().int() });

export const reconciliationKey = ["finance", "reconciliation"] as const;

/** GET /api/admin/ledger/reconciliation/daily: the scheduler's run of each Manila day. */
export const DailyReport = z.object({
  day: z.string(),
  ok: z.boolean(),
  accounts: z.number().int(),
  transactions: z.number().int(),
  balanceMismatches: z.number().int(),
  unbalancedTransactions: z.number().int(),
  totals: z.record(z.string(), Minor),
  ranAt: z.string(),
});
export type DailyReport = z.infer<typeof DailyReport>;

export function useDailyReports() {
  return useQuery({
    queryKey: [...reconciliationKey, "daily"],
    queryFn: ({ signal }) =>
      api.get("/ledger/reconciliation/daily", z.object({ reports: z.array(DailyReport) }), signal),
  });
}

/**
 * The report runs on the server each time it is asked for; `enabled` stays false until the
 * operator presses Run, and "Run again" refetches.
 */
export function useReconciliation(enabled: boolean) {
  return useQuery({
    queryKey: [...reconciliationKey, "summary"],
    queryFn: ({ signal }) => api.get("/ledger/reconciliation", Reconciliation, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAccountChecks(enabled: boolean, q: { page: number; pageSize: number; problems: boolean }) {
  return useQuery({
    queryKey: [...reconciliationKey, "accounts", q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(q.page),
        pageSize: String(q.pageSize),
        problems: String(q.problems),
      });
      return api.get(`/ledger/accounts?${params}`, AccountsPage, signal);
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
