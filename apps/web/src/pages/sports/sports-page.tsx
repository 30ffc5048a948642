import "../../features/i18n/texts/sports.ts";
import type { SportsMarket } from "@panalo/contracts/sports";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { type OddsFormatChoice, useOddsFormat } from "../../features/sports/slip-store.ts";
import {
  seedPrice,
  type Tab,
  useHot,
  useMatch,
  useMatches,
  useMenu,
  useWatch,
} from "../../features/sports/sports-api.ts";
import { BetSlip } from "./bet-slip.tsx";
import { HotCarousel } from "./hot-carousel.tsx";
import { MatchClock, MatchRow, outcomeLabel, PriceButton, useMarketLabel } from "./match-list.tsx";
import { MyBets } from "./my-bets.tsx";
import "../shared/pages.css";
import "./sports.css";

/**
 * spec §2 /sports and /esports: one page, its game type from the path. The hot-match carousel,
 * the sports and leagues menu, today / early / live tabs, the match list with its main markets
 * or one match with all its markets (?match=), the bet slip and my bets. Prices move live.
 */
export default function SportsPage() {
  const { t } = useTranslation();
  const esports = useLocation().pathname === "/esports";
  const gameType = esports ? "ESPORTS" : "SPORTS";
  const [params, setParams] = useSearchParams();
  const tab = (
    ["today", "early", "live"].includes(params.get("tab") ?? "") ? params.get("tab") : "today"
  ) as Tab;
  const sport = params.get("sport") ?? undefined;
  const league = Number(params.get("league")) || undefined;
  const matchId = Number(params.get("match")) || null;
  const menu = useMenu(gameType);
  const list = useMatches(gameType, tab, sport, league);
  const hot = useHot(gameType);
  const match = useMatch(matchId);
  const { format, setFormat } = useOddsFormat();
  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const shown = useMemo(
    () => (matchId && match.data ? [match.data] : (list.data?.matches ?? [])),
    [matchId, match.data, list.data],
  );
  useEffect(() => {
    for (const m of shown) for (const mk of m.markets) for (const o of mk.outcomes) seedPrice(o.id, o.odds);
  }, [shown]);
  useWatch(shown.map((m) => m.id));

  return (
    <div className="page container" data-testid="page-sports" data-game-type={gameType}>
      <PageTitle
        title={t(esports ? "title.esports" : "title.sports")}
        lead={t(esports ? "lead.esports" : "lead.sports")}
      />
      <section className="hot-matches" aria-labelledby="hot-matches-title">
        <h2 id="hot-matches-title">{t("sports.hotMatches")}</h2>
        {hot.data?.matches.length ? (
          <HotCarousel matches={hot.data.matches} onOpen={(id) => setParam({ match: String(id) })} />
        ) : (
          <EmptyState icon="trophy" title={t("sports.noMatches")} text={t("sports.noMatchesText")} />
        )}
      </section>
      <div className="sb-layout">
        <nav className="sb-menu" aria-label={t("sports.menu")}>
          <button
            type="button"
            className={!sport ? "is-on" : ""}
            onClick={() => setParam({ sport: null, league: null, match: null })}
          >
            {t("sports.all")}
          </button>
          {menu.data?.sports.map((s) => (
            <div key={s.code} className="sb-menu-sport">
              <button
                type="button"
                className={sport === s.code && !league ? "is-on" : ""}
                onClick={() => setParam({ sport: s.code, league: null, match: null })}
                data-testid={`sport-${s.code}`}
              >
                {t(`sports.sport.${s.code}`)}
                {s.live ? <span className="sb-live-badge">{s.live}</span> : null}
              </button>
              {sport === s.code
                ? s.leagues?.map((l) => (
                    <button
                      key={l.id}
                      type="button"
                      className={`sb-league${league === l.id ? " is-on" : ""}`}
                      onClick={() => setParam({ league: String(l.id), match: null })}
                    >
                      {l.name} <span className="muted">{l.count}</span>
                    </button>
                  ))
                : null}
            </div>
          ))}
        </nav>
        <section className="sb-main" aria-labelledby="sports-books-title">
          <h2 id="sports-books-title" className="sr-only">
            {t("sports.books")}
          </h2>
          <div className="sb-toolbar">
            <div className="sb-tabs" role="tablist" aria-label={t("sports.when")}>
              {(["today", "early", "live"] as Tab[]).map((x) => (
                <button
                  key={x}
                  type="button"
                  role="tab"
                  aria-selected={tab === x && !matchId}
                  className={tab === x && !matchId ? "is-on" : ""}
                  onClick={() => setParam({ tab: x, match: null })}
                  data-testid={`tab-${x}`}
                >
                  {t(`sports.tab.${x}`)}
                </button>
              ))}
            </div>
            <label className="sb-format">
              <span>{t("sports.oddsFormat")}</span>
              <select
                value={format}
                onChange={(e) => setFormat(e.currentTarget.value as OddsFormatChoice)}
                data-testid="odds-format"
              >
                {(["decimal", "hk", "malay", "indo"] as OddsFormatChoice[]).map((f) => (
                  <option key={f} value={f}>
                    {t(`sports.format.${f}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {matchId ? (
            <MatchPage id={matchId} onBack={() => setParam({ match: null })} />
          ) : !list.data ? (
            <p className="muted">{t("common.loading")}</p>
          ) : list.data.matches.length === 0 ? (
            <EmptyState icon="trophy" title={t("sports.noMatches")} text={t("sports.noMatchesText")} />
          ) : (
            <ul className="sb-matches" data-testid="match-list">
              {list.data.matches.map((m) => (
                <MatchRow key={m.id} match={m} onOpen={(id) => setParam({ match: String(id) })} />
              ))}
            </ul>
          )}
        </section>
        <aside className="sb-side">
          <BetSlip />
          <MyBets />
        </aside>
      </div>
    </div>
  );
}

/** One match with all its markets. */
function MatchPage(props: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const label = useMarketLabel();
  const q = useMatch(props.id);
  const m = q.data;
  if (!m) return <p className="muted">{t("common.loading")}</p>;
  const groups = new Map<string, SportsMarket[]>();
  for (const mk of m.markets) groups.set(mk.kind, [...(groups.get(mk.kind) ?? []), mk]);
  return (
    <article className="sb-match-page" data-testid={`match-page-${m.id}`}>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={props.onBack}
        data-testid="match-back"
      >
        ‹ {t("sports.back")}
      </button>
      <h3>
        {m.home} v {m.away}
      </h3>
      <p className="muted">
        {m.league.name} · <MatchClock match={m} />
      </p>
      {[...groups.values()].flat().map((mk) => (
        <div key={mk.id} className="sb-market sb-market-full">
          <span className="sb-market-name">{label(mk)}</span>
          <div className="sb-prices">
            {mk.outcomes.map((o) => (
              <PriceButton key={o.id} match={m} market={mk} outcome={o} label={outcomeLabel(m, mk, o, t)} />
            ))}
          </div>
        </div>
      ))}
    </article>
  );
}
