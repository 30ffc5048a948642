import { useTranslation } from "react-i18next";
import { Icon } from "../../components/icons.tsx";

/**
 * The winners board beside the jackpot (spec §2 home, §7 rank list). Wins come from games,
 * which arrive with later work; until then the frame shows its empty state.
 */
export function WinnerTicker() {
  const { t } = useTranslation();
  return (
    <section className="winners card" aria-labelledby="winners-title" data-testid="winner-ticker">
      <h2 id="winners-title" className="winners-title">
        {t("home.winners")}
      </h2>
      <div className="winners-empty">
        <span className="winners-icon">
          <Icon name="trophy" size={32} />
        </span>
        <p>{t("home.winnersEmpty")}</p>
      </div>
    </section>
  );
}
