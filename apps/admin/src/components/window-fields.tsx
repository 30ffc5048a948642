import { LOCAL_TIME_ZONE } from "../lib/dates.ts";
import { TextField } from "./form-fields.tsx";

/** Start and end of a publication window; empty means open-ended. */
export function WindowFields({ testIdPrefix }: { testIdPrefix?: string }) {
  const hint = `Your local time (${LOCAL_TIME_ZONE}). Leave empty for no limit.`;
  return (
    <>
      <TextField
        name="startsAt"
        label="Shown from"
        type="datetime-local"
        hint={hint}
        testId={testIdPrefix ? `${testIdPrefix}-starts` : undefined}
      />
      <TextField
        name="endsAt"
        label="Shown until"
        type="datetime-local"
        hint={hint}
        testId={testIdPrefix ? `${testIdPrefix}-ends` : undefined}
      />
    </>
  );
}
