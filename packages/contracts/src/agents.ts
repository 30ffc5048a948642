import { z } from "zod";
import { BigId, intInput, PageNo, pageSize } from "./input.ts";
import { Password, Username } from "./members.ts";

export { AGENT_RIGHTS, AGENT_TYPES, type AgentRights, type AgentType, isAgentType } from "./agent-types.ts";

export const AgentTypeInput = z.union([z.literal(1), z.literal(2), z.literal(41), z.literal(42)]);

/** GET /wps/agent/permission: the agent centre's permission check (spec §6). */
export const AgentPermissionValue = z.object({
  isAgent: z.number().int(),
  rights: z.object({
    registersAgents: z.array(z.number().int()),
    registersMembers: z.boolean(),
    transfersToDownline: z.boolean(),
    offersContracts: z.boolean(),
  }),
  affiliateCode: z.string(),
  /** The invitation link (short path /a/CODE on the caller's site). */
  invitePath: z.string(),
});
export type AgentPermissionValue = z.infer<typeof AgentPermissionValue>;

/** POST /wps/agent/registerCenter: an agent creates a downline (agent or member) under itself. */
export const RegisterCenterRequest = z
  .object({
    username: Username,
    password: Password,
    confirmPassword: z.string(),
    /** 0: a member (player); 1, 2, 41, 42: a downline agent of that type. */
    isAgent: z.union([z.literal(0), AgentTypeInput]).default(0),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "confirm_mismatch",
  });
export type RegisterCenterRequest = z.infer<typeof RegisterCenterRequest>;
export const RegisterCenterValue = z.object({
  id: z.number().int(),
  username: z.string(),
  isAgent: z.number().int(),
  affiliateCode: z.string().nullable(),
});

/** A period in Manila calendar days, both ends included (the account record's reading). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid");
export const PeriodQuery = z.object({ startDate: Day, endDate: Day });
export type PeriodQuery = z.infer<typeof PeriodQuery>;

/** Team figures over a period: every amount a decimal string of the team's currency. */
export const TeamFigures = z.object({
  teamSize: z.number().int(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  validBets: z.string(),
  wins: z.string(),
  /** The team's profit and loss as players see it: wins + refunds − bets (negative: the team lost). */
  profitLoss: z.string(),
});
export type TeamFigures = z.infer<typeof TeamFigures>;

/** GET /wps/agent/team/overview?startDate&endDate */
export const TeamOverviewValue = TeamFigures.extend({
  currency: z.string(),
  /** One point per Manila day of the period, for the chart. */
  days: z.array(
    z.object({
      day: z.string(),
      bets: z.string(),
      validBets: z.string(),
      profitLoss: z.string(),
      active: z.number(),
    }),
  ),
});
export type TeamOverviewValue = z.infer<typeof TeamOverviewValue>;

/** GET /wps/agent/team/members */
export const TeamMembersQuery = z.object({
  q: z.string().trim().max(40).default(""),
  /** Only this downline's own tree (drill down); must be in the caller's team. */
  under: BigId.optional(),
  directOnly: z.enum(["0", "1"]).default("0"),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(20),
});
export const TeamMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Depth under the caller: 1 is a direct downline. */
  level: z.number().int(),
  isAgent: z.number().int(),
  uplineId: z.number().int().nullable(),
  uplineName: z.string().nullable(),
  balance: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  teamSize: z.number().int(),
  /** The contract this member holds from its upline, in a line (agents/contract-column.ts). */
  contract: z.string().nullable(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRow>;
export const TeamMembersValue = z.object({ items: z.array(TeamMemberRow), total: z.number().int() });

/** GET /wps/agent/team/bets: the team's bets by game category and by member. */
export const TeamBetsQuery = PeriodQuery.extend({
  by: z.enum(["category", "member"]).default("category"),
  username: z.string().trim().max(40).optional(),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(20),
});
export const TeamBetsRow = z.object({
  key: z.string(),
  rounds: z.number().int(),
  bets: z.string(),
  validBets: z.string(),
  wins: z.string(),
  profitLoss: z.string(),
});
export const TeamBetsValue = z.object({ items: z.array(TeamBetsRow), total: z.number().int() });

/** GET /wps/agent/team/profit: each member's profit and loss over the period. */
export const TeamProfitQuery = PeriodQuery.extend({
  username: z.string().trim().max(40).optional(),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(20),
});
export const TeamProfitRow = z.object({
  id: z.number().int(),
  username: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  validBets: z.string(),
  wins: z.string(),
  profitLoss: z.string(),
});
export const TeamProfitValue = z.object({ items: z.array(TeamProfitRow), total: z.number().int() });

/** GET /wps/agent/team/transactions: the downlines' ledger transactions. */
export const TeamTransactionsQuery = PeriodQuery.extend({
  username: z.string().trim().max(40).optional(),
  type: z.enum(["deposit", "withdrawal", "transfer", "adjustment", "bet", "win", "other"]).optional(),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(20),
});
export const TeamTransactionRow = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.string(),
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  time: z.string(),
});
export const TeamTransactionsValue = z.object({
  items: z.array(TeamTransactionRow),
  total: z.number().int(),
});

/** Back office: POST /api/admin/agents (make an existing player a top agent, or create one). */
export const AdminCreateAgentRequest = z.object({
  username: Username,
  /** Omitted: an existing player of that name becomes a top agent. */
  password: Password.optional(),
  isAgent: AgentTypeInput.default(1),
});
/** Back office: POST /api/admin/agents/:id/move */
export const AdminMoveRequest = z.object({
  /** The new upline (an agent), or null to make the member a top of its own tree. */
  uplineId: BigId.nullable(),
  reason: z.string().trim().min(3).max(200),
});
export const AdminTreeQuery = z.object({
  q: z.string().trim().max(40).default(""),
  /** Drill down: this member's direct downlines; omitted: top agents (or the search). */
  parent: BigId.optional(),
  page: PageNo.default(1),
  pageSize: pageSize(200).default(50),
  format: z.enum(["json", "csv"]).default("json"),
});
export const AdminTeamQuery = PeriodQuery.extend({ format: z.enum(["json", "csv"]).default("json") });
export const DepthInput = intInput(1, 10);
