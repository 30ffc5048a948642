import "../i18n/texts/agent.ts";
import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { lazy } from "../i18n/lazy.ts";
import { useSession } from "../session/session-store.ts";
import { useConsolidatedContractInfo } from "./contracts-api.ts";
import { agentContractPages } from "./pages.ts";

/**
 * /agentContracts/:page — the contract pages on a route of their own, for a logged-in agent.
 * The agent centre overlay lists the same entries (agentContractPages); this route lets a
 * page be opened by address (and by the end-to-end test) whatever the overlay does.
 */
export default function AgentContractsStandalonePage() {
  const { t } = useTranslation();
  const { page } = useParams();
  const token = useSession((s) => s.token);
  const entry = agentContractPages.find((p) => p.key === page);
  const info = useConsolidatedContractInfo(Boolean(entry?.visible));
  const Page = useMemo(() => (entry ? lazy(entry.load) : null), [entry]);
  if (!token) return <p className="muted">{t("errors.in_need_true_account")}</p>;
  if (!Page || !entry) return null;
  if (entry.visible && info.isPending) return <span className="spinner" aria-hidden="true" />;
  if (entry.visible && !entry.visible(info.data))
    return <p className="muted">{t("agentContracts.noneMine")}</p>;
  return (
    <main className="container agent-contracts-standalone" data-testid={`agent-contracts-${entry.key}`}>
      <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
        <Page />
      </Suspense>
    </main>
  );
}
