import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvText, startsWithBom } from "../../testing/csv-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { rollupReports } from "./rollup.ts";

/**
 * Every figure of the dashboard and the reports against a fixture computed by hand, read once
 * from the live records only and once more after the rollup has taken the closed days: the two must agree to the centavo. Run with TEST_DATABASE_URL for PostgreSQL.
 *
 * Days are Manila days; "today" is 2026-03-10 (the clock stands at 12:00 Manila).
 */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const NOW = new Date("2026-03-10T04:00:00Z");
/** A Manila wall time as an instant. */
const at = (local: string) => new Date(`${local}+08:00`).toISOString();

describe("dashboard and reports", () => {
  let t: TestApp;
  let fixed: Date | null = null;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => fixed ?? new Date() } });
    for (const [name, role, secret] of [
      ["fin1", "finance", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["sup1", "support", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
    ] as const) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "Reports-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "Reports-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    fixed = NOW;
    await seedFixture();
  });
  afterAll(async () => t.close());

  async function member(username: string, created: string, currency = "PHP") {
    const [row] = await q<{ id: string }>(
      sql`INSERT INTO members (username, currency, created_at) VALUES (${username}, ${currency}, ${created}::timestamptz) RETURNING id`,
    );
    ids[username] = Number(row?.id);
    return Number(row?.id);
  }
  let tid = 0;
  async function ptx(
    kind: string,
    who: string,
    vendor: string,
    game: string | null,
    round: string,
    amount: number,
    when: string,
    ref: string | null = null,
  ) {
    const id = `t${++tid}`;
    await q(sql`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code, fingerprint, created_at)
      VALUES (${vendor}, ${id}, ${kind}, ${round}, ${ids[who]}, ${amount}, ${ref}, ${game}, 'f', ${when}::timestamptz)`);
    return id;
  }
  async function channel(code: string, kind: "bank" | "gateway") {
    const [row] = await q<{
      id: number;
    }>(sql`INSERT INTO payment_channels (code, kind, name, adapter, min_amount, max_amount)
      VALUES (${code}, ${kind}, ${code}, ${kind === "gateway" ? "sandbox" : null}, 100, 10000000) RETURNING id`);
    return Number(row?.id);
  }
  let req = 0;
  async function deposit(
    who: string,
    ch: number,
    amount: number,
    status: string,
    created: string,
    decided: string | null,
  ) {
    await q(sql`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, created_at, decided_at)
      VALUES (${ids[who]}, ${ch}, ${`r${++req}`}, ${amount}, 'PHP', ${status}, ${created}::timestamptz, ${decided}::timestamptz)`);
  }
  async function withdrawal(
    who: string,
    provider: string,
    amount: number,
    status: string,
    created: string,
    decided: string | null,
  ) {
    const payout = JSON.stringify({
      kind: "ewallet",
      provider,
      accountName: "X",
      accountNumber: "09171234567",
    });
    await q(sql`INSERT INTO withdrawals (member_id, request_id, amount, currency, payout, status, created_at, decided_at)
      VALUES (${ids[who]}, ${`w${++req}`}, ${amount}, 'PHP', ${payout}::jsonb, ${status}, ${created}::timestamptz, ${decided}::timestamptz)`);
  }
  /** A ledger movement of `type` to a member account, stamped `when`. */
  async function ledger(type: string, who: string, kind: string, amount: number, when: string) {
    const [acc] = await q<{ id: string }>(sql`INSERT INTO ledger_accounts (member_id, kind, currency, balance)
      VALUES (${ids[who]}, ${kind}, 'PHP', 0)
      ON CONFLICT (member_id, kind, currency) WHERE member_id IS NOT NULL DO UPDATE SET kind = EXCLUDED.kind RETURNING id`);
    const [house] = await q<{
      id: string;
    }>(sql`INSERT INTO ledger_accounts (kind, currency) VALUES (${`house:${type}`}, 'PHP')
      ON CONFLICT (kind, currency) WHERE member_id IS NULL DO UPDATE SET kind = EXCLUDED.kind RETURNING id`);
    const [tx] = await q<{
      id: string;
    }>(sql`INSERT INTO ledger_transactions (idempotency_key, type, member_id, fingerprint, created_at)
      VALUES (${`k${++req}`}, ${type}, ${ids[who]}, 'f', ${when}::timestamptz) RETURNING id`);
    await q(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at) VALUES
      (${tx?.id}, ${acc?.id}, ${amount}, ${when}::timestamptz), (${tx?.id}, ${house?.id}, ${-amount}, ${when}::timestamptz)`);
  }

  async function seedFixture() {
    await q(sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
      VALUES ('PNS', 'SLOT', 1, 'Panalo Slots', '', '', ''), ('TCG_SEA', 'LOTT', 2, 'Lottery', '', '', '')`);
    await q(sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
      VALUES ('PNS', 'G1', 'SLOT', 'slot', '{"EN":"Golden One"}', 'golden one', 1, 1, ''),
             ('TCG_SEA', 'L1', 'LOTT', 'lott', '{"EN":"Lotto 6/42"}', 'lotto', 1, 1, '')`);
    await member("alice", at("2026-03-01T10:00:00"));
    await member("bob", at("2026-03-09T02:00:00"));
    await member("carl", at("2026-03-09T03:00:00"), "FUN");
    await member("dina", at("2026-03-10T01:00:00"));

    // 03-08: alice on G1: 1,000 won 2,500; 500 lost (rolled back on 03-10).
    const a1 = await ptx("bet", "alice", "PNS", "G1", "r1", 1000, at("2026-03-08T10:00:00"));
    await ptx("win", "alice", "PNS", "G1", "r1", 2500, at("2026-03-08T10:00:01"), a1);
    const a2 = await ptx("bet", "alice", "PNS", "G1", "r2", 500, at("2026-03-08T11:00:00"));
    // 03-09: bob 2,000 on the lottery, no win; 300 on G1 rolled back the same day; 400 on G1 with a
    // win of 5,000 held for review (rejected on 03-10). alice 700 on G2 (not in the catalogue) at
    // 23:58, its 100 win at 00:01 the next day. carl (play money) is never counted.
    await ptx("bet", "bob", "TCG_SEA", "L1", "r3", 2000, at("2026-03-09T09:00:00"));
    const b2 = await ptx("bet", "bob", "PNS", "G1", "r4", 300, at("2026-03-09T09:10:00"));
    await ptx("rollback", "bob", "PNS", "G1", "r4", 300, at("2026-03-09T09:11:00"), b2);
    const b3 = await ptx("bet", "bob", "PNS", "G1", "r6", 400, at("2026-03-09T09:20:00"));
    const held = await ptx("win", "bob", "PNS", "G1", "r6", 5000, at("2026-03-09T09:20:01"), b3);
    await q(sql`INSERT INTO provider_win_reviews (vendor, transaction_id, round_id, member_id, currency, amount,
        round_bets, round_wins, status, decided_by, decided_at, created_at)
      VALUES ('PNS', ${held}, 'r6', ${ids.bob}, 'PHP', 5000, 400, 0, 'rejected', 1, ${at("2026-03-10T08:00:00")}::timestamptz,
        ${at("2026-03-09T09:20:01")}::timestamptz)`);
    const a3 = await ptx("bet", "alice", "PNS", "G2", "r5", 700, at("2026-03-09T23:58:00"));
    await ptx("win", "alice", "PNS", "G2", "r5", 100, at("2026-03-10T00:01:00"), a3);
    const c1 = await ptx("bet", "carl", "PNS", "G1", "r9", 999, at("2026-03-09T12:00:00"));
    await ptx("win", "carl", "PNS", "G1", "r9", 5000, at("2026-03-09T12:00:01"), c1);
    // 03-10 (today): dina 1,500 on the lottery, won 2,000; alice's 500 of 03-08 rolled back.
    const d1 = await ptx("bet", "dina", "TCG_SEA", "L1", "r7", 1500, at("2026-03-10T02:00:00"));
    await ptx("win", "dina", "TCG_SEA", "L1", "r7", 2000, at("2026-03-10T02:00:05"), d1);
    await ptx("rollback", "alice", "PNS", "G1", "r2", 500, at("2026-03-10T03:00:00"), a2);

    const bank = await channel("BANK1", "bank");
    const gcash = await channel("GCASH", "gateway");
    await deposit("alice", bank, 10000, "approved", at("2026-03-08T09:00:00"), at("2026-03-08T09:30:00"));
    await deposit("alice", gcash, 5000, "paid", at("2026-03-09T08:00:00"), at("2026-03-09T08:01:00"));
    await deposit("bob", gcash, 20000, "paid", at("2026-03-09T08:30:00"), at("2026-03-09T08:31:00"));
    await deposit("bob", gcash, 1000, "failed", at("2026-03-09T08:40:00"), at("2026-03-09T08:41:00"));
    await deposit("carl", gcash, 7000, "paid", at("2026-03-09T08:40:00"), at("2026-03-09T08:41:00"));
    await deposit("dina", bank, 3000, "approved", at("2026-03-10T01:10:00"), at("2026-03-10T01:20:00"));
    await deposit("dina", bank, 2000, "rejected", at("2026-03-10T01:30:00"), at("2026-03-10T01:40:00"));
    await deposit("dina", bank, 100, "pending", at("2026-03-10T01:50:00"), null);
    await withdrawal(
      "alice",
      "gcash",
      4000,
      "received",
      at("2026-03-09T12:00:00"),
      at("2026-03-09T13:00:00"),
    );
    await withdrawal("bob", "BDO", 6000, "rejected", at("2026-03-10T05:00:00"), at("2026-03-10T06:00:00"));
    await withdrawal("bob", "BDO", 1000, "pending", at("2026-03-10T07:00:00"), null);
    await ledger("adjustment", "alice", "main", 200, at("2026-03-09T15:00:00"));
    await ledger("adjustment", "bob", "main", -50, at("2026-03-10T09:00:00"));
    await ledger("bonus", "dina", "bonus", 300, at("2026-03-10T09:30:00"));
    await ledger("play_grant", "carl", "play", 200000, at("2026-03-09T03:00:00"));
  }

  const get = (url: string, op = "fin1") =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookies[op] ?? "" } });
  const range = "from=2026-03-08&to=2026-03-10";

  // The figures by hand (minor units in the comments above; here as the API writes them).
  const expectDashboard = async () => {
    const res = await get(`/api/admin/reports/dashboard?${range}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().value;
    expect(d.today).toBe("2026-03-10");
    expect(d.period).toEqual({
      deposits: "380.00",
      depositCount: 4,
      withdrawals: "40.00",
      withdrawalCount: 1,
      bets: "56.00", // 15 + 31 + 10
      wins: "46.00", // 25 + 50 − 29
      ggr: "10.00",
      bonuses: "3.00",
      adjustments: "1.50",
      ngr: "5.50",
      rounds: 5,
      activePlayers: 3,
      newPlayers: 2,
      firstDepositors: 3,
    });
    expect(d.todayFigures).toEqual({
      deposits: "30.00",
      depositCount: 1,
      withdrawals: "0.00",
      withdrawalCount: 0,
      bets: "10.00", // 15 − 5 (rollback)
      wins: "-29.00", // 20 + 1 − 50 (rejected held win)
      ggr: "39.00",
      bonuses: "3.00",
      adjustments: "-0.50",
      ngr: "36.50",
      rounds: 0,
      activePlayers: 1,
      newPlayers: 1,
      firstDepositors: 1,
    });
    expect(d.series).toEqual([
      {
        day: "2026-03-08",
        deposits: "100.00",
        withdrawals: "0.00",
        bets: "15.00",
        wins: "25.00",
        ggr: "-10.00",
      },
      {
        day: "2026-03-09",
        deposits: "250.00",
        withdrawals: "40.00",
        bets: "31.00",
        wins: "50.00",
        ggr: "-19.00",
      },
      {
        day: "2026-03-10",
        deposits: "30.00",
        withdrawals: "0.00",
        bets: "10.00",
        wins: "-29.00",
        ggr: "39.00",
      },
    ]);
    expect(d.byCategory).toEqual([
      { key: "LOTT", bets: "35.00", wins: "20.00", ggr: "15.00", rounds: 2 },
      { key: "SLOT", bets: "21.00", wins: "26.00", ggr: "-5.00", rounds: 3 },
    ]);
    expect(d.byVendor).toEqual([
      { key: "TCG_SEA", bets: "35.00", wins: "20.00", ggr: "15.00", rounds: 2 },
      { key: "PNS", bets: "21.00", wins: "26.00", ggr: "-5.00", rounds: 3 },
    ]);
    expect(d.queues.deposits).toEqual({ count: 1, oldestAt: at("2026-03-10T01:50:00") });
    expect(d.queues.withdrawals).toEqual({ count: 1, oldestAt: at("2026-03-10T07:00:00") });
    expect(d.queues.heldWins).toEqual({ count: 0, oldestAt: null });
    expect(d.queues.approvals).toEqual({ count: 0, oldestAt: null });
    return d;
  };

  const expectReports = async () => {
    const games = (await get(`/api/admin/reports/games?${range}&groupBy=game&sort=key&sortDir=asc`)).json()
      .value;
    expect(games.items).toEqual([
      {
        key: "PNS:G1",
        label: "Golden One",
        bets: "14.00",
        wins: "25.00",
        ggr: "-11.00",
        rtp: "178.57",
        rounds: 2,
        players: 2,
      },
      {
        key: "PNS:G2",
        label: "PNS:G2",
        bets: "7.00",
        wins: "1.00",
        ggr: "6.00",
        rtp: "14.29",
        rounds: 1,
        players: 1,
      },
      {
        key: "TCG_SEA:L1",
        label: "Lotto 6/42",
        bets: "35.00",
        wins: "20.00",
        ggr: "15.00",
        rtp: "57.14",
        rounds: 2,
        players: 2,
      },
    ]);
    expect(games.total).toBe(3);
    expect(games.totals).toMatchObject({ bets: "56.00", wins: "46.00", ggr: "10.00", rounds: 5, players: 3 });

    const byDay = (await get(`/api/admin/reports/games?${range}&groupBy=day&sort=ggr&sortDir=desc`)).json()
      .value;
    expect(byDay.items.map((r: { key: string; ggr: string }) => [r.key, r.ggr])).toEqual([
      ["2026-03-10", "39.00"],
      ["2026-03-08", "-10.00"],
      ["2026-03-09", "-19.00"],
    ]);
    const byPlayer = (await get(`/api/admin/reports/games?${range}&groupBy=player&member=bob`)).json().value;
    expect(byPlayer.items).toEqual([
      {
        key: String(ids.bob),
        label: "bob",
        bets: "24.00",
        wins: "0.00",
        ggr: "24.00",
        rtp: "0.00",
        rounds: 2,
        players: 1,
      },
    ]);
    const vendorPage = (
      await get(`/api/admin/reports/games?${range}&groupBy=vendor&vendor=PNS&page=1&pageSize=1`)
    ).json().value;
    expect(vendorPage).toMatchObject({
      total: 1,
      items: [{ key: "PNS", label: "Panalo Slots", bets: "21.00" }],
    });

    const channels = (await get(`/api/admin/reports/channels?${range}&sort=key&sortDir=asc`)).json().value;
    expect(channels.items).toEqual([
      {
        key: "deposit BANK1",
        kind: "deposit",
        channel: "BANK1",
        amount: "130.00",
        succeeded: 2,
        failed: 1,
        successRate: "66.67",
        fees: "0.00",
      },
      {
        key: "deposit GCASH",
        kind: "deposit",
        channel: "GCASH",
        amount: "250.00",
        succeeded: 2,
        failed: 1,
        successRate: "66.67",
        fees: "0.00",
      },
      {
        key: "withdrawal BDO",
        kind: "withdrawal",
        channel: "BDO",
        amount: "0.00",
        succeeded: 0,
        failed: 1,
        successRate: "0.00",
        fees: "0.00",
      },
      {
        key: "withdrawal GCASH",
        kind: "withdrawal",
        channel: "GCASH",
        amount: "40.00",
        succeeded: 1,
        failed: 0,
        successRate: "100.00",
        fees: "0.00",
      },
    ]);
    const wd = (await get(`/api/admin/reports/channels?${range}&state=withdrawal&channel=gcash`)).json()
      .value;
    expect(wd.items).toHaveLength(1);
    expect(wd.totals).toMatchObject({ amount: "40.00", succeeded: 1 });

    const players = (await get(`/api/admin/reports/players?${range}&sort=ngr&sortDir=desc`)).json().value;
    expect(players.items).toEqual([
      {
        key: String(ids.bob),
        memberId: ids.bob,
        username: "bob",
        state: "active",
        deposits: "200.00",
        withdrawals: "0.00",
        bets: "24.00",
        wins: "0.00",
        ggr: "24.00",
        bonuses: "0.00",
        adjustments: "-0.50",
        ngr: "24.50",
        rounds: 2,
      },
      {
        key: String(ids.dina),
        memberId: ids.dina,
        username: "dina",
        state: "active",
        deposits: "30.00",
        withdrawals: "0.00",
        bets: "15.00",
        wins: "20.00",
        ggr: "-5.00",
        bonuses: "3.00",
        adjustments: "0.00",
        ngr: "-8.00",
        rounds: 1,
      },
      {
        key: String(ids.alice),
        memberId: ids.alice,
        username: "alice",
        state: "active",
        deposits: "150.00",
        withdrawals: "40.00",
        bets: "17.00",
        wins: "26.00",
        ggr: "-9.00",
        bonuses: "0.00",
        adjustments: "2.00",
        ngr: "-11.00",
        rounds: 2,
      },
    ]);
    expect(players.totals).toMatchObject({ deposits: "380.00", ggr: "10.00", ngr: "5.50" });
    const locked = (await get(`/api/admin/reports/players?${range}&state=locked`)).json().value;
    expect(locked).toMatchObject({ items: [], total: 0 });

    const rounds = (
      await get(`/api/admin/reports/rounds?${range}&sort=time&sortDir=asc&pageSize=3&page=2`)
    ).json().value;
    expect(rounds.total).toBe(7); // carl's play-money round is not listed
    expect(
      rounds.items.map((r: { roundId: string; state: string; win: string }) => [r.roundId, r.state, r.win]),
    ).toEqual([
      ["r4", "rolled_back", "0.00"],
      ["r6", "lost", "0.00"],
      ["r5", "won", "1.00"],
    ]);
    const lost = (await get(`/api/admin/reports/rounds?${range}&state=lost&member=bob`)).json().value;
    expect(lost.items.map((r: { roundId: string }) => r.roundId)).toEqual(["r6", "r3"]);
  };

  it("answers every figure from the live records alone (nothing rolled up yet)", async () => {
    const d = await expectDashboard();
    expect(d.rolledUpUntil).toBeNull();
    await expectReports();
  });

  it("answers the same after the rollup took the closed days, and again after a second run", async () => {
    const first = await rollupReports(t.app.ctx, NOW);
    expect(first.doneUntil).toBe("2026-03-10");
    expect(first.hoursUntil).toBe("2026-03-10T03:00:00.000Z");
    // 03-01 (alice's registration) through 03-09.
    expect(first.days).toBe(9);
    const d = await expectDashboard();
    expect(d.rolledUpUntil).toBe("2026-03-10");
    await expectReports();
    const rows = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM report_player_game_days`);
    const again = await rollupReports(t.app.ctx, NOW);
    // Only the last closed day is recomputed; the rows are the same.
    // Today's hours closed by 11:50 Manila (00:00–11:00) are rolled up too (migration 0901).
    expect(again).toEqual({ days: 1, doneUntil: "2026-03-10", hoursUntil: "2026-03-10T03:00:00.000Z" });
    expect(await q(sql`SELECT count(*)::int AS n FROM report_player_game_days`)).toEqual(rows);
    await expectDashboard();
    // Two runs at once (two processes, or a retry over a slow run): serialized, same rows.
    const pair = await Promise.all([rollupReports(t.app.ctx, NOW), rollupReports(t.app.ctx, NOW)]);
    expect(pair.map((r) => r.doneUntil)).toEqual(["2026-03-10", "2026-03-10"]);
    expect(await q(sql`SELECT count(*)::int AS n FROM report_player_game_days`)).toEqual(rows);
    await expectDashboard();
  });

  it("keeps finance figures to finance.read", async () => {
    expect((await get(`/api/admin/reports/dashboard?${range}`, "sup1")).statusCode).toBe(403);
    expect((await get(`/api/admin/reports/players/export?${range}`, "sup1")).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/admin/reports/dashboard?${range}` })).statusCode,
    ).toBe(401);
  });

  it("refuses a reversed or longer-than-a-year range and a day that does not exist", async () => {
    for (const query of [
      "from=2026-03-10&to=2026-03-08",
      "from=2025-01-01&to=2026-03-08",
      "from=2026-02-30&to=2026-03-01",
    ]) {
      const res = await get(`/api/admin/reports/dashboard?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("exports a report as CSV with its filters, totals checked against the page", async () => {
    const res = await get(`/api/admin/reports/players/export?${range}&sort=key&sortDir=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="players-2026-03-08-2026-03-10.csv"',
    );
    expect(startsWithBom(res)).toBe(true);
    expect(csvText(res).split("\r\n")).toEqual([
      "member_id,username,state,deposits,withdrawals,bets,wins,ggr,bonuses,adjustments,ngr,rounds",
      `${ids.alice},alice,active,150.00,40.00,17.00,26.00,-9.00,0.00,2.00,-11.00,2`,
      `${ids.bob},bob,active,200.00,0.00,24.00,0.00,24.00,0.00,-0.50,24.50,2`,
      `${ids.dina},dina,active,30.00,0.00,15.00,20.00,-5.00,3.00,0.00,-8.00,1`,
      "",
    ]);
    const rounds = await get(`/api/admin/reports/rounds/export?${range}&sortDir=asc&vendor=TCG_SEA`);
    expect(startsWithBom(rounds)).toBe(true);
    expect(csvText(rounds).split("\r\n")).toEqual([
      "time_manila,username,vendor,game,round,bet,win,state",
      "2026-03-09 09:00:00,bob,TCG_SEA,L1,r3,20.00,0.00,lost",
      "2026-03-10 02:00:00,dina,TCG_SEA,L1,r7,15.00,20.00,won",
      "",
    ]);
  });
});
