import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Icon, type IconName } from "../components/icons.tsx";
import {
  type MemberPage,
  openLogin,
  openMemberCentre,
  useAccountUi,
} from "../features/account/account-ui.ts";
import { useSession } from "../features/session/session-store.ts";

/**
 * The phone's bottom navigation: home, games, promotions, wallet and
 * account, as players here know it from the apps they use. Wallet and account open the member
 * centre (its deposit page, its first page), or the login popup for a visitor. Shown only on
 * phone widths (layout.css); the page keeps room for it, so it never covers the page's end.
 */
export function BottomNav() {
  const { t } = useTranslation();
  // A trial account is told inside the centre that it needs a real account (spec §6).
  const loggedIn = useSession((s) => s.token !== null);
  const open = useAccountUi((s) => (s.modal?.kind === "memberCentre" ? s.modal.page : null));
  const member = (page: MemberPage) => () => {
    if (loggedIn) openMemberCentre(page);
    else openLogin({ reason: "required" });
  };
  const link = (to: string, icon: IconName, label: string, end = false) => (
    <li>
      <NavLink to={to} end={end} className="bottom-nav-item" data-testid={`bottom-nav-${icon}`}>
        <Icon name={icon} size={22} />
        <span>{label}</span>
      </NavLink>
    </li>
  );
  const action = (page: MemberPage, icon: IconName, label: string, active: boolean) => (
    <li>
      <button
        type="button"
        className={active ? "bottom-nav-item active" : "bottom-nav-item"}
        aria-haspopup="dialog"
        onClick={member(page)}
        data-testid={`bottom-nav-${icon}`}
      >
        <Icon name={icon} size={22} />
        <span>{label}</span>
      </button>
    </li>
  );
  return (
    <nav className="bottom-nav" aria-label={t("bottomNav.label")} data-testid="bottom-nav">
      <ul>
        {link("/", "home", t("bottomNav.home"), true)}
        {link("/rng", "gamepad", t("bottomNav.games"))}
        {link("/promotions", "gift", t("bottomNav.promotions"))}
        {action("depositv2", "wallet", t("bottomNav.wallet"), open === "depositv2")}
        {action("securityCenter", "user", t("bottomNav.account"), open !== null && open !== "depositv2")}
      </ul>
    </nav>
  );
}
