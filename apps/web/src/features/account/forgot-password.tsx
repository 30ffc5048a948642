import "../i18n/texts/acct.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import type { LoginValue } from "@panalo/contracts/members";
import { normalizeMobile, PASSWORD_MAX, PASSWORD_MIN, Password, Username } from "@panalo/contracts/members";
import { PATTERNS } from "@panalo/contracts/patterns";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { showDialog, showLoader } from "../../components/dialogs.tsx";
import { Field } from "../../components/field.tsx";
import { Modal } from "../../components/modal.tsx";
import { type TabItem, TabPanel, Tabs } from "../../components/tabs.tsx";
import { toast } from "../../components/toast.tsx";
import { api } from "../../lib/api.ts";
import { useStatus } from "../system/system-api.ts";
import { closeAccountModal, type ForgotModal, openLogin } from "./account-ui.ts";
import { secureCall } from "./field-crypto.ts";
import { errorText, fieldErrorText, showFieldErrors } from "./form-errors.ts";
import { completeLogin, sendSmsCode } from "./login-flow.ts";
import { defaultDialingCode, useRegisterSettings } from "./register-settings.ts";
import { readRemembered } from "./remember.ts";
import { SmsCodeButton } from "./sms-code-button.tsx";

type Tab = ForgotModal["tab"];

/**
 * Forgot password (spec §4, §5): by phone (CHNGPASSVERIF3) — a code by SMS, a new password,
 * then an automatic login and home; by e-mail (CHNGPASSMAIL3) — username and e-mail, then a
 * confirmation that never says whether such an account exists.
 */
export function ForgotPasswordModal({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const id = useId();
  const items: TabItem<Tab>[] = [];
  if (status?.whitelabel.CHNGPASSVERIF3) items.push({ id: "phone", label: t("forgot.byPhone") });
  if (status?.whitelabel.CHNGPASSMAIL3) items.push({ id: "email", label: t("forgot.byEmail") });
  const [current, setCurrent] = useState<Tab>(tab);
  const shown = items.some((i) => i.id === current) ? current : items[0]?.id;

  return (
    <Modal onClose={() => closeAccountModal()} title={t("forgot.title")} testId="forgot-modal">
      {items.length > 1 && (
        <Tabs
          idBase={`${id}-tab`}
          items={items}
          value={shown ?? "phone"}
          onChange={setCurrent}
          label={t("forgot.title")}
          testIdPrefix="forgot-tab-"
        />
      )}
      {shown ? (
        <TabPanel idBase={`${id}-tab`} selected={shown}>
          {shown === "phone" ? <PhoneReset /> : <EmailReset />}
        </TabPanel>
      ) : (
        <p className="muted">{t("forgot.unavailable")}</p>
      )}
      <p className="auth-links">
        <button type="button" className="link-btn" onClick={() => openLogin()}>
          {t("forgot.backToLogin")}
        </button>
      </p>
    </Modal>
  );
}

const PhoneSchema = z
  .object({
    dialingCode: z.string(),
    mobileNum: z.string().trim().max(20, "login.mobileInvalid"),
    verificationCode: z.string().trim().max(255, "login.codeRequired"),
    newPassword: Password,
    confirmNewPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!normalizeMobile(v.dialingCode, v.mobileNum)) {
      ctx.addIssue({ code: "custom", path: ["mobileNum"], message: "login.mobileInvalid" });
    }
    if (!v.verificationCode) {
      ctx.addIssue({ code: "custom", path: ["verificationCode"], message: "login.codeRequired" });
    }
    if (v.newPassword !== v.confirmNewPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "confirm_mismatch" });
    }
  });
type PhoneValues = z.infer<typeof PhoneSchema>;
const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

function PhoneReset() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const { data: settings } = useRegisterSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<PhoneValues>({
    resolver: zodResolver(PhoneSchema),
    defaultValues: {
      dialingCode: readRemembered()?.dialingCode || "63",
      mobileNum: "",
      verificationCode: "",
      newPassword: "",
      confirmNewPassword: "",
    },
  });

  useEffect(() => {
    if (settings && !settings.countries.some((c) => c.countryDialingCode === getValues("dialingCode"))) {
      setValue("dialingCode", defaultDialingCode(settings.countries));
    }
  }, [settings, getValues, setValue]);

  const sendCode = async (): Promise<number | null> => {
    if (!(await trigger("mobileNum"))) return null;
    const { dialingCode, mobileNum } = getValues();
    try {
      return await sendSmsCode(
        "noLogin",
        dialingCode,
        mobileNum.trim(),
        settings?.phoneCode?.recaptchaSiteKey,
      );
    } catch (e) {
      showDialog({ icon: "warning", text: errorText(e, t), testId: "sms-failed" });
      return null;
    }
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const hideLoader = showLoader();
    try {
      const value = await secureCall<LoginValue>("/wps/member/password/verification", "POST", {
        countryDialingCode: v.dialingCode,
        mobileNum: v.mobileNum,
        verificationCode: v.verificationCode,
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      });
      toast(t("password.changed"), "success");
      completeLogin(value, { method: "reset", navigate });
    } catch (e) {
      const shown = showFieldErrors(
        e,
        t,
        {
          mobileNum: "mobileNum",
          verificationCode: "verificationCode",
          newPassword: "newPassword",
          confirmNewPassword: "confirmNewPassword",
        },
        (field, error, options) => setError(field, error, options),
      );
      if (!shown) setFormError(errorText(e, t));
    } finally {
      hideLoader();
    }
  });

  const err = (name: keyof PhoneValues) => fieldErrorText(errors[name], t, LIMITS);
  const input = (name: keyof PhoneValues) => ({
    id: `${id}-${name}`,
    className: "input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    "data-testid": `forgot-${name}`,
    ...register(name),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field id={`${id}-mobileNum`} label={t("field.mobileNum")} error={err("mobileNum")} required>
        <div className="mobile-row">
          <label htmlFor={`${id}-dialingCode`} className="sr-only">
            {t("field.dialingCode")}
          </label>
          <select {...input("dialingCode")} className="input dialing-code">
            {(settings?.countries ?? [{ countryCode: "PH", countryDialingCode: "63" }]).map((c) => (
              <option key={c.countryCode} value={c.countryDialingCode}>
                +{c.countryDialingCode} {c.countryCode}
              </option>
            ))}
          </select>
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={`* ${t("field.mobileNum")}`}
            {...input("mobileNum")}
          />
        </div>
      </Field>
      <Field
        id={`${id}-verificationCode`}
        label={t("field.verificationCode")}
        error={err("verificationCode")}
        required
      >
        <div className="code-row">
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={`* ${t("field.verificationCode")}`}
            {...input("verificationCode")}
          />
          <SmsCodeButton onSend={sendCode} throttleMs={1000} testId="forgot-send-code" />
        </div>
      </Field>
      <Field id={`${id}-newPassword`} label={t("field.newPassword")} error={err("newPassword")} required>
        <input
          type="password"
          autoComplete="new-password"
          placeholder={`* ${t("field.newPassword")}`}
          {...input("newPassword")}
        />
      </Field>
      <p className="field-hint">{t("password.rule", LIMITS)}</p>
      <Field
        id={`${id}-confirmNewPassword`}
        label={t("field.confirmNewPassword")}
        error={err("confirmNewPassword")}
        required
      >
        <input
          type="password"
          autoComplete="new-password"
          placeholder={`* ${t("field.confirmNewPassword")}`}
          {...input("confirmNewPassword")}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid="forgot-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={isSubmitting}
        data-testid="forgot-submit"
      >
        {isSubmitting ? t("common.loading") : t("forgot.submitPhone")}
      </button>
    </form>
  );
}

const EmailSchema = z.object({
  username: Username,
  email: z
    .string()
    .trim()
    .max(200, PATTERNS.EMAIL.messageKey)
    .refine((v) => PATTERNS.EMAIL.test(v), PATTERNS.EMAIL.messageKey),
});
type EmailValues = z.infer<typeof EmailSchema>;

function EmailReset() {
  const { t } = useTranslation();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({
    resolver: zodResolver(EmailSchema),
    defaultValues: { username: "", email: "" },
  });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const hideLoader = showLoader();
    try {
      await api<{ sent: boolean }>("/wps/member/password/email", { method: "POST", body: v });
      closeAccountModal();
      // Never says whether the account exists or the address matched.
      showDialog({
        icon: "info",
        title: t("forgot.sentTitle"),
        text: t("forgot.sentText"),
        testId: "reset-sent",
      });
    } catch (e) {
      setFormError(errorText(e, t));
    } finally {
      hideLoader();
    }
  });

  const err = (name: keyof EmailValues) =>
    fieldErrorText(errors[name], t, { min: 4, max: 16, ...(name === "username" ? {} : {}) });
  const input = (name: keyof EmailValues) => ({
    id: `${id}-${name}`,
    className: "input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    "data-testid": `forgot-${name}`,
    ...register(name),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p className="muted">{t("forgot.emailLead")}</p>
      <Field id={`${id}-username`} label={t("field.username")} error={err("username")} required>
        <input autoComplete="username" placeholder={`* ${t("field.username")}`} {...input("username")} />
      </Field>
      <Field id={`${id}-email`} label={t("field.email")} error={err("email")} required>
        <input type="email" autoComplete="email" placeholder={`* ${t("field.email")}`} {...input("email")} />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid="forgot-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={isSubmitting}
        data-testid="forgot-email-submit"
      >
        {isSubmitting ? t("common.loading") : t("forgot.submitEmail")}
      </button>
    </form>
  );
}
