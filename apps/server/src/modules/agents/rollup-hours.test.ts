import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../db/client.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { validBets } from "../rewards/valid-bets.ts";
import { rollupAgentDays, rollupAgentHours, rollupState } from "./rollup.ts";

/**
 * The hourly rollup (migration 0802) is a derived cache: on random rounds (bets of several games,
 * a catalogued category or none, two-bet rounds, rollbacks, wins landing hours or a day later,
 * zero wins) and cash, a day built from its hours (the way the jobs build it: hours rolled during
 * the day, the last ones and the day at the daily run) has exactly the rows agent_rollup_days
 * computes from the records alone, and the rebate's valid bets per member and category read from
 * the hours equal those read from the records. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let database: Database;
let drop: () => Promise<void>;
const members: number[] = [];
const H = 3_600_000;
const M = (iso: string) => new Date(`${iso}+08:00`); // a Manila wall-clock time
const DAY = "2026-03-02";

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  for (let i = 0; i < 5; i++) {
    const [r] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO members (username, currency) VALUES (${`rh_${i}`}, ${i === 4 ? "FUN" : "PHP"}) RETURNING id`,
    );
    members.push(Number(r?.id));
  }
  await database.exec(`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('RHV', 'RNG', 1, 'RH', '', '', '')`);
  await database.exec(`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    VALUES ('RHV', 'g0', 'RNG', 'X', '{"EN":"g"}', 'g', 100, 1, ''), ('RHV', 'g1', 'LIVE', 'X', '{"EN":"g"}', 'g', 100, 1, ''),
      ('RHV', 'g2', 'SPORTS', 'X', '{"EN":"g"}', 'g', 100, 1, '')`);
  await database.exec(
    `INSERT INTO ledger_accounts (member_id, kind, currency) VALUES (NULL, 'clearing:rh', 'PHP')`,
  );
  for (const m of members.slice(0, 4))
    await database.exec(
      `INSERT INTO ledger_accounts (member_id, kind, currency, balance) VALUES (${m}, 'main', 'PHP', 0)`,
    );
}, 120_000);
afterAll(async () => drop?.());

const Round = fc.record({
  member: fc.nat(4),
  // Minutes from the start of the day before DAY, over three days.
  minute: fc.nat(3 * 24 * 60 - 1),
  second: fc.nat(59),
  game: fc.nat(3), // g3 is not in the catalogue: OTHER
  stake: fc.integer({ min: 1, max: 90 }),
  twoBets: fc.boolean(),
  rollback: fc.constantFrom("none", "first", "second"),
  wins: fc.array(fc.record({ afterMinutes: fc.nat(30 * 60), amount: fc.nat(9_000) }), { maxLength: 3 }),
});
const Cash = fc.record({
  member: fc.nat(3),
  minute: fc.nat(3 * 24 * 60 - 1),
  type: fc.constantFrom("deposit", "withdrawal_paid"),
  amount: fc.integer({ min: 1, max: 50_000 }),
});

// The records are append-only (the ledger refuses deletes): each run adds its own rounds to the
// earlier runs', and only the rollup (a cache) starts again.
let run = 0;
async function reset() {
  run++;
  await database.exec(`DELETE FROM agent_member_days; DELETE FROM agent_member_hours;
    UPDATE agent_rollup_state SET done_until = NULL, hours_from = NULL, hours_until = NULL`);
}

type RoundT = typeof Round extends fc.Arbitrary<infer T> ? T : never;
type CashT = typeof Cash extends fc.Arbitrary<infer T> ? T : never;

async function seed(rounds: RoundT[], cash: CashT[]) {
  const start = M("2026-03-01T00:00:00").getTime();
  const at = (ms: number) => `'${new Date(ms).toISOString()}'`;
  const rows: string[] = [];
  rounds.forEach((r, i) => {
    const t0 = start + r.minute * 60_000 + r.second * 1000;
    const m = members[r.member];
    const id = `rh${run}_${i}`;
    rows.push(
      `('RHV', '${id}b1', 'bet', '${id}', ${m}, ${r.stake * 100}, NULL, 'x', ${at(t0)}, 'g${r.game}')`,
    );
    if (r.twoBets)
      rows.push(
        `('RHV', '${id}b2', 'bet', '${id}', ${m}, ${r.stake * 50}, NULL, 'x', ${at(t0 + 500)}, 'g${r.game}')`,
      );
    const rolled = r.rollback === "second" && r.twoBets ? "b2" : r.rollback === "first" ? "b1" : null;
    if (rolled)
      rows.push(
        `('RHV', '${id}rb', 'rollback', '${id}', ${m}, 0, '${id}${rolled}', 'x', ${at(t0 + 900)}, 'g${r.game}')`,
      );
    r.wins.forEach((w, j) => {
      rows.push(
        `('RHV', '${id}w${j}', 'win', '${id}', ${m}, ${w.amount}, '${id}b1', 'x', ${at(t0 + 2000 + w.afterMinutes * 60_000)}, 'g${r.game}')`,
      );
    });
  });
  if (rows.length > 0)
    await database.exec(`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
      VALUES ${rows.join(",\n")}`);
  let n = 0;
  for (const c of cash) {
    const when = new Date(start + c.minute * 60_000).toISOString();
    const amount = c.type === "deposit" ? c.amount : -c.amount;
    const [t] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint, created_at)
        VALUES (${`rh-${Date.now()}-${n++}-${Math.random()}`}, ${c.type}, 'RH', ${members[c.member]}, 'x', ${when}) RETURNING id`,
    );
    await database.db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at) VALUES
      (${t?.id}, (SELECT id FROM ledger_accounts WHERE member_id = ${members[c.member]} AND kind = 'main'), ${amount}, ${when}),
      (${t?.id}, (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'clearing:rh'), ${-amount}, ${when})`);
  }
}

const dayRows = () =>
  queryRows(
    database.db,
    sql`SELECT day::text, member_id::text, currency, bets::text, bet_count, wins::text, refunds::text, deposits::text,
      withdrawals::text, transfers_in::text, transfers_out::text, settled_rounds, settled_valid_bet::text
      FROM agent_member_days ORDER BY day, member_id`,
  );
const sortBets = (rows: Awaited<ReturnType<typeof validBets>>) =>
  rows
    .map((r) => `${r.memberId}|${r.gameType}|${r.currency}|${r.validBet}`)
    .sort()
    .join("\n");

describe("agents' hourly rollup", () => {
  it("builds a day from its hours exactly as from the records, and the rebate's valid bets too", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(Round, { minLength: 1, maxLength: 30 }),
        fc.array(Cash, { maxLength: 6 }),
        fc.integer({ min: 1, max: 22 }),
        async (rounds, cash, midHour) => {
          await reset();
          await seed(rounds, cash);
          // The day before DAY closes with no hours (rolled from the records); DAY's hours are
          // rolled as they close: some during the day, the rest at the daily run (00:10).
          await rollupAgentDays({ db: database.db }, M(`${DAY}T00:30:00`));
          await rollupAgentHours({ db: database.db }, new Date(M(`${DAY}T00:05:00`).getTime() + midHour * H));
          await rollupAgentDays({ db: database.db }, M("2026-03-03T00:10:00"));
          const s = await rollupState(database.db);
          expect(s.doneUntil).toBe("2026-03-03");
          expect(s.hoursFrom?.toISOString()).toBe(M(`${DAY}T00:00:00`).toISOString());
          expect(s.hoursUntil?.toISOString()).toBe(M("2026-03-03T00:00:00").toISOString());
          const throughHours = await dayRows();

          // The rebate's day: from the hours, and from the records (a member list keeps it there).
          const from = M(`${DAY}T00:00:00`);
          const to = M("2026-03-03T00:00:00");
          const fromHours = await validBets(database.db, from, to);
          const fromRecords = await validBets(database.db, from, to, { memberIds: members });
          expect(sortBets(fromHours)).toBe(sortBets(fromRecords));

          // The records alone, for both days.
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`SELECT agent_rollup_days('2026-03-01'::date, '2026-03-03'::date)`);
          });
          expect(throughHours).toEqual(await dayRows());
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);

  it("starts again at the current day when it is more than a day behind, and drops old hours", async () => {
    await reset();
    await seed(
      [{ member: 0, minute: 600, second: 0, game: 0, stake: 5, twoBets: false, rollback: "none", wins: [] }],
      [],
    );
    await rollupAgentHours({ db: database.db }, M("2026-03-01T12:00:00"));
    expect((await rollupState(database.db)).hoursFrom?.toISOString()).toBe(
      M("2026-03-01T00:00:00").toISOString(),
    );
    // Three days later: the hours start again with that day; the days in between from the records.
    await rollupAgentDays({ db: database.db }, M("2026-03-04T03:00:00"));
    const s = await rollupState(database.db);
    expect(s.hoursFrom?.toISOString()).toBe(M("2026-03-04T00:00:00").toISOString());
    expect(s.hoursUntil?.toISOString()).toBe(M("2026-03-04T02:00:00").toISOString());
    expect(s.doneUntil).toBe("2026-03-04");
    const [old] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM agent_member_hours WHERE hour < ${M("2026-03-04T00:00:00")}`,
    );
    expect(old?.n).toBe(0);
    // The days in between, from the records: the rows the records alone give.
    const rolled = await dayRows();
    expect(rolled.length).toBeGreaterThan(0);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT agent_rollup_days('2026-03-01'::date, '2026-03-04'::date)`);
    });
    expect(await dayRows()).toEqual(rolled);
  });
});
