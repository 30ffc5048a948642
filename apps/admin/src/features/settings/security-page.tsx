import { zodResolver } from "@hookform/resolvers/zod";
import { SecuritySettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField, NumberField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { securitySetting, whitelabelSetting } from "./settings-api.ts";

type Value = z.output<typeof SecuritySettings>;

const DAYS_MIN = 7;
const DAYS_MAX = 3650;

const SecurityForm = z
  .object({
    passwordMaxAgeDays: z
      .number({ error: "Enter a number of days" })
      .int("Whole days only")
      .min(DAYS_MIN, `At least ${DAYS_MIN} days`)
      .max(DAYS_MAX, `At most ${DAYS_MAX} days (ten years)`),
    newIpSecondFactor: z.boolean(),
  })
  .pipe(SecuritySettings);
type FormValues = z.input<typeof SecurityForm>;

/** The password age only counts while the module that forces the change is on. */
function ExpiryModuleNote() {
  const whitelabel = whitelabelSetting.useValue();
  if (whitelabel.data?.switches.PWDEXPFORCECHANGE3 !== false) return null;
  return (
    <p className="alert alert--warn" role="note">
      “Force change of expired password” is off in <Link to="/whitelabel">Modules</Link>, so passwords do not
      expire until it is turned on.
    </p>
  );
}

function SecurityEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const save = securitySetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(SecurityForm),
    defaultValues: initial,
  });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success("Saved security settings.");
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <h2 className="subheading">Passwords</h2>
          <ExpiryModuleNote />
          <NumberField
            name="passwordMaxAgeDays"
            label="Maximum password age (days)"
            hint={`${DAYS_MIN}–${DAYS_MAX}. A player whose password is older must choose a new one at login.`}
            min={DAYS_MIN}
            max={DAYS_MAX}
            step={1}
            required
            testId="security-password-age"
          />
          <h2 className="subheading">Logins from new addresses</h2>
          <CheckboxField
            name="newIpSecondFactor"
            label="Ask for a code on a login from a new IP address"
            hint="On a password login from an address the player has not logged in from before, a one-time code goes by SMS (or by e-mail when no mobile is on file) and must be entered to finish. Players with neither are not asked."
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
  const canWrite = useCanWrite("security");
  const setting = securitySetting.useValue();
  return (
    <>
      <PageHeader
        title="Security"
        description="How long player passwords stay valid, and a second step for logins from an address not seen before."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <SecurityEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
