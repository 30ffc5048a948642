import "../i18n/texts/agent.ts";
import { agentContractPages } from "../agent-contracts/pages.ts";
import { lazy } from "../i18n/lazy.ts";
import type { AgentCentrePage } from "./registry-types.ts";

/** Where the contract pages stand in the spec's menu order. */
const CONTRACT_ORDER: Record<string, number> = {
  myIncome: 70,
  dividend: 90,
  dailySalary: 100,
  hourlySalary: 110,
  realtimeSalary: 120,
};

/**
 * The agent centre's pages (spec §2), each its own chunk, in menu order; each has its own
 * address, /agent/<slug> (paths.ts).
 */
export const AGENT_CENTRE_PAGES: readonly AgentCentrePage[] = [
  {
    id: "announcement",
    order: 10,
    labelKey: "agent.page.announcement",
    component: lazy(() => import("./pages/announcement.tsx")),
  },
  {
    id: "teamOverview",
    order: 20,
    labelKey: "agent.page.teamOverview",
    component: lazy(() => import("./pages/team-overview.tsx")),
  },
  {
    id: "registerCenter",
    order: 30,
    labelKey: "agent.page.registerCenter",
    component: lazy(() => import("./pages/register-center.tsx")),
  },
  {
    id: "teamManagement",
    order: 40,
    labelKey: "agent.page.teamManagement",
    component: lazy(() => import("./pages/team-management.tsx")),
  },
  {
    id: "teamBetting",
    order: 50,
    labelKey: "agent.page.teamBetting",
    component: lazy(() => import("./pages/team-betting.tsx")),
  },
  {
    id: "userProfit",
    order: 60,
    labelKey: "agent.page.userProfit",
    component: lazy(() => import("./pages/user-profit.tsx")),
  },
  {
    id: "downlineTransactions",
    order: 80,
    labelKey: "agent.page.downlineTransactions",
    component: lazy(() => import("./pages/downline-transactions.tsx")),
  },
  ...agentContractPages.map(
    (p): AgentCentrePage => ({
      id: p.key,
      order: CONTRACT_ORDER[p.key] ?? 130,
      labelKey: p.labelKey,
      component: lazy(p.load),
      visible: p.visible,
    }),
  ),
].sort((a, b) => a.order - b.order);
