import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/page-title.tsx";
import { VendorLobby } from "../shared/vendor-lobby.tsx";
import { BingoRooms } from "./bingo-rooms.tsx";
import "../shared/pages.css";

/** spec §2 /bingo: the in-house bingo rooms, then the bingo vendors' lobbies. */
export default function BingoPage() {
  const { t } = useTranslation();
  return (
    <div className="page container" data-testid="page-bingo">
      <PageTitle title={t("title.bingo")} lead={t("lead.bingo")} />
      <BingoRooms />
      <VendorLobby categories={["BINGO"]} />
    </div>
  );
}
