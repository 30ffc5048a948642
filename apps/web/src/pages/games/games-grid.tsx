import type { GameCategory } from "@panalo/contracts/content";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { CardSkeletons } from "../../components/skeleton.tsx";
import { useToggleFavourite } from "../../features/games/favourites.ts";
import { GameCard } from "../../features/games/game-card.tsx";
import { useGamesList } from "../../features/games/games-api.ts";
import { useLaunchGame } from "../../features/games/launch.ts";
import type { ListState } from "../../features/games/list-state.ts";

/**
 * The games of the list state, 15 at a time with a load-more button (spec §4), skeletons while
 * the first page loads and an empty state that says why nothing is listed.
 */
export function GamesGrid({ gameType, state }: { gameType: GameCategory; state: ListState }) {
  const { t } = useTranslation();
  const list = useGamesList(gameType, state);
  const launch = useLaunchGame();
  const toggleFavourite = useToggleFavourite();

  if (list.isPending) return <CardSkeletons count={10} />;
  if (list.isError) {
    return (
      <EmptyState
        icon="alert"
        title={t("games.loadFailed")}
        action={
          <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
            {t("common.retry")}
          </button>
        }
      />
    );
  }
  // A game can appear on two pages when the catalogue changes between them: show it once.
  const seen = new Set<number>();
  const games = list.data.pages
    .flatMap((p) => p.games)
    .filter((g) => !seen.has(g.nodeId) && seen.add(g.nodeId));
  if (games.length === 0) return <EmptyGames state={state} />;

  return (
    <>
      <ul className="game-grid" data-testid="game-grid" aria-busy={list.isFetching}>
        {games.map((g) => (
          <li key={g.nodeId}>
            <GameCard game={g} onLaunch={launch} onToggleFavourite={toggleFavourite} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="games-more">
          <button
            type="button"
            className="btn btn-ghost"
            // spec §4: only one list load at a time.
            disabled={list.isFetching}
            onClick={() => {
              if (!list.isFetching) void list.fetchNextPage({ cancelRefetch: false });
            }}
            data-testid="game-load-more"
          >
            {list.isFetchingNextPage ? t("common.loading") : t("games.loadMore")}
          </button>
        </div>
      )}
    </>
  );
}

function EmptyGames({ state }: { state: ListState }) {
  const { t } = useTranslation();
  if (state.listType === "fav") {
    return <EmptyState icon="star" title={t("games.favEmptyTitle")} text={t("games.favEmptyText")} />;
  }
  if (state.listType === "recent") {
    return <EmptyState icon="slots" title={t("games.recentEmptyTitle")} text={t("games.recentEmptyText")} />;
  }
  if (state.search) {
    return (
      <EmptyState
        icon="slots"
        title={t("games.noMatch", { term: state.search })}
        text={t("games.noMatchText")}
      />
    );
  }
  if (state.classify || state.minBet !== "all") {
    return <EmptyState icon="slots" title={t("games.noFilterMatch")} text={t("games.noMatchText")} />;
  }
  return <EmptyState icon="slots" title={t("games.emptyTitle")} text={t("games.emptyText")} />;
}
