import "../i18n/texts/agent.ts";
import type { ConsolidatedContractInfo } from "@panalo/contracts/agent-contracts";

/**
 * The agent centre's contract pages (spec §2: dividend, daily salary, hourly salary, real-time
 * salary — each only when its option is on — and "my income"), for the agent centre's registry
 * to spread into its menu. `visible` reads the consolidated contract info (spec §3, loaded when
 * AGENTPOLICY3 is on; useConsolidatedContractInfo in contracts-api.ts).
 */
export interface AgentContractPageEntry {
  key: string;
  labelKey: string;
  load: () => Promise<{ default: () => React.JSX.Element }>;
  visible?: (info: ConsolidatedContractInfo | undefined) => boolean;
}

export const agentContractPages: AgentContractPageEntry[] = [
  { key: "myIncome", labelKey: "agentContracts.menu.myIncome", load: () => import("./income-page.tsx") },
  {
    key: "dividend",
    labelKey: "agentContracts.menu.dividend",
    load: () => import("./dividend-page.tsx"),
    visible: (info) => info?.divtypereq === 1,
  },
  {
    key: "dailySalary",
    labelKey: "agentContracts.menu.dailySalary",
    load: () => import("./daily-salary-page.tsx"),
    visible: (info) => info?.dailysalreqtype === 1,
  },
  {
    key: "hourlySalary",
    labelKey: "agentContracts.menu.hourlySalary",
    load: () => import("./hourly-salary-page.tsx"),
    visible: (info) => info?.contracthoursalreq === 1,
  },
  {
    key: "realtimeSalary",
    labelKey: "agentContracts.menu.realtimeSalary",
    load: () => import("./realtime-salary-page.tsx"),
    visible: (info) => info?.realtimesalreqtype === 1,
  },
];
