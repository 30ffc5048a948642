import "../../i18n/texts/wallet.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { ApiError, api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { checkAmount } from "./amount.ts";
import { AmountField } from "./amount-field.tsx";
import { walletFieldErrors } from "./errors.ts";
import { amountMessage, money } from "./money.ts";
import { pinInput } from "./tx-password-form.tsx";
import {
  newRequestId,
  type PayoutAccount,
  refreshWallet,
  useWithdrawalLimits,
  type Withdrawal,
} from "./wallet-api.ts";

/**
 * A withdrawal request (POST /wps/withdrawals): to one of the player's payout accounts, no more
 * than the main wallet holds, confirmed with the transaction password. The platform holds the
 * amount at once; the operator then pays it or gives it back.
 */
export function WithdrawForm(props: {
  accounts: PayoutAccount[];
  /** The main wallet: what can be withdrawn. */
  available: string | undefined;
  symbol: string | undefined;
  onSent: (w: Withdrawal) => void;
  onNeedTxPassword: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [accountId, setAccountId] = useState(props.accounts[0]?.id ?? 0);
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const limits = useWithdrawalLimits().data;
  const check = checkAmount(amount, {
    balance: props.available,
    min: limits?.minAmount,
    max: limits?.maxAmount,
  });
  const amountError =
    serverErrors.amount ?? (submitted || amount !== "" ? amountMessage(check, t, props.symbol) : undefined);
  const passwordError =
    serverErrors.transactionPassword ??
    (submitted && !/^\d{6}$/.test(password) ? t("wallet.txPassword.sixDigits") : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    if (!check.ok || !/^\d{6}$/.test(password) || !accountId) return;
    setBusy(true);
    try {
      const w = await api<Withdrawal>("/wps/withdrawals", {
        method: "POST",
        body: { amount: check.amount, payoutAccountId: accountId, transactionPassword: password, requestId },
      });
      setRequestId(newRequestId());
      setAmount("");
      setPassword("");
      setSubmitted(false);
      void refreshWallet();
      toast(t("wallet.withdraw.sent"), "success");
      props.onSent(w);
    } catch (err) {
      if (err instanceof ApiError && err.code === "TX_PASSWORD_NOT_SET") {
        props.onNeedTxPassword(err.message || t("wallet.txPassword.notSet"));
        return;
      }
      const fields = walletFieldErrors(err, t);
      setServerErrors(fields);
      if (!fields.amount && !fields.transactionPassword) setFormError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      <Field id={`${id}-account`} label={t("wallet.withdraw.account")} required>
        <select
          id={`${id}-account`}
          className="input"
          value={accountId}
          onChange={(e) => setAccountId(Number(e.target.value))}
          data-testid="withdraw-account"
        >
          {props.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.provider} · {a.accountNumber} · {a.accountName}
            </option>
          ))}
        </select>
      </Field>
      <AmountField
        id={`${id}-amount`}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setServerErrors({});
        }}
        symbol={props.symbol}
        error={amountError}
        hint={
          [
            limits
              ? t("wallet.amount.limits", {
                  min: money(props.symbol, limits.minAmount),
                  max: money(props.symbol, limits.maxAmount),
                })
              : null,
            limits?.dailyMax
              ? t("wallet.amount.vipDailyMax", {
                  level: limits.vipName,
                  max: money(props.symbol, limits.dailyMax),
                  used: money(props.symbol, limits.usedToday),
                })
              : null,
            limits?.dailyCount
              ? t("wallet.amount.vipDailyCount", {
                  level: limits.vipName,
                  count: limits.dailyCount,
                  used: limits.countToday,
                })
              : null,
            props.available !== undefined
              ? t("wallet.amount.available", { amount: money(props.symbol, props.available) })
              : null,
          ]
            .filter(Boolean)
            .join(" · ") || undefined
        }
        testId="withdraw-amount"
      />
      <Field id={`${id}-password`} label={t("wallet.txPassword.label")} error={passwordError} required>
        <input
          id={`${id}-password`}
          {...pinInput}
          value={password}
          onChange={(e) => setPassword(e.target.value.replace(/\D/g, ""))}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          data-testid="withdraw-password"
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid="withdraw-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={busy}
        data-testid="withdraw-submit"
      >
        {busy ? t("common.loading") : t("wallet.withdraw.submit")}
      </button>
    </form>
  );
}
