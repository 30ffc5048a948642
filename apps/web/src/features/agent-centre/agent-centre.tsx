import "../i18n/texts/agent.ts";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../../components/error-boundary.tsx";
import { Modal } from "../../components/modal.tsx";
import "../account/member-centre.css";
import "./agent-centre.css";
import { closeAccountModal, openAgentCentre } from "../account/account-ui.ts";
import { useConsolidatedContractInfo } from "../agent-contracts/contracts-api.ts";
import { useAgentPermission } from "./agent-api.ts";
import { AGENT_CENTRE_PAGES } from "./pages.ts";

/**
 * The agent centre overlay (spec §2 "Agent centre"): its own menu and the chosen page, shown
 * only once the permission check passes (spec §6); a refused check says in_need_true_account.
 * The contract pages come from features/agent-contracts/pages.ts.
 */
export default function AgentCentre({ page }: { page: string }) {
  const { t } = useTranslation();
  const permission = useAgentPermission();
  // spec §2: a contract page shows only when its option is on. The options come with the
  // consolidated contract info (AGENTPOLICY3); each contract page says when it shows.
  const contractInfo = useConsolidatedContractInfo(permission.isSuccess);
  const available = AGENT_CENTRE_PAGES.filter((p) => !p.visible || p.visible(contractInfo.data));
  const current = available.find((p) => p.id === page) ?? available[0];
  const Page = current?.component;
  return (
    <Modal onClose={() => closeAccountModal()} title={t("agent.title")} size="wide" testId="agent-centre">
      {permission.isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : permission.isError ? (
        <p className="form-error" role="alert" data-testid="agent-centre-refused">
          {t("errors.in_need_true_account")}
        </p>
      ) : (
        <div className="member-centre">
          <nav className="member-menu" aria-label={t("agent.title")}>
            {available.map((p) => (
              <button
                key={p.id}
                type="button"
                className={p === current ? "member-menu-item active" : "member-menu-item"}
                aria-current={p === current ? "page" : undefined}
                onClick={() => openAgentCentre(p.id)}
                data-testid={`agent-menu-${p.id}`}
              >
                {t(p.labelKey)}
              </button>
            ))}
          </nav>
          <section className="member-page" data-testid={`agent-page-${current?.id}`}>
            <ErrorBoundary key={current?.id} compact>
              <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                {Page && <Page />}
              </Suspense>
            </ErrorBoundary>
          </section>
        </div>
      )}
    </Modal>
  );
}
