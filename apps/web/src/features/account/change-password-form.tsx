import "../i18n/texts/acct.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MAX, PASSWORD_MIN, Password } from "@panalo/contracts/members";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { queryClient } from "../../app/query-client.ts";
import { showLoader } from "../../components/dialogs.tsx";
import { Field } from "../../components/field.tsx";
import { toast } from "../../components/toast.tsx";
import { MEMBER_QUERY_ROOT, setPasswordChangeRequired } from "../session/session-store.ts";
import { secureCall } from "./field-crypto.ts";
import { errorText, fieldErrorText, showFieldErrors } from "./form-errors.ts";

/**
 * Change password (spec §4, §5): the old password (unless already known from the login form
 * when the change is forced), a new one that satisfies the password rule, and its confirmation.
 * POST /wps/member/password; then member info is loaded again.
 */
const Schema = z
  .object({
    knowsOld: z.boolean(),
    oldPassword: z.string().max(64, "password.oldRequired"),
    newPassword: Password,
    confirmNewPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.knowsOld && !v.oldPassword) {
      ctx.addIssue({ code: "custom", path: ["oldPassword"], message: "password.oldRequired" });
    }
    if (!v.confirmNewPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "password.confirmRequired" });
    } else if (v.confirmNewPassword !== v.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "confirm_mismatch" });
    }
  });
type Values = z.infer<typeof Schema>;

const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

export function ChangePasswordForm(props: {
  /** The current password when the login form just used it. */
  knownOldPassword?: string;
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [known, setKnown] = useState(props.knownOldPassword);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { knowsOld: Boolean(known), oldPassword: "", newPassword: "", confirmNewPassword: "" },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const hideLoader = showLoader();
    try {
      await secureCall<null>("/wps/member/password", "POST", {
        oldPassword: known ?? v.oldPassword,
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      });
      setPasswordChangeRequired(false);
      await queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });
      reset();
      toast(t("password.changed"), "success");
      props.onDone();
    } catch (e) {
      const shown = showFieldErrors(
        e,
        t,
        { oldPassword: "oldPassword", newPassword: "newPassword", confirmNewPassword: "confirmNewPassword" },
        (field, error, options) => {
          if (field === "oldPassword" && known !== undefined) {
            // The password the login form used is no longer right: ask for it.
            setKnown(undefined);
            setValue("knowsOld", false);
          }
          setError(field, error, options);
        },
      );
      if (!shown) setFormError(errorText(e, t));
    } finally {
      hideLoader();
    }
  });

  const err = (name: keyof Values) => fieldErrorText(errors[name], t, LIMITS);
  const input = (name: "oldPassword" | "newPassword" | "confirmNewPassword", placeholder: string) => ({
    id: `${id}-${name}`,
    type: "password",
    className: "input",
    placeholder,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    "data-testid": `${props.testId}-${name}`,
    ...register(name),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid={props.testId}>
      {known === undefined && (
        <Field id={`${id}-oldPassword`} label={t("field.oldPassword")} error={err("oldPassword")} required>
          <input autoComplete="current-password" {...input("oldPassword", t("field.oldPassword"))} />
        </Field>
      )}
      <Field id={`${id}-newPassword`} label={t("field.newPassword")} error={err("newPassword")} required>
        <input autoComplete="new-password" {...input("newPassword", t("field.newPassword"))} />
      </Field>
      <p className="field-hint">{t("password.rule", LIMITS)}</p>
      <Field
        id={`${id}-confirmNewPassword`}
        label={t("field.confirmNewPassword")}
        error={err("confirmNewPassword")}
        required
      >
        <input autoComplete="new-password" {...input("confirmNewPassword", t("field.confirmNewPassword"))} />
      </Field>
      {formError && (
        <p className="form-error" role="alert" data-testid={`${props.testId}-error`}>
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-lg btn-block"
        disabled={isSubmitting}
        data-testid={`${props.testId}-submit`}
      >
        {isSubmitting ? t("common.loading") : t("password.submit")}
      </button>
    </form>
  );
}
