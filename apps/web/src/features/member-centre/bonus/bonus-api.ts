import type { BonusView } from "@panalo/contracts/bonus";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../session/session-store.ts";
import { WALLET_KEY } from "../wallet/wallet-api.ts";

/**
 * The bonus wallet's calls: bonusDetails's list, and the deposit page's choice. Both
 * live under the wallet's query key, so a balance push (a settled bet moved the bar) reloads them.
 */
export type { BonusView };

export interface DepositBonusOption {
  id: number;
  name: string;
  kind: "first_deposit" | "reload";
  percent: number;
  maxBonus: string | null;
  minDeposit: string;
  wageringMultiple: number;
  wageringBase: "bonus" | "bonus_deposit";
  bonusForAmount: string | null;
}

export function useBonuses() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...WALLET_KEY, token, "bonuses"],
    queryFn: () => api<{ items: BonusView[] }>("/wps/bonus/list"),
    enabled: token !== null,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useDepositBonusOptions(amount: string | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...WALLET_KEY, token, "depositBonuses", amount],
    queryFn: () =>
      api<{ eligible: boolean; items: DepositBonusOption[] }>(
        `/wps/bonus/depositOptions${amount ? `?amount=${encodeURIComponent(amount)}` : ""}`,
      ),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}
