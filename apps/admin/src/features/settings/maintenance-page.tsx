import { zodResolver } from "@hookform/resolvers/zod";
import { MaintenanceSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { maintenanceSetting } from "./settings-api.ts";

const MaintenanceForm = z
  .object({
    enabled: z.boolean(),
    title: localizedFormSchema(false, 200),
    info: localizedFormSchema(false, 2000),
  })
  .transform((f) => ({
    enabled: f.enabled,
    title: fromLocalizedForm(f.title),
    info: fromLocalizedForm(f.info),
  }))
  .pipe(MaintenanceSettings);
type FormValues = z.input<typeof MaintenanceForm>;
type Value = z.output<typeof MaintenanceSettings>;

const toForm = (v: Value): FormValues => ({
  enabled: v.enabled,
  title: toLocalizedForm(v.title),
  info: toLocalizedForm(v.info),
});

function MaintenanceEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = maintenanceSetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(MaintenanceForm),
    defaultValues: toForm(initial),
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });

  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(saved.enabled ? t("settings.maintenance.savedOn") : t("settings.maintenance.savedOff"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <div className={`state-banner ${enabled ? "state-banner--warn" : "state-banner--ok"}`}>
            <CheckboxField
              name="enabled"
              label={t("settings.maintenance.mode")}
              hint={t("settings.maintenance.modeHint")}
              testId="maintenance-toggle"
            />
          </div>
          <h2 className="subheading">{t("settings.maintenance.players")}</h2>
          <LocalizedEditor
            required={false}
            fields={[
              {
                base: "title",
                label: t("settings.maintenance.titleField"),
                kind: "text",
                testId: "maintenance-title",
                maxLength: 200,
              },
              {
                base: "info",
                label: t("settings.maintenance.info"),
                kind: "textarea",
                testId: "maintenance-info",
              },
            ]}
          />
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="maintenance-save"
        />
      </form>
    </FormProvider>
  );
}

export function MaintenancePage() {
  const t = useT();
  const canWrite = useCanWrite("maintenance");
  const setting = maintenanceSetting.useValue();
  return (
    <>
      <PageHeader
        title={t("settings.maintenance.title")}
        description={t("settings.maintenance.description")}
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <MaintenanceEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
