import type {
  ConsolidatedContractInfo,
  ContractEventView,
  ContractKind,
  ContractTerms,
  ContractView,
} from "@panalo/contracts/agent-contracts";
import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { contractPeriod, endedByLowerRate, headlineRate, withinUpline } from "./contract-math.ts";
import type { ContractRow } from "./repo/contracts.ts";
import * as repo from "./repo/contracts.ts";

/**
 * Agent contracts (spec §4): an upline offers one of its direct downlines a
 * contract; the downline accepts, rejects, or later terminates it. A downline's rate never
 * exceeds its upline's own contract of the kind; when a downline accepts a contract lower than
 * the ones it gave its own team, accepting ends every contract below it that now exceeds it.
 * Every change is written to agent_contract_events in the same transaction.
 */

export const AGENT_TYPES = [1, 2, 41, 42];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));

function view(r: ContractRow): ContractView {
  return {
    id: Number(r.id),
    kind: r.kind,
    uplineId: num(r.upline_id),
    uplineName: r.upline_name,
    downlineId: Number(r.downline_id),
    downlineName: r.downline_name,
    funding: r.funding,
    period: r.period,
    terms: r.terms,
    rateBp: r.rate_bp,
    status: r.status,
    offeredAt: iso(r.offered_at) ?? "",
    acceptedAt: iso(r.accepted_at),
    endedAt: iso(r.ended_at),
    endReason: r.end_reason,
  };
}

async function event(
  tx: Executor,
  contractId: number,
  action: string,
  who: { memberId?: number | null; operatorId?: number | null },
  detail: Record<string, unknown> = {},
) {
  await repo.insertEvent(tx, contractId, action, who, detail);
}

/** The member's own live contract of a kind (the one that caps what it may offer). */
async function activeContractOf(tx: Executor, memberId: number, kind: ContractKind, lock = false) {
  const rows = await repo.activeContractRows(tx, memberId, kind, lock);
  return rows[0] ? view(rows[0]) : null;
}

async function agentRow(tx: Executor, id: number) {
  const m = await repo.agentRow(tx, id);
  return m ? { id: Number(m.id), isAgent: m.is_agent, uplineId: num(m.upline_id), status: m.status } : null;
}

export interface OfferInput {
  /** The agent offering (null: the operator, paid by the platform). */
  uplineId: number | null;
  downlineId: number;
  terms: ContractTerms;
  funding: "platform" | "upline";
  operatorId?: number | null;
  /** Written in the same transaction (the back office's audit row). */
  audit?: (tx: Tx, after: ContractView) => Promise<void>;
}

/** Offer a contract; a pending offer of the same kind to the same downline is withdrawn. */
export async function offerContract(ctx: AppContext, input: OfferInput): Promise<ContractView> {
  return ctx.db.transaction(async (tx) => {
    const down = await agentRow(tx, input.downlineId);
    if (!down || !AGENT_TYPES.includes(down.isAgent) || down.status !== "active")
      throw new AppError("CONTRACT_NOT_DIRECT_DOWNLINE", 400);
    let uplineId: number | null = null;
    if (input.funding === "upline") {
      // Paid from the upline's wallet: the downline's own upline, and within its contract.
      uplineId = input.uplineId ?? down.uplineId;
      if (uplineId === null || down.uplineId !== uplineId)
        throw new AppError("CONTRACT_NOT_DIRECT_DOWNLINE", 400);
      const up = await agentRow(tx, uplineId);
      if (!up || !AGENT_TYPES.includes(up.isAgent)) throw new AppError("NOT_AN_AGENT", 403);
      const own = await activeContractOf(tx, uplineId, input.terms.kind);
      if (!own) throw new AppError("CONTRACT_UPLINE_HAS_NONE", 409);
      if (!withinUpline(input.terms, own.terms)) throw new AppError("CONTRACT_RATE_ABOVE_UPLINE", 409);
    } else if (input.operatorId == null) {
      throw new AppError("NOT_AN_AGENT", 403); // only the operator gives platform-paid contracts
    }
    const withdrawn = await repo.withdrawOffers(tx, input.downlineId, input.terms.kind);
    for (const w of withdrawn)
      await event(tx, Number(w.id), "withdraw", { memberId: input.uplineId, operatorId: input.operatorId });
    const row = await repo.insertOffer(tx, {
      kind: input.terms.kind,
      uplineId,
      downlineId: input.downlineId,
      funding: input.funding,
      period: contractPeriod(input.terms),
      terms: input.terms,
      rateBp: headlineRate(input.terms),
      operatorId: input.operatorId ?? null,
    });
    const id = Number(row?.id);
    await event(
      tx,
      id,
      "offer",
      { memberId: input.uplineId, operatorId: input.operatorId },
      { terms: input.terms },
    );
    const offered = (await contractById(tx, id)) as ContractView;
    await input.audit?.(tx, offered);
    return offered;
  });
}

export async function contractById(exec: Executor, id: number): Promise<ContractView | null> {
  const r = await repo.contractRow(exec, id);
  return r ? view(r) : null;
}

async function lockContract(tx: Tx, id: number, downlineId: number) {
  const r = await repo.contractRowForUpdate(tx, id);
  if (!r || Number(r.downline_id) !== downlineId) throw new AppError("CONTRACT_NOT_FOUND", 404);
  return view(r);
}

/**
 * The downline accepts an offer: its previous contract of the kind ends (replaced), the offer
 * becomes active, and every active contract of the kind in its team that the new terms no
 * longer cover ends (spec §4: a lower rate ends the downline's contract).
 */
export async function acceptContract(ctx: AppContext, downlineId: number, contractId: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await lockContract(tx, contractId, downlineId);
    if (c.status !== "offered") throw new AppError("CONTRACT_STATE", 409);
    if (c.funding === "upline" && c.uplineId !== null) {
      // The upline's contract is read FOR SHARE: a concurrent change of it waits for us, or we for it.
      const own = await activeContractOf(tx, c.uplineId, c.kind, true);
      if (!own) throw new AppError("CONTRACT_UPLINE_HAS_NONE", 409);
      if (!withinUpline(c.terms, own.terms)) throw new AppError("CONTRACT_RATE_ABOVE_UPLINE", 409);
    }
    const replaced = await repo.endReplaced(tx, downlineId, c.kind);
    for (const r of replaced)
      await event(tx, Number(r.id), "end", { memberId: downlineId }, { reason: "replaced", by: contractId });
    await repo.activate(tx, contractId);
    await event(tx, contractId, "accept", { memberId: downlineId });
    // Contracts below that the new terms no longer cover. Locked in id order (no deadlock
    // between two acceptances in one tree).
    const below = await repo.contractsBelow(tx, downlineId, c.kind, true);
    const ended: number[] = [];
    for (const v of endedByLowerRate(c.terms, below.map(view))) {
      const active = v.status === "active";
      await repo.endContract(tx, v.id, active ? "ended" : "withdrawn", "upline_rate_lowered");
      await event(
        tx,
        v.id,
        active ? "end" : "withdraw",
        {},
        { reason: "upline_rate_lowered", by: contractId },
      );
      ended.push(v.id);
    }
    return { contract: (await contractById(tx, contractId)) as ContractView, ended };
  });
}

export async function rejectContract(ctx: AppContext, downlineId: number, contractId: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await lockContract(tx, contractId, downlineId);
    if (c.status !== "offered") throw new AppError("CONTRACT_STATE", 409);
    await repo.rejectRow(tx, contractId);
    await event(tx, contractId, "reject", { memberId: downlineId });
    return (await contractById(tx, contractId)) as ContractView;
  });
}

/** The downline ends its active contract; what it earned up to now is still settled. */
export async function terminateContract(ctx: AppContext, downlineId: number, contractId: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await lockContract(tx, contractId, downlineId);
    if (c.status !== "active") throw new AppError("CONTRACT_STATE", 409);
    await repo.terminateRow(tx, contractId);
    await event(tx, contractId, "terminate", { memberId: downlineId });
    return (await contractById(tx, contractId)) as ContractView;
  });
}

/** The operator ends a contract (back office). */
export async function endContractByOperator(
  ctx: AppContext,
  operatorId: number,
  contractId: number,
  audit?: (tx: Tx, before: ContractView, after: ContractView) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    const r = await repo.contractRowForUpdate(tx, contractId);
    if (!r) throw new AppError("CONTRACT_NOT_FOUND", 404);
    if (r.status !== "active" && r.status !== "offered") throw new AppError("CONTRACT_STATE", 409);
    const active = r.status === "active";
    await repo.endContract(tx, contractId, active ? "terminated" : "withdrawn", "operator");
    await event(tx, contractId, active ? "terminate" : "withdraw", { operatorId }, { reason: "operator" });
    const after = (await contractById(tx, contractId)) as ContractView;
    await audit?.(tx, view(r), after);
    return after;
  });
}

/**
 * The operator moved a member to another upline: its contracts with the old
 * upline (or the platform's, when it was a top agent) end — active ones `ended`, open offers
 * `withdrawn`, reason `upline_changed` — each with an event row. Bills already written are not
 * touched; the period the move cut short is billed by the next run up to the move (the
 * contract's ended_at). Contracts the member gave its own downlines move with it and stay.
 * Runs inside the move's transaction, after the member's row is locked; contracts in id order.
 */
export async function endContractsOnMove(
  tx: Executor,
  memberId: number,
  oldUplineId: number | null,
  operatorId: number,
): Promise<number[]> {
  const rows = await repo.contractsWithUplineForUpdate(tx, memberId, oldUplineId);
  const ended: number[] = [];
  for (const r of rows) {
    const active = r.status === "active";
    await repo.endContract(tx, r.id, active ? "ended" : "withdrawn", "upline_changed");
    await event(
      tx,
      Number(r.id),
      active ? "end" : "withdraw",
      { operatorId },
      { reason: "upline_changed", from: oldUplineId },
    );
    ended.push(Number(r.id));
  }
  return ended;
}

/**
 * The agent's contracts: those it holds (and is offered), and those it gave its downlines —
 * ended, terminated, rejected and withdrawn ones included, so a contract's end stays readable.
 */
export async function contractsOf(exec: Executor, memberId: number, kind?: ContractKind) {
  const [mine, given] = await repo.contractLists(exec, memberId, kind);
  return { mine: mine.map(view), given: given.map(view) };
}

export async function contractEvents(exec: Executor, contractId: number): Promise<ContractEventView[]> {
  const rows = await repo.eventRows(exec, contractId);
  return rows.map((r) => ({
    id: Number(r.id),
    contractId: Number(r.contract_id),
    action: r.action,
    memberId: num(r.member_id),
    operatorId: num(r.operator_id),
    detail: r.detail,
    createdAt: iso(r.created_at) ?? "",
  }));
}

/**
 * spec §3 consolidated contract info (loaded when AGENTPOLICY3 is on): a contract page is shown
 * when the agent holds, held or is offered a contract of its kind, or has given one to a
 * downline — an ended contract keeps its page, where it stays listed with its end.
 */
export async function consolidatedInfo(exec: Executor, memberId: number): Promise<ConsolidatedContractInfo> {
  const rows = await repo.kindsHeldOrGiven(exec, memberId);
  const has = (k: ContractKind) => (rows.some((r) => r.kind === k) ? 1 : 0);
  return {
    dailysalreqtype: has("daily_salary"),
    divtypereq: has("dividend"),
    contracthoursalreq: has("hourly_salary"),
    realtimesalreqtype: has("realtime_salary"),
  };
}

/**
 * What accepting an open offer would end (spec §4): the active contracts and open offers of
 * the kind in the downline's team that its terms no longer cover — the list acceptContract
 * ends, read without locks, for the downline before it accepts and for the upline that offered.
 * Only the offer's two parties may read it; a contract no longer offered ends nothing.
 */
export async function acceptImpact(exec: Executor, memberId: number, contractId: number) {
  const c = await contractById(exec, contractId);
  if (!c || (c.downlineId !== memberId && c.uplineId !== memberId))
    throw new AppError("CONTRACT_NOT_FOUND", 404);
  if (c.status !== "offered") return { contractId, ends: [] as ContractView[] };
  const below = await repo.contractsBelow(exec, c.downlineId, c.kind, false);
  return { contractId, ends: endedByLowerRate(c.terms, below.map(view)) };
}
