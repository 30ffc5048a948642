import "../../i18n/texts/wallet.ts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { ApiError, api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../session/session-store.ts";
import { checkAmount } from "./amount.ts";
import { AmountField } from "./amount-field.tsx";
import { walletFieldErrors } from "./errors.ts";
import { amountMessage, money } from "./money.ts";
import { type Funds, newRequestId, refreshWallet } from "./wallet-api.ts";

export interface TransferVendor {
  vendor: string;
  name: string;
}

/**
 * The vendors that keep a wallet of their own (GET /wps/relay/GCS_transferVendors). With sync=1
 * the platform first reads each of the member's vendor wallets from its vendor, so the page shows
 * what was won or lost there since the last visit.
 */
export function useTransferVendors() {
  const token = useSession((s) => s.token);
  return useQuery({
    // Outside WALLET_KEY: this call refreshes the wallet queries when it answers, and a query
    // that invalidated itself would refetch forever and keep cancelling the others' refetches.
    queryKey: [MEMBER_QUERY_ROOT, "transferVendors", token],
    queryFn: async () => {
      const r = await api<{ vendors: TransferVendor[] }>("/wps/relay/GCS_transferVendors?sync=1");
      void refreshWallet();
      return r.vendors;
    },
    enabled: token !== null,
    staleTime: 30_000,
  });
}

interface TransferAnswer {
  transferId: string;
  status: "pending" | "unknown" | "done" | "failed";
  amount: string;
}

/**
 * spec §7 GCS_walletTransfer: money between the main wallet and a game provider's own wallet.
 * The amount is checked against the wallet it leaves before any call; a transfer the provider
 * has not confirmed yet is told plainly (the platform settles it by itself).
 */
export function VendorTransferForm(props: { vendors: TransferVendor[]; funds: Funds }) {
  const { t } = useTranslation();
  const id = useId();
  const symbol = props.funds.currencySymbol;
  const [vendor, setVendor] = useState(props.vendors[0]?.vendor ?? "");
  const [direction, setDirection] = useState<"in" | "out">("in");
  const [amount, setAmount] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const vendorBalance = props.funds.vendors.find((v) => v.vendor === vendor)?.balance ?? "0.00";
  const available = direction === "in" ? props.funds.main : vendorBalance;
  const check = checkAmount(amount, { balance: available });
  const amountError =
    serverErrors.amount ?? (submitted || amount !== "" ? amountMessage(check, t, symbol) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    setNotice(null);
    if (!check.ok || !vendor) return;
    setBusy(true);
    try {
      const r = await api<TransferAnswer>("/wps/relay/GCS_walletTransfer", {
        method: "POST",
        body: {
          fromWallet: direction === "in" ? "MAIN" : vendor,
          toWallet: direction === "in" ? vendor : "MAIN",
          amount: check.amount,
          requestId,
        },
      });
      setRequestId(newRequestId());
      setAmount("");
      setSubmitted(false);
      if (r.status === "done")
        toast(t("wallet.vendorTransfer.done", { amount: money(symbol, r.amount) }), "success");
      else setNotice(t("wallet.vendorTransfer.checking"));
    } catch (err) {
      // A refusal is final (the money is back): the next press is a new transfer.
      if (err instanceof ApiError) setRequestId(newRequestId());
      const fields = walletFieldErrors(err, t);
      setServerErrors(fields);
      if (!fields.amount) setFormError(errorText(err, t));
    } finally {
      setBusy(false);
      void refreshWallet();
    }
  };

  return (
    <form className="wallet-form" onSubmit={(e) => void submit(e)} noValidate data-testid="vendor-transfer">
      <Field id={`${id}-vendor`} label={t("wallet.vendorTransfer.vendor")} required>
        <select
          id={`${id}-vendor`}
          className="input"
          value={vendor}
          onChange={(e) => setVendor(e.target.value)}
          data-testid="vendor-transfer-vendor"
        >
          {props.vendors.map((v) => (
            <option key={v.vendor} value={v.vendor}>
              {v.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="radio-row">
        <legend>{t("wallet.vendorTransfer.direction")}</legend>
        {(["in", "out"] as const).map((d) => (
          <label key={d}>
            <input
              type="radio"
              name={`${id}-direction`}
              value={d}
              checked={direction === d}
              onChange={() => setDirection(d)}
              data-testid={`vendor-transfer-${d}`}
            />{" "}
            {t(d === "in" ? "wallet.vendorTransfer.toVendor" : "wallet.vendorTransfer.fromVendor")}
          </label>
        ))}
      </fieldset>
      <AmountField
        id={`${id}-amount`}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setServerErrors({});
        }}
        symbol={symbol}
        error={amountError}
        hint={t("wallet.amount.available", { amount: money(symbol, available) })}
        testId="vendor-transfer-amount"
      />
      {formError && (
        <p className="form-error" role="alert" data-testid="vendor-transfer-error">
          {formError}
        </p>
      )}
      {notice && (
        <p className="form-notice" role="status" data-testid="vendor-transfer-notice">
          {notice}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={busy}
        data-testid="vendor-transfer-submit"
      >
        {busy ? t("common.loading") : t("wallet.vendorTransfer.submit")}
      </button>
    </form>
  );
}
