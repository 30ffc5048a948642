import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../db/client.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { rollupAgentDays, splitRange } from "./rollup.ts";
import { teamFigures } from "./settlement.ts";
import { teamOverview, teamOverviewPaths } from "./team.ts";

/**
 * The agents' per-member daily rollup (migration 0721) on the suite's database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): every team-overview figure and every settlement figure read
 * through the rollup plus the live tail equals the same figure read from the records alone, for
 * several agents, periods and windows (whole days, a window starting mid-day, one running into
 * the days not rolled up), on a seeded set of rounds that cross days (wins and rollbacks on a
 * later day, held wins, rounds of two bets, zero wins) and cash movements.
 */
let database: Database;
let drop: () => Promise<void>;
const ids: Record<string, number> = {};
const H = 3_600_000;
const M = (iso: string) => new Date(`${iso}+08:00`); // a Manila wall-clock time

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const db = database.db;
  const add = async (name: string, upline: string | null, isAgent: number) => {
    const [r] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO members (username, upline_id, is_agent) VALUES (${`ru_${name}`}, ${upline ? ids[upline] : null}, ${isAgent}) RETURNING id`,
    );
    ids[name] = Number(r?.id);
  };
  await add("top", null, 1);
  await add("a1", "top", 1);
  await add("a2", "top", 1);
  await add("a3", "a1", 1);
  for (const [p, up] of [
    ["p1", "a1"],
    ["p2", "a1"],
    ["p3", "a3"],
    ["p4", "a2"],
    ["p5", "top"],
  ] as const)
    await add(p, up, 0);
  const bettors = ["a1", "a3", "p1", "p2", "p3", "p4", "p5"].map((n) => ids[n] as number);

  // A seeded generator (the same rounds every run).
  let seed = 15_721;
  const rnd = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const start = M("2026-03-01T00:00:00").getTime();
  const rows: string[] = [];
  const at = (ms: number) => `'${new Date(ms).toISOString()}'`;
  const reviews: string[] = [];
  for (let i = 0; i < 160; i++) {
    const member = bettors[rnd(bettors.length)] as number;
    const t0 = start + rnd(4 * 24 * 60) * 60_000;
    const r = `ru${i}`;
    const stake = 100 + rnd(50) * 100;
    rows.push(`('RUV', '${r}b1', 'bet', '${r}', ${member}, ${stake}, NULL, 'x', ${at(t0)})`);
    const two = rnd(4) === 0;
    if (two)
      rows.push(`('RUV', '${r}b2', 'bet', '${r}', ${member}, ${stake * 2}, NULL, 'x', ${at(t0 + 1000)})`);
    if (two && rnd(2) === 0)
      rows.push(
        `('RUV', '${r}rb', 'rollback', '${r}', ${member}, 0, '${r}b2', 'x', ${at(t0 + rnd(30) * H)})`,
      );
    else if (rnd(10) === 0)
      rows.push(
        `('RUV', '${r}rb', 'rollback', '${r}', ${member}, 0, '${r}b1', 'x', ${at(t0 + rnd(30) * H)})`,
      );
    const wins = rnd(3);
    for (let w = 0; w < wins; w++) {
      const amount = rnd(3) === 0 ? 0 : 50 + rnd(80) * 100;
      rows.push(
        `('RUV', '${r}w${w}', 'win', '${r}', ${member}, ${amount}, '${r}b1', 'x', ${at(t0 + 2000 + rnd(40) * H)})`,
      );
      if (amount > 0 && rnd(8) === 0)
        reviews.push(`('RUV', '${r}w${w}', '${r}', ${member}, 'PHP', ${amount}, ${stake}, 0)`);
    }
  }
  // The last half second of a day belongs to that day (a rounded epoch would move it on).
  const edge = M("2026-03-02T23:59:59.700").getTime();
  rows.push(`('RUV', 'edgeb', 'bet', 'edge', ${ids.p2}, 4200, NULL, 'x', ${at(edge)})`);
  rows.push(`('RUV', 'edgew', 'win', 'edge', ${ids.p2}, 9900, 'edgeb', 'x', ${at(edge + 200)})`);
  await database.exec(`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
    VALUES ${rows.join(",\n")}`);
  if (reviews.length > 0)
    await database.exec(`INSERT INTO provider_win_reviews (vendor, transaction_id, round_id, member_id, currency, amount, round_bets, round_wins)
      VALUES ${reviews.join(",\n")}`);

  // Cash: deposits, paid withdrawals and a transfer, dated over the same days (straight into the
  // ledger tables, as an import would: the ledger API stamps the present time).
  await database.exec(`INSERT INTO ledger_accounts (member_id, kind, currency) VALUES (NULL, 'clearing:ru', 'PHP')
    ON CONFLICT DO NOTHING`);
  for (const name of ["a1", "p1", "p3", "p4"])
    await database.exec(
      `INSERT INTO ledger_accounts (member_id, kind, currency, balance) VALUES (${ids[name]}, 'main', 'PHP', 0)`,
    );
  const cash: Array<[string, string, number, string, string | null]> = [
    ["p1", "deposit", 50_000, "2026-03-01T09:00:00", null],
    ["p3", "deposit", 20_000, "2026-03-02T23:59:00", null],
    ["p3", "withdrawal_paid", -7_000, "2026-03-03T10:00:00", null],
    ["p4", "deposit", 11_000, "2026-03-04T08:00:00", null],
    ["p1", "transfer", -3_000, "2026-03-02T12:00:00", "a1"],
  ];
  let n = 0;
  for (const [name, type, amount, when, other] of cash) {
    const key = `ru-cash-${n++}`;
    const [t] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint, created_at)
        VALUES (${key}, ${type}, 'RU', ${ids[name]}, 'x', ${M(when).toISOString()}) RETURNING id`,
    );
    const counter = other
      ? sql`(SELECT id FROM ledger_accounts WHERE member_id = ${ids[other]} AND kind = 'main')`
      : sql`(SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'clearing:ru')`;
    await database.db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at) VALUES
      (${t?.id}, (SELECT id FROM ledger_accounts WHERE member_id = ${ids[name]} AND kind = 'main'), ${amount}, ${M(when).toISOString()}),
      (${t?.id}, ${counter}, ${-amount}, ${M(when).toISOString()})`);
  }
}, 120_000);
afterAll(async () => drop?.());

const AGENTS = ["top", "a1", "a2", "a3"];
const PERIODS = [
  { startDate: "2026-03-01", endDate: "2026-03-04" },
  { startDate: "2026-03-02", endDate: "2026-03-03" },
  { startDate: "2026-03-04", endDate: "2026-03-04" },
  { startDate: "2026-02-28", endDate: "2026-03-01" },
];
const WINDOWS: Array<[Date, Date]> = [
  [M("2026-03-01T00:00:00"), M("2026-03-02T00:00:00")],
  [M("2026-03-01T05:00:00"), M("2026-03-03T00:00:00")],
  [M("2026-03-02T00:00:00"), M("2026-03-04T12:00:00")],
  [M("2026-02-28T00:00:00"), M("2026-03-05T00:00:00")],
  [M("2026-03-02T07:30:00"), M("2026-03-02T19:00:00")],
];

async function everything() {
  const overview = [];
  for (const a of AGENTS)
    for (const q of PERIODS) overview.push(await teamOverview(database.db, ids[a] as number, "PHP", q));
  const contracts = AGENTS.map((a, i) => ({ id: i + 1, downlineId: ids[a] as number, minSingleBet: -1n }));
  const settlement = [];
  for (const [from, to] of WINDOWS) {
    const f = await teamFigures(database.db, from, to, contracts);
    settlement.push(
      [...f.values()].map((x) => ({ ...x, validBet: String(x.validBet), netLoss: String(x.netLoss) })),
    );
  }
  return { overview, settlement };
}

describe("agents' daily rollup", () => {
  it("splits a range into whole rolled-up days and the records around them", () => {
    const s = splitRange(M("2026-03-01T05:00:00"), M("2026-03-04T12:00:00"), "2026-03-04");
    expect(s.rolled).toEqual({ dayFrom: "2026-03-02", dayUntil: "2026-03-04" });
    expect(s.head).toEqual({ from: M("2026-03-01T05:00:00"), to: M("2026-03-02T00:00:00") });
    expect(s.tail).toEqual({ from: M("2026-03-04T00:00:00"), to: M("2026-03-04T12:00:00") });
    expect(splitRange(M("2026-03-01T05:00:00"), M("2026-03-01T12:00:00"), "2026-03-04").rolled).toBeNull();
    expect(splitRange(M("2026-03-05T00:00:00"), M("2026-03-06T00:00:00"), "2026-03-04").rolled).toBeNull();
  });

  it("gives every team and settlement figure the records give, before and after the rollup, and again", async () => {
    const before = await everything();
    // Sanity: the fixture has play, cash, held wins and active members in it.
    const topAll = before.overview[0];
    expect(BigInt(topAll?.bets.replace(".", "") ?? 0)).toBeGreaterThan(0n);
    expect(topAll?.deposits).toBe("810.00");
    expect(topAll?.withdrawals).toBe("70.00");
    expect(topAll?.activeMembers).toBeGreaterThan(3);

    // 4 March 14:00 Manila: 1–3 March close; 4 March stays the live tail.
    const r = await rollupAgentDays({ db: database.db }, new Date("2026-03-04T06:00:00Z"));
    expect(r.doneUntil).toBe("2026-03-04");
    expect(r.rows).toBeGreaterThan(0);
    const [transfer] = await queryRows<{ transfers_out: string; transfers_in: string }>(
      database.db,
      sql`SELECT (SELECT transfers_out FROM agent_member_days WHERE member_id = ${ids.p1} AND day = '2026-03-02')::text AS transfers_out,
        (SELECT transfers_in FROM agent_member_days WHERE member_id = ${ids.a1} AND day = '2026-03-02')::text AS transfers_in`,
    );
    expect(transfer).toEqual({ transfers_out: "3000", transfers_in: "3000" });
    const after = await everything();
    expect(after).toEqual(before);

    // Again (a retry, a second process, the re-check of the last closed day): the same rows.
    const snapshot = () =>
      queryRows(database.db, sql`SELECT * FROM agent_member_days ORDER BY day, member_id`);
    const rowsBefore = await snapshot();
    await rollupAgentDays({ db: database.db }, new Date("2026-03-04T06:00:00Z"));
    expect(await snapshot()).toEqual(rowsBefore);
    // A later day closes; the figures still agree.
    await rollupAgentDays({ db: database.db }, new Date("2026-03-05T06:00:00Z"));
    expect(await everything()).toEqual(before);
  });

  it("reads the team totals (migration 0803) when it can, equal to the per-member reading; a move is read per member until rebuilt", async () => {
    const now = new Date("2026-03-05T06:00:00Z");
    // New members: on a closed day, in a rolled hour of the current day, after the last rolled hour.
    for (const [name, at] of [
      ["n1", "2026-03-02T10:00:00"],
      ["n2", "2026-03-05T09:30:00"],
      ["n3", "2026-03-05T13:30:00"],
    ] as const) {
      const [r] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO members (username, upline_id, created_at) VALUES (${`ru_${name}`}, ${ids.a3}, ${M(at).toISOString()}) RETURNING id`,
      );
      ids[name] = Number(r?.id);
    }
    await rollupAgentDays({ db: database.db }, now);
    const periods = [
      ...PERIODS,
      { startDate: "2026-03-01", endDate: "2026-03-05" },
      { startDate: "2026-03-05", endDate: "2026-03-05" },
    ];
    const check = async (expectFast: (agent: string) => boolean) => {
      for (const a of AGENTS)
        for (const q of periods) {
          const { fast, members } = await teamOverviewPaths(database.db, ids[a] as number, "PHP", q);
          if (expectFast(a)) expect(fast, `${a} ${q.startDate}..${q.endDate}`).toEqual(members);
          else expect(fast).toBeNull();
        }
    };
    await check(() => true);
    const all = await teamOverviewPaths(database.db, ids.top as number, "PHP", {
      startDate: "2026-03-01",
      endDate: "2026-03-05",
    });
    expect(all.fast?.newMembers).toBe(3);
    const [n] = await queryRows<{ days: number; hours: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM agent_team_days)::int AS days, (SELECT count(*) FROM agent_team_hours)::int AS hours`,
    );
    expect(n?.days).toBeGreaterThan(0);
    expect(n?.hours).toBeGreaterThan(0);
    // p3 (under a3, a1, top) moves under a2: a3, a1, a2 and top are read per member until rebuilt.
    await database.db.execute(sql`UPDATE members SET upline_id = ${ids.a2} WHERE id = ${ids.p3}`);
    await check(() => false);
    await rollupAgentDays({ db: database.db }, now);
    await check(() => true);
    await database.db.execute(sql`UPDATE members SET upline_id = ${ids.a3} WHERE id = ${ids.p3}`);
    await rollupAgentDays({ db: database.db }, now);
    await check(() => true);
  });
});
