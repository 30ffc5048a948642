import "../../i18n/texts/wallet.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showDialog } from "../../../components/dialogs.tsx";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { ApiError, api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { checkAmount } from "./amount.ts";
import { AmountField } from "./amount-field.tsx";
import { walletFieldErrors } from "./errors.ts";
import { amountMessage, money } from "./money.ts";
import { pinInput } from "./tx-password-form.tsx";
import { newRequestId, refreshWallet } from "./wallet-api.ts";

/**
 * A transfer of main-wallet money to another player of the same team (spec §6): a downline to
 * its own upline (POST /wps/relay/transferUpline), an agent to one of its own downlines
 * (POST /wps/relay/transferToDownline, with the downline's username). The player confirms the
 * amount and the receiver before the money moves; the transaction password authorises it.
 */
export function TransferForm(props: {
  direction: "upline" | "downline";
  available: string | undefined;
  symbol: string | undefined;
  /** The platform answered that this move is not open to the player (no upline, not an agent). */
  onRefused?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toDownline = props.direction === "downline";
  const [downline, setDownline] = useState("");
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const check = checkAmount(amount, { balance: props.available });
  const amountError =
    serverErrors.amount ?? (submitted || amount !== "" ? amountMessage(check, t, props.symbol) : undefined);
  const downlineError =
    serverErrors.downline ??
    (submitted && toDownline && !downline.trim() ? t("wallet.transfer.downlineRequired") : undefined);
  const passwordError =
    serverErrors.transactionPassword ??
    (submitted && !/^\d{6}$/.test(password) ? t("wallet.txPassword.sixDigits") : undefined);
  const testId = `transfer-${props.direction}`;

  const send = async (amountText: string) => {
    setBusy(true);
    try {
      await api<{ transactionId: number; amount: string }>(
        toDownline ? "/wps/relay/transferToDownline" : "/wps/relay/transferUpline",
        {
          method: "POST",
          body: {
            amount: amountText,
            transactionPassword: password,
            requestId,
            ...(toDownline ? { downline: downline.trim() } : {}),
          },
        },
      );
      setRequestId(newRequestId());
      setAmount("");
      setPassword("");
      setSubmitted(false);
      void refreshWallet();
      toast(t("wallet.transfer.done", { amount: money(props.symbol, amountText) }), "success");
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      if (code === "NO_UPLINE" || code === "AGENTS_ONLY") {
        props.onRefused?.(errorText(err, t));
        return;
      }
      const fields = walletFieldErrors(err, t);
      if (code === "NOT_YOUR_DOWNLINE") fields.downline = errorText(err, t);
      // In the team but not directly below: only direct downlines receive transfers.
      if (code === "NOT_DIRECT_DOWNLINE") fields.downline = t("wallet.transfer.notDirectDownline");
      setServerErrors(fields);
      if (!fields.amount && !fields.transactionPassword && !fields.downline) setFormError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    if (!check.ok || !/^\d{6}$/.test(password) || (toDownline && !downline.trim())) return;
    const amountText = check.amount;
    showDialog({
      icon: "warning",
      title: t(toDownline ? "wallet.transfer.toDownlineTitle" : "wallet.transfer.toUplineTitle"),
      text: toDownline
        ? t("wallet.transfer.confirmDownline", {
            amount: money(props.symbol, amountText),
            name: downline.trim(),
          })
        : t("wallet.transfer.confirmUpline", { amount: money(props.symbol, amountText) }),
      testId: "transfer-confirm",
      buttons: [
        { label: t("common.cancel") },
        { label: t("wallet.transfer.submit"), primary: true, onClick: () => void send(amountText) },
      ],
    });
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate data-testid={testId}>
      {toDownline && (
        <Field id={`${id}-downline`} label={t("wallet.transfer.downline")} error={downlineError} required>
          <input
            id={`${id}-downline`}
            className="input"
            maxLength={40}
            autoComplete="off"
            value={downline}
            onChange={(e) => setDownline(e.target.value)}
            aria-invalid={downlineError ? true : undefined}
            data-testid={`${testId}-name`}
          />
        </Field>
      )}
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
          props.available !== undefined
            ? t("wallet.amount.available", { amount: money(props.symbol, props.available) })
            : undefined
        }
        testId={`${testId}-amount`}
      />
      <Field id={`${id}-password`} label={t("wallet.txPassword.label")} error={passwordError} required>
        <input
          id={`${id}-password`}
          {...pinInput}
          value={password}
          onChange={(e) => setPassword(e.target.value.replace(/\D/g, ""))}
          aria-invalid={passwordError ? true : undefined}
          data-testid={`${testId}-password`}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid={`${testId}-error`}>
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={busy}
        data-testid={`${testId}-submit`}
      >
        {busy ? t("common.loading") : t("wallet.transfer.submit")}
      </button>
    </form>
  );
}
