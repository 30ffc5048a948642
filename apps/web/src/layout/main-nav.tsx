import type { Vendor } from "@panalo/contracts/content";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { CATEGORY_PATH, vendorPath } from "../features/games/categories.ts";
import { useAvailablePromotions } from "../features/promotions/promotions-api.ts";
import {
  type GameMenu,
  resourceOf,
  useCockfightAvailability,
  useGameMenus,
  useStatus,
} from "../features/system/system-api.ts";

/** spec §2 header nav: at most 11 vendors in a category's drop-down, then a "more" link. */
const NAV_VENDORS_MAX = 11;

/** spec §2: "The jili slot entry is always first." */
function ordered(menu: GameMenu): Vendor[] {
  const isJili = (v: Vendor) => v.vassalage.toUpperCase() === "JILI";
  return [...menu.vendors.filter(isJili), ...menu.vendors.filter((v) => !isJili(v))];
}

/** The in-house sportsbook's vendors: their games are the site's /sports and /esports pages. */
const IN_HOUSE_BOOK = new Set(["PNSB", "PNES"]);

/**
 * Cockfight, and e-sports or e-lottery with a single vendor, launch the game directly
 * (spec §2); other categories open their page.
 */
function categoryLink(menu: GameMenu): string {
  const only = menu.vendors.length === 1 ? menu.vendors[0] : undefined;
  // The in-house sportsbook's e-sports (PNES) is played on the site's own /esports page.
  if (only && IN_HOUSE_BOOK.has(only.vassalage)) return CATEGORY_PATH[menu.gameType];
  // Cockfight's page opens the arena directly, or says it is not offered in the region.
  if (menu.gameType === "COCKFIGHT") return CATEGORY_PATH.COCKFIGHT;
  if (only && (menu.gameType === "ESPORTS" || menu.gameType === "ELOTT")) {
    return `/game?gameType=${menu.gameType}&vendor=${encodeURIComponent(only.vassalage)}`;
  }
  return CATEGORY_PATH[menu.gameType];
}

export function MainNav() {
  const { t } = useTranslation();
  const { data: menus, isPending } = useGameMenus();
  const { data: status } = useStatus();
  const facebook = resourceOf(status, "FACEBOOK");
  return (
    <nav className="main-nav" data-testid="main-nav" aria-label={t("nav.label")}>
      <ul className="nav-list container">
        <li className="nav-item">
          <NavLink to="/" end className="nav-link">
            {t("nav.home")}
          </NavLink>
        </li>
        {isPending && (
          <li className="nav-item" aria-hidden="true">
            <span className="skeleton nav-skeleton" />
          </li>
        )}
        {(menus ?? []).map((menu) => (
          <NavCategory key={menu.gameType} menu={menu} />
        ))}
        <li className="nav-item">
          <NavLink to="/promotions" className="nav-link">
            {t("nav.promotions")}
            <PromoCount />
          </NavLink>
        </li>
        {facebook && (
          <li className="nav-item">
            <a href={facebook.url} target="_blank" rel="noopener noreferrer" className="nav-link">
              Facebook
            </a>
          </li>
        )}
        <li className="nav-item">
          <NavLink to="/down" className="nav-link">
            {t("nav.download")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

function NavCategory({ menu }: { menu: GameMenu }) {
  const { t } = useTranslation();
  const vendors = ordered(menu);
  const path = categoryLink(menu);
  const cockfight = useCockfightAvailability();
  // Cockfight where the operator has it off for this region: the entry says so, no vendors.
  const regionOff = menu.gameType === "COCKFIGHT" && cockfight.data?.available === false;
  const shown = regionOff ? [] : vendors.slice(0, NAV_VENDORS_MAX);
  return (
    <li className="nav-item has-drop">
      <NavLink
        to={path}
        className="nav-link"
        data-testid={`nav-${menu.gameType}`}
        title={regionOff ? t("cockfight.regionTitle") : undefined}
      >
        {t(`category.${menu.gameType}`)}
        {regionOff && (
          <span className="nav-note" data-testid="nav-cockfight-off">
            {t("cockfight.notHere")}
          </span>
        )}
      </NavLink>
      {shown.length > 0 && (
        <div className="nav-drop">
          <ul className="nav-drop-grid">
            {shown.map((v) => (
              <li key={v.nodeId}>
                <Link to={vendorPath(menu.gameType, v.vassalage)} className="nav-vendor">
                  <img src={v.smallIcon} alt="" width={28} height={28} loading="lazy" decoding="async" />
                  <span>{v.displayName}</span>
                  {v.isHot === 1 && <span className="hot-badge">{t("nav.hot")}</span>}
                </Link>
              </li>
            ))}
          </ul>
          {vendors.length > NAV_VENDORS_MAX && (
            <Link to={CATEGORY_PATH[menu.gameType]} className="btn btn-ghost btn-sm nav-more">
              {t("nav.more")}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}

/** spec §3 "available promo count": promotions the signed-in player may still join, apply to or claim. */
function PromoCount() {
  const { t } = useTranslation();
  const { data } = useAvailablePromotions();
  if (!data) return null;
  return (
    <span
      className="hot-badge promo-count"
      data-testid="promo-count"
      title={t("promotions.available", { count: data })}
    >
      {data}
    </span>
  );
}
