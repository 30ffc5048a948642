import "../../features/i18n/texts/sports.ts";
import type { SportsMarket, SportsMatch } from "@panalo/contracts/sports";
import { formatOdds } from "@panalo/game-math/sportsbook/odds";
import { useTranslation } from "react-i18next";
import { useOddsFormat, useSlip } from "../../features/sports/slip-store.ts";
import { liveMatch, livePrice, useLiveVersion } from "../../features/sports/sports-api.ts";
import { formatDateTime } from "../../lib/format.ts";

/** A market's label: its kind, first half, and its line. */
export function useMarketLabel() {
  const { t } = useTranslation();
  return (m: Pick<SportsMarket, "kind" | "period" | "line">) =>
    `${t(`sports.market.${m.kind}`)}${m.period === "1h" ? ` · ${t("sports.firstHalf")}` : ""}${m.line === null ? "" : ` ${m.line > 0 && m.kind === "handicap" ? "+" : ""}${m.line}`}`;
}

/** One price: the player's format, the live price when a push moved it, with an up/down mark. */
export function PriceButton(props: {
  match: SportsMatch;
  market: SportsMarket;
  outcome: SportsMarket["outcomes"][number];
  label: string;
}) {
  useLiveVersion();
  const { t } = useTranslation();
  const format = useOddsFormat((s) => s.format);
  const slip = useSlip();
  const marketLabel = useMarketLabel();
  const live = livePrice(props.outcome.id);
  const lm = liveMatch(props.match.id);
  const odds = live?.odds ?? props.outcome.odds;
  const status = lm?.markets.get(props.market.id) ?? props.market.status;
  const open = status === "active" && (live?.active ?? props.outcome.active);
  const chosen = slip.items.some((i) => i.outcomeId === props.outcome.id);
  const dir = live?.dir ?? null;
  return (
    <button
      type="button"
      className={`sb-price${chosen ? " is-chosen" : ""}${dir ? ` is-${dir}` : ""}`}
      disabled={!open}
      aria-pressed={chosen}
      data-testid={`price-${props.outcome.id}`}
      data-odds={odds}
      onClick={() =>
        slip.toggle({
          outcomeId: props.outcome.id,
          matchId: props.match.id,
          match: `${props.match.home} v ${props.match.away}`,
          market: marketLabel(props.market),
          outcome: props.label,
          odds,
        })
      }
    >
      <span className="sb-price-label">{props.label}</span>
      <span className="sb-price-odds">
        {open ? formatOdds(odds, format) : t("sports.suspended")}
        {dir === "up" ? (
          <span className="sb-up" data-testid="odds-up">
            <span aria-hidden="true">▲</span>
            <span className="sr-only">{t("sports.oddsUp")}</span>
          </span>
        ) : null}
        {dir === "down" ? (
          <span className="sb-down" data-testid="odds-down">
            <span aria-hidden="true">▼</span>
            <span className="sr-only">{t("sports.oddsDown")}</span>
          </span>
        ) : null}
      </span>
    </button>
  );
}

export function outcomeLabel(
  m: SportsMatch,
  mk: SportsMarket,
  o: SportsMarket["outcomes"][number],
  t: (k: string) => string,
) {
  if (o.code === "home") return m.home;
  if (o.code === "away") return m.away;
  if (o.code === "draw") return t("sports.draw");
  if (o.code === "over") return t("sports.over");
  if (o.code === "under") return t("sports.under");
  if (o.code === "other") return t("sports.other");
  return mk.kind === "correct_score" ? o.code.replace(":", " - ") : o.name;
}

/** Live score and minute, or the start time. */
export function MatchClock(props: { match: SportsMatch }) {
  useLiveVersion();
  const { t, i18n } = useTranslation();
  const lm = liveMatch(props.match.id);
  const status = lm?.status ?? props.match.status;
  const score = lm?.score ?? props.match.score;
  const minute = lm?.minute ?? props.match.minute;
  if (status === "live") {
    return (
      <span className="sb-live" data-testid={`clock-${props.match.id}`}>
        <span className="sb-live-badge">{t("sports.live")}</span>
        <strong data-testid={`score-${props.match.id}`}>
          {score[0]} - {score[1]}
        </strong>
        {minute !== null ? <span data-testid={`minute-${props.match.id}`}>{minute}'</span> : null}
      </span>
    );
  }
  if (status === "ended" || status === "closed")
    return (
      <span className="sb-ended">
        {t("sports.ended")} {score[0]} - {score[1]}
      </span>
    );
  return <time dateTime={props.match.startAt}>{formatDateTime(props.match.startAt, i18n.language)}</time>;
}

export function MatchRow(props: { match: SportsMatch; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const label = useMarketLabel();
  const m = props.match;
  return (
    <li className="sb-match" data-testid={`match-${m.id}`}>
      <div className="sb-match-head">
        <button
          type="button"
          className="sb-teams"
          onClick={() => props.onOpen(m.id)}
          data-testid={`open-match-${m.id}`}
        >
          <span>{m.home}</span>
          <span className="muted">v</span>
          <span>{m.away}</span>
        </button>
        <MatchClock match={m} />
      </div>
      <div className="sb-markets">
        {m.markets.map((mk) => (
          <div key={mk.id} className="sb-market">
            <span className="sb-market-name">{label(mk)}</span>
            <div className="sb-prices">
              {mk.outcomes.map((o) => (
                <PriceButton key={o.id} match={m} market={mk} outcome={o} label={outcomeLabel(m, mk, o, t)} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </li>
  );
}
