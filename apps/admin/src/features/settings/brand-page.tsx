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
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { brandSetting } from "./settings-api.ts";

type Value = z.output<typeof BrandSettings>;

/** An optional text: empty in the form, null in the setting. */
const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const nullIfEmpty = (s: string) => (s === "" ? null : s);

const BrandForm = z
  .object({
    name: z.string().trim().min(1, "Required").max(60),
    logoUrl: z.string().trim().min(1, "Upload a logo or give its address").max(500),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "Three letters, e.g. PHP"),
    currencySymbol: z.string().trim().min(1, "Required").max(4),
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

const AGE_OPTIONS = [
  { value: "21", label: "21 and over" },
  { value: "18", label: "18 and over" },
];

function BrandEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const save = brandSetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(BrandForm),
    defaultValues: toForm(initial),
  });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Saved brand settings.");
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <h2 className="subheading">Identity</h2>
          <div className="form-grid form-grid--3">
            <TextField name="name" label="Site name" required maxLength={60} testId="brand-name" />
            <TextField name="currency" label="Currency" hint="ISO code, e.g. PHP." required maxLength={3} />
            <TextField
              name="currencySymbol"
              label="Currency symbol"
              hint="Shown beside amounts, e.g. ₱."
              required
              maxLength={4}
            />
          </div>
          <ImageUploadField name="logoUrl" label="Logo" required disabled={!canWrite} />
          <TextField name="copyright" label="Copyright line" placeholder="© 2025 Panalo" />

          <h2 className="subheading">Players</h2>
          <div className="form-grid form-grid--3">
            <SelectField
              name="minimumAge"
              label="Minimum age"
              options={AGE_OPTIONS}
              hint="Players confirm this age when they register."
            />
          </div>
          <CheckboxField
            name="directRegister"
            label="Direct registration"
            hint="Show the Register button in the site header."
          />
          <CheckboxField
            name="mobileRegPass"
            label="Password on mobile registration"
            hint="Players registering by mobile number also choose a password. While mobile code login is off they always do: it is their only way back in."
          />
          <CheckboxField
            name="loggedInToHome"
            label="Send visitors without a session to the login page"
            hint="Off: visitors may browse the home page before logging in."
          />

          <h2 className="subheading">Service and analytics</h2>
          <div className="form-grid form-grid--3">
            <TextField
              name="customerServiceUrl"
              label="Customer service chat address"
              type="url"
              placeholder="https://"
            />
            <TextField
              name="vipServiceUrl"
              label="VIP service chat address"
              type="url"
              placeholder="https://"
            />
            <TextField name="gtagId" label="Google tag ID" placeholder="G-XXXXXXX" />
          </div>

          <h2 className="subheading">About text</h2>
          <LocalizedEditor
            required={false}
            fields={[{ base: "aboutText", label: "About", kind: "textarea" }]}
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
  const canWrite = useCanWrite("brand");
  const setting = brandSetting.useValue();
  return (
    <>
      <PageHeader
        title="Brand"
        description="The operator's name, logo, currency and the rules players meet first."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <BrandEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
