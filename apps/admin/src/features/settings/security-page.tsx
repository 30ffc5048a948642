import { zodResolver } from "@hookform/resolvers/zod";
import { SecuritySettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField, NumberField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t as text, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { securitySetting, whitelabelSetting } from "./settings-api.ts";

type Value = z.output<typeof SecuritySettings>;

const DAYS_MIN = 7;
const DAYS_MAX = 3650;

const SecurityForm = z
  .object({
    passwordMaxAgeDays: z
      .number({ error: () => text("settings.security.daysEmpty") })
      .int({ error: () => text("settings.security.daysWhole") })
      .min(DAYS_MIN, { error: () => text("settings.security.daysMin", { n: DAYS_MIN }) })
      .max(DAYS_MAX, { error: () => text("settings.security.daysMax", { n: DAYS_MAX }) }),
    newIpSecondFactor: z.boolean(),
  })
  .pipe(SecuritySettings);
type FormValues = z.input<typeof SecurityForm>;

/** The password age only counts while the module that forces the change is on. */
function ExpiryModuleNote() {
  const t = useT();
  const whitelabel = whitelabelSetting.useValue();
  if (whitelabel.data?.switches.PWDEXPFORCECHANGE3 !== false) return null;
  return (
    <p className="alert alert--warn" role="note">
      {t("settings.security.expiryOffBefore")}
      <Link to="/whitelabel">{t("settings.security.expiryOffLink")}</Link>
      {t("settings.security.expiryOffAfter")}
    </p>
  );
}

function SecurityEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = securitySetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(SecurityForm),
    defaultValues: initial,
  });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(t("settings.security.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <h2 className="subheading">{t("settings.security.passwords")}</h2>
          <ExpiryModuleNote />
          <NumberField
            name="passwordMaxAgeDays"
            label={t("settings.security.maxAge")}
            hint={t("settings.security.maxAgeHint", { min: DAYS_MIN, max: DAYS_MAX })}
            min={DAYS_MIN}
            max={DAYS_MAX}
            step={1}
            required
            testId="security-password-age"
          />
          <h2 className="subheading">{t("settings.security.newIp")}</h2>
          <CheckboxField
            name="newIpSecondFactor"
            label={t("settings.security.newIpCode")}
            hint={t("settings.security.newIpHint")}
            testId="security-new-ip"
          />
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="security-save"
        />
      </form>
    </FormProvider>
  );
}

export function SecurityPage() {
  const t = useT();
  const canWrite = useCanWrite("security");
  const setting = securitySetting.useValue();
  return (
    <>
      <PageHeader title={t("settings.security.title")} description={t("settings.security.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <SecurityEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
