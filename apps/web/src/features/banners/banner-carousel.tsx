import type { Banner, BannerGroup } from "@panalo/contracts/content";
import { followableLink } from "@panalo/contracts/links";
import { type FocusEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LazyImage } from "../../components/lazy-image.tsx";
import { useStatus } from "../system/system-api.ts";
import { useBanners } from "./banners-api.ts";

/** spec §9: banner autoplay every 5000 ms, only with more than one banner. */
const AUTOPLAY_MS = 5000;
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;

/** The banner carousel of a page's banner group (spec §2 "Banner carousel per page"). */
export function BannerCarousel({ group }: { group: BannerGroup }) {
  const { data, isPending } = useBanners(group);
  if (isPending) {
    return (
      <div className="carousel" aria-hidden="true">
        <span className="skeleton carousel-skeleton" />
      </div>
    );
  }
  const banners = data ?? [];
  return banners.length === 0 ? <EmptyBanner /> : <Carousel banners={banners} />;
}

/** A group without banners still gets its banner frame: the brand's own. */
function EmptyBanner() {
  const { data: status } = useStatus();
  return (
    <section className="carousel carousel-empty" data-testid="banner-carousel" data-count={0} data-active={0}>
      <div className="carousel-brand">
        <span className="carousel-brand-name">{status?.brand.name}</span>
      </div>
    </section>
  );
}

function Carousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const count = banners.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const playing = count > 1 && !stopped && !hovered && !focused;

  // Each move (automatic or chosen) restarts the 5 s wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: active restarts the wait after every move
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setActive((a) => (a + 1) % count), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, active, count]);

  const go = (i: number) => setActive(((i % count) + count) % count);
  // Keyboard focus inside pauses the slides; a mouse click on a dot does not.
  const onFocus = (e: FocusEvent<HTMLElement>) => setFocused(e.target.matches(":focus-visible"));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocused(false);
  };

  return (
    <section
      className="carousel"
      data-testid="banner-carousel"
      data-count={count}
      data-active={active}
      aria-roledescription={t("banner.carousel")}
      aria-label={t("banner.label")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="carousel-track" style={{ transform: `translateX(-${active * 100}%)` }}>
        {banners.map((b, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
          <div
            key={b.bannerId}
            className="carousel-slide"
            role="group"
            aria-roledescription={t("banner.slide")}
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== active}
            inert={i !== active}
          >
            <BannerLink banner={b}>
              <LazyImage
                src={b.url}
                alt={b.alt}
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                eager={i === 0}
                className="carousel-img"
              />
              {/* The caption in the player's language, over a picture that carries no text. */}
              {b.title && (
                <span className="carousel-caption" data-testid="banner-caption">
                  <span className="carousel-caption-title">{b.title}</span>
                  {b.subtitle && <span className="carousel-caption-sub">{b.subtitle}</span>}
                </span>
              )}
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="round-btn carousel-arrow is-prev" onClick={() => go(active - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t("common.previous")}</span>
          </button>
          <button type="button" className="round-btn carousel-arrow is-next" onClick={() => go(active + 1)}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t("common.next")}</span>
          </button>
          <div className="carousel-controls">
            <button
              type="button"
              className="carousel-play"
              aria-pressed={stopped}
              onClick={() => setStopped((s) => !s)}
            >
              <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
              <span className="sr-only">{t("banner.pause")}</span>
            </button>
            {banners.map((b, i) => (
              <button
                key={b.bannerId}
                type="button"
                className={i === active ? "carousel-dot is-active" : "carousel-dot"}
                aria-label={t("banner.goTo", { n: i + 1 })}
                aria-current={i === active ? "true" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * spec §3: a banner with a linkage is clickable and opens it. A link leaves the site
 * only when the operator marked it external (new tab, noopener); an in-site route must start with
 * a single "/"; anything else ("//host", "/\\host", javascript:) is not followed at all.
 */
export function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { linkageType, linkage } = banner;
  if (!linkage || !linkageType) return <>{children}</>;
  const link =
    linkageType === "GAME"
      ? { kind: "internal" as const, href: `/game?gameCode=${encodeURIComponent(linkage)}` }
      : followableLink(linkage, banner.external === true);
  if (!link) return <>{children}</>;
  if (link.kind === "external") {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="carousel-link">
        {children}
      </a>
    );
  }
  const to = link.href;
  return (
    <Link to={to} className="carousel-link">
      {children}
    </Link>
  );
}
