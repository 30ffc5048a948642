import { zodResolver } from "@hookform/resolvers/zod";
import { BrandSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/form-fields.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t as tr, useT } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { brandSetting } from "./settings-api.ts";

type Value = z.output<typeof BrandSettings>;

/** An optional text: empty in the form, null in the setting. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => tr("brand.err.max", { n: max }) });
/** Examples of a value's form, the same in every language. */
const EXAMPLE = { copyright: "© 2025 Panalo", url: "https://", gtag: "G-XXXXXXX" } as const;
const nullIfEmpty = (s: string) => (s === "" ? null : s);

const BrandForm = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => tr("brand.err.required") })
      .max(60),
    logoUrl: z
      .string()
      .trim()
      .min(1, { error: () => tr("brand.err.logo") })
      .max(500),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: () => tr("brand.err.currency") }),
    currencySymbol: z
      .string()
      .trim()
      .min(1, { error: () => tr("brand.err.required") })
      .max(4),
    aboutText: localizedFormSchema(false, 5000),
    copyright: optional(200),
    loggedInToHome: z.boolean(),
    directRegister: z.boolean(),
    mobileRegPass: z.boolean(),
    minimumAge: z.enum(["18", "21"]),
    customerServiceUrl: optional(500),
    vipServiceUrl: optional(500),
    gtagId: optional(40),
  })
  .transform((f) => ({
    ...f,
    aboutText: fromLocalizedForm(f.aboutText),
    minimumAge: f.minimumAge === "18" ? (18 as const) : (21 as const),
    customerServiceUrl: nullIfEmpty(f.customerServiceUrl),
    vipServiceUrl: nullIfEmpty(f.vipServiceUrl),
    gtagId: nullIfEmpty(f.gtagId),
  }))
  .pipe(BrandSettings);
type FormValues = z.input<typeof BrandForm>;

const toForm = (v: Value): FormValues => ({
  ...v,
  aboutText: toLocalizedForm(v.aboutText),
  minimumAge: v.minimumAge === 18 ? "18" : "21",
  customerServiceUrl: v.customerServiceUrl ?? "",
  vipServiceUrl: v.vipServiceUrl ?? "",
  gtagId: v.gtagId ?? "",
});

function BrandEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = brandSetting.useSave();
  const ageOptions = [
    { value: "21", label: t("brand.age21") },
    { value: "18", label: t("brand.age18") },
  ];
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(BrandForm),
    defaultValues: toForm(initial),
  });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(t("brand.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <h2 className="subheading">{t("brand.identity")}</h2>
          <div className="form-grid form-grid--3">
            <TextField name="name" label={t("brand.siteName")} required maxLength={60} testId="brand-name" />
            <TextField
              name="currency"
              label={t("brand.currency")}
              hint={t("brand.currencyHint")}
              required
              maxLength={3}
            />
            <TextField
              name="currencySymbol"
              label={t("brand.symbol")}
              hint={t("brand.symbolHint")}
              required
              maxLength={4}
            />
          </div>
          <ImageUploadField name="logoUrl" label={t("brand.logo")} required disabled={!canWrite} />
          <TextField name="copyright" label={t("brand.copyright")} placeholder={EXAMPLE.copyright} />

          <h2 className="subheading">{t("brand.players")}</h2>
          <div className="form-grid form-grid--3">
            <SelectField
              name="minimumAge"
              label={t("brand.minAge")}
              options={ageOptions}
              hint={t("brand.minAgeHint")}
            />
          </div>
          <CheckboxField name="directRegister" label={t("brand.direct")} hint={t("brand.directHint")} />
          <CheckboxField
            name="mobileRegPass"
            label={t("brand.mobilePass")}
            hint={t("brand.mobilePassHint")}
          />
          <CheckboxField name="loggedInToHome" label={t("brand.toLogin")} hint={t("brand.toLoginHint")} />

          <h2 className="subheading">{t("brand.service")}</h2>
          <div className="form-grid form-grid--3">
            <TextField
              name="customerServiceUrl"
              label={t("brand.csUrl")}
              type="url"
              placeholder={EXAMPLE.url}
            />
            <TextField name="vipServiceUrl" label={t("brand.vipUrl")} type="url" placeholder={EXAMPLE.url} />
            <TextField name="gtagId" label={t("brand.gtag")} placeholder={EXAMPLE.gtag} />
          </div>

          <h2 className="subheading">{t("brand.aboutText")}</h2>
          <LocalizedEditor
            required={false}
            fields={[{ base: "aboutText", label: t("brand.about"), kind: "textarea" }]}
          />
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="brand-save"
        />
      </form>
    </FormProvider>
  );
}

export function BrandPage() {
  const t = useT();
  const canWrite = useCanWrite("brand");
  const setting = brandSetting.useValue();
  return (
    <>
      <PageHeader title={t("brand.title")} description={t("brand.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <BrandEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
