import "../../i18n/texts/wallet.ts";
import { EWALLET_PROVIDERS } from "@panalo/contracts/payout";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { walletFieldErrors } from "./errors.ts";
import { type PayoutAccount, refreshWallet } from "./wallet-api.ts";

/** Suggestions only: the player may name another bank. An e-wallet is one of the list. */
const BANKS = [
  "BDO",
  "BPI",
  "Metrobank",
  "Landbank",
  "PNB",
  "Security Bank",
  "UnionBank",
  "RCBC",
  "China Bank",
];

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The player's payout accounts, as the platform shows them. */
export function PayoutAccountList({ accounts }: { accounts: PayoutAccount[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p className="muted">{t("wallet.payout.none")}</p>;
  return (
    <ul className="payout-list" data-testid="payout-accounts">
      {accounts.map((a) => (
        <li key={a.id} className="payout-item" data-testid="payout-account">
          <span className="payout-kind">{t(`wallet.payout.kind.${a.kind}`)}</span>
          <strong>{a.provider}</strong>
          <span>{a.accountNumber}</span>
          <span className="muted">{a.accountName}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Bind a payout account (POST /wps/member/payoutAccounts): a bank or an e-wallet, in the
 * player's real name only (the platform refuses any other payee), with its account number.
 */
export function PayoutAccountForm(props: { realName: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<PayoutAccount["kind"]>("ewallet");
  const [provider, setProvider] = useState("");
  const [accountName, setAccountName] = useState(props.realName);
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const number = accountNumber.replace(/[\s-]/g, "");
    const found: Record<string, string> = {};
    if (provider.trim().length < 2) found.provider = t("wallet.payout.providerRequired");
    if (!sameName(accountName, props.realName)) found.accountName = t("wallet.payout.nameMismatch");
    if (!/^\d{6,20}$/.test(number)) found.accountNumber = t("wallet.apiField.account_number_digits");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api<PayoutAccount>("/wps/member/payoutAccounts", {
        method: "POST",
        body: { kind, provider: provider.trim(), accountName: accountName.trim(), accountNumber: number },
      });
      toast(t("wallet.payout.saved"), "success");
      setProvider("");
      setAccountNumber("");
      await refreshWallet();
      props.onDone?.();
    } catch (err) {
      const fields = walletFieldErrors(err, t);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const input = (name: string) => ({
    id: `${id}-${name}`,
    className: "input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    "data-testid": `payout-${name}`,
  });

  return (
    <form className="wallet-form step-card" onSubmit={submit} noValidate data-testid="payout-form">
      <h3>{t("wallet.payout.addTitle")}</h3>
      <p className="muted">{t("wallet.payout.lead")}</p>
      <Field id={`${id}-kind`} label={t("wallet.payout.kindLabel")} required>
        <select
          {...input("kind")}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value === "bank" ? "bank" : "ewallet");
            setProvider("");
          }}
        >
          <option value="ewallet">{t("wallet.payout.kind.ewallet")}</option>
          <option value="bank">{t("wallet.payout.kind.bank")}</option>
        </select>
      </Field>
      <Field
        id={`${id}-provider`}
        label={t(`wallet.payout.provider.${kind}`)}
        error={errors.provider}
        required
      >
        {kind === "ewallet" ? (
          <select {...input("provider")} value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="" disabled>
              {t("wallet.payout.chooseEwallet")}
            </option>
            {EWALLET_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              {...input("provider")}
              list={`${id}-providers`}
              maxLength={60}
              autoComplete="off"
              value={provider}
              onChange={(e) => setProvider(e.target.value)}
            />
            <datalist id={`${id}-providers`}>
              {BANKS.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field
        id={`${id}-accountName`}
        label={t("wallet.payout.accountName")}
        error={errors.accountName}
        required
      >
        <input
          {...input("accountName")}
          maxLength={60}
          autoComplete="name"
          value={accountName}
          onChange={(e) => setAccountName(e.target.value)}
        />
      </Field>
      <Field
        id={`${id}-accountNumber`}
        label={t(kind === "bank" ? "wallet.payout.accountNumber" : "wallet.payout.mobileNumber")}
        error={errors.accountNumber}
        required
      >
        <input
          {...input("accountNumber")}
          inputMode="numeric"
          maxLength={24}
          autoComplete="off"
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid="payout-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy} data-testid="payout-submit">
        {busy ? t("common.loading") : t("wallet.payout.submit")}
      </button>
    </form>
  );
}
