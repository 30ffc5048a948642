import { zodResolver } from "@hookform/resolvers/zod";
import type { OperatorSelf } from "@panalo/contracts/admin";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { PasswordChangeForm, useChangePassword, useLogout } from "./session-api.ts";

/**
 * The first screen of an operator whose password was generated for them: the server refuses
 * everything else until it is changed (guard.ts), so nothing else is offered.
 */
export function ChangePasswordPage({ operator }: { operator: OperatorSelf }) {
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
      onSuccess: () => toast.success("Password changed. Welcome!"),
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Choose a new password</h1>
        <p className="muted">
          Signed in as <strong>{operator.username}</strong>. Your password was generated for you; choose your
          own before you continue.
        </p>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="form-stack">
            <TextField
              name="oldPassword"
              label="Current (generated) password"
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField
              name="newPassword"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 12 characters, with letters and digits."
              required
            />
            <TextField
              name="confirmPassword"
              label="New password again"
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
              {change.isPending ? "Saving…" : "Change password"}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              Sign out
            </button>
          </form>
        </FormProvider>
      </div>
    </main>
  );
}
