import { zodResolver } from "@hookform/resolvers/zod";
import { RegionSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextAreaField, TextField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
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
        message: "Use two-letter ISO country codes, e.g. PH, SG",
      })
      .refine((t) => parseCountries(t).length <= 250, { message: "At most 250 countries" }),
    blockedRanges: z
      .string()
      .refine((t) => parseRanges(t).every((r) => r.length >= 2 && r.length <= 64), {
        message: "Each line holds one IP address or CIDR range, e.g. 203.0.113.0/24",
      })
      .refine((t) => parseRanges(t).length <= 1000, { message: "At most 1000 lines" }),
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
  const save = regionSetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(RegionForm),
    defaultValues: toForm(initial),
  });

  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Saved region rules.");
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
            label="Allowed countries"
            hint="ISO codes separated by commas or spaces, e.g. PH, SG. Empty allows every country."
            placeholder="Every country"
            autoCapitalize="characters"
            spellCheck={false}
            testId="region-countries"
          />
          <TextAreaField
            name="blockedRanges"
            label="Blocked IP addresses and ranges"
            hint="One IPv4 or IPv6 address or CIDR range per line, e.g. 203.0.113.0/24. Empty blocks none."
            rows={6}
            className="field--code"
            spellCheck={false}
            testId="region-blocked-ranges"
          />
          <h2 className="subheading">Message for blocked visitors</h2>
          <LocalizedEditor
            required={false}
            fields={[{ base: "info", label: "Information", kind: "textarea", testId: "region-info" }]}
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
  const canWrite = useCanWrite("region");
  const setting = regionSetting.useValue();
  return (
    <>
      <PageHeader
        title="Region & IP"
        description="Which countries may use the site, and addresses that are always refused. Visitors refused see the message below with their IP."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <RegionEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
