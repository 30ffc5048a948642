import {
  BILL_STATUSES,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  type ContractPeriod,
} from "@panalo/contracts/agent-contracts";
import { enumLabels, everyCode } from "../../lib/enum-labels.ts";

/** The codes of agent contracts, runs and bills in the operator's language (spec §3, §4). */
export const contractKindLabel = enumLabels("settle.kindOf", CONTRACT_KINDS);

const CONTRACT_PERIODS = everyCode<ContractPeriod>({
  daily: true,
  weekly: true,
  semimonthly: true,
  monthly: true,
  hourly: true,
  five_minutes: true,
});
export const contractPeriodLabel = enumLabels("settle.periodOf", CONTRACT_PERIODS);
export const contractStatusLabel = enumLabels("settle.statusOf", CONTRACT_STATUSES);
export const billStatusLabel = enumLabels("settle.billStatusOf", BILL_STATUSES);
/** Who pays a contract (the DB's check on agent_contracts.funding). */
export const fundingLabel = enumLabels("settle.fundingOf", ["platform", "upline"] as const);
/** A settlement run's schedule and state (the DB's checks on agent_settlement_runs). */
export const runScheduleLabel = enumLabels("settle.scheduleOf", ["daily", "hourly", "realtime"] as const);
export const runStatusLabel = enumLabels("settle.runStatusOf", ["running", "done", "failed"] as const);
/** Why a contract ended (agents/contracts.ts and its repository write these). */
export const endReasonLabel = enumLabels("settle.endReasonOf", [
  "operator",
  "rejected",
  "replaced",
  "terminated",
  "withdrawn",
  "upline_changed",
  "upline_rate_lowered",
] as const);
