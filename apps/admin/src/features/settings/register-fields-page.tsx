import { zodResolver } from "@hookform/resolvers/zod";
import {
  OPTIONAL_REGISTER_FIELDS,
  type OptionalRegisterField,
  RegisterFieldsSetting,
} from "@panalo/contracts/members";
import { PATTERN_IDS } from "@panalo/contracts/patterns";
import { FormProvider, useForm, useFormContext } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { useFieldError } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { registerFieldsSetting } from "./settings-api.ts";

type Value = z.output<typeof RegisterFieldsSetting>;

/** What each field is, in the operator's words. */
const LABELS: Record<OptionalRegisterField, { label: string; hint: string }> = {
  payeeName: { label: "Real name", hint: "Becomes the name payouts must be in." },
  email: { label: "E-mail", hint: "Used for password recovery by e-mail." },
  birthday: { label: "Birthday", hint: "Checked against the minimum age." },
  mobileNum: {
    label: "Mobile number",
    hint: "Its lengths and patterns apply on both tabs; shown/required here are for the username tab (the mobile tab always asks).",
  },
  qqNum: { label: "QQ", hint: "Kept in the player's contact handles." },
  wechat: { label: "WeChat", hint: "Kept in the player's contact handles." },
  whatsapp: { label: "WhatsApp", hint: "Kept in the player's contact handles." },
  line: { label: "LINE", hint: "Kept in the player's contact handles." },
  facebook: { label: "Facebook", hint: "Kept in the player's contact handles." },
  idNumber: { label: "ID number", hint: "The identity-document number, shown on the player page." },
  recommenderId: {
    label: "Recommender ID",
    hint: "Another member's username or customer ID: the referral rewards apply.",
  },
  affiliateCode: {
    label: "Invitation code",
    hint: "An agent's code: the new player joins that agent's team.",
  },
  paymentPassword: {
    label: "Transaction password",
    hint: "Set at registration; asked for withdrawals and transfers.",
  },
  captcha: { label: "Picture code", hint: "When shown, every registration must type the picture's digits." },
};

const PATTERN_OPTIONS = [{ value: "", label: "Any" }, ...PATTERN_IDS.map((id) => ({ value: id, label: id }))];

function FieldRow({ name }: { name: OptionalRegisterField }) {
  const { register } = useFormContext<Value>();
  const { label, hint } = LABELS[name];
  const minError = useFieldError(`${name}.minLength`);
  const maxError = useFieldError(`${name}.maxLength`);
  const fixedRules = name === "captcha" || name === "birthday";
  return (
    <tr data-testid={`register-field-${name}`}>
      <th scope="row">
        {label}
        <span className="field-hint">{hint}</span>
      </th>
      <td>
        <input
          type="checkbox"
          className="checkbox"
          aria-label={`${label}: shown`}
          {...register(`${name}.enabled`)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          className="checkbox"
          aria-label={`${label}: required`}
          disabled={name === "captcha"}
          {...register(`${name}.required`)}
        />
      </td>
      <td>
        <input
          type="number"
          className="input input--number"
          aria-label={`${label}: minimum length`}
          aria-invalid={minError ? true : undefined}
          disabled={fixedRules}
          {...register(`${name}.minLength`, { valueAsNumber: true })}
        />
      </td>
      <td>
        <input
          type="number"
          className="input input--number"
          aria-label={`${label}: maximum length`}
          aria-invalid={maxError ? true : undefined}
          disabled={fixedRules}
          {...register(`${name}.maxLength`, { valueAsNumber: true })}
        />
        {maxError && (
          <span className="field-error" role="alert">
            {maxError === "max_below_min" ? "Below the minimum" : maxError}
          </span>
        )}
      </td>
      <td>
        <select
          className="input select"
          aria-label={`${label}: pattern`}
          disabled={fixedRules}
          {...register(`${name}.patternId`, { setValueAs: (v: string | null) => v || null })}
        >
          {PATTERN_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          className="input"
          aria-label={`${label}: accepted pattern`}
          placeholder="e.g. 09*"
          disabled={fixedRules}
          {...register(`${name}.acceptedPattern`, { setValueAs: (v: string | null) => v || null })}
        />
      </td>
    </tr>
  );
}

function RegisterFieldsEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const save = registerFieldsSetting.useSave();
  const form = useForm<Value>({ resolver: zodResolver(RegisterFieldsSetting), defaultValues: initial });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success("Saved the registration fields.");
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset">
          <div className="table-wrap">
            <table className="table" data-testid="register-fields-table">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Shown</th>
                  <th scope="col">Required</th>
                  <th scope="col">Min length</th>
                  <th scope="col">Max length</th>
                  <th scope="col">Pattern</th>
                  <th scope="col">Accepted (* = anything)</th>
                </tr>
              </thead>
              <tbody>
                {OPTIONAL_REGISTER_FIELDS.map((name) => (
                  <FieldRow key={name} name={name} />
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="register-fields-save"
        />
      </form>
    </FormProvider>
  );
}

export function RegisterFieldsPage() {
  const canWrite = useCanWrite("register-fields");
  const setting = registerFieldsSetting.useValue();
  return (
    <>
      <PageHeader
        title="Registration fields"
        description="The optional fields of the registration form: whether each is shown and required, its lengths and its pattern. The server checks every registration against these rules."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <RegisterFieldsEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
