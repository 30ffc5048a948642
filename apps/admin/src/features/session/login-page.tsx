import { zodResolver } from "@hookform/resolvers/zod";
import { AdminLoginRequest } from "@panalo/contracts/admin";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { TextField } from "../../components/form-fields.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { type LoginInput, useLogin, useSession } from "./session-api.ts";

/** Where the operator was going before the login page, if the router remembered it. */
function returnPath(state: unknown): string {
  if (typeof state === "object" && state !== null && "from" in state && typeof state.from === "string") {
    return state.from.startsWith("/") && !state.from.startsWith("/login") ? state.from : "/";
  }
  return "/";
}

export function LoginPage() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(AdminLoginRequest),
    defaultValues: { username: "", password: "", totp: "" },
  });

  const { setFocus } = form;
  useEffect(() => setFocus("username"), [setFocus]);

  if (session.data) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = form.handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => navigate(returnPath(location.state), { replace: true }),
      onError: (err) => {
        applyServerFieldErrors(err, form);
        form.setValue("totp", ""); // each code is accepted once; the next try needs a fresh one
      },
    }),
  );

  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <div>
            <p className="auth-brand-name">Panalo</p>
            <p className="muted">{t("login.brand")}</p>
          </div>
        </div>
        <h1 className="auth-title">{t("login.title")}</h1>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="form-stack">
            <TextField
              name="username"
              label={t("login.username")}
              testId="admin-login-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <TextField
              name="password"
              label={t("login.password")}
              type="password"
              testId="admin-login-password"
              autoComplete="current-password"
              required
            />
            <TextField
              name="totp"
              label={t("login.totp")}
              hint={t("login.totpHint")}
              testId="admin-login-totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
            <button
              type="submit"
              className="btn btn--primary btn--block"
              data-testid="admin-login-submit"
              disabled={login.isPending}
            >
              {login.isPending ? t("login.submitting") : t("login.submit")}
            </button>
          </form>
        </FormProvider>
        <div className="auth-lang">
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}
