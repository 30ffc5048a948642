import "../../i18n/texts/rg.ts";
import { useTranslation } from "react-i18next";
import { RgPanel } from "../../responsible-gaming/rg-panel.tsx";

/** The member centre's responsible-gaming page: the same controls as /responsibleGaming. */
export default function ResponsibleGamingCentrePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="member-rg">
      <h2>{t("rg.title")}</h2>
      <RgPanel />
    </div>
  );
}
