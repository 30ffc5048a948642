import { Suspense, useEffect, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { ErrorBoundary } from "../components/error-boundary.tsx";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { usePendingWinReviews } from "../features/finance/win-reviews-api.ts";
import { useLogout } from "../features/session/session-api.ts";
import { type TextKey, useT } from "../lib/i18n.ts";
import { useOperator } from "./operator-context.tsx";
import { SECTIONS, type Section } from "./sections.ts";

const GROUPS: ReadonlyArray<Section["group"]> = [
  "Overview",
  "Players",
  "Finance",
  "Lottery",
  "Sports",
  "Promotions",
  "Content",
  "System",
  "Administration",
];

function PageSkeleton() {
  const t = useT();
  return (
    <div className="page-skeleton" role="status" aria-label={t("layout.loadingPage")}>
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--block" />
    </div>
  );
}

/** Below this width the sidebar is a drawer over the page (styles/responsive.css). */
const NARROW = "(max-width: 1024px)";
const isNarrow = () => typeof window !== "undefined" && window.matchMedia(NARROW).matches;

function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const operator = useOperator();
  const visible = SECTIONS.filter(
    (s) => s.permission === null || operator.permissions.includes(s.permission),
  );
  // Held wins wait for an operator: their count is the alert beside the section's link.
  const held = usePendingWinReviews(visible.some((s) => s.id === "win-reviews"));
  const badges: Partial<Record<Section["id"], number>> = { "win-reviews": held.data?.pending ?? 0 };
  return (
    <nav aria-label={t("layout.sections")} className="sidenav">
      {GROUPS.map((group) => {
        const items = visible.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group} className="sidenav-group">
            <p className="sidenav-heading">{t(`group.${group}` as TextKey)}</p>
            <ul>
              {items.map((s) => (
                <li key={s.id}>
                  <NavLink
                    to={s.path}
                    end={s.path === "/"}
                    className="sidenav-link"
                    data-testid={`admin-nav-${s.id}`}
                    onClick={onNavigate}
                  >
                    {t(`section.${s.id}` as TextKey)}
                    {(badges[s.id] ?? 0) > 0 && (
                      <span
                        className="badge badge--warn sidenav-badge"
                        data-testid={`admin-nav-badge-${s.id}`}
                      >
                        {badges[s.id]}
                        <span className="visually-hidden">{t("layout.waiting")}</span>
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function TopBar({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  const t = useT();
  const operator = useOperator();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="topbar">
      <div className="topbar-start">
        <button
          type="button"
          className="menu-toggle"
          aria-controls="admin-sidebar"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? t("layout.closeMenu") : t("layout.openMenu")}
          data-testid="admin-menu-toggle"
          onClick={onMenu}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
        </button>
        <p className="topbar-title">{t("layout.title")}</p>
      </div>
      <div className="topbar-user">
        <LanguageSwitch />
        <span className="avatar" aria-hidden="true">
          {operator.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="topbar-name" data-testid="admin-operator-name">
          {operator.username}
        </span>
        <span className="badge" data-testid="admin-operator-role">
          {operator.role}
        </span>
        <button
          type="button"
          className="btn btn--sm"
          data-testid="admin-sign-out"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate("/login", { replace: true }) })}
        >
          {t("layout.signOut")}
        </button>
      </div>
    </header>
  );
}

/**
 * The signed-in shell. The menu button collapses the sidebar on a wide screen and opens it as a
 * drawer on a tablet or phone, where following a link, Escape or a tap beside
 * it closes it again.
 */
export function AdminLayout() {
  const t = useT();
  const location = useLocation();
  const [narrow, setNarrow] = useState(isNarrow);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      setNarrow(query.matches);
      setDrawerOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDrawerOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);
  const menuOpen = narrow ? drawerOpen : !collapsed;
  const shellClass = [
    "shell",
    narrow && drawerOpen ? "shell--drawer-open" : "",
    !narrow && collapsed ? "shell--collapsed" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={shellClass} data-testid="admin-shell" data-menu-open={menuOpen}>
      <a href="#main" className="skip-link">
        {t("layout.skip")}
      </a>
      <aside className="sidebar" id="admin-sidebar" data-testid="admin-sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <span className="sidebar-brand-name">Panalo</span>
        </div>
        <SideNav onNavigate={() => setDrawerOpen(false)} />
      </aside>
      {narrow && drawerOpen && (
        <button
          type="button"
          className="drawer-backdrop"
          aria-label={t("layout.closeMenu")}
          data-testid="admin-menu-backdrop"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <div className="shell-main">
        <TopBar
          menuOpen={menuOpen}
          onMenu={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
        />
        <main id="main" className="content" tabIndex={-1}>
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
