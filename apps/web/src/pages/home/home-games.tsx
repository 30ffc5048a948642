import type { Game } from "@panalo/contracts/games";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useToggleFavourite } from "../../features/games/favourites.ts";
import { GameCard } from "../../features/games/game-card.tsx";
import { useHotGames, usePopularGames } from "../../features/games/games-api.ts";
import { useLaunchGame } from "../../features/games/launch.ts";

/** spec §2 home: the hot slots (GCSGAME_hotGamesV2) and the most played games (/lgw/games/popular). */
export function HomeGames() {
  const { t } = useTranslation();
  const hot = useHotGames("RNG");
  const popular = usePopularGames();
  return (
    <>
      <GameSection
        id="home-hot"
        title={t("home.hotGames")}
        more={{ to: "/rng/hot", label: t("home.seeAll") }}
        games={hot.data}
        pending={hot.isPending}
        layout="row"
      />
      <GameSection
        id="home-popular"
        title={t("home.popularGames")}
        more={{ to: "/rng", label: t("home.seeAll") }}
        games={popular.data}
        pending={popular.isPending}
        layout="grid"
      />
    </>
  );
}

function GameSection(props: {
  id: string;
  title: string;
  more: { to: string; label: string };
  games: Game[] | undefined;
  pending: boolean;
  layout: "row" | "grid";
}) {
  const { id, title, more, games, pending, layout } = props;
  const launch = useLaunchGame();
  const toggleFavourite = useToggleFavourite();
  // Nothing to offer (a failed call, an empty catalogue): the section stays out of the way.
  if (!pending && (!games || games.length === 0)) return null;
  return (
    <section className="home-games" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="home-games-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={more.to} className="link-more">
          {more.label}
        </Link>
      </div>
      <ul className={layout === "row" ? "game-row" : "game-grid"} aria-busy={pending || undefined}>
        {pending || !games
          ? Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cards that never reorder
              <li key={i} aria-hidden="true">
                <span className="skeleton skeleton-card game-skeleton" />
              </li>
            ))
          : games.map((g) => (
              <li key={g.nodeId}>
                <GameCard game={g} onLaunch={launch} onToggleFavourite={toggleFavourite} />
              </li>
            ))}
      </ul>
    </section>
  );
}
