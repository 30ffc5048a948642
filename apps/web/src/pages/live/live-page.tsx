import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/page-title.tsx";
import { VendorLobby } from "../shared/vendor-lobby.tsx";
import { LiveTables } from "./live-tables.tsx";
import "../shared/pages.css";

/** spec §2 /live: the live-casino vendors' tables. */
export default function LivePage() {
  const { t } = useTranslation();
  return (
    <div className="page container" data-testid="page-live">
      <PageTitle title={t("title.live")} lead={t("lead.live")} />
      <LiveTables />
      <VendorLobby categories={["LIVE"]} />
    </div>
  );
}
