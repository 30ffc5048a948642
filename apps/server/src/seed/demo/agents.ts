import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

/**
 * The demo's agent (demo mode only): a top agent with a small team — a sub-agent and four
 * players — and contracts to show the agent centre: the platform pays the top agent a daily
 * salary, the top agent pays the sub-agent one, and has offered it a weekly dividend it can
 * accept or reject. The agent's password is random and printed once on the console with the
 * owner's; the team's are random and never shown (an operator resets one if needed).
 */
export interface DemoAgent {
  username: string;
  password: string;
  affiliateCode: string;
}

const daily = (rateBp: number) => ({
  kind: "daily_salary",
  period: "daily",
  tiers: [
    { minActiveMembers: 1, minValidBet: "0", rateBp },
    { minActiveMembers: 5, minValidBet: "10000.00", rateBp: rateBp + 20 },
  ],
});
const dividend = {
  kind: "dividend",
  period: "weekly",
  tiers: [{ minActiveMembers: 3, minValidBet: "5000.00", rateBp: 2_000 }],
  carryOver: true,
};

export async function seedDemoAgent(db: Db, now: Date): Promise<DemoAgent> {
  const agent: DemoAgent = {
    username: "demoagent",
    password: `Agent${randomBytes(5).toString("hex")}`,
    affiliateCode: "DEMO2026",
  };
  const add = async (
    username: string,
    password: string,
    isAgent: number,
    upline: number | null,
    code: string | null,
  ) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip,
            is_agent, upline_id, affiliate_code)
          VALUES (${username}, ${await hashPassword(password)}, ${now}, true, '127.0.0.1', ${isAgent}, ${upline}, ${code})
          RETURNING id`,
    );
    return Number(row?.id);
  };
  const random = () => `Team${randomBytes(6).toString("hex")}`;
  const top = await add(agent.username, agent.password, 1, null, agent.affiliateCode);
  const sub = await add("demosubagent", random(), 1, top, "DEMOSUB26");
  for (const name of ["demoplayer1", "demoplayer2", "demoplayer3"]) await add(name, random(), 0, top, null);
  await add("demoplayer4", random(), 0, sub, null);

  const contract = async (
    upline: number | null,
    downline: number,
    terms: object,
    rateBp: number,
    active: boolean,
  ) => {
    const kind = (terms as { kind: string }).kind;
    const period = (terms as { period: string }).period;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO agent_contracts (kind, upline_id, downline_id, funding, period, terms, rate_bp, status,
            offered_at, accepted_at, settled_until)
          VALUES (${kind}, ${upline}, ${downline}, ${upline === null ? "platform" : "upline"}, ${period},
            ${JSON.stringify(terms)}::jsonb, ${rateBp}, ${active ? "active" : "offered"}, ${now},
            ${active ? now : null}, ${active ? now : null})
          RETURNING id`,
    );
    const id = Number(row?.id);
    await db.execute(sql`INSERT INTO agent_contract_events (contract_id, action, member_id, created_at)
      VALUES (${id}, 'offer', ${upline}, ${now})`);
    if (active) {
      await db.execute(sql`INSERT INTO agent_contract_events (contract_id, action, member_id, created_at)
        VALUES (${id}, 'accept', ${downline}, ${now})`);
    }
  };
  // rate_bp is the contract's headline rate: its highest tier's.
  await contract(null, top, daily(100), 120, true);
  await contract(top, sub, daily(50), 70, true);
  await contract(top, sub, dividend, 2_000, false);
  return agent;
}
