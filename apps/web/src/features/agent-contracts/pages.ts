import type { AgentCentrePage } from "../agent-centre/registry-types.ts";

/** The agent centre's contract pages and "my income" (filled in by the contracts work). */
export const agentContractPages: readonly AgentCentrePage[] = [] as const;
