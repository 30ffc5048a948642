import { type FormEvent, useEffect, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useRgSettings, useSaveRgSettings } from "./rg-api.ts";

/** The operator's responsible-gaming settings: the reality-check default; the age rule shown. */
export function RgSettingsPage() {
  const t = useT();
  const canWrite = useCanWrite("responsible-gaming");
  const settings = useRgSettings();
  const save = useSaveRgSettings();
  const [minutes, setMinutes] = useState("");
  useEffect(() => {
    if (settings.data) setMinutes(String(settings.data.realityCheckDefaultMinutes));
  }, [settings.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { realityCheckDefaultMinutes: Number(minutes) },
      { onSuccess: () => toast.success(t("common.saved")), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  return (
    <>
      <PageHeader title={t("rgSettings.title")} description={t("rgSettings.description")} />
      {!canWrite && <ReadOnlyNote />}
      {settings.data && (
        <form className="panel form-stack" onSubmit={submit}>
          <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
            <label className="field">
              <span className="field-label">{t("rgSettings.every")}</span>
              <input
                className="input input--number"
                inputMode="numeric"
                value={minutes}
                onChange={(e) => setMinutes(e.currentTarget.value)}
                data-testid="rg-default-minutes"
              />
            </label>
            <p className="field-hint" data-testid="rg-age">
              {t("rgSettings.age", { age: settings.data.minimumAge })}
            </p>
            <div>
              <button type="submit" className="btn btn--primary" disabled={save.isPending}>
                {t("rgSettings.save")}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
