import type { Vendor } from "@panalo/contracts/content";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { NotFoundView } from "../../components/not-found-view.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { CardSkeletons } from "../../components/skeleton.tsx";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import {
  GAMES_ROUTES,
  type GamesParam,
  isGamesParam,
  ROUTE_VENDOR,
} from "../../features/games/categories.ts";
import { useSession } from "../../features/session/session-store.ts";
import { useGameMenus } from "../../features/system/system-api.ts";
import "./games.css";

/** spec §9: game search is debounced 500 ms; vendor menu arrows above 7 vendors. */
const SEARCH_DEBOUNCE_MS = 500;
const VENDOR_ARROWS_ABOVE = 7;
/** spec §9 min-bet filter options. */
const MIN_BETS = ["", "0.01", "0.05", "0.1", "0.5", "0.75"] as const;
const CLASSIFIES = ["", "SLOT", "TABLE", "ARCADE"] as const;

type ListType = "all" | "hot" | "fav" | "recent";

/**
 * spec §2 games list (/rng, /fish, /pvp, /pp, /fc, /jili and /{games}/{type}/{vassalage}):
 * the vendor menu, the list-type tabs (hot; favourites and recent when logged in), search,
 * classify and min-bet filters, and the game grid. Games are fed in by later work; until then
 * the grid shows its empty state.
 */
export default function GamesPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const games = params.games ?? pathname.split("/")[1];
  const typeOk = params.type === undefined || params.type === "hot" || params.type === "vassalage";
  if (!isGamesParam(games) || !typeOk) return <NotFoundView />;
  return <GamesList key={games} games={games} />;
}

function GamesList({ games }: { games: GamesParam }) {
  const { t } = useTranslation();
  const params = useParams();
  const [query] = useSearchParams();
  const category = GAMES_ROUTES[games];
  const { data: menus, isPending } = useGameMenus();
  const loggedIn = useSession((s) => s.token !== null);
  const vendors = menus?.find((m) => m.gameType === category)?.vendors ?? [];

  // The vendor tab: from the route (/rng/vassalage/JILI), the vendor-named routes, or ?page.
  const wanted = params.vassalage ?? ROUTE_VENDOR[games] ?? query.get("page") ?? "all";
  const [vendor, setVendor] = useState<string>(wanted);
  const [listType, setListType] = useState<ListType>(params.type === "hot" ? "hot" : "all");
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  const [classify, setClassify] = useState("");
  const [minBet, setMinBet] = useState("");

  useEffect(() => setVendor(wanted), [wanted]);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // spec §4: changing search, classify or min-bet resets the list type (and the page).
  useEffect(() => {
    if (term || classify || minBet) setListType("all");
  }, [term, classify, minBet]);

  // spec §4: changing vendor resets the filters.
  const chooseVendor = (code: string) => {
    setVendor(code);
    setSearch("");
    setTerm("");
    setClassify("");
    setMinBet("");
  };

  const vendorItems = [
    { id: "all", label: t("games.allVendors") },
    ...vendors.map((v: Vendor) => ({
      id: v.vassalage,
      label: (
        <span className="vendor-tab">
          <img src={v.smallIcon} alt="" width={24} height={24} loading="lazy" />
          {v.displayName}
          {v.isHot === 1 && <span className="hot-badge">{t("nav.hot")}</span>}
        </span>
      ),
    })),
  ];
  const listItems: { id: ListType; label: string; disabled?: boolean }[] = [
    { id: "all", label: t("games.listAll") },
    { id: "hot", label: t("games.listHot") },
    { id: "fav", label: t("games.listFav"), disabled: !loggedIn },
    { id: "recent", label: t("games.listRecent"), disabled: !loggedIn },
  ];

  return (
    <div className="page container" data-testid="page-games" data-games={games}>
      <PageTitle
        title={t(`title.${games === "fish" ? "fish" : games === "pvp" ? "pvp" : "rng"}`)}
        lead={t(`lead.${category}`)}
      />
      {isPending ? (
        <span className="skeleton vendor-skeleton" aria-hidden="true" />
      ) : (
        <ScrollArrows enabled={vendors.length > VENDOR_ARROWS_ABOVE}>
          <Tabs
            idBase="vendor"
            label={t("games.vendors")}
            items={vendorItems}
            value={vendorItems.some((v) => v.id === vendor) ? vendor : "all"}
            onChange={chooseVendor}
            className="vendor-tabs"
            testIdPrefix="vendor-tab-"
          />
        </ScrollArrows>
      )}
      <div className="games-toolbar">
        <Tabs
          idBase="list"
          label={t("games.listType")}
          items={listItems}
          value={listType}
          onChange={setListType}
          className="list-tabs"
          testIdPrefix="list-tab-"
        />
        <div className="games-filters">
          <label className="field-inline">
            <span className="sr-only">{t("games.search")}</span>
            <input
              type="search"
              className="input"
              placeholder={t("games.search")}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={50}
              data-testid="games-search"
            />
          </label>
          <label className="field-inline">
            <span className="sr-only">{t("games.classify")}</span>
            <select className="input" value={classify} onChange={(e) => setClassify(e.target.value)}>
              {CLASSIFIES.map((c) => (
                <option key={c} value={c}>
                  {c ? t(`games.classify${c}`) : t("games.classifyAll")}
                </option>
              ))}
            </select>
          </label>
          <label className="field-inline">
            <span className="sr-only">{t("games.minBet")}</span>
            <select className="input" value={minBet} onChange={(e) => setMinBet(e.target.value)}>
              {MIN_BETS.map((m) => (
                <option key={m} value={m}>
                  {m ? t("games.minBetValue", { value: m }) : t("games.minBetAll")}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <TabPanel idBase="list" selected={listType} className="games-panel">
        {isPending ? (
          <CardSkeletons count={8} />
        ) : (
          <EmptyState
            icon="slots"
            title={term ? t("games.noMatch", { term }) : t("games.emptyTitle")}
            text={t("games.emptyText")}
          />
        )}
      </TabPanel>
    </div>
  );
}

/** Arrows either side of a strip too long for the screen (spec §2: above 7 vendors). */
function ScrollArrows({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const move = (dir: -1 | 1) => strip.current?.scrollBy({ left: dir * 240, behavior: "smooth" });
  if (!enabled) return <div className="scroll-strip">{children}</div>;
  return (
    <div className="scroll-arrows">
      <button type="button" className="round-btn" onClick={() => move(-1)}>
        <span aria-hidden="true">‹</span>
        <span className="sr-only">{t("common.previous")}</span>
      </button>
      <div className="scroll-strip" ref={strip}>
        {children}
      </div>
      <button type="button" className="round-btn" onClick={() => move(1)}>
        <span aria-hidden="true">›</span>
        <span className="sr-only">{t("common.next")}</span>
      </button>
    </div>
  );
}
