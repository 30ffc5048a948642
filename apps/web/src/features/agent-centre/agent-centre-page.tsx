import "../i18n/texts/agent.ts";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { ErrorBoundary } from "../../components/error-boundary.tsx";
import { openLogin } from "../account/account-ui.ts";
import { useConsolidatedContractInfo } from "../agent-contracts/contracts-api.ts";
import { useSession } from "../session/session-store.ts";
import { useAgentPermission } from "./agent-api.ts";
import "./agent-centre.css";
import { AGENT_CENTRE_PAGES } from "./pages.ts";
import { agentPageOfSlug, agentPagePath } from "./paths.ts";

/**
 * The agent centre (spec §2 "Agent centre"): one route per page of its menu, /agent/<slug>
 * (paths.ts), each page its own chunk. Laid out for a phone first: the menu is a list behind a
 * button that names the page shown (spec: "the menu can be closed"); from 900 px it stands on
 * the left. Shown once the permission check passes (spec §6); a refused check says
 * in_need_true_account, a visitor is asked to log in.
 */
export default function AgentCentrePage() {
  const { t } = useTranslation();
  const { page: slug } = useParams();
  const token = useSession((s) => s.token);
  const permission = useAgentPermission();
  const contractInfo = useConsolidatedContractInfo(permission.isSuccess);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const id = agentPageOfSlug(slug);

  if (!id) return <Navigate to={agentPagePath()} replace />;
  if (!token)
    return (
      <main className="container agent-centre" data-testid="agent-centre">
        <h1 className="agent-centre-title">{t("agent.title")}</h1>
        <p>{t("agent.loginFirst")}</p>
        <button
          type="button"
          className="btn btn-gold"
          onClick={() => openLogin({ afterLogin: agentPagePath(id) })}
        >
          {t("login.submit")}
        </button>
      </main>
    );
  const waiting = permission.isPending || (permission.isSuccess && contractInfo.isPending);
  const available = AGENT_CENTRE_PAGES.filter((p) => !p.visible || p.visible(contractInfo.data));
  const current = available.find((p) => p.id === id);
  const entry = AGENT_CENTRE_PAGES.find((p) => p.id === id);
  const Page = current?.component;

  return (
    <main className="container agent-centre" data-testid="agent-centre">
      <div className="agent-centre-head">
        <h1 className="agent-centre-title">{t("agent.title")}</h1>
        <button
          type="button"
          className="btn btn-outline agent-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
          data-testid="agent-menu-toggle"
        >
          <span className="sr-only">{t("agent.menu")}: </span>
          {entry ? t(entry.labelKey) : t("agent.menu")}
          <span aria-hidden="true" className="agent-menu-caret">
            {menuOpen ? "▲" : "▼"}
          </span>
        </button>
      </div>
      {waiting ? (
        <span className="spinner" aria-hidden="true" />
      ) : permission.isError ? (
        <p className="form-error" role="alert" data-testid="agent-centre-refused">
          {t("errors.in_need_true_account")}
        </p>
      ) : (
        <div className="agent-centre-body">
          <nav
            id={menuId}
            className="agent-nav"
            data-open={menuOpen || undefined}
            aria-label={t("agent.title")}
          >
            <ul>
              {available.map((p) => (
                <li key={p.id}>
                  <Link
                    to={agentPagePath(p.id)}
                    className={p === current ? "agent-nav-item active" : "agent-nav-item"}
                    aria-current={p === current ? "page" : undefined}
                    data-testid={`agent-menu-${p.id}`}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(p.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="agent-main" data-testid={`agent-page-${id}`} aria-labelledby={`${menuId}-h`}>
            <h2 id={`${menuId}-h`} className="agent-page-title">
              {entry ? t(entry.labelKey) : t("agent.title")}
            </h2>
            {Page ? (
              <ErrorBoundary key={id} compact>
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <Page />
                </Suspense>
              </ErrorBoundary>
            ) : (
              // A contract page whose option is off (no contract of the kind, ever): said, not hidden.
              <p className="muted" data-testid="agent-page-unavailable">
                {t("agentContracts.noneMine")}
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
