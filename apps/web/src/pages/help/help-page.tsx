import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/page-title.tsx";
import { HelpCenter } from "./help-center.tsx";

/** spec §2 /help: the help centre with the site around it. */
export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <div className="page container" data-testid="page-help">
      <PageTitle title={t("title.help")} lead={t("lead.help")} />
      <HelpCenter />
    </div>
  );
}
