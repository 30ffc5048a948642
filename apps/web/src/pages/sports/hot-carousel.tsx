import "../../features/i18n/texts/sports.ts";
import type { SportsMatch } from "@panalo/contracts/sports";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";

/** spec §9: the hot-match list is tripled for the carousel; arrows show above 3 matches. */
export const HOT_ARROWS_ABOVE = 3;
export const tripled = <T,>(list: readonly T[]): T[] => [...list, ...list, ...list];

/** spec §2: the sports page's hot-match carousel, each match with its time and date. */
export function HotCarousel(props: { matches: SportsMatch[]; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const arrows = props.matches.length > HOT_ARROWS_ABOVE;
  const items = arrows ? tripled(props.matches) : props.matches;
  const step = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.querySelector("li");
    el.scrollBy({ left: dir * (card?.clientWidth ?? 200), behavior: "smooth" });
  };
  return (
    <div className="sb-hot" data-testid="hot-carousel" data-count={props.matches.length}>
      {arrows ? (
        <button type="button" className="sb-arrow" aria-label={t("sports.prev")} onClick={() => step(-1)}>
          ‹
        </button>
      ) : null}
      <ul ref={track} className="sb-hot-track">
        {items.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tripled list repeats each match
          <li key={`${m.id}-${i}`} aria-hidden={i >= props.matches.length ? true : undefined}>
            <button
              type="button"
              className="sb-hot-card"
              tabIndex={i >= props.matches.length ? -1 : 0}
              onClick={() => props.onOpen(m.id)}
            >
              <span className="muted small">{m.league.name}</span>
              <strong>{m.home}</strong>
              <strong>{m.away}</strong>
              <time dateTime={m.startAt}>
                {m.status === "live"
                  ? `${t("sports.live")} ${m.score[0]} - ${m.score[1]}`
                  : formatDateTime(m.startAt, i18n.language)}
              </time>
            </button>
          </li>
        ))}
      </ul>
      {arrows ? (
        <button type="button" className="sb-arrow" aria-label={t("sports.next")} onClick={() => step(1)}>
          ›
        </button>
      ) : null}
    </div>
  );
}
