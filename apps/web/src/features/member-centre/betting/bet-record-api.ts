import type { BetRecordRequest, BetRecordValue, BetReplayValue } from "@panalo/contracts/betting-record";
import type { GameCategory } from "@panalo/contracts/content";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../session/session-store.ts";
import { checkRange, type RangeProblem } from "../wallet/record-filters.ts";

/**
 * The betting record's calls (spec §2 personalHistoryCopy, packages/contracts/src/betting-record.ts).
 * Only the contract's types are imported: zod stays out of the member centre's chunk.
 */

/** The platform refuses longer ranges (BET_RECORD_MAX_DAYS in the contract; a test checks they match). */
export const BET_RECORD_MAX_DAYS = 31;
export const BET_RECORD_PAGE_SIZE = 15;

/** The dates' problem, if any: both set, in order, at most BET_RECORD_MAX_DAYS calendar days. */
export function checkBetRange(startDate: string, endDate: string): RangeProblem | null {
  const problem = checkRange(startDate, endDate);
  if (problem) return problem;
  return Date.parse(endDate) - Date.parse(startDate) >= BET_RECORD_MAX_DAYS * 86_400_000 ? "tooLong" : null;
}

/** The provider filter's value: "" (all), "type:<category>" or "vendor:<code>". */
export type ProviderFilter = "" | `type:${string}` | `vendor:${string}`;

export function providerParams(filter: ProviderFilter): Pick<BetRecordRequest, "vassalage" | "gameType"> {
  if (filter.startsWith("vendor:")) return { vassalage: filter.slice("vendor:".length) };
  if (filter.startsWith("type:")) return { gameType: filter.slice("type:".length) as GameCategory };
  return {};
}

export function useBetRecord(q: BetRecordRequest) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [MEMBER_QUERY_ROOT, "betRecord", token, q],
    queryFn: () => api<BetRecordValue>("/wps/relay/GCS_betRecord", { method: "POST", body: q }),
    enabled: token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

/** A fresh signed replay link each time (it expires in minutes), never cached. */
export function replayLink(vassalage: string, roundId: string): Promise<BetReplayValue> {
  return api<BetReplayValue>("/wps/relay/GCS_betReplay", { method: "POST", body: { vassalage, roundId } });
}
