import "../../i18n/texts/acct.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../account/form-errors.ts";
import { checkProof, uploadProof } from "../wallet/upload.ts";
import { type Profile, useKyc, useRefreshProfile } from "./account-api.ts";

const DOCS = ["idFront", "idBack", "selfie"] as const;

/**
 * KYC: an ID (front and back), a selfie and what AMLA asks of a covered
 * person (occupation, source of income, address). The pictures are the member's private
 * uploads; an operator decides and the answer shows here (and arrives as a message).
 */
export function KycSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const kyc = useKyc();
  const refresh = useRefreshProfile();
  const [docs, setDocs] = useState<Partial<Record<(typeof DOCS)[number], string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each field left empty, marked under it before anything is sent.
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const mark = (name: string) => (missing.has(name) ? t("acct.kyc.missing") : undefined);
  const status = kyc.data?.status ?? profile.kycStatus;
  const latest = kyc.data?.cases[0];
  const canSend = status === "none" || status === "rejected" || status === "more_info";

  const pick = async (which: (typeof DOCS)[number], file: File | undefined) => {
    if (!file) return;
    if (checkProof(file)) return setError(t("acct.imageRule"));
    try {
      const url = await uploadProof(file);
      setDocs((d) => ({ ...d, [which]: url }));
      setMissing((m) => new Set([...m].filter((n) => n !== which)));
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const texts = [
      ...(["realName", "birthday", "nationality"] as const).filter((n) => !profile[n]),
      "occupation",
      "incomeSource",
      "address",
    ];
    const asked = [...DOCS, ...texts];
    const empty = new Set<string>([...DOCS.filter((d) => !docs[d]), ...texts.filter((n) => !text(n))]);
    setMissing(empty);
    if (empty.size > 0) {
      setError(t(DOCS.some((d) => empty.has(d)) ? "acct.kyc.needDocs" : "acct.kyc.needFields"));
      // The first field to fill in takes the focus.
      const first = asked.find((n) => empty.has(n));
      e.currentTarget.querySelector<HTMLElement>(`[data-testid="kyc-${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api("/wps/member/kyc", {
        method: "POST",
        body: {
          ...docs,
          occupation: text("occupation"),
          incomeSource: text("incomeSource"),
          address: text("address"),
          realName: profile.realName ? undefined : text("realName"),
          birthday: profile.birthday ? undefined : text("birthday"),
          nationality: profile.nationality ? undefined : text("nationality"),
        },
      });
      await Promise.all([kyc.refetch(), refresh()]);
      toast(t("acct.kyc.sent"), "success");
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acct-kyc" data-testid="kyc-section">
      <p data-testid="kyc-status" data-status={status}>
        {t("acct.kyc.status")}: <strong>{t(`acct.kyc.state.${status}`)}</strong>
      </p>
      {latest?.reason && (status === "rejected" || status === "more_info") && (
        <p className="acct-note" data-testid="kyc-reason">
          {latest.reason}
        </p>
      )}
      {latest?.decidedAt && (
        <p className="acct-note">{new Date(latest.decidedAt).toLocaleString(i18n.language)}</p>
      )}
      {canSend && (
        <form className="acct-form" onSubmit={submit} data-testid="kyc-form" noValidate>
          <div className="acct-grid">
            {DOCS.map((d) => (
              <Field key={d} id={`${id}-${d}`} label={t(`acct.kyc.${d}`)} required error={mark(d)}>
                <input
                  id={`${id}-${d}`}
                  type="file"
                  accept="image/png,image/jpeg"
                  className="input"
                  onChange={(e) => void pick(d, e.currentTarget.files?.[0])}
                  data-testid={`kyc-${d}`}
                />
                {docs[d] && <span className="badge badge--success">✓</span>}
              </Field>
            ))}
            {!profile.realName && (
              <Field id={`${id}-rn`} label={t("acct.field.realName")} required error={mark("realName")}>
                <input
                  id={`${id}-rn`}
                  name="realName"
                  className="input"
                  maxLength={60}
                  data-testid="kyc-realName"
                />
              </Field>
            )}
            {!profile.birthday && (
              <Field id={`${id}-bd`} label={t("acct.field.birthday")} required error={mark("birthday")}>
                <input
                  id={`${id}-bd`}
                  name="birthday"
                  type="date"
                  className="input"
                  data-testid="kyc-birthday"
                />
              </Field>
            )}
            {!profile.nationality && (
              <Field id={`${id}-na`} label={t("acct.field.nationality")} required error={mark("nationality")}>
                <input
                  id={`${id}-na`}
                  name="nationality"
                  className="input"
                  maxLength={60}
                  data-testid="kyc-nationality"
                />
              </Field>
            )}
            {(["occupation", "incomeSource", "address"] as const).map((name) => (
              <Field
                key={name}
                id={`${id}-${name}`}
                label={t(`acct.field.${name}`)}
                required
                error={mark(name)}
              >
                <input
                  id={`${id}-${name}`}
                  name={name}
                  className="input"
                  maxLength={name === "address" ? 200 : 80}
                  defaultValue={profile[name] ?? ""}
                  data-testid={`kyc-${name}`}
                />
              </Field>
            ))}
          </div>
          {error && (
            <p className="form-error" role="alert" data-testid="kyc-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-gold" disabled={busy} data-testid="kyc-submit">
            {busy ? t("common.loading") : t("acct.kyc.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
