import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams, useSearchParams } from "react-router";
import { NotFoundView } from "../../components/not-found-view.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import {
  GAMES_ROUTES,
  type GamesParam,
  isGamesParam,
  ROUTE_VENDOR,
} from "../../features/games/categories.ts";
import { initialListState, type ListType, listReducer } from "../../features/games/list-state.ts";
import { VendorMenu } from "../../features/games/vendor-menu.tsx";
import { WinnerTicker } from "../../features/jackpot/winner-ticker.tsx";
import { useSession } from "../../features/session/session-store.ts";
import { useGameMenus } from "../../features/system/system-api.ts";
import { CardTables } from "./card-tables.tsx";
import { FishRooms } from "./fish-rooms.tsx";
import { GamesFilters } from "./games-filters.tsx";
import { GamesGrid } from "./games-grid.tsx";
import "./games.css";

/**
 * spec §2 games list (/rng, /fish, /pvp, /pp, /fc, /jili and the named route 'games':
 * /{games}/{type: hot | vassalage}/{vassalage}).
 */
export default function GamesPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const games = params.games ?? pathname.split("/")[1];
  const typeOk = params.type === undefined || params.type === "hot" || params.type === "vassalage";
  if (!isGamesParam(games) || !typeOk) return <NotFoundView />;
  // /rng/hot starts on the hot list: a new list type from the route starts the page afresh.
  return <GamesList key={`${games}/${params.type ?? ""}`} games={games} />;
}

function GamesList({ games }: { games: GamesParam }) {
  const { t } = useTranslation();
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const category = GAMES_ROUTES[games];
  const { data: menus, isPending } = useGameMenus();
  const loggedIn = useSession((s) => s.token !== null);
  const vendors = menus?.find((m) => m.gameType === category)?.vendors ?? [];

  // The vendor tab: from the route (/rng/vassalage/JILI), the vendor-named routes, or ?page.
  const fromRoute = params.vassalage ?? ROUTE_VENDOR[games];
  const wanted = fromRoute ?? query.get("page") ?? "all";
  const [state, dispatch] = useReducer(
    listReducer,
    initialListState(wanted, params.type === "hot" ? "hot" : "none"),
  );

  useEffect(() => dispatch({ type: "vendor", vendor: wanted }), [wanted]);
  useEffect(() => {
    if (!loggedIn) dispatch({ type: "loggedOut" });
  }, [loggedIn]);
  // A vendor the category does not have (an old link) shows every vendor instead.
  const known = isPending || state.vendor === "all" || vendors.some((v) => v.vassalage === state.vendor);
  const routeVendorName = fromRoute ? vendors.find((v) => v.vassalage === fromRoute)?.displayName : undefined;
  useEffect(() => {
    if (!known) dispatch({ type: "vendor", vendor: "all" });
  }, [known]);

  const chooseVendor = (code: string) => {
    dispatch({ type: "vendor", vendor: code });
    // /rng?page=<vendor> keeps the tab across a reload (spec §2 "page query").
    if (!fromRoute) setQuery(code === "all" ? {} : { page: code }, { replace: true });
  };

  // spec §2: favourites and recent are for logged-in players only.
  const listItems: { id: ListType; label: string }[] = [
    { id: "none", label: t("games.listAll") },
    { id: "hot", label: t("games.listHot") },
    ...(loggedIn
      ? [
          { id: "fav" as const, label: t("games.listFav") },
          { id: "recent" as const, label: t("games.listRecent") },
        ]
      : []),
  ];

  return (
    <div
      className="page container"
      data-testid="page-games"
      data-games={games}
      // The list state as applied (after the search debounce), for tests to wait on.
      data-list-type={state.listType}
      data-search={state.search}
    >
      <PageTitle
        // A vendor's own route (/jili, /pp, /fc, /rng/vassalage/X) carries its name.
        title={routeVendorName ?? t(`title.${games === "fish" ? "fish" : games === "pvp" ? "pvp" : "rng"}`)}
        lead={t(`lead.${category}`)}
      />
      {games === "fish" && <FishRooms />}
      {games === "pvp" && <CardTables />}
      {isPending ? (
        <span className="skeleton vendor-skeleton" aria-hidden="true" />
      ) : (
        <VendorMenu vendors={vendors} value={state.vendor} onChange={chooseVendor} />
      )}
      <div className="games-toolbar">
        <Tabs
          idBase="list"
          label={t("games.listType")}
          items={listItems}
          value={state.listType}
          onChange={(listType) => dispatch({ type: "list", listType, loggedIn })}
          className="list-tabs"
          testIdPrefix="game-tab-"
        />
        {/* A new vendor starts with empty filters (spec §4), the typed search included. */}
        <GamesFilters
          key={state.vendor}
          vendor={state.vendor}
          gameType={category}
          state={state}
          dispatch={dispatch}
        />
      </div>
      <div className="games-layout">
        <TabPanel idBase="list" selected={state.listType} className="games-panel">
          <GamesGrid gameType={category} state={state} />
        </TabPanel>
        {category === "RNG" && (
          <aside className="games-aside">
            <WinnerTicker />
          </aside>
        )}
      </div>
    </div>
  );
}
