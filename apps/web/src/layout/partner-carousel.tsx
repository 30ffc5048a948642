import type { Vendor } from "@panalo/contracts/content";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useGameMenus } from "../features/system/system-api.ts";

/**
 * The partner vendors (spec §2 footer, §9): one logo per vendor, TCG_SEA left out, nine to a
 * view with 30 px between, the colour logo on hover. Scrolls by a view with the arrows, or by
 * swiping.
 */
export function PartnerCarousel() {
  const { t } = useTranslation();
  const { data: menus } = useGameMenus();
  const track = useRef<HTMLUListElement>(null);
  const seen = new Set<string>();
  const vendors: Vendor[] = [];
  for (const v of (menus ?? []).flatMap((m) => m.vendors)) {
    // An e-sports vendor that also runs sports appears once, with its sports images.
    if (v.vassalage === "TCG_SEA" || seen.has(v.vassalage)) continue;
    seen.add(v.vassalage);
    vendors.push(v);
  }
  if (vendors.length === 0) return null;
  const move = (dir: -1 | 1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: "smooth" });
  };
  return (
    <section className="partners container" aria-label={t("footer.partners")} data-testid="partner-carousel">
      <button type="button" className="round-btn partners-arrow" onClick={() => move(-1)}>
        <span aria-hidden="true">‹</span>
        <span className="sr-only">{t("common.previous")}</span>
      </button>
      <ul className="partners-track" ref={track}>
        {vendors.map((v) => (
          <li key={v.vassalage} className="partner" title={v.displayName}>
            <img
              className="partner-logo"
              src={v.logo}
              alt={v.displayName}
              width={160}
              height={64}
              loading="lazy"
              decoding="async"
            />
            <img
              className="partner-logo-hover"
              src={v.logoHover}
              alt=""
              width={160}
              height={64}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
      <button type="button" className="round-btn partners-arrow" onClick={() => move(1)}>
        <span aria-hidden="true">›</span>
        <span className="sr-only">{t("common.next")}</span>
      </button>
    </section>
  );
}
