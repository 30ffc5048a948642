import "../../i18n/texts/wallet.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { useProfile, useRefreshProfile } from "../account/account-api.ts";
import { walletFieldErrors } from "./errors.ts";

const SIX_DIGITS = /^\d{6}$/;

/** The attributes of a six-digit PIN input. */
export const pinInput = {
  type: "password",
  inputMode: "numeric",
  maxLength: 6,
  autoComplete: "off",
  className: "input pin-input",
} as const;

/**
 * The transaction password (PUT /wps/member/transactionPassword): six digits, apart from the
 * login password, asked for every withdrawal and transfer. The member's profile says whether
 * one is set: with one, the form opens to change it (the current one asked first); the player
 * may switch, and a refusal that says one exists switches it too.
 *
 * Sent as typed, like the other wallet calls: the platform decrypts only the login password
 * fields (members/field-crypto.ts SENSITIVE) and checks these as six digits.
 */
export function TxPasswordForm(props: { notice?: string | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const profile = useProfile();
  const refreshProfile = useRefreshProfile();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const change = chosen ?? profile.data?.txPasswordSet ?? false;
  const setChange = (next: boolean) => setChosen(next);
  const [values, setValues] = useState({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (change && !SIX_DIGITS.test(values.current)) found.current = t("wallet.txPassword.sixDigits");
    if (!SIX_DIGITS.test(values.next)) found.next = t("wallet.txPassword.sixDigits");
    if (values.confirm !== values.next) found.confirm = t("wallet.txPassword.mismatch");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api<null>("/wps/member/transactionPassword", {
        method: "PUT",
        body: {
          currentTransactionPassword: change ? values.current : undefined,
          newTransactionPassword: values.next,
        },
      });
      toast(t("wallet.txPassword.saved"), "success");
      setValues({ current: "", next: "", confirm: "" });
      setChange(true);
      void refreshProfile();
      props.onDone?.();
    } catch (err) {
      const fields = walletFieldErrors(err, t);
      if (fields.currentTransactionPassword && !change) {
        // There is one already: changing it needs the current one.
        setChange(true);
        setErrors({ current: t("wallet.txPassword.alreadySet") });
      } else if (fields.currentTransactionPassword || fields.newTransactionPassword) {
        setErrors({ current: fields.currentTransactionPassword, next: fields.newTransactionPassword });
      } else {
        setFormError(errorText(err, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} required>
      <input
        id={`${id}-${name}`}
        {...pinInput}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value.replace(/\D/g, "") }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        data-testid={`tx-password-${name}`}
      />
    </Field>
  );

  return (
    <form
      className="wallet-form step-card"
      onSubmit={submit}
      noValidate
      data-testid="tx-password-form"
      data-mode={change ? "change" : "set"}
    >
      <h3>{t(change ? "wallet.txPassword.changeTitle" : "wallet.txPassword.setTitle")}</h3>
      {props.notice && (
        <p className="form-notice" role="status" data-testid="tx-password-notice">
          {props.notice}
        </p>
      )}
      <p className="muted">{t("wallet.txPassword.lead")}</p>
      {change && field("current", t("wallet.txPassword.current"))}
      {field("next", t("wallet.txPassword.new"))}
      {field("confirm", t("wallet.txPassword.confirm"))}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={busy}
        data-testid="tx-password-submit"
      >
        {busy ? t("common.loading") : t("wallet.txPassword.submit")}
      </button>
      <button
        type="button"
        className="link-btn"
        onClick={() => setChange(!change)}
        data-testid="tx-password-mode"
      >
        {t(change ? "wallet.txPassword.firstTime" : "wallet.txPassword.haveOne")}
      </button>
    </form>
  );
}
