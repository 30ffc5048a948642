import "../../features/i18n/texts/acct.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MAX, PASSWORD_MIN, Password } from "@panalo/contracts/members";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { showLoader } from "../../components/dialogs.tsx";
import { Field } from "../../components/field.tsx";
import { openForgotPassword, openLogin } from "../../features/account/account-ui.ts";
import { errorText, fieldErrorText, showFieldErrors } from "../../features/account/form-errors.ts";
import { api } from "../../lib/api.ts";
import { AuthFrame } from "../shared/auth-frame.tsx";

const Schema = z
  .object({ newPassword: Password, confirmNewPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "confirm_mismatch",
  });
type Values = z.infer<typeof Schema>;
const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

/**
 * /resetPassword?token=…: the page the password-reset e-mail links to (spec §4, CHNGPASSMAIL3).
 * A new password twice; the link works once. After it, every session of the account has ended
 * and the player signs in with the new password.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { newPassword: "", confirmNewPassword: "" },
  });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const hide = showLoader();
    try {
      await api("/wps/member/password/reset", { method: "POST", body: { token, ...v } });
      setDone(true);
    } catch (e) {
      const shown = showFieldErrors(
        e,
        t,
        { newPassword: "newPassword", confirmNewPassword: "confirmNewPassword" },
        (field, error, options) => setError(field, error, options),
      );
      if (!shown) setFormError(errorText(e, t));
    } finally {
      hide();
    }
  });

  const err = (name: keyof Values) => fieldErrorText(errors[name], t, LIMITS);
  const input = (name: keyof Values) => ({
    id: `${id}-${name}`,
    className: "input",
    type: "password",
    autoComplete: "new-password",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    "data-testid": `reset-${name}`,
    ...register(name),
  });

  return (
    <AuthFrame group="w_login" testId="page-reset-password" title={t("reset.title")}>
      {done ? (
        <div className="auth-form" data-testid="reset-done">
          <p role="status">{t("reset.done")}</p>
          <button type="button" className="btn btn-gold btn-lg btn-block" onClick={() => openLogin()}>
            {t("reset.login")}
          </button>
        </div>
      ) : token.length < 20 ? (
        <div className="auth-form" data-testid="reset-no-token">
          <p role="alert">{t("reset.noToken")}</p>
          <button
            type="button"
            className="btn btn-gold btn-lg btn-block"
            onClick={() => openForgotPassword("email")}
          >
            {t("reset.again")}
          </button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <Field id={`${id}-newPassword`} label={t("field.newPassword")} error={err("newPassword")} required>
            <input placeholder={`* ${t("field.newPassword")}`} {...input("newPassword")} />
          </Field>
          <p className="field-hint">{t("password.rule", LIMITS)}</p>
          <Field
            id={`${id}-confirmNewPassword`}
            label={t("field.confirmNewPassword")}
            error={err("confirmNewPassword")}
            required
          >
            <input placeholder={`* ${t("field.confirmNewPassword")}`} {...input("confirmNewPassword")} />
          </Field>
          {formError && (
            <p className="form-error" role="alert" data-testid="reset-error">
              {formError}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-gold btn-lg btn-block"
            disabled={isSubmitting}
            data-testid="reset-submit"
          >
            {isSubmitting ? t("common.loading") : t("forgot.submitPhone")}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
