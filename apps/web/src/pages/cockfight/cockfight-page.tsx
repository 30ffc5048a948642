import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { useCockfightAvailability, useGameMenus } from "../../features/system/system-api.ts";

/**
 * /cockfight (spec §2: cockfight follows sports and launches its game directly). Where the
 * operator has not turned it on for the visitor's region (online sabong is suspended in the
 * Philippines), the page says it is not available there; elsewhere the arena opens at once.
 */
export default function CockfightPage() {
  const { t } = useTranslation();
  const availability = useCockfightAvailability();
  const menus = useGameMenus();
  if (availability.isPending || (availability.data?.available && menus.isPending))
    return <div className="page container" data-testid="page-cockfight" aria-busy="true" />;
  const vendor = menus.data?.find((m) => m.gameType === "COCKFIGHT")?.vendors[0];
  if (availability.data?.available && vendor)
    return (
      <Navigate to={`/game?gameType=COCKFIGHT&vendor=${encodeURIComponent(vendor.vassalage)}`} replace />
    );
  return (
    <div className="page container" data-testid="page-cockfight">
      <EmptyState
        icon="globe"
        title={t("cockfight.regionTitle")}
        text={t("cockfight.regionText")}
        action={
          <Link to="/" className="btn btn-primary">
            {t("cockfight.home")}
          </Link>
        }
      />
    </div>
  );
}
