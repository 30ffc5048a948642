/**
 * The agent centre's addresses (spec §2 agent centre menu, one route per page): /agent/<slug>.
 * Kept free of the pages' code and texts, so the header (on every first screen) can link here.
 */
export const AGENT_PAGE_SLUGS = {
  announcement: "announcement",
  teamOverview: "team-overview",
  registerCenter: "register",
  teamManagement: "team",
  teamBetting: "team-betting",
  userProfit: "user-profit",
  myIncome: "income",
  downlineTransactions: "transactions",
  dividend: "dividend",
  dailySalary: "daily-salary",
  hourlySalary: "hourly-salary",
  realtimeSalary: "realtime-salary",
} as const;

export type AgentPageId = keyof typeof AGENT_PAGE_SLUGS;

/** The address of an agent-centre page (the team overview when the id is unknown). */
export function agentPagePath(id: string = "teamOverview"): string {
  const slug = (AGENT_PAGE_SLUGS as Record<string, string>)[id] ?? AGENT_PAGE_SLUGS.teamOverview;
  return `/agent/${slug}`;
}

/** The page id of a slug, or null. */
export function agentPageOfSlug(slug: string | undefined): AgentPageId | null {
  const hit = Object.entries(AGENT_PAGE_SLUGS).find(([, s]) => s === slug);
  return hit ? (hit[0] as AgentPageId) : null;
}
