import { useT } from "../lib/i18n.ts";
import { TextField } from "./form-fields.tsx";

/** Start and end of a publication window in Manila time (lib/dates.ts); empty means open-ended. */
export function WindowFields({ testIdPrefix }: { testIdPrefix?: string }) {
  const t = useT();
  const hint = t("time.windowHint");
  return (
    <>
      <TextField
        name="startsAt"
        label={t("time.shownFrom")}
        type="datetime-local"
        hint={hint}
        testId={testIdPrefix ? `${testIdPrefix}-starts` : undefined}
      />
      <TextField
        name="endsAt"
        label={t("time.shownUntil")}
        type="datetime-local"
        hint={hint}
        testId={testIdPrefix ? `${testIdPrefix}-ends` : undefined}
      />
    </>
  );
}
