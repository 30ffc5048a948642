import { useTranslation } from "react-i18next";
import { LoginForm } from "../../features/account/login-form.tsx";
import { AuthFrame } from "../shared/auth-frame.tsx";

/** spec §6 the agent login path (/agent): only an agent account may log in here. */
export default function AgentLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame group="w_login" testId="page-agent-login" title={t("title.agentLogin")}>
      <LoginForm variant="page" agentPath />
    </AuthFrame>
  );
}
