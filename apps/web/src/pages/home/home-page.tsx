import type { GameCategory } from "@panalo/contracts/content";
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons.tsx";
import { CardSkeletons } from "../../components/skeleton.tsx";
import { CATEGORY_PATH } from "../../features/games/categories.ts";
import { lazy } from "../../features/i18n/lazy.ts";
import { JackpotCounter } from "../../features/jackpot/jackpot-counter.tsx";
import { WinnerTicker } from "../../features/jackpot/winner-ticker.tsx";
import { NoticeMarquee } from "../../features/notices/notice-marquee.tsx";
import { useGameMenus } from "../../features/system/system-api.ts";
import { useInView } from "../../layout/use-in-view.ts";
import "./home.css";

/** spec §2 home: notice bar, (banner carousel in the banner area), jackpot and winners, games. */
export default function HomePage() {
  return (
    <div className="page page-home container" data-testid="page-home">
      <NoticeMarquee />
      <div className="home-jackpot">
        <JackpotCounter />
        <WinnerTicker />
      </div>
      <DeferredGames />
      <CategoryTiles />
    </div>
  );
}

// The games rows sit below the fold on a phone: their code and calls wait until they come near
// the viewport, so the first screen (marquee, banner, jackpot) has the main thread to itself.
const HomeGames = lazy(() => import("./home-games.tsx").then((m) => ({ default: m.HomeGames })));

function DeferredGames() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, "200px");
  return (
    <div ref={ref} className="home-games-slot">
      {near ? (
        <Suspense fallback={<CardSkeletons count={6} />}>
          <HomeGames />
        </Suspense>
      ) : (
        <CardSkeletons count={6} />
      )}
    </div>
  );
}

const TILE_ICON: Record<GameCategory, IconName> = {
  RNG: "slots",
  LIVE: "cards",
  SPORTS: "ball",
  COCKFIGHT: "trophy",
  LOTT: "ticket",
  ESPORTS: "gamepad",
  ELOTT: "grid",
  FISH: "fish",
  PVP: "spade",
  BINGO: "star",
};

/** One tile per game category that has vendors, in nav order. */
function CategoryTiles() {
  const { t } = useTranslation();
  const { data: menus } = useGameMenus();
  if (!menus || menus.length === 0) return null;
  return (
    <section className="home-categories" aria-labelledby="home-categories-title">
      <h2 id="home-categories-title">{t("home.categories")}</h2>
      <ul className="category-tiles">
        {menus.map((m) => (
          <li key={m.gameType}>
            <Link to={CATEGORY_PATH[m.gameType]} className={`category-tile tile-${m.gameType.toLowerCase()}`}>
              <span className="tile-glyph">
                <Icon name={TILE_ICON[m.gameType]} size={26} />
              </span>
              <span className="tile-name">{t(`category.${m.gameType}`)}</span>
              <span className="tile-count">{t("home.vendorCount", { n: m.vendors.length })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
