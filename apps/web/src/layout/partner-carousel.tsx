import type { GameCategory, Vendor } from "@panalo/contracts/content";
import { type KeyboardEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { vendorPath } from "../features/games/categories.ts";
import { useGameMenus } from "../features/system/system-api.ts";

/**
 * The partner vendors (spec §2 footer, §9): one logo per vendor, TCG_SEA left out, nine to a
 * view with 30 px between, the colour logo on hover. Scrolls by a view with the arrows, or by
 * swiping. Each logo is a link to the vendor's games, so the carousel is reached and moved with
 * the keyboard too (Tab brings the next logo into view; the arrow keys scroll a view). A vendor
 * without a logo shows its name, whole.
 */
export function PartnerCarousel() {
  const { t } = useTranslation();
  const { data: menus } = useGameMenus();
  const track = useRef<HTMLUListElement>(null);
  const trackId = useId();
  const seen = new Set<string>();
  const vendors: Array<{ vendor: Vendor; category: GameCategory }> = [];
  for (const m of menus ?? []) {
    for (const v of m.vendors) {
      // An e-sports vendor that also runs sports appears once, with its sports images.
      if (v.vassalage === "TCG_SEA" || seen.has(v.vassalage)) continue;
      seen.add(v.vassalage);
      vendors.push({ vendor: v, category: m.gameType });
    }
  }
  if (vendors.length === 0) return null;
  const move = (dir: -1 | 1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: "smooth" });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      move(e.key === "ArrowLeft" ? -1 : 1);
    }
  };
  return (
    <section className="partners container" aria-label={t("footer.partners")} data-testid="partner-carousel">
      <button
        type="button"
        className="round-btn partners-arrow"
        onClick={() => move(-1)}
        aria-controls={trackId}
        data-testid="partners-prev"
      >
        <span aria-hidden="true">‹</span>
        <span className="sr-only">{t("common.previous")}</span>
      </button>
      <ul className="partners-track" ref={track} id={trackId} onKeyDown={onKey}>
        {vendors.map(({ vendor: v, category }) => (
          <li key={v.vassalage} className="partner" data-testid={`partner-${v.vassalage}`}>
            <Link to={vendorPath(category, v.vassalage)} className="partner-link">
              {v.logo ? (
                <>
                  <img
                    className="partner-logo"
                    src={v.logo}
                    alt={v.displayName}
                    width={240}
                    height={80}
                    loading="lazy"
                    decoding="async"
                  />
                  {v.logoHover && v.logoHover !== v.logo && (
                    <img
                      className="partner-logo-hover"
                      src={v.logoHover}
                      alt=""
                      width={240}
                      height={80}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                </>
              ) : (
                <span className="partner-name">{v.displayName}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="round-btn partners-arrow"
        onClick={() => move(1)}
        aria-controls={trackId}
        data-testid="partners-next"
      >
        <span aria-hidden="true">›</span>
        <span className="sr-only">{t("common.next")}</span>
      </button>
    </section>
  );
}
