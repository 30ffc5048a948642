import { crashInstantMs, multiplierAt, payout } from "@panalo/game-math/crash/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { creditQueueOf } from "../rounds/credit-queue.ts";
import { latest } from "../rounds/engine.ts";
import { stakeMoves } from "../rounds/stakes.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows, registerInHouseVendors } from "../test-platform.ts";
import { cashOut, placeBet } from "./bets.ts";
import { createCrashRoom } from "./catalog.ts";
import { linksTo, roundHash } from "./chain.ts";
import { CRASH, CRASH_STORE, type CrashContext, SETTLE_AFTER_CRASH_MS, stepRoom } from "./engine.ts";
import type { CrashRoom, CrashRound } from "./model.ts";
import { crashTestRoom } from "./testing.ts";

// The crash game through the provider protocol, on PGlite by default and on PostgreSQL with
// TEST_DATABASE_URL (the race below then runs on real row locks). The clock is the test's; the
// leader's steps are driven by hand, so no test sleeps or leans on timing.
describe("crash rounds", () => {
  let t: TestApp;
  // Near the real time: the HTTP routes read the app's own clock.
  let clock = new Date();
  const now = () => clock;
  const setClock = (ms: number) => {
    clock = new Date(ms);
  };
  const events: Array<{ type: string; game?: Record<string, unknown> }> = [];
  let a: CrashContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "PNC", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNC") })
      .onConflictDoNothing();
    // Only the tests' rooms run here.
    await t.database.db.execute(sql`UPDATE rgs.crash_rooms SET enabled = false`);
  });
  afterAll(async () => t.close());

  const player = async (roomId: string, minor = 1_000_00n): Promise<{ id: number; session: SessionRow }> => {
    const p = await fundedPlayer(t, minor, "PNC");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/api/crash/session",
      payload: { token: p.token, roomId },
    });
    expect(res.statusCode).toBe(200);
    return { id: p.id, session: await liveSession(a, res.json().value.sessionId) };
  };
  const betting = async (room: CrashRoom, ctx = a): Promise<CrashRound> => {
    for (let i = 0; i < 5; i++) {
      const g = await latest(ctx, CRASH, room.id);
      if (g?.status === "betting") return g;
      await stepRoom(ctx, room);
    }
    throw new Error("no round taking bets");
  };
  const fly = async (room: CrashRoom, g: CrashRound, ctx = a): Promise<CrashRound> => {
    setClock(g.closesAt.getTime());
    await stepRoom(ctx, room);
    const f = await latest(ctx, CRASH, room.id);
    if (f?.status !== "flying" || !f.startedAt || !f.crashAt) throw new Error("round not flying");
    return f;
  };

  it("takes bets, flies, pays a cash-out and an automatic one once, and loses the rest", async () => {
    a = roomTestContext(
      t,
      now,
      { holder: "proc-a", leaseTtlMs: 3000, closeGraceMs: 50 },
      {
        room: "crash:c1",
        into: events,
      },
    );
    // A chain whose first round crashes at 3.00x or more, so both cash-outs below fit.
    const { room, points } = await crashTestRoom(t.database.db, "c1", {
      length: 20,
      pick: (p) => (p[0] ?? 0) >= 300,
    });
    const crash = points[0] as number;
    // A minute ahead of the app's clock: its routes see the round still flying.
    setClock(Date.now() + 60_000);
    const [p1, p2, p3] = [await player("c1"), await player("c1"), await player("c1")];
    const g = await betting(room);
    // The commitment is SHA-256 of the round's hash: the chain's terminating hash for round 1.
    expect(g.seed).toBe(roundHash(room.chain.seed, 20, 1));
    expect(linksTo(g.seed, room.chain.terminatingHash)).toBe(true);
    expect(g.seedHash).toBe(room.chain.terminatingHash);
    const pub = await t.app.inject({ method: "GET", url: `/rgs/api/crash/rounds/${g.id}` });
    expect(pub.json().value.round.hash).toBeNull();
    expect(pub.json().value.round.crash).toBeNull();
    const bet = (p: typeof p1, amount: string, requestId: string, autoCashout?: string) =>
      placeBet(a, p.session, { sessionId: p.session.id, roundId: g.id, requestId, amount, autoCashout });
    await bet(p1, "10.00", "b1");
    await bet(p2, "20.00", "b2", "2.00");
    await bet(p3, "5.00", "b3");
    // The same request: the same bet; another one: refused.
    expect((await bet(p1, "10.00", "b1")).amount).toBe("10.00");
    await expect(bet(p1, "10.00", "b1-again")).rejects.toMatchObject({ code: "ALREADY_BET" });
    expect(await mainBalance(t, p1.id)).toBe(990_00n);

    const f = await fly(room, g);
    const started = f.startedAt?.getTime() ?? 0;
    expect((f.crashAt?.getTime() ?? 0) - started).toBe(crashInstantMs(crash));
    // Betting is closed once flying.
    await expect(
      placeBet(a, p3.session, { sessionId: p3.session.id, roundId: g.id, requestId: "late", amount: "1.00" }),
    ).rejects.toMatchObject({ code: "BETS_CLOSED" });
    // Flying: the crash point and the hash stay hidden.
    const mid = await t.app.inject({ method: "GET", url: `/rgs/api/crash/rounds/${g.id}` });
    expect(mid.json().value.round.crash).toBeNull();
    expect(mid.json().value.round.hash).toBeNull();

    // p1 cashes out 5 s into the flight: 1.34x (⌊100·e^0.3⌋ = 134).
    const out = await cashOut(a, p1.session, g.id, new Date(started + 5000));
    expect(out.cashout).toBe("1.34");
    expect(out.win).toBe("13.40");
    expect(multiplierAt(5000)).toBe(134);
    // Again: the same answer, no second credit.
    expect((await cashOut(a, p1.session, g.id, new Date(started + 6000))).cashout).toBe("1.34");
    // The credit follows the answer through the credit queue.
    await creditQueueOf(a, CRASH_STORE).idle();
    expect(await mainBalance(t, p1.id)).toBe(1_003_40n);

    // The leader steps past 2.00x: p2's automatic cash-out is decided and paid.
    setClock(started + crashInstantMs(200) + 5);
    await stepRoom(a, room);
    expect(await mainBalance(t, p2.id)).toBe(1_020_00n);
    // p3 asks after the crash instant: lost.
    const crashAt = f.crashAt?.getTime() ?? 0;
    await expect(cashOut(a, p3.session, g.id, new Date(crashAt))).rejects.toBeInstanceOf(RgsError);
    await expect(cashOut(a, p3.session, g.id, new Date(crashAt))).rejects.toMatchObject({ code: "CRASHED" });
    // At the crash instant the crash is shown; SETTLE_AFTER_CRASH_MS later the round settles.
    setClock(crashAt);
    await stepRoom(a, room);
    const shown = events.filter(
      (e) => e.type === "crash" && e.game?.crash !== null && e.game?.roundId === g.id,
    );
    expect(shown.length).toBeGreaterThan(0);
    expect((await latest(a, CRASH, room.id))?.status).toBe("flying");
    setClock(crashAt + SETTLE_AFTER_CRASH_MS);
    await stepRoom(a, room);
    const done = await latest(a, CRASH, room.id);
    expect(done?.status).toBe("settled");
    expect(done?.winsTotal).toBe(13_40n + 40_00n);
    expect(await mainBalance(t, p3.id)).toBe(995_00n);
    // One debit and one credit per bet.
    for (const p of [p1, p2, p3]) {
      const kinds = (await providerRows(t, p.id)).map((r) => r.kind).sort();
      expect(kinds).toEqual(["bet", "win"]);
    }
    // The history strip and the verify call show the crash and the links.
    const strip = await t.app.inject({ method: "GET", url: "/rgs/api/crash/rounds?roomId=c1" });
    expect(strip.json().value[0].crashX100).toBe(crash);
    const v = await t.app.inject({
      method: "POST",
      url: "/rgs/api/crash/verify",
      payload: { hash: g.seed, salt: room.chain.salt },
    });
    expect(v.json().value.crashX100).toBe(crash);
    expect(v.json().value.previousHash).toBe(room.chain.terminatingHash);
    expect(v.json().value.round.linksToPrevious).toBe(true);
    const mine = await t.app.inject({
      method: "GET",
      url: `/rgs/api/crash/my-bets?sessionId=${p2.session.id}`,
    });
    expect(mine.json().value[0]).toMatchObject({
      cashout: "2.00",
      win: "40.00",
      crash: (crash / 100).toFixed(2),
    });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("judges 50 cash-outs racing the crash instant by the server's clock and pays each once", async () => {
    const ctx = roomTestContext(t, now, { holder: "proc-r", leaseTtlMs: 60_000, closeGraceMs: 50 });
    a = ctx;
    const { room, points } = await crashTestRoom(t.database.db, "c-race", {
      length: 10,
      pick: (p) => (p[0] ?? 0) >= 150,
    });
    const crash = points[0] as number;
    const players = await Promise.all(Array.from({ length: 50 }, () => player("c-race")));
    setClock(Date.now());
    const g = await betting(room, ctx);
    // Every tenth player also asks an automatic cash-out just below the crash point.
    await Promise.all(
      players.map((p, i) =>
        placeBet(ctx, p.session, {
          sessionId: p.session.id,
          roundId: g.id,
          requestId: `r${i}`,
          amount: "10.00",
          autoCashout: i % 10 === 0 ? ((crash - 1) / 100).toFixed(2) : undefined,
        }),
      ),
    );
    const f = await fly(room, g, ctx);
    const started = f.startedAt?.getTime() ?? 0;
    const crashAt = f.crashAt?.getTime() ?? 0;
    // Arrivals from 25 ms before the crash instant to 24 ms after, each sent twice at once, while
    // the leader announces the crash (and decides the automatic cash-outs) at the same time.
    const arrival = (i: number) => crashAt - 25 + i;
    setClock(crashAt + 10);
    const answers = await Promise.all([
      ...players.flatMap((p, i) => [
        cashOut(ctx, p.session, g.id, new Date(arrival(i))).catch((e: RgsError) => e),
        cashOut(ctx, p.session, g.id, new Date(arrival(i))).catch((e: RgsError) => e),
      ]),
      stepRoom(ctx, room),
    ]);
    setClock(crashAt + SETTLE_AFTER_CRASH_MS);
    await stepRoom(ctx, room);
    await creditQueueOf(ctx, CRASH_STORE).idle();
    expect((await latest(ctx, CRASH, room.id))?.status).toBe("settled");
    const bets = await rows<{ player_id: unknown; cashout_x100: unknown; win: unknown; status: string }>(
      t.database.db,
      sql`SELECT player_id, cashout_x100, win, status FROM rgs.crash_bets WHERE round_id = ${g.id}`,
    );
    expect(bets).toHaveLength(50);
    for (const [i, p] of players.entries()) {
      const b = bets.find((x) => Number(x.player_id) === p.id);
      expect(b?.status).toBe("settled");
      const auto = i % 10 === 0 ? crash - 1 : null;
      const reached = multiplierAt(arrival(i) - started);
      let expected: number | null = null;
      if (arrival(i) < crashAt) expected = auto !== null && auto <= reached ? auto : reached;
      else if (auto !== null) expected = auto; // the curve passed it before the crash
      expect(b?.cashout_x100 === null ? null : Number(b?.cashout_x100), `player ${i}`).toBe(expected);
      const win = expected === null ? 0n : payout(10_00n, expected);
      expect(BigInt(String(b?.win)), `player ${i}`).toBe(win);
      expect(await mainBalance(t, p.id), `player ${i}`).toBe(1_000_00n - 10_00n + win);
      // Both answers of the player agree: a win (the same cash-out) or CRASHED.
      const [x, y] = [answers[2 * i], answers[2 * i + 1]] as Array<{ cashout?: string } | RgsError>;
      if (arrival(i) < crashAt) {
        const text = ((expected ?? 0) / 100).toFixed(2);
        expect(x instanceof RgsError ? x.code : x?.cashout, `player ${i}`).toBe(text);
        expect(y instanceof RgsError ? y.code : y?.cashout, `player ${i}`).toBe(text);
      } else if (auto === null) {
        expect(x).toMatchObject({ code: "CRASHED" });
        expect(y).toMatchObject({ code: "CRASHED" });
      }
    }
    // Exactly one debit and one credit per bet on the platform.
    const moves = await rows<{ round_id: string; kind: string; n: unknown }>(
      t.database.db,
      sql`SELECT round_id, kind, count(*) AS n FROM provider_transactions
          WHERE round_id IN (SELECT id::text FROM rgs.crash_bets WHERE round_id = ${g.id}) GROUP BY round_id, kind`,
    );
    expect(moves.filter((m) => m.kind === "bet")).toHaveLength(50);
    expect(moves.filter((m) => m.kind === "win")).toHaveLength(50);
    for (const m of moves) expect(Number(m.n)).toBe(1);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  }, 120_000);
  it("credits once through the retry pass a cash-out answered whose batched credit failed", async () => {
    const base = roomTestContext(t, now, { holder: "proc-q", leaseTtlMs: 60_000, closeGraceMs: 50 });
    // The platform down for `credits`: p1's request never reaches it, p2's is applied but its
    // answer is lost (the worst case: the retry pass must not pay it twice).
    let lost: "before" | "after" = "before";
    const ctx: CrashContext = {
      ...base,
      client: {
        call: async (vendor, call, body) => {
          if (call !== "credits") return base.client.call(vendor, call, body);
          if (lost === "after") await base.client.call(vendor, call, body);
          return { kind: "unknown", status: null, reason: "no answer" };
        },
      },
    };
    a = ctx;
    const { room } = await crashTestRoom(t.database.db, "c-q", {
      length: 10,
      pick: (p) => (p[0] ?? 0) >= 300,
    });
    const [p1, p2] = [await player("c-q"), await player("c-q")];
    setClock(Date.now());
    const g = await betting(room, ctx);
    for (const [i, p] of [p1, p2].entries())
      await placeBet(ctx, p.session, {
        sessionId: p.session.id,
        roundId: g.id,
        requestId: `q${i}`,
        amount: "10.00",
      });
    const f = await fly(room, g, ctx);
    const started = f.startedAt?.getTime() ?? 0;
    const queue = creditQueueOf(ctx, CRASH_STORE);
    // 5 s in: 1.34x, 13.40 each. Both answered at once, before any credit.
    expect((await cashOut(ctx, p1.session, g.id, new Date(started + 5000))).win).toBe("13.40");
    await queue.idle();
    lost = "after";
    expect((await cashOut(ctx, p2.session, g.id, new Date(started + 5000))).win).toBe("13.40");
    await queue.idle();
    const owed = await rows<{ status: string; attempts: unknown }>(
      t.database.db,
      sql`SELECT status, attempts FROM rgs.crash_bets WHERE round_id = ${g.id}`,
    );
    expect(owed.map((b) => b.status)).toEqual(["credit_pending", "credit_pending"]);
    expect(await mainBalance(t, p1.id)).toBe(990_00n);
    expect(await mainBalance(t, p2.id)).toBe(1_003_40n);
    // The retry pass (single credits, the platform answering again) once the back-off is over.
    setClock(started + 5000 + 60_000);
    expect(await stakeMoves(CRASH_STORE).retry(ctx)).toBeGreaterThanOrEqual(2);
    for (const p of [p1, p2]) {
      expect(await mainBalance(t, p.id)).toBe(1_003_40n);
      expect((await providerRows(t, p.id)).map((r) => r.kind).sort()).toEqual(["bet", "win"]);
    }
    const paid = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.crash_bets WHERE round_id = ${g.id}`,
    );
    expect(paid.map((b) => b.status)).toEqual(["settled", "settled"]);
    // The round settles with both wins and pays nothing more.
    setClock((f.crashAt?.getTime() ?? 0) + SETTLE_AFTER_CRASH_MS);
    await stepRoom(ctx, room);
    await stepRoom(ctx, room);
    expect((await latest(ctx, CRASH, room.id))?.winsTotal).toBe(26_80n);
    for (const p of [p1, p2]) expect(await mainBalance(t, p.id)).toBe(1_003_40n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("makes a room once when processes starting together each try to", async () => {
    const room = { id: "crash-race", name: { EN: "Race" }, minBet: 100, maxBet: 10_000 };
    const made = await Promise.all([1, 2, 3].map(() => createCrashRoom(t.database.db, room, 50)));
    expect(made.filter(Boolean)).toHaveLength(1);
    const chains = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM rgs.crash_chains WHERE id LIKE 'crash-race:%'`,
    );
    expect(chains[0]?.n).toBe(1);
    await t.database.db.execute(sql`UPDATE rgs.crash_rooms SET enabled = false WHERE id = 'crash-race'`);
  });

  it("hands a used-up chain over to the next one, published before its first round", async () => {
    const ctx = roomTestContext(t, now, { holder: "proc-c", leaseTtlMs: 60_000, closeGraceMs: 50 });
    // A chain of 3 rounds: its successor is made once one round of it is left (rotateAhead).
    const { room } = await crashTestRoom(t.database.db, "c-rot", { length: 3, pauseMs: 0 });
    setClock(Date.now());
    const info = async () =>
      (await t.app.inject({ method: "GET", url: "/rgs/api/crash/rooms/c-rot" })).json().value;
    const play = async (): Promise<CrashRound> => {
      const g = await betting(room, ctx);
      const f = await fly(room, g, ctx);
      setClock((f.crashAt?.getTime() ?? 0) + SETTLE_AFTER_CRASH_MS);
      await stepRoom(ctx, room);
      const done = await latest(ctx, CRASH, room.id);
      if (done?.status !== "settled") throw new Error("round not settled");
      return done;
    };
    const [r1, r2] = [await play(), await play()];
    expect([r1.roundNo, r2.roundNo]).toEqual([1, 2]);
    expect((await info()).nextChain).toBeNull();
    const r3 = await play();
    expect(r3.seed).toBe(roundHash(room.chain.seed, 3, 3));
    // Published while round 3 of the first chain was played: the next chain, from round 4.
    const next = (await info()).nextChain;
    const [b] = await rows<{ id: string; seed: string; salt: string; terminating_hash: string }>(
      t.database.db,
      sql`SELECT c.* FROM rgs.crash_chains c JOIN rgs.crash_rooms r ON r.next_chain_id = c.id WHERE r.id = 'c-rot'`,
    );
    if (!b) throw new Error("no next chain");
    expect(next).toEqual({ terminatingHash: b.terminating_hash, salt: b.salt, length: 3, firstRound: 4 });
    const r4 = await play();
    expect(r4.chainId).toBe(b.id);
    expect(r4.seed).toBe(roundHash(b.seed, 3, 1));
    expect(r4.seedHash).toBe(b.terminating_hash);
    expect((await info()).chain).toMatchObject({ terminatingHash: b.terminating_hash, firstRound: 4 });
    expect((await info()).nextChain).toBeNull();
    // The verify call: round 4 links to the new chain's terminating hash; round 3's successor
    // is on another chain, so no link is claimed there.
    const verify = async (hash: string, salt: string) =>
      (await t.app.inject({ method: "POST", url: "/rgs/api/crash/verify", payload: { hash, salt } })).json()
        .value.round;
    expect(await verify(r4.seed, b.salt)).toMatchObject({ roundNo: 4, linksToPrevious: true });
    expect(await verify(r3.seed, room.chain.salt)).toMatchObject({
      roundNo: 3,
      linksToPrevious: true,
      nextLinksHere: null,
    });
  });
});
