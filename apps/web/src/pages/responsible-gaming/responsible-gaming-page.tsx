import "../../features/i18n/texts/rg.ts";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/page-title.tsx";
import { openLogin } from "../../features/account/account-ui.ts";
import { RgPanel } from "../../features/responsible-gaming/rg-panel.tsx";
import { useSession } from "../../features/session/session-store.ts";
import "../shared/pages.css";

/**
 * /responsibleGaming: reachable from every page's footer. Anyone reads what
 * the site offers; a logged-in member sets limits, the session limit and reality check, and
 * cooling-off or self-exclusion here.
 */
export default function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null && s.isAgent !== 4);
  return (
    <div className="page container" data-testid="page-responsible-gaming">
      <PageTitle title={t("rg.title")} lead={t("rg.lead")} />
      {loggedIn ? (
        <RgPanel />
      ) : (
        <section className="rg-section">
          <ul>
            <li>{t("rg.infoLimits")}</li>
            <li>{t("rg.infoSession")}</li>
            <li>{t("rg.infoExclusion")}</li>
          </ul>
          <button type="button" className="btn btn-primary" onClick={() => openLogin({ reason: "required" })}>
            {t("rg.loginToSet")}
          </button>
        </section>
      )}
    </div>
  );
}
