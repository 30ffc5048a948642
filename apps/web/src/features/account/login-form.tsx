import "../i18n/texts/acct.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { normalizeMobile } from "@panalo/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { showDialog, showLoader } from "../../components/dialogs.tsx";
import { Field } from "../../components/field.tsx";
import { type TabItem, TabPanel, Tabs } from "../../components/tabs.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { useStatus } from "../system/system-api.ts";
import {
  closeAccountModal,
  type LoginMode,
  openForgotPassword,
  sitePath,
  useAccountUi,
} from "./account-ui.ts";
import { errorText, fieldErrorText, showFieldErrors } from "./form-errors.ts";
import { completeLogin, fetchCaptcha, requestFreeplay, requestLogin, sendSmsCode } from "./login-flow.ts";
import { defaultDialingCode, useRegisterSettings } from "./register-settings.ts";
import { readRemembered, writeRemembered } from "./remember.ts";
import { SmsCodeButton } from "./sms-code-button.tsx";

/**
 * The login form of the login page and the login popup (spec §2, §4, §5): by username and
 * password, or (MOBILEVERCODELOGIN3) by mobile number and an SMS code; a captcha once the
 * server asks for one; the second-factor code on a new device; remember me; the ways to
 * recover a password, third-party sign-in and trial play, each when the operator offers it.
 */
const LoginSchema = z
  .object({
    mode: z.enum(["username", "sms"]),
    needCaptcha: z.boolean(),
    needSecondFactor: z.boolean(),
    username: z.string().trim().max(40, "login.usernameRequired"),
    password: z.string().max(64, "login.passwordRequired"),
    captcha: z.string().trim().max(8, "login.captchaRequired"),
    secondFactorCode: z.string().trim().max(10, "login.codeRequired"),
    dialingCode: z.string(),
    mobile: z.string().trim().max(20, "login.mobileInvalid"),
    code: z.string().trim().max(255, "login.codeRequired"),
    remember: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.mode === "username") {
      // spec §5: username and password required; the captcha when shown.
      if (!v.username) need("username", "login.usernameRequired");
      if (!v.password) need("password", "login.passwordRequired");
      if (v.needCaptcha && !v.captcha) need("captcha", "login.captchaRequired");
      if (v.needSecondFactor && !v.secondFactorCode) need("secondFactorCode", "login.codeRequired");
    } else {
      // spec §5: mobile login needs a valid mobile number and the code.
      if (!normalizeMobile(v.dialingCode, v.mobile)) need("mobile", "login.mobileInvalid");
      if (!v.code) need("code", "login.codeRequired");
    }
  });
type LoginValues = z.infer<typeof LoginSchema>;

/** spec §9: the captcha picture is refreshed at most once per second. */
const CAPTCHA_REFRESH_MS = 1000;
/** spec §9: the login SMS button takes one press per second. */
const SMS_THROTTLE_MS = 1000;

export interface LoginFormProps {
  variant: "page" | "popup";
  /** spec §6 agent login path: only agents may log in here (the server refuses the others). */
  agentPath?: boolean;
  initial?: {
    mode?: LoginMode;
    username?: string;
    password?: string;
    captcha?: boolean;
    secondFactorTo?: string;
    notice?: string;
  };
}

interface OAuthProvider {
  id: string;
  label: string;
}

/** GET /wps/oauth/providers: the third-party sign-in buttons. */
export function useOAuthProviders() {
  return useQuery({
    queryKey: ["system", "oauthProviders"],
    queryFn: () => api<OAuthProvider[]>("/wps/oauth/providers"),
    staleTime: 10 * 60_000,
  });
}

export function LoginForm({ variant, initial = {}, agentPath = false }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const { data: status } = useStatus();
  const { data: settings } = useRegisterSettings();
  const { data: providers } = useOAuthProviders();
  const switches = status?.whitelabel ?? {};
  const smsLogin = switches.MOBILEVERCODELOGIN3 === true;
  const [remembered] = useState(readRemembered);
  const [mode, setMode] = useState<LoginMode>(smsLogin && initial.mode === "sms" ? "sms" : "username");
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [secondFactorTo, setSecondFactorTo] = useState<string | null>(initial.secondFactorTo ?? null);
  const [formError, setFormError] = useState<string | null>(initial.notice ?? null);
  // A third-party sign-in that did not work comes back to /login?oauthError=<provider>.
  const [oauthFailed, setOauthFailed] = useState(() =>
    variant === "page" ? new URLSearchParams(search).get("oauthError") : null,
  );
  const oauthLabel = providers?.find((p) => p.id === oauthFailed)?.label ?? oauthFailed;
  const shownError = formError ?? (oauthFailed ? t("login.oauthFailed", { provider: oauthLabel }) : null);
  const lastCaptchaAt = useRef(0);
  const captchaLoading = useRef(false);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(LoginSchema),
    defaultValues: {
      mode,
      needCaptcha: initial.captcha === true,
      needSecondFactor: Boolean(initial.secondFactorTo),
      username: initial.username ?? remembered?.username ?? "",
      password: initial.password ?? "",
      captcha: "",
      secondFactorCode: "",
      dialingCode: remembered?.dialingCode || "63",
      mobile: "",
      code: "",
      remember: remembered !== null,
    },
  });

  // The dialing codes arrive with the registration settings; keep a remembered one.
  useEffect(() => {
    if (!settings) return;
    const current = getValues("dialingCode");
    if (!settings.countries.some((c) => c.countryDialingCode === current)) {
      setValue("dialingCode", defaultDialingCode(settings.countries, remembered?.dialingCode));
    }
  }, [settings, getValues, setValue, remembered]);

  const refreshCaptcha = useCallback(async () => {
    if (captchaLoading.current) return;
    captchaLoading.current = true;
    try {
      const wait = lastCaptchaAt.current + CAPTCHA_REFRESH_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastCaptchaAt.current = Date.now();
      setCaptcha(await fetchCaptcha());
      setValue("captcha", "");
    } catch (err) {
      setFormError(errorText(err, t));
    } finally {
      captchaLoading.current = false;
    }
  }, [setValue, t]);

  // A popup opened because the server asked for a captcha shows one at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render
  useEffect(() => {
    if (initial.captcha) void refreshCaptcha();
  }, []);

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setValue("mode", next);
    setFormError(null);
  };

  const needCaptcha = watch("needCaptcha");
  const err = (name: keyof LoginValues) => fieldErrorText(errors[name], t);
  const describedBy = (name: keyof LoginValues) => (errors[name] ? `${id}-${name}-error` : undefined);
  const input = (name: keyof LoginValues) => ({
    id: `${id}-${name}`,
    className: "input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name),
    ...register(name),
  });

  const sendCode = async (): Promise<number | null> => {
    if (!(await trigger("mobile"))) return null;
    const { dialingCode, mobile } = getValues();
    try {
      return await sendSmsCode("noLogin", dialingCode, mobile.trim(), settings?.phoneCode?.recaptchaSiteKey);
    } catch (e) {
      // spec §8: a failed SMS send shows the server's message in a warning dialog.
      showDialog({ icon: "warning", text: errorText(e, t), testId: "sms-failed" });
      return null;
    }
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setOauthFailed(null);
    const hideLoader = showLoader();
    const usedCaptcha = v.mode === "username" && v.needCaptcha;
    try {
      if (v.mode === "username") {
        const value = await requestLogin({
          username: v.username,
          password: v.password,
          type: "username",
          path: agentPath ? "agent" : undefined,
          captcha: v.needCaptcha ? v.captcha : undefined,
          captchaId: v.needCaptcha ? captcha?.captchaId : undefined,
          secondFactorCode: v.needSecondFactor ? v.secondFactorCode : undefined,
        });
        writeRemembered(v.remember ? { username: v.username } : null);
        completeLogin(value, { method: "username", oldPassword: v.password, navigate });
      } else {
        const full = normalizeMobile(v.dialingCode, v.mobile) ?? "";
        const value = await requestLogin({ username: full, password: v.code, type: "sms" });
        writeRemembered(v.remember ? { dialingCode: v.dialingCode } : null);
        completeLogin(value, { method: "sms", navigate });
      }
    } catch (e) {
      // spec §8: a failed login hides the loader; a captcha appears if the answer asks for one.
      if (e instanceof ApiError && (e.captcha || usedCaptcha)) {
        setValue("needCaptcha", true);
        void refreshCaptcha();
      }
      // An authenticator app's code (TOTP_REQUIRED) goes in the same field.
      if (e instanceof ApiError && (e.code === "SECOND_FACTOR_REQUIRED" || e.code === "TOTP_REQUIRED")) {
        setSecondFactorTo(e.secondFactor?.to ?? "");
        setValue("needSecondFactor", true);
      }
      const fields: Record<string, keyof LoginValues> =
        v.mode === "sms"
          ? { username: "mobile", mobileNum: "mobile", password: "code", verificationCode: "code" }
          : { username: "username", password: "password", verificationCode: "secondFactorCode" };
      const shown = showFieldErrors(e, t, fields, (field, error, options) => setError(field, error, options));
      if (!shown || (e instanceof ApiError && e.code !== "VALIDATION_ERROR")) setFormError(errorText(e, t));
    } finally {
      hideLoader();
    }
  });

  const freeplay = async () => {
    const hideLoader = showLoader();
    try {
      completeLogin(await requestFreeplay(), { method: "freeplay", navigate });
    } catch (e) {
      showDialog({ icon: "warning", text: errorText(e, t) });
    } finally {
      hideLoader();
    }
  };

  // spec: the provider brings the player back to the current page (the login page: home).
  // A popup opened on the way to a game returns there.
  const destination = useAccountUi((s) => (s.modal?.kind === "login" ? sitePath(s.modal.afterLogin) : null));
  const returnTo = destination ?? (pathname === "/login" ? "/" : `${pathname}${search}`);
  const tabs: TabItem<LoginMode>[] = [
    { id: "username", label: t("login.byUsername") },
    { id: "sms", label: t("login.byMobile") },
  ];
  const testId = (name: string) => `${variant === "popup" ? "popup" : "login-page"}-${name}`;
  const usernameMode = mode === "username";

  return (
    <div className="login-form" data-testid={testId("form")}>
      {smsLogin && (
        <Tabs
          idBase={`${id}-mode`}
          items={tabs}
          value={mode}
          onChange={switchMode}
          label={t("login.title")}
          className="login-tabs"
          testIdPrefix={testId("tab-")}
        />
      )}
      <TabPanel idBase={`${id}-mode`} selected={mode}>
        <form className="auth-form" onSubmit={submit} noValidate>
          {usernameMode ? (
            <>
              <Field id={`${id}-username`} label={t("login.username")} error={err("username")} required>
                <input
                  autoComplete="username"
                  placeholder={t("login.usernameOrMobile")}
                  data-testid={testId("username")}
                  {...input("username")}
                />
              </Field>
              <Field id={`${id}-password`} label={t("login.password")} error={err("password")} required>
                <input
                  type="password"
                  autoComplete="current-password"
                  placeholder={t("login.password")}
                  data-testid={testId("password")}
                  {...input("password")}
                />
              </Field>
              {captcha !== null || needCaptcha ? (
                <Field id={`${id}-captcha`} label={t("login.captcha")} error={err("captcha")} required>
                  <div className="captcha-row">
                    <input
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder={t("login.captchaPlaceholder")}
                      data-testid={testId("captcha")}
                      {...input("captcha")}
                    />
                    <button
                      type="button"
                      className="captcha-picture"
                      onClick={() => void refreshCaptcha()}
                      title={t("login.captchaRefresh")}
                      data-testid={testId("captcha-refresh")}
                    >
                      {captcha ? (
                        <img
                          src={captcha.image}
                          alt={t("login.captchaAlt")}
                          width={120}
                          height={40}
                          data-testid={testId("captcha-image")}
                          data-captcha-id={captcha.captchaId}
                        />
                      ) : (
                        <span className="spinner spinner-sm" aria-hidden="true" />
                      )}
                      <span className="sr-only">{t("login.captchaRefresh")}</span>
                    </button>
                  </div>
                </Field>
              ) : null}
              {secondFactorTo !== null && (
                <Field
                  id={`${id}-secondFactorCode`}
                  label={
                    secondFactorTo ? t("login.secondFactor", { to: secondFactorTo }) : t("acct.totpCode")
                  }
                  error={err("secondFactorCode")}
                  required
                >
                  <input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder={t("login.codePlaceholder")}
                    data-testid={testId("second-factor")}
                    {...input("secondFactorCode")}
                  />
                </Field>
              )}
            </>
          ) : (
            <>
              <Field id={`${id}-mobile`} label={t("field.mobileNum")} error={err("mobile")} required>
                <div className="mobile-row">
                  <label htmlFor={`${id}-dialingCode`} className="sr-only">
                    {t("field.dialingCode")}
                  </label>
                  <select
                    id={`${id}-dialingCode`}
                    className="input dialing-code"
                    data-testid={testId("dialing-code")}
                    {...register("dialingCode")}
                  >
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
                    placeholder={t("field.mobileNum")}
                    data-testid={testId("mobile")}
                    {...input("mobile")}
                  />
                </div>
              </Field>
              <Field id={`${id}-code`} label={t("field.verificationCode")} error={err("code")} required>
                <div className="code-row">
                  <input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder={t("login.codePlaceholder")}
                    data-testid={testId("code")}
                    {...input("code")}
                  />
                  <SmsCodeButton
                    onSend={sendCode}
                    throttleMs={SMS_THROTTLE_MS}
                    testId={testId("send-code")}
                  />
                </div>
              </Field>
            </>
          )}
          <label className="check">
            <input type="checkbox" data-testid={testId("remember")} {...register("remember")} />
            <span>{t("login.remember")}</span>
          </label>
          {shownError && (
            <p className="form-error" role="alert" data-testid={testId("error")}>
              {shownError}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-gold btn-lg btn-block"
            disabled={isSubmitting}
            data-testid={testId("submit")}
          >
            {isSubmitting ? t("common.loading") : t("login.submit")}
          </button>
        </form>
      </TabPanel>
      {(switches.CHNGPASSVERIF3 || switches.CHNGPASSMAIL3) && (
        <p className="auth-links forgot-links">
          <span>{t("forgot.title")}</span>
          {switches.CHNGPASSVERIF3 && (
            <button
              type="button"
              className="link-btn"
              onClick={() => openForgotPassword("phone")}
              data-testid={testId("forgot-phone")}
            >
              {t("forgot.byPhone")}
            </button>
          )}
          {switches.CHNGPASSMAIL3 && (
            <button
              type="button"
              className="link-btn"
              onClick={() => openForgotPassword("email")}
              data-testid={testId("forgot-email")}
            >
              {t("forgot.byEmail")}
            </button>
          )}
        </p>
      )}
      {(providers?.length ?? 0) > 0 || switches.FREEPLAY3 ? (
        <div className="alt-logins">
          <p className="alt-logins-title">{t("login.or")}</p>
          {providers?.map((p) => (
            <a
              key={p.id}
              className="btn btn-outline btn-block"
              href={`/wps/oauth/${encodeURIComponent(p.id)}/start?returnTo=${encodeURIComponent(returnTo)}`}
              data-testid={`oauth-${p.id}`}
            >
              {t("login.withProvider", { provider: p.label })}
            </a>
          ))}
          {switches.FREEPLAY3 && (
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => void freeplay()}
              data-testid={testId("freeplay")}
            >
              {t("login.freeplay")}
            </button>
          )}
        </div>
      ) : null}
      <p className="auth-links">
        <span>
          {t("login.noAccount")}{" "}
          <Link to="/register" onClick={() => closeAccountModal()} data-testid={testId("register")}>
            {t("header.register")}
          </Link>
        </span>
        {/* The password recovery itself (it says so when the operator offers none). */}
        <button
          type="button"
          className="link-btn"
          onClick={() => openForgotPassword(switches.CHNGPASSVERIF3 ? "phone" : "email")}
          data-testid={testId("trouble")}
        >
          {t("login.trouble")}
        </button>
      </p>
    </div>
  );
}
