import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { VendorLobby } from "../shared/vendor-lobby.tsx";
import "../shared/pages.css";

/**
 * spec §2 /sports and /esports: one page, its game type from the path. Above the books, the
 * hot-match carousel (time and date of each match), empty until matches are fed in.
 */
export default function SportsPage() {
  const { t } = useTranslation();
  const esports = useLocation().pathname === "/esports";
  const gameType = esports ? "ESPORTS" : "SPORTS";
  return (
    <div className="page container" data-testid="page-sports" data-game-type={gameType}>
      <PageTitle
        title={t(esports ? "title.esports" : "title.sports")}
        lead={t(esports ? "lead.esports" : "lead.sports")}
      />
      <section className="hot-matches" aria-labelledby="hot-matches-title">
        <h2 id="hot-matches-title">{t("sports.hotMatches")}</h2>
        <EmptyState icon="trophy" title={t("sports.noMatches")} text={t("sports.noMatchesText")} />
      </section>
      <section aria-labelledby="sports-books-title">
        <h2 id="sports-books-title">{t("sports.books")}</h2>
        <VendorLobby categories={[gameType]} />
      </section>
    </div>
  );
}
