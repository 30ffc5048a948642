import { formatMinor } from "@panalo/contracts/money";
import { csvLine } from "@panalo/service-kit/csv";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { addDays } from "./days.ts";
import { rollupReports } from "./rollup.ts";
import { dashboard, minorText, ROUNDS_HEADER, roundsCsv, roundsPage } from "./service.ts";

/**
 * What makes the dashboard and the rounds export fast must not change a figure (migration 0900):
 * the active players of closed days come from per-day member bitmaps (blocks of 8,192 ids) and
 * the live tail is read once for both the period and today; the export reads raw rows by keyset
 * and formats them itself. Each is checked against the slow, obvious path on random data.
 * Run with TEST_DATABASE_URL for PostgreSQL.
 */
const NOW = new Date("2026-03-10T04:00:00Z"); // 12:00 Manila; today is 2026-03-10
const DAYS = [
  "2026-03-04",
  "2026-03-05",
  "2026-03-06",
  "2026-03-07",
  "2026-03-08",
  "2026-03-09",
  "2026-03-10",
];
// Member ids on both sides of the bitmaps' block edges (bit 0 and 8191 of blocks 0–2).
const MEMBERS = [1, 2, 8191, 8192, 8193, 16383, 16384, 20000];

describe("reports: bitmaps, shared tail and raw export agree with the records", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let ctx: AppContext;
  const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    ctx = { db: database.db, database, clock: { now: () => NOW } } as unknown as AppContext;
    for (const id of MEMBERS) {
      await q(sql`INSERT INTO members (id, username, currency, created_at)
        VALUES (${id}, ${`m${id}`}, 'PHP', '2026-03-01T00:00:00+08:00')`);
    }
    // A trial (FUN) member never counts, wherever its id falls.
    await q(sql`INSERT INTO members (id, username, currency, created_at)
      VALUES (8200, 'trial', 'FUN', '2026-03-01T00:00:00+08:00')`);
    // Odd usernames for the export's quoting and formula guard.
    await q(sql`UPDATE members SET username = '=HYPERLINK("x")' WHERE id = 2`);
    await q(sql`UPDATE members SET username = 'a,b "c"' WHERE id = 8193`);
  });
  afterAll(async () => drop());

  const round: fc.Arbitrary<Round> = fc.record({
    member: fc.constantFrom(...MEMBERS, 8200),
    day: fc.integer({ min: 0, max: DAYS.length - 1 }),
    minute: fc.integer({ min: 0, max: 1439 }),
    stake: fc.integer({ min: 1, max: 100_000 }),
    win: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
    // A rollback of the stake, 0–2 days later (the rollback's day, not the bet's, loses it).
    rollbackAfter: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  });

  interface Round {
    member: number;
    day: number;
    minute: number;
    stake: number;
    win: number | null;
    rollbackAfter: number | null;
  }
  async function load(rounds: Round[]) {
    await q(sql`DELETE FROM provider_transactions`);
    await q(sql`UPDATE report_rollup_state SET done_until = NULL, hours_until = NULL`);
    await q(sql`DELETE FROM report_player_game_hours`);
    for (const tbl of ["report_player_game_days", "report_game_days", "report_player_days", "report_days"]) {
      await q(sql.raw(`DELETE FROM ${tbl}`));
    }
    await q(sql`DELETE FROM report_active_bits`);
    let n = 0;
    for (const r of rounds) {
      n++;
      const day = DAYS[r.day] as string;
      const at = new Date(Date.parse(`${day}T00:00:00+08:00`) + r.minute * 60_000);
      if (at.getTime() > NOW.getTime()) continue; // nothing in the future
      const iso = at.toISOString();
      const vendor = n % 2 ? "PNS" : "TCG_SEA";
      await q(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, game_code, fingerprint, created_at)
        VALUES (${vendor}, ${`b${n}`}, 'bet', ${`r${n}`}, ${r.member}, ${r.stake}, ${`G${n % 3}`}, 'f', ${iso}::timestamptz)`);
      if (r.win !== null) {
        await q(sql`INSERT INTO provider_transactions
          (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code, fingerprint, created_at)
          VALUES (${vendor}, ${`w${n}`}, 'win', ${`r${n}`}, ${r.member}, ${r.win}, ${`b${n}`}, ${`G${n % 3}`}, 'f',
                  ${iso}::timestamptz + interval '1 second')`);
      }
      if (r.rollbackAfter !== null) {
        const back = new Date(at.getTime() + r.rollbackAfter * 86_400_000 + 5_000);
        if (back.getTime() <= NOW.getTime()) {
          await q(sql`INSERT INTO provider_transactions
            (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
            VALUES (${vendor}, ${`x${n}`}, 'rollback', ${`r${n}`}, ${r.member}, ${r.stake}, ${`b${n}`}, 'f',
                    ${back.toISOString()}::timestamptz)`);
        }
      }
    }
  }

  /** Distinct members with a round (net of rollbacks) on some day of [from, to], from the records. */
  async function activeFromRecords(from: string, to: string) {
    const [row] = await q<{ n: number | string }>(sql`SELECT count(DISTINCT member_id)::int AS n FROM (
        SELECT member_id FROM report_game_facts(${`${from}T00:00:00+08:00`}::timestamptz,
                                                ${`${addDays(to, 1)}T00:00:00+08:00`}::timestamptz)
         GROUP BY day, member_id HAVING sum(rounds) > 0) a`);
    return Number(row?.n ?? 0);
  }

  const strip = (d: Awaited<ReturnType<typeof dashboard>>) => ({ ...d, rolledUpUntil: null, asOf: null });

  it("gives every dashboard figure the same from the live records and from the rollups", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(round, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: DAYS.length - 1 }),
        fc.integer({ min: 0, max: DAYS.length - 1 }),
        async (rounds, a, b) => {
          await load(rounds);
          const from = DAYS[Math.min(a, b)] as string;
          const to = DAYS[Math.max(a, b)] as string;
          const live = await dashboard(ctx, from, to);
          expect(live.rolledUpUntil).toBeNull();
          expect(live.period.activePlayers).toBe(await activeFromRecords(from, to));
          expect(live.todayFigures.activePlayers).toBe(await activeFromRecords("2026-03-10", "2026-03-10"));
          const rolled = await rollupReports(ctx, NOW);
          expect(rolled.doneUntil).toBe("2026-03-10");
          // Today's hours that closed 10 minutes before 12:00 Manila: 00:00–11:00.
          expect(rolled.hoursUntil).toBe("2026-03-10T03:00:00.000Z");
          const after = await dashboard(ctx, from, to);
          expect(after.rolledUpUntil).toBe("2026-03-10");
          expect(strip(after)).toEqual(strip(live));
          // A later run (today's last hour recomputed, one more closed): still the same.
          const later = new Date(NOW.getTime() + 15 * 60_000);
          ctx.clock.now = () => later;
          try {
            expect((await rollupReports(ctx, later)).hoursUntil).toBe("2026-03-10T04:00:00.000Z");
            expect(strip(await dashboard(ctx, from, to))).toEqual(strip(live));
          } finally {
            ctx.clock.now = () => NOW;
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("sets a bitmap's bits for exactly the day's active members, across block edges", async () => {
    await load(
      MEMBERS.map((member, i) => ({
        member,
        day: 1,
        minute: 60 + i,
        stake: 100,
        win: null,
        rollbackAfter: null,
      })),
    );
    await rollupReports(ctx, NOW);
    const rows = await q<{ block: number; ids: string }>(sql`SELECT block,
        (SELECT string_agg((block::bigint * 8192 + n)::text, ',' ORDER BY n)
           FROM generate_series(0, 8191) n WHERE get_bit(bits, n) = 1) AS ids
        FROM report_active_bits WHERE day = '2026-03-05' ORDER BY block`);
    expect(rows.map((r) => [Number(r.block), r.ids])).toEqual([
      [0, "1,2,8191"],
      [1, "8192,8193,16383"],
      [2, "16384,20000"],
    ]);
    const d = await dashboard(ctx, "2026-03-04", "2026-03-10");
    expect(d.period.activePlayers).toBe(MEMBERS.length);
  });

  it("exports the same CSV as the rounds report's rows, page by page in both directions", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(round, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom("asc" as const, "desc" as const),
        async (rounds, pageRows, sortDir) => {
          await load(rounds);
          const query = { from: "2026-03-04", to: "2026-03-10", sort: "time" as const, sortDir };
          const page = await roundsPage(ctx, { ...query, page: 1, pageSize: 1000 });
          const expected = [ROUNDS_HEADER, ...page.items.map((r) => Object.values(r))].map(csvLine).join("");
          let got = csvLine(ROUNDS_HEADER);
          let count = 0;
          for await (const p of roundsCsv(ctx, query as never, pageRows)) {
            expect(p.rows).toBeLessThanOrEqual(pageRows);
            count += p.rows;
            got += p.text;
          }
          expect(count).toBe(page.total);
          expect(got).toBe(expected);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("formats minor units as formatMinor does", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (v) => {
        expect(minorText(v.toString())).toBe(formatMinor(v));
      }),
    );
  });
});
