import { useTranslation } from "react-i18next";
import { LoginForm } from "../../features/account/login-form.tsx";
import { AuthFrame } from "../shared/auth-frame.tsx";

/** spec §2 /login: the page the redirect rule sends visitors to. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame group="w_login" testId="page-login" title={t("title.login")}>
      <LoginForm variant="page" />
    </AuthFrame>
  );
}
