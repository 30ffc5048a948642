import { formatMinor } from "@panalo/contracts/money";
import { ANNOUNCED } from "@panalo/game-math/tables/roulette";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { RoundHub as TableHub } from "../rounds/hub.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows, registerInHouseVendors } from "../test-platform.ts";
import { placeBets, retryTableBets } from "./bets.ts";
import { holdLease, latestRound, settleRound, stepTable, type TablesContext } from "./engine.ts";
import { type LiveTable, loadTable, tableOutcome, tableSeedHash } from "./model.ts";

// The shared-round engine on the database (PGlite by default, PostgreSQL with
// TEST_DATABASE_URL). The clock is the test's: steps are driven by hand.
describe("live tables", () => {
  let t: TestApp;
  let clock = new Date();
  const now = () => clock;
  const events: Array<{ type: string; results?: Record<string, unknown> }> = [];
  const ctxOf = (holder: string): TablesContext =>
    roomTestContext(
      t,
      now,
      { holder, leaseTtlMs: 3000, closeGraceMs: 200 },
      { room: "test-bac", into: events },
    );
  let a: TablesContext;
  let table: LiveTable;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    await t.database.db.execute(
      sql`INSERT INTO rgs.live_tables (id, game, name, chips, min_bet, max_bet, limits, betting_ms, pause_ms)
          VALUES ('test-bac', 'baccarat', '{"EN":"Test","TY":"Test"}', '{100,1000}', 100, 100000,
            '{"tie": {"min": 100, "max": 5000}}', 10000, 2000)`,
    );
    table = (await loadTable(t.database.db, "test-bac")) as LiveTable;
    a = ctxOf("proc-a");
  });
  afterAll(async () => t.close());

  const seat = async (
    minor = 1_000_00n,
    tableId = "test-bac",
  ): Promise<{ id: number; session: SessionRow }> => {
    const p = await fundedPlayer(t, minor, "PNL");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/api/tables/session",
      payload: { token: p.token, tableId },
    });
    expect(res.statusCode).toBe(200);
    return { id: p.id, session: await liveSession(a, res.json().value.sessionId) };
  };
  const coverAll = [
    { spot: "player", amount: "10.00" },
    { spot: "banker", amount: "10.00" },
    { spot: "tie", amount: "10.00" },
  ];
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const nextRound = async (ctx = a, at = table) => {
    for (let i = 0; i < 5; i++) {
      const r = await latestRound(ctx, at.id);
      if (r?.status === "betting") return r;
      await stepTable(ctx, at);
      advance(at.pauseMs);
    }
    throw new Error("no round opened");
  };

  it("commits before betting, reveals after, and pays every bet set once", async () => {
    const p = await seat();
    const round = await nextRound();
    expect(round.seedHash).toBe(tableSeedHash(round.seed));
    const view = await t.app.inject({ method: "GET", url: `/rgs/api/tables/rounds/${round.id}` });
    expect(view.json().value.seed).toBeNull(); // not revealed while betting
    const placed = await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "r1",
      bets: coverAll,
    });
    expect(placed.total).toBe("30.00");
    // The same request again answers the same bets, no second debit.
    await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "r1",
      bets: coverAll,
    });
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 30_00n);
    advance(table.bettingMs);
    await stepTable(a, table);
    const done = await latestRound(a, table.id);
    expect(done?.status).toBe("settled");
    expect(done?.outcome).toEqual(tableOutcome("baccarat", round.seed));
    const o = done?.outcome as { winner: string; bankerTotal: number };
    // One of the three spots wins: player 20.00, banker 19.50, tie 90.00 + player and banker back.
    const win = o.winner === "player" ? 20_00n : o.winner === "banker" ? 19_50n : 110_00n;
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 30_00n + win);
    const calls = await providerRows(t, p.id);
    expect(calls.filter((c) => c.kind === "bet")).toHaveLength(1);
    expect(calls.filter((c) => c.kind === "win")).toHaveLength(1);
    const result = events.find((e) => e.type === "result");
    expect(result).toBeTruthy();
    // Stepping again settles nothing twice.
    await stepTable(a, table);
    expect(await providerRows(t, p.id)).toHaveLength(2);
    const verified = await t.app.inject({
      method: "POST",
      url: "/rgs/api/tables/verify",
      payload: { game: "baccarat", seed: round.seed },
    });
    expect(verified.json().value).toEqual({ seedHash: round.seedHash, outcome: done?.outcome });
  });

  it("takes a bet at the last millisecond and refuses one at the close, all or nothing", async () => {
    const p = await seat();
    const round = await nextRound();
    clock = new Date(round.closesAt.getTime() - 1);
    await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "last",
      bets: coverAll,
    });
    clock = new Date(round.closesAt.getTime());
    await expect(
      placeBets(a, p.session, {
        sessionId: p.session.id,
        roundId: round.id,
        requestId: "late",
        bets: coverAll,
      }),
    ).rejects.toMatchObject({ code: "BETS_CLOSED" });
    const before = await mainBalance(t, p.id);
    expect(before).toBe(1_000_00n - 30_00n);
    await stepTable(a, table);
    expect((await latestRound(a, table.id))?.status).toBe("settled");
  });

  it("a bet racing the leader's close in the last instant is all in or all out", async () => {
    // The request is judged 1 ms before the close while the leader closes the round at once
    // (called directly: its clock check is the step's). Whichever wins the round row's lock,
    // the player ends with either the three bets settled or every centavo back.
    for (let i = 0; i < 4; i++) {
      const p = await seat();
      const round = await nextRound();
      clock = new Date(round.closesAt.getTime() - 1);
      expect(await holdLease(a, table.id)).toBe(true); // the leader, as its step would renew it
      const [bet] = await Promise.allSettled([
        placeBets(a, p.session, {
          sessionId: p.session.id,
          roundId: round.id,
          requestId: `race-${i}`,
          bets: coverAll,
        }),
        settleRound(a, table, round),
      ]);
      // What the close left owed (a debit answered after it) is sent by the retry pass.
      advance(a.leaseMs + 1);
      await retryTableBets(a);
      const done = await latestRound(a, table.id);
      expect(done?.status).toBe("settled");
      const kinds = (await providerRows(t, p.id)).map((c) => c.kind).sort();
      if (bet.status === "fulfilled") {
        const o = done?.outcome as { winner: string };
        const win = o.winner === "player" ? 20_00n : o.winner === "banker" ? 19_50n : 110_00n;
        expect(await mainBalance(t, p.id)).toBe(1_000_00n - 30_00n + win);
        expect(kinds).toEqual(["bet", "win"]);
      } else {
        expect(bet.reason).toMatchObject({ code: "BETS_CLOSED" });
        expect(await mainBalance(t, p.id)).toBe(1_000_00n);
        expect(kinds.length === 0 || kinds.join() === "bet,rollback").toBe(true);
      }
      advance(table.pauseMs);
    }
  });

  it("refuses the whole request when one spot is over its limit", async () => {
    const p = await seat();
    const round = await nextRound();
    const err = await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "over",
      bets: [
        { spot: "player", amount: "10.00" },
        { spot: "tie", amount: "50.01" },
      ],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RgsError);
    expect((err as RgsError).code).toBe("TABLE_LIMIT");
    // The limit counts what the player already has on the spot this round.
    await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "t1",
      bets: [{ spot: "tie", amount: "30.00" }],
    });
    await expect(
      placeBets(a, p.session, {
        sessionId: p.session.id,
        roundId: round.id,
        requestId: "t2",
        bets: [{ spot: "tie", amount: "30.00" }],
      }),
    ).rejects.toMatchObject({ code: "TABLE_LIMIT" });
    await expect(
      placeBets(a, p.session, {
        sessionId: p.session.id,
        roundId: round.id,
        requestId: "bad",
        bets: [{ spot: "dragon", amount: "1.00" }],
      }),
    ).rejects.toMatchObject({ code: "BET_INVALID" });
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 30_00n);
    advance(table.bettingMs);
    await stepTable(a, table);
  });

  it("hands the table to another process when the leader stops, settling nothing twice", async () => {
    const p = await seat();
    const round = await nextRound();
    await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "x",
      bets: coverAll,
    });
    const b = ctxOf("proc-b");
    // A holds the lease (renewed just before the close): B's steps do nothing, even past the close.
    clock = new Date(round.closesAt.getTime() - 100);
    await stepTable(a, table);
    advance(100);
    expect(await stepTable(b, table)).toBeGreaterThan(0);
    expect((await latestRound(b, table.id))?.status).toBe("betting");
    const [lease] = await rows<{ holder: string }>(
      t.database.db,
      sql`SELECT holder FROM rgs.table_leases WHERE table_id = 'test-bac'`,
    );
    expect(lease?.holder).toBe("proc-a");
    // A dies mid-round; once its lease ran out B takes over and settles the round.
    advance(3001);
    await stepTable(b, table);
    expect((await latestRound(b, table.id))?.status).toBe("settled");
    // A wakes up: its lease is gone, it changes nothing.
    await stepTable(a, table);
    const calls = await providerRows(t, p.id);
    expect(calls.filter((c) => c.kind === "win")).toHaveLength(1);
    a = b; // B leads from now on
  });

  it("voids a round left open while the table was down, giving every stake back", async () => {
    const p = await seat();
    const round = await nextRound();
    await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "v",
      bets: coverAll,
    });
    advance(table.bettingMs + a.voidAfterMs + 1);
    await stepTable(a, table);
    expect((await latestRound(a, table.id))?.status).toBe("void");
    expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    const calls = await providerRows(t, p.id);
    expect(calls.map((c) => c.kind).sort()).toEqual(["bet", "rollback"]);
  });

  it("recalls a bet set from the betting record's signed link", async () => {
    const p = await seat();
    const round = await nextRound();
    const placed = await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "rc",
      bets: coverAll,
    });
    advance(table.bettingMs);
    await stepTable(a, table);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNL");
    const sig = replaySignature(secret, "PNL", placed.betId, p.id, exp);
    const url = `/rgs/api/tables/replay/${placed.betId}?vendor=PNL&player=${p.id}&exp=${exp}&sig=${sig}`;
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.round.roundId).toBe(round.id);
    expect(v.round.seed).toBe(round.seed);
    expect(v.bets).toEqual(coverAll);
    const forged = await t.app.inject({
      method: "GET",
      url: url.replace(`player=${p.id}`, `player=${p.id + 1}`),
    });
    expect(forged.json().code).toBe("REPLAY_LINK_INVALID");
  });

  it("settles 200 players on one round", async () => {
    const players = await Promise.all(Array.from({ length: 200 }, () => seat(100_00n)));
    const round = await nextRound();
    await Promise.all(
      players.map((p, i) =>
        placeBets(a, p.session, {
          sessionId: p.session.id,
          roundId: round.id,
          requestId: `many-${i}`,
          bets: [{ spot: i % 2 ? "player" : "banker", amount: formatMinor(BigInt(100 + i)) }],
        }),
      ),
    );
    advance(table.bettingMs);
    await stepTable(a, table);
    const settled = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM rgs.table_bets WHERE round_id = ${round.id} AND status = 'settled'`,
    );
    expect(Number(settled[0]?.n)).toBe(200);
    const r = await latestRound(a, table.id);
    const o = r?.outcome as { winner: string };
    for (const [i, p] of players.entries()) {
      const stake = BigInt(100 + i);
      const spot = i % 2 ? "player" : "banker";
      const back =
        o.winner === "tie"
          ? stake
          : o.winner !== spot
            ? 0n
            : spot === "player"
              ? 2n * stake
              : (stake * 39n) / 20n;
      expect(await mainBalance(t, p.id)).toBe(100_00n - stake + back);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  }, 180_000);

  it("takes every roulette inside bet and the racetrack's chips, and pays each exactly", async () => {
    await t.database.db.execute(
      sql`INSERT INTO rgs.live_tables (id, game, name, chips, min_bet, max_bet, limits, betting_ms, pause_ms)
          VALUES ('test-rl', 'roulette', '{"EN":"Test","TY":"Test"}', '{100,500}', 100, 100000,
            '{"trio": {"min": 100, "max": 1000}}', 10000, 2000)
          ON CONFLICT (id) DO NOTHING`,
    );
    const rl = (await loadTable(t.database.db, "test-rl")) as LiveTable;
    const p = await seat(1_000_00n, "test-rl");
    const round = await nextRound(a, rl);
    const inside = [
      "straight:0",
      "straight:17",
      "split:0-1",
      "split:0-2",
      "split:0-3",
      "split:17-18",
      "split:17-20",
      "street:16",
      "trio:0-1-2",
      "trio:0-2-3",
      "corner:17-21",
      "first4",
      "six:16",
    ].map((spot) => ({ spot, amount: "1.00" }));
    // Voisins du zéro at 1.00 a unit: 2 on the 0-2-3 trio (3.00 with the one above), 2 on 25-29.
    const voisins = ANNOUNCED.voisins.map((c) => ({
      spot: c.spot,
      amount: formatMinor(BigInt(c.units) * 100n),
    }));
    // Over the trio's limit (10.00) through the announced bet at 6.00 a unit: nothing taken.
    await expect(
      placeBets(a, p.session, {
        sessionId: p.session.id,
        roundId: round.id,
        requestId: "rl-over",
        bets: ANNOUNCED.voisins.map((c) => ({ spot: c.spot, amount: formatMinor(BigInt(c.units) * 600n) })),
      }),
    ).rejects.toMatchObject({ code: "TABLE_LIMIT", params: { spot: "trio:0-2-3", max: "10.00" } });
    expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    const placed = await placeBets(a, p.session, {
      sessionId: p.session.id,
      roundId: round.id,
      requestId: "rl",
      bets: [...inside, ...voisins],
    });
    const stake = [...inside, ...voisins].reduce(
      (s, b) => s + BigInt(Math.round(Number(b.amount) * 100)),
      0n,
    );
    expect(placed.total).toBe(formatMinor(stake));
    advance(rl.bettingMs);
    await stepTable(a, rl);
    const done = await latestRound(a, rl.id);
    expect(done?.status).toBe("settled");
    const n = (done?.outcome as { number: number } | null)?.number ?? -1;
    // Each chip back 36/k times when its k numbers hold the ball (k from the layout, not the code).
    const covers: Record<string, number[]> = {
      "straight:0": [0],
      "straight:17": [17],
      "split:0-1": [0, 1],
      "split:0-2": [0, 2],
      "split:0-3": [0, 3],
      "split:17-18": [17, 18],
      "split:17-20": [17, 20],
      "street:16": [16, 17, 18],
      "trio:0-1-2": [0, 1, 2],
      "trio:0-2-3": [0, 2, 3],
      "corner:17-21": [17, 18, 20, 21],
      first4: [0, 1, 2, 3],
      "six:16": [16, 17, 18, 19, 20, 21],
      "split:4-7": [4, 7],
      "split:12-15": [12, 15],
      "split:18-21": [18, 21],
      "split:19-22": [19, 22],
      "split:32-35": [32, 35],
      "corner:25-29": [25, 26, 28, 29],
    };
    let win = 0n;
    for (const b of [...placed.bets]) {
      const nums = covers[b.spot];
      if (!nums) throw new Error(`no cover for ${b.spot}`);
      const cents = BigInt(Math.round(Number(b.amount) * 100));
      if (nums.includes(n)) win += (cents * 36n) / BigInt(nums.length);
    }
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - stake + win);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("greets a joining socket with the round last published, without asking the database", () => {
    const hub = new TableHub();
    const got: string[] = [];
    hub.join("t", { playerId: 7, send: (s) => got.push(s) });
    hub.join("t", { playerId: 7, send: (s) => got.push(s) });
    hub.join("t", { playerId: 8, send: (s) => got.push(s) });
    expect(hub.currentRound("t")).toBeUndefined();
    const view = {
      roundId: "r2",
      tableId: "t",
      roundNo: 2,
      status: "settled" as const,
      seedHash: "h",
      seed: "s",
      opensAt: "",
      closesAt: "",
      outcome: null,
    };
    hub.publish({
      type: "result",
      tableId: "t",
      round: view,
      results: { "7": { bet: "1.00", win: "2.00" } },
    });
    expect(hub.currentRound("t")?.roundId).toBe("r2");
    // An older round's late event does not replace it.
    hub.publish({ type: "round", tableId: "t", round: { ...view, roundId: "r1", roundNo: 1 } });
    expect(hub.currentRound("t")?.roundId).toBe("r2");
    const first = got.slice(0, 3).map((x) => JSON.parse(x).mine);
    expect(first).toEqual([{ bet: "1.00", win: "2.00" }, { bet: "1.00", win: "2.00" }, null]);
  });
});
