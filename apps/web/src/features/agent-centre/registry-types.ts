import type { ConsolidatedContractInfo } from "@panalo/contracts/agent-contracts";
import type { ComponentType, LazyExoticComponent } from "react";

/**
 * One page of the agent centre's menu (spec §2 "Agent centre"). `order` places it in the spec's
 * menu order (announcement 10 … downline transactions 80; my income 70, dividend 90, daily
 * salary 100, hourly salary 110, real-time salary 120); `option` names the contract option that
 * must be on for the page to show (spec §2: "only when the contract option is enabled").
 */
export interface AgentCentrePage {
  readonly id: string;
  readonly order: number;
  /** Catalog key of the menu label. */
  readonly labelKey: string;
  readonly component: LazyExoticComponent<ComponentType>;
  readonly option?: "dividend" | "salary" | "hourly" | "realtime";
  /** Whether the page shows, from the consolidated contract info (AGENTPOLICY3); always when absent. */
  readonly visible?: (info: ConsolidatedContractInfo | undefined) => boolean;
}
