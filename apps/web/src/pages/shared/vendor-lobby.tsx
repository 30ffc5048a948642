import type { GameCategory } from "@panalo/contracts/content";
import type { Game } from "@panalo/contracts/games";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { LazyImage } from "../../components/lazy-image.tsx";
import { CardSkeletons } from "../../components/skeleton.tsx";
import { GameCard } from "../../features/games/game-card.tsx";
import { useCategoryGames } from "../../features/games/games-api.ts";
import { useLaunchGame } from "../../features/games/launch.ts";
import { useGameMenus } from "../../features/system/system-api.ts";

/**
 * The vendors of a category as cards (live casino, bingo, sports). Every card ends somewhere
 * real: a vendor with one listed game (its lobby) launches it (login first, then on into the
 * game); a vendor with several shows them under the cards (`?vendor=`); a vendor with nothing
 * listed says so here, instead of sending the player to an empty /game page.
 */
export function VendorLobby({ categories }: { categories: readonly GameCategory[] }) {
  const { t } = useTranslation();
  const { data: menus, isPending } = useGameMenus();
  // The pages list one category each; the games of that category say which vendors open.
  const category = categories[0] ?? "LIVE";
  const catalog = useCategoryGames(category);
  const [params, setParams] = useSearchParams();
  const launch = useLaunchGame();
  const chosen = params.get("vendor");
  if (isPending || catalog.isPending) return <CardSkeletons count={4} />;
  const vendors = (menus ?? []).filter((m) => categories.includes(m.gameType)).flatMap((m) => m.vendors);
  if (vendors.length === 0) {
    return <EmptyState icon="cards" title={t("lobby.emptyTitle")} text={t("lobby.emptyText")} />;
  }
  const games = catalog.data?.games ?? [];
  const gamesOf = (vendor: string): Game[] => games.filter((g) => g.vassalage === vendor);
  const open = (vendor: string) => {
    const list = gamesOf(vendor);
    const only = list.length === 1 ? list[0] : undefined;
    if (only) launch({ nodeId: only.nodeId, gameName: only.gameName });
    else setParams({ vendor }, { replace: true });
  };
  const picked = chosen ? vendors.find((v) => v.vassalage === chosen) : undefined;
  const pickedGames = picked ? gamesOf(picked.vassalage) : [];
  return (
    <>
      {picked && pickedGames.length === 0 && !catalog.isError && (
        <div data-testid="vendor-unavailable-notice">
          <EmptyState
            icon="cards"
            title={t("lobby.unavailableTitle", { vendor: picked.displayName })}
            text={t("lobby.unavailableText")}
          />
        </div>
      )}
      <ul className="card-grid vendor-grid">
        {vendors.map((v) => {
          const count = gamesOf(v.vassalage).length;
          // Unknown when the list failed: let the player try (the launch answers clearly).
          const available = count > 0 || catalog.isError;
          return (
            <li key={`${v.gameType}-${v.nodeId}`}>
              <article
                className={chosen === v.vassalage ? "vendor-card card is-chosen" : "vendor-card card"}
                data-testid="vendor-card"
                data-vendor={v.vassalage}
                data-available={available}
              >
                <LazyImage src={v.logoHover} alt="" width={160} height={64} className="vendor-logo" />
                <h2 className="vendor-name">{v.displayName}</h2>
                {v.isHot === 1 && <span className="hot-badge">{t("nav.hot")}</span>}
                {available ? (
                  <button
                    type="button"
                    className="btn btn-gold btn-block"
                    onClick={() => open(v.vassalage)}
                    data-testid="vendor-play"
                  >
                    {t("common.play")}
                    <span className="sr-only"> {v.displayName}</span>
                  </button>
                ) : (
                  <p className="muted vendor-soon" data-testid="vendor-unavailable">
                    {t("lobby.unavailableShort")}
                  </p>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      {picked && pickedGames.length > 1 && (
        <section aria-label={picked.displayName} data-testid="vendor-games">
          <h2>{picked.displayName}</h2>
          <ul className="card-grid">
            {pickedGames.map((g) => (
              <li key={g.nodeId}>
                <GameCard
                  game={g}
                  onLaunch={(game) => launch({ nodeId: game.nodeId, gameName: game.gameName })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
