import { TABLE_LIMIT_KINDS, type TableInfo } from "@panalo/contracts/live-tables";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { FormProvider, type Path, useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { CheckboxField, TextField, useFieldError } from "../../components/form-fields.tsx";
import { ApiError, api, errorMessage } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { betKindLabel } from "./table-labels.ts";
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
  const t = useT();
  return (
    <div className="form-grid form-grid--chip" data-testid={`table-chip-${index}`}>
      <MoneyField
        name={`chips.${index}.value`}
        label={t("tableSettings.chip", { n: index + 1 })}
        testId={`table-chip-input-${index}`}
      />
      <button
        type="button"
        className="btn btn--sm"
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={t("tableSettings.removeChip", { n: index + 1 })}
      >
        {t("tableSettings.remove")}
      </button>
    </div>
  );
}

/** A bet kind's limit row: min and max, both empty for the table's own. */
function LimitRow({ kind }: { kind: string }) {
  const t = useT();
  const minError = useFieldError(`limits.${kind}.min`);
  const maxError = useFieldError(`limits.${kind}.max`);
  return (
    <fieldset
      className="limit-row"
      data-testid={`table-limit-${kind}`}
      aria-invalid={minError || maxError ? true : undefined}
    >
      <legend>{betKindLabel(kind)}</legend>
      <div className="form-grid form-grid--2">
        <MoneyField
          name={`limits.${kind}.min`}
          label={t("tableSettings.min")}
          testId={`table-limit-${kind}-min`}
        />
        <MoneyField
          name={`limits.${kind}.max`}
          label={t("tableSettings.max")}
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
  const t = useT();
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
      toast.success(t("tableSettings.saved", { table: table.name.EN }));
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
      title={t("tableSettings.title", { table: table.name.EN })}
      description={t("tableSettings.description")}
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      testId="table-settings-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="table-settings-save"
          >
            {save.isPending ? t("tableSettings.saving") : t("tableSettings.save")}
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
            label={t("tableSettings.on")}
            hint={t("tableSettings.onHint")}
            testId="table-enabled"
          />
          <div className="form-grid form-grid--2">
            <TextField
              name="bettingS"
              label={t("tableSettings.betting")}
              hint={t("tableSettings.bettingHint")}
              inputMode="decimal"
              testId="table-betting-s"
              required
            />
            <TextField
              name="pauseS"
              label={t("tableSettings.pause")}
              hint={t("tableSettings.pauseHint")}
              inputMode="decimal"
              testId="table-pause-s"
              required
            />
            <MoneyField name="minBet" label={t("tableSettings.minBet")} testId="table-min-bet" required />
            <MoneyField name="maxBet" label={t("tableSettings.maxBet")} testId="table-max-bet" required />
          </div>
          <fieldset>
            <legend>{t("tableSettings.chips")}</legend>
            <p className="field-hint">{t("tableSettings.chipsHint")}</p>
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
              {t("tableSettings.addChip")}
            </button>
          </fieldset>
          <fieldset>
            <legend>{t("tableSettings.limits")}</legend>
            <p className="field-hint">{t("tableSettings.limitsHint")}</p>
            {TABLE_LIMIT_KINDS[table.game].map((k) => (
              <LimitRow key={k} kind={k} />
            ))}
          </fieldset>
          <fieldset>
            <legend>{t("tableSettings.hours")}</legend>
            <p className="field-hint">{t("tableSettings.hoursHint")}</p>
            <div className="form-grid form-grid--2">
              <TextField
                name="opensAt"
                label={t("tableSettings.opensAt")}
                type="time"
                testId="table-opens-at"
              />
              <TextField
                name="closesAt"
                label={t("tableSettings.closesAt")}
                type="time"
                testId="table-closes-at"
              />
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
