import { zodResolver } from "@hookform/resolvers/zod";
import type { OperatorSelf } from "@panalo/contracts/admin";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { PasswordChangeForm, useChangePassword, useLogout } from "./session-api.ts";

/**
 * The first screen of an operator whose password was generated for them: the server refuses
 * everything else until it is changed (guard.ts), so nothing else is offered.
 */
export function ChangePasswordPage({ operator }: { operator: OperatorSelf }) {
  const t = useT();
  const change = useChangePassword();
  const logout = useLogout();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(PasswordChangeForm),
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });

  const { setFocus } = form;
  useEffect(() => setFocus("oldPassword"), [setFocus]);

  const onSubmit = form.handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => toast.success(t("password.done")),
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{t("password.title")}</h1>
        <p className="muted">{t("password.signedInAs", { name: operator.username })}</p>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="form-stack">
            <TextField
              name="oldPassword"
              label={t("password.old")}
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField
              name="newPassword"
              label={t("password.new")}
              type="password"
              autoComplete="new-password"
              hint={t("password.newHint")}
              required
            />
            <TextField
              name="confirmPassword"
              label={t("password.again")}
              type="password"
              autoComplete="new-password"
              required
            />
            <button
              type="submit"
              className="btn btn--primary btn--block"
              data-testid="change-password-submit"
              disabled={change.isPending}
            >
              {change.isPending ? t("password.saving") : t("password.submit")}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              {t("password.signOut")}
            </button>
          </form>
        </FormProvider>
      </div>
    </main>
  );
}
