import type { ContractKind, ContractTerms, ContractView } from "@panalo/contracts/agent-contracts";
import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the agent contracts (contracts.ts decides the rules and opens the
 * transactions): agent_contracts, agent_contract_events, and the members' published view.
 */

export interface ContractRow {
  id: number | string;
  kind: ContractKind;
  upline_id: number | string | null;
  upline_name: string | null;
  downline_id: number | string;
  downline_name: string;
  funding: "platform" | "upline";
  period: ContractView["period"];
  terms: ContractTerms;
  rate_bp: number;
  status: ContractView["status"];
  offered_at: Date | string;
  accepted_at: Date | string | null;
  ended_at: Date | string | null;
  end_reason: string | null;
}

const SELECT = sql`SELECT c.*, u.username AS upline_name, d.username AS downline_name
  FROM agent_contracts c LEFT JOIN member_directory u ON u.id = c.upline_id JOIN member_directory d ON d.id = c.downline_id`;

export async function insertEvent(
  tx: Executor,
  contractId: number,
  action: string,
  who: { memberId?: number | null; operatorId?: number | null },
  detail: Record<string, unknown>,
) {
  await tx.execute(sql`INSERT INTO agent_contract_events (contract_id, action, member_id, operator_id, detail)
    VALUES (${contractId}, ${action}, ${who.memberId ?? null}, ${who.operatorId ?? null}, ${JSON.stringify(detail)}::jsonb)`);
}

/** The member's live contracts of a kind; `lock` reads them FOR SHARE. */
export async function activeContractRows(tx: Executor, memberId: number, kind: ContractKind, lock: boolean) {
  return queryRows<ContractRow>(
    tx,
    sql`${SELECT} WHERE c.downline_id = ${memberId} AND c.kind = ${kind} AND c.status = 'active'
      ${lock ? sql`FOR SHARE OF c` : sql``}`,
  );
}

export async function agentRow(tx: Executor, id: number) {
  const [m] = await queryRows<{
    id: string | number;
    is_agent: number;
    upline_id: string | number | null;
    status: string;
  }>(tx, sql`SELECT id, is_agent, upline_id, status FROM member_directory WHERE id = ${id}`);
  return m;
}

/** Withdraw the open offers of a kind to a downline; their ids. */
export async function withdrawOffers(tx: Tx, downlineId: number, kind: ContractKind) {
  return queryRows<{ id: string }>(
    tx,
    sql`UPDATE agent_contracts SET status = 'withdrawn', ended_at = now(), end_reason = 'withdrawn'
      WHERE downline_id = ${downlineId} AND kind = ${kind} AND status = 'offered' RETURNING id`,
  );
}

export async function insertOffer(
  tx: Tx,
  o: {
    kind: ContractKind;
    uplineId: number | null;
    downlineId: number;
    funding: "platform" | "upline";
    period: unknown;
    terms: ContractTerms;
    rateBp: number;
    operatorId: number | null;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO agent_contracts (kind, upline_id, downline_id, funding, period, terms, rate_bp, status, offered_by_operator)
      VALUES (${o.kind}, ${o.uplineId}, ${o.downlineId}, ${o.funding}, ${o.period},
        ${JSON.stringify(o.terms)}::jsonb, ${o.rateBp}, 'offered', ${o.operatorId})
      RETURNING id`,
  );
  return row;
}

export async function contractRow(exec: Executor, id: number) {
  const [r] = await queryRows<ContractRow>(exec, sql`${SELECT} WHERE c.id = ${id}`);
  return r;
}

export async function contractRowForUpdate(tx: Tx, id: number) {
  const [r] = await queryRows<ContractRow>(tx, sql`${SELECT} WHERE c.id = ${id} FOR UPDATE OF c`);
  return r;
}

/** End the downline's active contract of a kind (replaced); their ids. */
export async function endReplaced(tx: Tx, downlineId: number, kind: ContractKind) {
  return queryRows<{ id: string }>(
    tx,
    sql`UPDATE agent_contracts SET status = 'ended', ended_at = now(), end_reason = 'replaced'
      WHERE downline_id = ${downlineId} AND kind = ${kind} AND status = 'active' RETURNING id`,
  );
}

export async function activate(tx: Tx, contractId: number) {
  await tx.execute(sql`UPDATE agent_contracts SET status = 'active', accepted_at = now(), settled_until = now()
    WHERE id = ${contractId}`);
}

/** The live and offered contracts of a kind below `downlineId`; `lock` locks them in id order. */
export async function contractsBelow(exec: Executor, downlineId: number, kind: ContractKind, lock: boolean) {
  return lock
    ? queryRows<ContractRow>(
        exec,
        sql`${SELECT} JOIN member_tree t ON t.descendant_id = c.downline_id
          WHERE t.ancestor_id = ${downlineId} AND t.depth >= 1 AND c.kind = ${kind} AND c.status IN ('active', 'offered')
          ORDER BY c.id FOR UPDATE OF c`,
      )
    : queryRows<ContractRow>(
        exec,
        sql`${SELECT} JOIN member_tree t ON t.descendant_id = c.downline_id
          WHERE t.ancestor_id = ${downlineId} AND t.depth >= 1 AND c.kind = ${kind} AND c.status IN ('active', 'offered')
          ORDER BY c.id`,
      );
}

/** End (active) or withdraw (offered) one contract, with the reason. */
export async function endContract(tx: Executor, contractId: number | string, status: string, reason: string) {
  await tx.execute(sql`UPDATE agent_contracts SET status = ${status}, ended_at = now(),
    end_reason = ${reason} WHERE id = ${contractId}`);
}

export async function rejectRow(tx: Tx, contractId: number) {
  await tx.execute(sql`UPDATE agent_contracts SET status = 'rejected', ended_at = now(), end_reason = 'rejected'
    WHERE id = ${contractId}`);
}

export async function terminateRow(tx: Tx, contractId: number) {
  await tx.execute(sql`UPDATE agent_contracts SET status = 'terminated', ended_at = now(), end_reason = 'terminated'
    WHERE id = ${contractId}`);
}

/** The member's live contracts and offers with `oldUplineId`, locked in id order. */
export async function contractsWithUplineForUpdate(
  tx: Executor,
  memberId: number,
  oldUplineId: number | null,
) {
  return queryRows<{ id: string; status: string }>(
    tx,
    sql`SELECT id, status FROM agent_contracts
      WHERE downline_id = ${memberId} AND upline_id IS NOT DISTINCT FROM ${oldUplineId}
        AND status IN ('active', 'offered')
      ORDER BY id FOR UPDATE`,
  );
}

export async function contractLists(exec: Executor, memberId: number, kind?: ContractKind) {
  const k = kind ? sql`AND c.kind = ${kind}` : sql``;
  return Promise.all([
    queryRows<ContractRow>(
      exec,
      sql`${SELECT} WHERE c.downline_id = ${memberId} ${k} ORDER BY c.id DESC LIMIT 100`,
    ),
    queryRows<ContractRow>(
      exec,
      // Ended ones stay listed (with their end and its reason) after the live ones.
      sql`${SELECT} WHERE c.upline_id = ${memberId} ${k}
        ORDER BY (c.status IN ('offered', 'active')) DESC, COALESCE(c.ended_at, c.offered_at) DESC, c.id DESC LIMIT 500`,
    ),
  ]);
}

export async function eventRows(exec: Executor, contractId: number) {
  return queryRows<{
    id: string;
    contract_id: string;
    action: string;
    member_id: string | null;
    operator_id: string | null;
    detail: Record<string, unknown>;
    created_at: Date | string;
  }>(exec, sql`SELECT * FROM agent_contract_events WHERE contract_id = ${contractId} ORDER BY id`);
}

export async function kindsHeldOrGiven(exec: Executor, memberId: number) {
  return queryRows<{ kind: ContractKind }>(
    exec,
    sql`SELECT kind FROM agent_contracts WHERE downline_id = ${memberId}
      UNION SELECT kind FROM agent_contracts WHERE upline_id = ${memberId}`,
  );
}
