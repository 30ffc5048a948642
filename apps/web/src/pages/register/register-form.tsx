import "../../features/i18n/texts/acct.ts";
import "../../features/i18n/texts/register.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import type { RegisterSettingValue } from "@panalo/contracts/members";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showDialog, showLoader } from "../../components/dialogs.tsx";
import { Field } from "../../components/field.tsx";
import { errorText } from "../../features/account/form-errors.ts";
import { completeLogin, sendSmsCode } from "../../features/account/login-flow.ts";
import { defaultDialingCode, placeholderOf } from "../../features/account/register-settings.ts";
import { SmsCodeButton } from "../../features/account/sms-code-button.tsx";
import { ApiError } from "../../lib/api.ts";
import { CaptchaField, useCaptchaPicture } from "./register-captcha.tsx";
import {
  CODE_FIELD,
  hasCode,
  hasMobile,
  hasPasswords,
  localToday,
  REGISTER_FIELDS,
  type RegisterField,
  type RegisterMode,
  type RegisterValues,
  registerSchema,
  ruleKeys,
  ruleText,
  type TEXT_FIELDS,
} from "./register-rules.ts";
import { affiliateIsValid, register as registerMember } from "./register-submit.ts";

/** Server field names that the form calls otherwise. */
const FORM_FIELD: Record<string, RegisterField> = { countryDialingCode: "dialingCode" };

/** One tab of registration (spec §5), its fields and rules from the server's field config. */
export function RegisterForm({ settings, mode }: { settings: RegisterSettingValue; mode: RegisterMode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const schema = useMemo(() => registerSchema(settings, mode), [settings, mode]);
  const [formError, setFormError] = useState<string | null>(null);
  const onCaptchaError = useCallback((err: unknown) => setFormError(errorText(err, t)), [t]);
  const { picture, refresh: refreshCaptcha } = useCaptchaPicture(onCaptchaError);
  // The operator asks every registration for the picture code (the captcha field).
  const captchaAlways = settings.fields.captcha?.enabled === true;
  // Tokens of codes the phone-code service has confirmed, kept for a retried submit.
  const confirmed = useRef(new Map<string, string>());
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      needCaptcha: captchaAlways,
      username: "",
      password: "",
      confirmPassword: "",
      dialingCode: defaultDialingCode(settings.countries),
      mobileNum: "",
      verificationCode: "",
      email: "",
      payeeName: "",
      birthday: "",
      // spec §4: an invitation link (?affiliateCode= or /a/CODE) fills the code in.
      affiliateCode: (new URLSearchParams(window.location.search).get("affiliateCode") ?? "").slice(0, 20),
      qqNum: "",
      wechat: "",
      whatsapp: "",
      line: "",
      facebook: "",
      idNumber: "",
      recommenderId: "",
      paymentPassword: "",
      captcha: "",
      ageConfirmed: false,
      // Departing from spec §5's default, the player ticks the terms box themself —
      // an agreement ticked in advance is no agreement.
      agree: false,
    },
  });
  const needCaptcha = watch("needCaptcha");
  useEffect(() => {
    if (captchaAlways) void refreshCaptcha();
  }, [captchaAlways, refreshCaptcha]);
  const { fields } = settings;
  const passwords = hasPasswords(settings, mode);
  const mobileRequired = mode === "mobile" || settings.mobileOnUsernameTab?.required === true;

  const errorOf = (name: RegisterField): string | undefined => {
    const e = errors[name];
    if (!e?.message) return undefined;
    return e.type === "server" ? e.message : ruleText(t, settings, name, e.message);
  };
  const fieldProps = (name: RegisterField) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const input = (name: RegisterField) => ({ className: "input", ...fieldProps(name) });

  /** Each refused field under its input (spec §8), else the server's message above the button. */
  const showRefusal = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setFormError(errorText(err, t));
      return;
    }
    let shown = false;
    const put = (field: RegisterField, key: string) => {
      const known = ruleKeys(field, key).some((k) => i18n.exists(k));
      const message = known ? ruleText(t, settings, field, key) : err.message || errorText(err, t);
      setError(field, { type: "server", message }, { shouldFocus: !shown });
      shown = true;
    };
    for (const d of err.details) {
      const path = d.path.split(".")[0] ?? "";
      const field = FORM_FIELD[path] ?? REGISTER_FIELDS.find((f) => f === path);
      if (field) put(field, d.message);
    }
    const codeField = CODE_FIELD[err.code];
    if (!shown && codeField) put(codeField, err.code);
    if (!shown) setFormError(errorText(err, t));
  };

  const sendCode = async (): Promise<number | null> => {
    if (!(await trigger("mobileNum"))) return null;
    const { dialingCode, mobileNum } = getValues();
    try {
      return await sendSmsCode(
        "register",
        dialingCode,
        mobileNum.trim(),
        settings.phoneCode?.recaptchaSiteKey,
      );
    } catch (err) {
      // spec §8: a failed SMS send shows the server's message in a warning dialog.
      showDialog({ icon: "warning", text: errorText(err, t), testId: "sms-failed" });
      return null;
    }
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const hideLoader = showLoader();
    try {
      // spec §4, §8: the invitation code is checked first; an invalid one sends nothing.
      const code = fields.affiliateCode?.enabled ? v.affiliateCode.trim() : "";
      if (code && !(await affiliateIsValid(code))) {
        const text = t("register.codeInvalid");
        setError("affiliateCode", { type: "server", message: text }, { shouldFocus: true });
        showDialog({ icon: "warning", text, testId: "register-code-invalid" });
        return;
      }
      const value = await registerMember(settings, mode, v, picture?.captchaId, confirmed.current);
      completeLogin(value, { method: "register", navigate });
    } catch (err) {
      // A picture answers once: after any refusal a shown captcha needs a new one.
      if ((err instanceof ApiError && err.captcha) || v.needCaptcha || captchaAlways) {
        setValue("needCaptcha", true);
        setValue("captcha", "");
        void refreshCaptcha();
      }
      showRefusal(err);
    } finally {
      hideLoader();
    }
  });

  /** A text field of the operator's optional set, shown only when enabled (spec §5). */
  const configured = (
    name: (typeof TEXT_FIELDS)[number] | "paymentPassword",
    extra: { type?: string; autoComplete: string; inputMode?: "numeric" | "email" },
  ) => {
    const cfg = fields[name];
    if (!cfg?.enabled) return null;
    const label = t(`field.${name}`);
    return (
      <Field id={`${id}-${name}`} label={label} error={errorOf(name)} required={cfg.required}>
        <input
          {...extra}
          placeholder={placeholderOf(label, cfg.required)}
          maxLength={cfg.maxLength}
          data-testid={`register-${name}`}
          {...input(name)}
        />
      </Field>
    );
  };
  const checkbox = (name: "ageConfirmed" | "agree", label: string) => (
    <div className={errors[name] ? "field has-error" : "field"}>
      <label className="check">
        <input type="checkbox" data-testid={`register-${name}`} {...fieldProps(name)} />
        <span>{label}</span>
      </label>
      {errors[name] && (
        <p className="field-error" id={`${id}-${name}-error`} role="alert">
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  const birthdayCfg = fields.birthday;

  return (
    <form
      className="auth-form register-form"
      onSubmit={submit}
      noValidate
      data-testid={`register-form-${mode}`}
    >
      {mode === "username" && (
        <Field id={`${id}-username`} label={t("field.username")} error={errorOf("username")} required>
          <input
            autoComplete="username"
            placeholder={placeholderOf(t("field.username"), true)}
            data-testid="register-username"
            {...input("username")}
          />
        </Field>
      )}
      {hasMobile(settings, mode) && (
        <>
          <Field
            id={`${id}-mobileNum`}
            label={t("field.mobileNum")}
            error={errorOf("mobileNum")}
            required={mobileRequired}
          >
            <div className="register-row">
              <label htmlFor={`${id}-dialingCode`} className="sr-only">
                {t("field.dialingCode")}
              </label>
              <select
                {...input("dialingCode")}
                className="input register-dialing"
                data-testid="register-dialing-code"
              >
                {settings.countries.map((c) => (
                  <option key={c.countryCode} value={c.countryDialingCode}>
                    +{c.countryDialingCode} {c.countryCode}
                  </option>
                ))}
              </select>
              <input
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={placeholderOf(t("field.mobileNum"), mobileRequired)}
                data-testid="register-mobile"
                {...input("mobileNum")}
              />
            </div>
          </Field>
          {hasCode(settings, mode) && (
            <Field
              id={`${id}-verificationCode`}
              label={t("field.verificationCode")}
              error={errorOf("verificationCode")}
              required={mobileRequired}
            >
              <div className="register-row">
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={255}
                  placeholder={placeholderOf(t("field.verificationCode"), mobileRequired)}
                  data-testid="register-code"
                  {...input("verificationCode")}
                />
                <SmsCodeButton onSend={sendCode} throttleMs={1000} testId="register-send-code" />
              </div>
            </Field>
          )}
        </>
      )}
      {passwords && (
        <>
          <Field id={`${id}-password`} label={t("field.password")} error={errorOf("password")} required>
            <input
              type="password"
              autoComplete="new-password"
              placeholder={placeholderOf(t("field.password"), true)}
              data-testid="register-password"
              {...input("password")}
            />
          </Field>
          <Field
            id={`${id}-confirmPassword`}
            label={t("field.confirmPassword")}
            error={errorOf("confirmPassword")}
            required
          >
            <input
              type="password"
              autoComplete="new-password"
              placeholder={placeholderOf(t("field.confirmPassword"), true)}
              data-testid="register-confirm"
              {...input("confirmPassword")}
            />
          </Field>
        </>
      )}
      {configured("payeeName", { autoComplete: "name" })}
      {configured("email", { type: "email", autoComplete: "email", inputMode: "email" })}
      {birthdayCfg?.enabled && (
        <Field
          id={`${id}-birthday`}
          label={t("field.birthday")}
          error={errorOf("birthday")}
          required={birthdayCfg.required}
        >
          <input
            type="date"
            autoComplete="bday"
            max={localToday()}
            data-testid="register-birthday"
            {...input("birthday")}
          />
        </Field>
      )}
      {configured("qqNum", { autoComplete: "off", inputMode: "numeric" })}
      {configured("wechat", { autoComplete: "off" })}
      {configured("whatsapp", { type: "tel", autoComplete: "off", inputMode: "numeric" })}
      {configured("line", { autoComplete: "off" })}
      {configured("facebook", { autoComplete: "off" })}
      {configured("idNumber", { autoComplete: "off" })}
      {configured("recommenderId", { autoComplete: "off" })}
      {configured("affiliateCode", { autoComplete: "off" })}
      {configured("paymentPassword", {
        type: "password",
        autoComplete: "new-password",
        inputMode: "numeric",
      })}
      {needCaptcha && (
        <CaptchaField
          id={`${id}-captcha`}
          error={errorOf("captcha")}
          picture={picture}
          onRefresh={() => void refreshCaptcha()}
          inputProps={input("captcha")}
        />
      )}
      {checkbox("ageConfirmed", t("register.age", { age: settings.minimumAge }))}
      {checkbox("agree", t("register.terms"))}
      {formError && (
        <p className="form-error" role="alert" data-testid="register-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={isSubmitting}
        data-testid="register-submit"
      >
        {isSubmitting ? t("common.loading") : t("header.register")}
      </button>
    </form>
  );
}
