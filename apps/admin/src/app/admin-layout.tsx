import { Suspense } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { ErrorBoundary } from "../components/error-boundary.tsx";
import { usePendingWinReviews } from "../features/finance/win-reviews-api.ts";
import { useLogout } from "../features/session/session-api.ts";
import { useOperator } from "./operator-context.tsx";
import { SECTIONS, type Section } from "./sections.ts";

const GROUPS: ReadonlyArray<Section["group"]> = [
  "Overview",
  "Players",
  "Finance",
  "Lottery",
  "Content",
  "System",
  "Administration",
];

function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-label="Loading page">
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--block" />
    </div>
  );
}

function SideNav() {
  const operator = useOperator();
  const visible = SECTIONS.filter(
    (s) => s.permission === null || operator.permissions.includes(s.permission),
  );
  // Held wins wait for an operator: their count is the alert beside the section's link.
  const held = usePendingWinReviews(visible.some((s) => s.id === "win-reviews"));
  const badges: Partial<Record<Section["id"], number>> = { "win-reviews": held.data?.pending ?? 0 };
  return (
    <nav aria-label="Sections" className="sidenav">
      {GROUPS.map((group) => {
        const items = visible.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group} className="sidenav-group">
            <p className="sidenav-heading">{group}</p>
            <ul>
              {items.map((s) => (
                <li key={s.id}>
                  <NavLink
                    to={s.path}
                    end={s.path === "/"}
                    className="sidenav-link"
                    data-testid={`admin-nav-${s.id}`}
                  >
                    {s.label}
                    {(badges[s.id] ?? 0) > 0 && (
                      <span
                        className="badge badge--warn sidenav-badge"
                        data-testid={`admin-nav-badge-${s.id}`}
                      >
                        {badges[s.id]}
                        <span className="visually-hidden"> waiting</span>
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

function TopBar() {
  const operator = useOperator();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="topbar">
      <p className="topbar-title">Back office</p>
      <div className="topbar-user">
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
          Sign out
        </button>
      </div>
    </header>
  );
}

export function AdminLayout() {
  const location = useLocation();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <span className="sidebar-brand-name">Panalo</span>
        </div>
        <SideNav />
      </aside>
      <div className="shell-main">
        <TopBar />
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
