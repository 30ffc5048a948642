import { TABLE_LIMIT_KINDS, type TableInfo } from "@panalo/contracts/live-tables";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { FormProvider, type Path, useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { Dialog } from "../../components/dialog.tsx";
import { CheckboxField, TextField, useFieldError } from "../../components/form-fields.tsx";
import { ApiError, api, errorMessage } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";
import { checkForm, formOf, formPath, payloadOf, type TableSettingsForm } from "./table-settings.ts";

const anyTable = z.custom<TableInfo>(() => true);

/** One chip of the set: its value and a remove button. */
function ChipRow({
  index,
  onRemove,
  canRemove,
}: {
  index: number;
  onRemove: () => void;
  canRemove: boolean;
}) {
  return (
    <div className="form-grid form-grid--chip" data-testid={`table-chip-${index}`}>
      <TextField
        name={`chips.${index}.value`}
        label={`Chip ${index + 1}`}
        inputMode="decimal"
        autoComplete="off"
        testId={`table-chip-input-${index}`}
      />
      <button
        type="button"
        className="btn btn--sm"
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Remove chip ${index + 1}`}
      >
        Remove
      </button>
    </div>
  );
}

/** A bet kind's limit row: min and max, both empty for the table's own. */
function LimitRow({ kind }: { kind: string }) {
  const minError = useFieldError(`limits.${kind}.min`);
  const maxError = useFieldError(`limits.${kind}.max`);
  return (
    <fieldset
      className="limit-row"
      data-testid={`table-limit-${kind}`}
      aria-invalid={minError || maxError ? true : undefined}
    >
      <legend>{kind.replace(/_/g, " ")}</legend>
      <div className="form-grid form-grid--2">
        <TextField
          name={`limits.${kind}.min`}
          label="Min"
          inputMode="decimal"
          autoComplete="off"
          testId={`table-limit-${kind}-min`}
        />
        <TextField
          name={`limits.${kind}.max`}
          label="Max"
          inputMode="decimal"
          autoComplete="off"
          testId={`table-limit-${kind}-max`}
        />
      </div>
    </fieldset>
  );
}

/**
 * A live table's settings: on/off, betting window and pause, the table's minimum and
 * maximum, the chip set, the limit per bet kind and the Manila opening hours. Checked here with
 * the API's own rules, then by the server (its messages land beside the same fields); the
 * platform audits the change. The engine takes the new window from the next round.
 */
export function TableSettingsDialog({ table, onClose }: { table: TableInfo; onClose: () => void }) {
  const formId = useId();
  const client = useQueryClient();
  const form = useForm<TableSettingsForm>({
    defaultValues: formOf(table),
    resolver: async (values) => {
      const errors = checkForm(table.id, values);
      if (Object.keys(errors).length === 0) return { values, errors: {} };
      const nested: Record<string, unknown> = {};
      for (const [path, message] of Object.entries(errors)) {
        const parts = path.split(".");
        let at = nested;
        for (const [i, p] of parts.entries()) {
          if (i === parts.length - 1) at[p] = { type: "validate", message };
          else {
            at[p] ??= {};
            at = at[p] as Record<string, unknown>;
          }
        }
      }
      return { values: {}, errors: nested as never };
    },
  });
  const chips = useFieldArray({ control: form.control, name: "chips" });
  const save = useMutation({
    mutationFn: (v: TableSettingsForm) => api.put("/tables", payloadOf(table.id, v), anyTable),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["live-tables"] });
      toast.success(`${table.name.EN} saved. The next round uses the new settings.`);
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      let first = true;
      for (const d of err.details) {
        form.setError(
          formPath(d.path) as Path<TableSettingsForm>,
          { type: "server", message: d.message },
          { shouldFocus: first },
        );
        first = false;
      }
    },
  });
  const rootError = save.isError && !(save.error instanceof ApiError && save.error.details.length > 0);
  return (
    <Dialog
      title={`Settings of ${table.name.EN}`}
      description="Changes apply from the next round; switching a table off mid-round gives that round's bets back."
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      testId="table-settings-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="table-settings-save"
          >
            {save.isPending ? "Saving…" : "Save settings"}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          noValidate
          className="form-stack"
          onSubmit={form.handleSubmit((v) => save.mutate(v))}
        >
          {rootError && (
            <p role="alert" className="field-error">
              {errorMessage(save.error)}
            </p>
          )}
          <CheckboxField
            name="enabled"
            label="Table on"
            hint="Off: no new rounds; a round in progress is voided and its bets given back."
            testId="table-enabled"
          />
          <div className="form-grid form-grid--2">
            <TextField
              name="bettingS"
              label="Betting window (s)"
              hint="3–120 seconds."
              inputMode="decimal"
              testId="table-betting-s"
              required
            />
            <TextField
              name="pauseS"
              label="Pause after a round (s)"
              hint="1–60 seconds."
              inputMode="decimal"
              testId="table-pause-s"
              required
            />
            <TextField
              name="minBet"
              label="Table minimum bet"
              inputMode="decimal"
              testId="table-min-bet"
              required
            />
            <TextField
              name="maxBet"
              label="Table maximum bet"
              inputMode="decimal"
              testId="table-max-bet"
              required
            />
          </div>
          <fieldset>
            <legend>Chip set</legend>
            <p className="field-hint">
              Up to 8 values, each within the table's maximum; players see them smallest first.
            </p>
            {chips.fields.map((f, i) => (
              <ChipRow
                key={f.id}
                index={i}
                onRemove={() => chips.remove(i)}
                canRemove={chips.fields.length > 1}
              />
            ))}
            <button
              type="button"
              className="btn btn--sm"
              onClick={() => chips.append({ value: "" })}
              disabled={chips.fields.length >= 8}
              data-testid="table-chip-add"
            >
              Add a chip
            </button>
          </fieldset>
          <fieldset>
            <legend>Limits per bet</legend>
            <p className="field-hint">
              Per player and round on one spot of that kind. Both empty: the table's minimum and maximum
              apply.
            </p>
            {TABLE_LIMIT_KINDS[table.game].map((k) => (
              <LimitRow key={k} kind={k} />
            ))}
          </fieldset>
          <fieldset>
            <legend>Opening hours (Manila)</legend>
            <p className="field-hint">
              Both empty: open all day. A closing time before the opening time runs past midnight.
            </p>
            <div className="form-grid form-grid--2">
              <TextField name="opensAt" label="Opens at" type="time" testId="table-opens-at" />
              <TextField name="closesAt" label="Closes at" type="time" testId="table-closes-at" />
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
