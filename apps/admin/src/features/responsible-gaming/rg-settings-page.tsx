import { type FormEvent, useEffect, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { errorMessage } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";
import { useRgSettings, useSaveRgSettings } from "./rg-api.ts";

/** The operator's responsible-gaming settings: the reality-check default; the age rule shown. */
export function RgSettingsPage() {
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
      { onSuccess: () => toast.success("Saved."), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  return (
    <>
      <PageHeader
        title="Responsible gaming"
        description="The reality check's default interval, for members who did not choose their own. Members' limits and exclusions are on each player's page."
      />
      {!canWrite && <ReadOnlyNote />}
      {settings.data && (
        <form className="panel form-stack" onSubmit={submit}>
          <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
            <label className="field">
              <span className="field-label">Reality check every (minutes, 5–240)</span>
              <input
                className="input input--number"
                inputMode="numeric"
                value={minutes}
                onChange={(e) => setMinutes(e.currentTarget.value)}
                data-testid="rg-default-minutes"
              />
            </label>
            <p className="field-hint" data-testid="rg-age">
              Age rule: players must be {settings.data.minimumAge} or older (spec §5; changed under Brand).
            </p>
            <div>
              <button type="submit" className="btn btn--primary" disabled={save.isPending}>
                Save
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
