import "../../i18n/texts/wallet.ts";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";
import { fieldErrorsOf } from "../../account/form-errors.ts";
import { i18next } from "../../i18n/i18n.ts";

/**
 * The platform's refusals of wallet fields, by field: the payments module names a field and a
 * rule (TX_PASSWORD_WRONG, PAYEE_NAME_MISMATCH, account_number_digits, …) that the wallet
 * catalog words in the player's language; other rules keep the shared wording.
 */
export function walletFieldErrors(err: unknown, t: TFunction): Record<string, string> {
  const out = fieldErrorsOf(err, t);
  if (!(err instanceof ApiError)) return out;
  for (const d of err.details) {
    const path = d.path.split(".")[0] ?? d.path;
    const key = `wallet.apiField.${d.message}`;
    if (path && i18next.exists(key)) out[path] = t(key);
  }
  return out;
}
