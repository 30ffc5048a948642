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
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { registerFieldsSetting } from "./settings-api.ts";

type Value = z.output<typeof RegisterFieldsSetting>;

/** What each field is, in the operator's words; a messaging app goes by its own name. */
const LABELS: Record<OptionalRegisterField, { label: TextKey | { app: string }; hint: TextKey }> = {
  payeeName: { label: "registerFields.payeeName", hint: "registerFields.payeeNameHint" },
  email: { label: "registerFields.email", hint: "registerFields.emailHint" },
  birthday: { label: "registerFields.birthday", hint: "registerFields.birthdayHint" },
  mobileNum: { label: "registerFields.mobileNum", hint: "registerFields.mobileNumHint" },
  qqNum: { label: { app: "QQ" }, hint: "registerFields.handleHint" },
  wechat: { label: { app: "WeChat" }, hint: "registerFields.handleHint" },
  whatsapp: { label: { app: "WhatsApp" }, hint: "registerFields.handleHint" },
  line: { label: { app: "LINE" }, hint: "registerFields.handleHint" },
  facebook: { label: { app: "Facebook" }, hint: "registerFields.handleHint" },
  idNumber: { label: "registerFields.idNumber", hint: "registerFields.idNumberHint" },
  recommenderId: { label: "registerFields.recommenderId", hint: "registerFields.recommenderIdHint" },
  affiliateCode: { label: "registerFields.affiliateCode", hint: "registerFields.affiliateCodeHint" },
  paymentPassword: { label: "registerFields.paymentPassword", hint: "registerFields.paymentPasswordHint" },
  captcha: { label: "registerFields.captcha", hint: "registerFields.captchaHint" },
};

/** An example of an accepted pattern, the same in every language. */
const PATTERN_EXAMPLE = "09*";

function FieldRow({ name }: { name: OptionalRegisterField }) {
  const t = useT();
  const { register } = useFormContext<Value>();
  const field = LABELS[name];
  const label = typeof field.label === "string" ? t(field.label) : field.label.app;
  const hint = t(field.hint);
  const patternOptions = [
    { value: "", label: t("registerFields.any") },
    ...PATTERN_IDS.map((id) => ({ value: id, label: id })),
  ];
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
          aria-label={t("registerFields.shownOf", { label })}
          {...register(`${name}.enabled`)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          className="checkbox"
          aria-label={t("registerFields.requiredOf", { label })}
          disabled={name === "captcha"}
          {...register(`${name}.required`)}
        />
      </td>
      <td>
        <input
          type="number"
          className="input input--number"
          aria-label={t("registerFields.minOf", { label })}
          aria-invalid={minError ? true : undefined}
          disabled={fixedRules}
          {...register(`${name}.minLength`, { valueAsNumber: true })}
        />
      </td>
      <td>
        <input
          type="number"
          className="input input--number"
          aria-label={t("registerFields.maxOf", { label })}
          aria-invalid={maxError ? true : undefined}
          disabled={fixedRules}
          {...register(`${name}.maxLength`, { valueAsNumber: true })}
        />
        {maxError && (
          <span className="field-error" role="alert">
            {maxError === "max_below_min" ? t("registerFields.belowMin") : maxError}
          </span>
        )}
      </td>
      <td>
        <select
          className="input select"
          aria-label={t("registerFields.patternOf", { label })}
          disabled={fixedRules}
          {...register(`${name}.patternId`, { setValueAs: (v: string | null) => v || null })}
        >
          {patternOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          className="input"
          aria-label={t("registerFields.acceptedOf", { label })}
          placeholder={t("registerFields.example", { pattern: PATTERN_EXAMPLE })}
          disabled={fixedRules}
          {...register(`${name}.acceptedPattern`, { setValueAs: (v: string | null) => v || null })}
        />
      </td>
    </tr>
  );
}

function RegisterFieldsEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = registerFieldsSetting.useSave();
  const form = useForm<Value>({ resolver: zodResolver(RegisterFieldsSetting), defaultValues: initial });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(t("registerFields.saved"));
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
                  <th scope="col">{t("registerFields.field")}</th>
                  <th scope="col">{t("registerFields.shown")}</th>
                  <th scope="col">{t("registerFields.required")}</th>
                  <th scope="col">{t("registerFields.min")}</th>
                  <th scope="col">{t("registerFields.max")}</th>
                  <th scope="col">{t("registerFields.pattern")}</th>
                  <th scope="col">{t("registerFields.accepted")}</th>
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
  const t = useT();
  const canWrite = useCanWrite("register-fields");
  const setting = registerFieldsSetting.useValue();
  return (
    <>
      <PageHeader title={t("registerFields.title")} description={t("registerFields.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <RegisterFieldsEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
