// Writes the agent-centre test's tree into the prepared database (e2e/agent-centre.spec.ts):
// a top agent with a platform-paid 2.00 % daily salary; its downline agent holding 1.80 % from
// it, who gave its own downline agent 1.20 %; and, from two days ago, a paid salary bill of the
// top agent (50.00 from the platform) and one it paid its downline (20.00): net 30.00.
// Test-side only: a day cannot pass inside a test.
import type { Database } from "../../apps/server/src/db/client.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";

export const CENTRE_AGENTS = {
  top: { username: "e2eactop", password: "CentreTop2024ok" },
  mid: { username: "e2eacmid", password: "CentreMid2024ok" },
  low: { username: "e2eaclow", password: "CentreLow2024ok" },
} as const;

const DAY = 86_400_000;
const manilaMidnight = (days: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00+08:00`) - days * DAY);
};
const daily = (rateBp: number) =>
  JSON.stringify({
    kind: "daily_salary",
    period: "daily",
    tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp }],
  });

export async function seedAgentCentre(database: Database): Promise<void> {
  let n = 0;
  const q = <T>(text: string, values: unknown[]) =>
    database.prepared<T>(`seed-agent-centre-${n++}`, text, values);
  if ((await q("SELECT 1 FROM members WHERE username = $1", [CENTRE_AGENTS.top.username])).length > 0) return;
  const add = async (p: { username: string; password: string }, upline: number | null) => {
    const r = await q<{ id: string }>(
      `INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip, is_agent, upline_id)
      VALUES ($1, $2, now(), true, '127.0.0.1', 1, $3) RETURNING id`,
      [p.username, await hashPassword(p.password), upline],
    );
    return Number(r[0]?.id);
  };
  const top = await add(CENTRE_AGENTS.top, null);
  const mid = await add(CENTRE_AGENTS.mid, top);
  const low = await add(CENTRE_AGENTS.low, mid);
  const since = manilaMidnight(5).toISOString();
  const contract = async (upline: number | null, member: number, rateBp: number) => {
    const r = await q<{ id: string }>(
      `INSERT INTO agent_contracts
        (kind, upline_id, downline_id, funding, period, terms, rate_bp, status, offered_at, accepted_at, settled_until)
      VALUES ('daily_salary', $1, $2, $3, 'daily', $4::jsonb, $5, 'active', $6, $6, $6) RETURNING id`,
      [upline, member, upline === null ? "platform" : "upline", daily(rateBp), rateBp, since],
    );
    const id = Number(r[0]?.id);
    const event =
      "INSERT INTO agent_contract_events (contract_id, action, member_id, created_at) VALUES ($1, $2, $3, $4)";
    await q(event, [id, "offer", upline, since]);
    await q(event, [id, "accept", member, since]);
    return id;
  };
  const topContract = await contract(null, top, 200);
  const midContract = await contract(top, mid, 180);
  await contract(mid, low, 120);
  // Two days ago (Manila): the top agent earned 50.00 and paid its downline 20.00.
  const start = manilaMidnight(2);
  const end = new Date(start.getTime() + DAY);
  const [run] = await q<{ id: string }>(
    `INSERT INTO agent_settlement_runs (schedule, period_key, cutoff, status, finished_at)
    VALUES ('daily', 'e2e-agent-centre', $1, 'done', $1) RETURNING id`,
    [end.toISOString()],
  );
  const bill = (contractId: number, member: number, payer: number | null, amount: number) =>
    q(
      `INSERT INTO agent_bills (contract_id, period_key, window_start, window_end, run_id, member_id, payer_id, kind,
        currency, valid_bet, net_loss, active_members, rate_bp, amount, status, paid_at)
      VALUES ($1, 'e2e-agent-centre', $2, $3, $4, $5, $6, 'daily_salary', 'PHP', 0, 0, 0, 0, $7, 'paid', $3)`,
      [contractId, start.toISOString(), end.toISOString(), run?.id, member, payer, amount],
    );
  await bill(topContract, top, null, 5000);
  await bill(midContract, mid, top, 2000);
}
