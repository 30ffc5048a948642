import "../../i18n/texts/acct.ts";
import "../../i18n/texts/wallet.ts";
import { PATTERNS } from "@panalo/contracts/patterns";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "../../../app/query-client.ts";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { MEMBER_QUERY_ROOT } from "../../session/session-store.ts";
import { walletFieldErrors } from "./errors.ts";

/**
 * The real name, set once (PUT /wps/member/realName): payout accounts must be in this name, so
 * the player is told it cannot be changed here afterwards (spec §5 "wrong real name format").
 */
export function RealNameForm() {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const realName = name.trim().replace(/\s+/g, " ");
    if (!realName) return setError(t("wallet.realName.required"));
    if (!PATTERNS.FULL_NAME_SPACE.test(realName)) return setError(t("wallet.realName.format"));
    setError(undefined);
    setBusy(true);
    try {
      await api<null>("/wps/member/realName", { method: "PUT", body: { realName } });
      toast(t("wallet.realName.saved"), "success");
      await queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "info"] });
    } catch (err) {
      setError(walletFieldErrors(err, t).realName ?? errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wallet-form step-card" onSubmit={submit} noValidate data-testid="real-name-form">
      <h3>{t("wallet.realName.title")}</h3>
      <p className="muted">{t("wallet.realName.lead")}</p>
      <Field id={`${id}-name`} label={t("field.realName")} error={error} required>
        <input
          id={`${id}-name`}
          className="input"
          maxLength={60}
          autoComplete="name"
          placeholder={t("wallet.realName.placeholder")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
          data-testid="real-name-input"
        />
      </Field>
      <button type="submit" className="btn btn-gold btn-block" disabled={busy} data-testid="real-name-submit">
        {busy ? t("common.loading") : t("wallet.realName.submit")}
      </button>
    </form>
  );
}
