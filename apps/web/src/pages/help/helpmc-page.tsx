import { useTranslation } from "react-i18next";
import { HelpCenter } from "./help-center.tsx";

/** spec §2 /helpmc: the bare help page (no header or footer), for the apps' web views. */
export default function HelpMcPage() {
  const { t } = useTranslation();
  return (
    <div className="page page-bare container" data-testid="page-helpmc">
      <h1>{t("title.help")}</h1>
      <HelpCenter />
    </div>
  );
}
