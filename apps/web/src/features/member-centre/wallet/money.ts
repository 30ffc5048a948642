import "../../i18n/texts/wallet.ts";
import { formatMoney } from "@panalo/contracts/money-format";
import type { TFunction } from "i18next";
import type { AmountCheck } from "./amount.ts";

/** An amount as the site shows it (spec §9): the currency symbol, two decimals, separators. */
export function money(symbol: string | undefined, amount: string): string {
  return formatMoney(amount, symbol ?? "");
}

/** The message under an amount field for a refused amount, in the player's language. */
export function amountMessage(
  check: AmountCheck,
  t: TFunction,
  symbol: string | undefined,
): string | undefined {
  if (check.ok) return undefined;
  return t(`wallet.amount.${check.problem}`, { limit: check.limit ? money(symbol, check.limit) : "" });
}
