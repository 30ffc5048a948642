import { zodResolver } from "@hookform/resolvers/zod";
import { RegionSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextAreaField, TextField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t as tr, useT } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { regionSetting } from "./settings-api.ts";

type Value = z.output<typeof RegionSettings>;

/** "ph, SG  jp" → ["PH", "SG", "JP"]: commas or spaces between codes, case ignored, no repeats. */
export function parseCountries(text: string): string[] {
  const codes = text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

/** One address or CIDR range per line; blank lines are ignored, so an empty box means none. */
export function parseRanges(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [...new Set(lines)];
}

const RegionForm = z
  .object({
    allowedCountries: z
      .string()
      .refine((t) => parseCountries(t).every((c) => /^[A-Z]{2}$/.test(c)), {
        error: () => tr("settings.region.countriesBad"),
      })
      .refine((t) => parseCountries(t).length <= 250, { error: () => tr("settings.region.countriesMax") }),
    blockedRanges: z
      .string()
      .refine((t) => parseRanges(t).every((r) => r.length >= 2 && r.length <= 64), {
        error: () => tr("settings.region.rangesBad"),
      })
      .refine((t) => parseRanges(t).length <= 1000, { error: () => tr("settings.region.rangesMax") }),
    info: localizedFormSchema(false, 2000),
  })
  .transform((f) => ({
    allowedCountries: parseCountries(f.allowedCountries),
    blockedRanges: parseRanges(f.blockedRanges),
    info: fromLocalizedForm(f.info),
  }))
  .pipe(RegionSettings);
type FormValues = z.input<typeof RegionForm>;

const toForm = (v: Value): FormValues => ({
  allowedCountries: v.allowedCountries.join(", "),
  blockedRanges: v.blockedRanges.join("\n"),
  info: toLocalizedForm(v.info),
});

function RegionEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = regionSetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(RegionForm),
    defaultValues: toForm(initial),
  });

  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(t("settings.region.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <TextField
            name="allowedCountries"
            label={t("settings.region.countries")}
            hint={t("settings.region.countriesHint")}
            placeholder={t("settings.region.everyCountry")}
            autoCapitalize="characters"
            spellCheck={false}
            testId="region-countries"
          />
          <TextAreaField
            name="blockedRanges"
            label={t("settings.region.ranges")}
            hint={t("settings.region.rangesHint")}
            rows={6}
            className="field--code"
            spellCheck={false}
            testId="region-blocked-ranges"
          />
          <h2 className="subheading">{t("settings.region.message")}</h2>
          <LocalizedEditor
            required={false}
            fields={[
              {
                base: "info",
                label: t("settings.maintenance.info"),
                kind: "textarea",
                testId: "region-info",
              },
            ]}
          />
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="region-save"
        />
      </form>
    </FormProvider>
  );
}

export function RegionPage() {
  const t = useT();
  const canWrite = useCanWrite("region");
  const setting = regionSetting.useValue();
  return (
    <>
      <PageHeader title={t("settings.region.title")} description={t("settings.region.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <RegionEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
