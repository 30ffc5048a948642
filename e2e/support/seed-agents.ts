// Writes the agent-contract test's tree into the prepared database (e2e/agent-contracts.spec.ts):
// a top agent with a platform-paid daily salary, its downline agent holding a 0.50 % daily
// salary from it since three days ago and offered a new 0.60 % one, and a player under the
// downline who played yesterday (Manila). Test-side only: a day cannot pass inside a test.
import type { Database } from "../../apps/server/src/db/client.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";
import { post } from "../../apps/server/src/modules/ledger/ledger.ts";

export const AGENTS = {
  top: { username: "e2eagtop", password: "AgentTop2024ok" },
  down: { username: "e2eagdown", password: "AgentDown2024ok" },
  player: { username: "e2eagplayer", password: "AgentPlayer2024ok" },
} as const;

const DAY = 86_400_000;
/** Manila midnight `days` days before today's. */
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

export async function seedTestAgents(database: Database): Promise<void> {
  let n = 0;
  const q = <T>(text: string, values: unknown[]) => database.prepared<T>(`seed-agents-${n++}`, text, values);
  const exists = await q("SELECT 1 FROM members WHERE username = $1", [AGENTS.top.username]);
  if (exists.length > 0) return;
  const add = async (p: { username: string; password: string }, upline: number | null, isAgent: number) => {
    const r = await q<{ id: string }>(
      `INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip, is_agent, upline_id)
      VALUES ($1, $2, now(), true, '127.0.0.1', $3, $4) RETURNING id`,
      [p.username, await hashPassword(p.password), isAgent, upline],
    );
    return Number(r[0]?.id);
  };
  const top = await add(AGENTS.top, null, 1);
  const down = await add(AGENTS.down, top, 1);
  const player = await add(AGENTS.player, down, 0);
  const since = manilaMidnight(3);
  const contract = async (upline: number | null, member: number, rateBp: number, status: string) => {
    const active = status === "active" ? since.toISOString() : null;
    const r = await q<{ id: string }>(
      `INSERT INTO agent_contracts
        (kind, upline_id, downline_id, funding, period, terms, rate_bp, status, offered_at, accepted_at, settled_until)
      VALUES ('daily_salary', $1, $2, $3, 'daily', $4::jsonb, $5, $6, $7, $8, $8) RETURNING id`,
      [
        upline,
        member,
        upline === null ? "platform" : "upline",
        daily(rateBp),
        rateBp,
        status,
        since.toISOString(),
        active,
      ],
    );
    const id = Number(r[0]?.id);
    const event =
      "INSERT INTO agent_contract_events (contract_id, action, member_id, created_at) VALUES ($1, $2, $3, $4)";
    await q(event, [id, "offer", upline, since.toISOString()]);
    if (active) await q(event, [id, "accept", member, active]);
  };
  await contract(null, top, 100, "active");
  await contract(top, down, 50, "active");
  await contract(top, down, 60, "offered");
  // Yesterday in Manila: the player staked 1,000.00 twice (and lost); the rounds are settled.
  const yesterday = manilaMidnight(1).getTime();
  for (const [i, at] of [3, 7].entries()) {
    const t = new Date(yesterday + at * 3_600_000);
    await q(
      `INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
      VALUES ('PNS', $1, 'bet', $2, $3, 100000, NULL, 'e2e', $4), ('PNS', $5, 'win', $2, $3, 0, $1, 'e2e', $6)`,
      [
        `e2e-ag-${i}b`,
        `e2e-ag-${i}`,
        player,
        t.toISOString(),
        `e2e-ag-${i}w`,
        new Date(t.getTime() + 1000).toISOString(),
      ],
    );
  }
  await post(database.db, {
    idempotencyKey: "e2e-agent-top-float",
    type: "deposit",
    memberId: top,
    legs: [
      { account: { house: "cash", currency: "PHP" }, amount: -10_000n },
      { account: { member: top, kind: "main", currency: "PHP" }, amount: 10_000n },
    ],
  });
}
