// Agent types and their rights without zod: the site's header reads isAgentType on every page,
// and importing it from agents.ts would put zod and the agents' schemas on the home route.
/**
 * Agent account types (spec §4, §6: isAgent 1, 2, 41, 42) and what each may do. The spec names
 * the values but not their rights; Panalo's reading, one table for server and clients:
 * - 1  general agent: the whole agent centre; registers downline agents (any type) and members;
 *      transfers to its downlines; offers contracts.
 * - 2  agent: registers members (not agents); transfers to its downlines; offers contracts.
 * - 41 affiliate: invites players with its code and link only; sees its team's reports.
 * - 42 affiliate agent: invites, registers members and affiliates (41); no transfers.
 * Every type sees the team reports of its own tree and nothing else.
 */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export interface AgentRights {
  /** Agent types this agent may create under itself from registerCenter (empty: none). */
  registersAgents: readonly AgentType[];
  registersMembers: boolean;
  transfersToDownline: boolean;
  offersContracts: boolean;
}

export const AGENT_RIGHTS: Record<AgentType, AgentRights> = {
  1: {
    registersAgents: [1, 2, 41, 42],
    registersMembers: true,
    transfersToDownline: true,
    offersContracts: true,
  },
  2: { registersAgents: [], registersMembers: true, transfersToDownline: true, offersContracts: true },
  41: { registersAgents: [], registersMembers: false, transfersToDownline: false, offersContracts: false },
  42: { registersAgents: [41], registersMembers: true, transfersToDownline: false, offersContracts: false },
};

export function isAgentType(v: number | null | undefined): v is AgentType {
  return v !== null && v !== undefined && (AGENT_TYPES as readonly number[]).includes(v);
}
