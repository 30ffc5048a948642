import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showDialog } from "../../components/dialogs.tsx";
import { useSession } from "./session-store.ts";

/**
 * spec §5 login check: without a session the action is blocked and the visitor is asked to
 * log in (the login popup arrives with later work; until then the login page).
 */
export function useRequireLogin(): (action: () => void) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  return (action) => {
    if (loggedIn) {
      action();
      return;
    }
    showDialog({
      icon: "info",
      title: t("login.neededTitle"),
      text: t("login.needed"),
      buttons: [
        { label: t("header.register"), onClick: () => navigate("/register") },
        { label: t("login.submit"), primary: true, onClick: () => navigate("/login") },
      ],
    });
  };
}
