import type { ResourceType } from "@panalo/contracts/content";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHelpCenter } from "../features/help/help-api.ts";
import { resourceOf, useStatus } from "../features/system/system-api.ts";
import { CustomerServiceLink } from "./customer-service.tsx";
import { PartnerCarousel } from "./partner-carousel.tsx";
import { useInView } from "./use-in-view.ts";

/** spec §2 footer: each social link only when the operator has that resource. */
const SOCIAL: ReadonlyArray<{ type: ResourceType; name: string; glyph: string }> = [
  { type: "FACEBOOK", name: "Facebook", glyph: "f" },
  { type: "INSTAGRAM", name: "Instagram", glyph: "IG" },
  { type: "TWITTER", name: "X (Twitter)", glyph: "X" },
  { type: "YOUTUBE", name: "YouTube", glyph: "YT" },
  { type: "TELEGRAM", name: "Telegram", glyph: "TG" },
];

/** How many help categories the footer links to. */
const FOOTER_HELP_MAX = 6;

export function Footer() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const root = useRef<HTMLElement>(null);
  // The footer's own data waits until it is near the screen: it is below the fold.
  const near = useInView(root);
  const { data: help } = useHelpCenter(near);
  const age = status?.brand.minimumAge ?? 21;
  const socials = SOCIAL.flatMap((s) => {
    const r = resourceOf(status, s.type);
    return r ? [{ ...s, url: r.url }] : [];
  });
  return (
    <footer className="site-footer" ref={root} data-testid="site-footer">
      <div className="footer-grid container">
        <section className="footer-about">
          <h2 className="footer-title">{t("footer.about", { brand: status?.brand.name ?? "" })}</h2>
          <p>{status?.brand.aboutText}</p>
          <p className="age-note">
            <span className="age-badge" aria-hidden="true">
              {age}+
            </span>
            {t("footer.ageNotice", { age })}
          </p>
        </section>
        <section>
          <h2 className="footer-title">{t("footer.help")}</h2>
          <ul className="footer-links">
            <li>
              <Link to="/responsibleGaming" data-testid="footer-rg">
                {t("title.responsibleGaming")}
              </Link>
            </li>
            <li>
              <Link to="/noticePage">{t("title.notices")}</Link>
            </li>
            <li>
              <Link to="/join">{t("title.join")}</Link>
            </li>
            {(help ?? []).slice(0, FOOTER_HELP_MAX).map((c) => (
              <li key={c.id}>
                <Link to={`/help#help-${c.id}`}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="footer-title">{t("footer.follow")}</h2>
          {socials.length > 0 && (
            <ul className="social-links">
              {socials.map((s) => (
                <li key={s.type}>
                  <a href={s.url} target="_blank" rel="noopener noreferrer" className="social-link">
                    <span aria-hidden="true">{s.glyph}</span>
                    <span className="sr-only">{s.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          <CustomerServiceLink className="btn btn-gold" testId="footer-cs">
            {t("common.customerService")}
          </CustomerServiceLink>
        </section>
      </div>
      {/* Below the links: what arrives once the footer is near (the partners, the help
          categories) never moves a link the player is about to tap. */}
      {near && <PartnerCarousel />}
      <p className="copyright container">{status?.brand.copyright}</p>
    </footer>
  );
}
