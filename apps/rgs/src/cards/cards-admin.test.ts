import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueLaunchToken } from "../../../server/src/modules/providers/service.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { roomTestContext } from "../rounds/testing.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, registerInHouseVendors } from "../test-platform.ts";
import { cardHands, frequentPairs, opponentsOf, rakeReport } from "./admin.ts";
import { actOnHand, CARDS_VENDOR, joinTable, stepTable } from "./engine.ts";

// The card rooms' fair play and back-office reports on the database (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL): one address or device per table when the operator says so,
// a player's results against each opponent, the pairs who sit together, the rake report.
describe("card rooms: fair play and the back office's reports", () => {
  let t: TestApp;
  const clock = new Date("2026-11-29T10:00:00.000Z");
  let ctx: RoundsContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = roomTestContext(t, () => clock, { holder: "cards-admin", leaseTtlMs: 60_000 });
  });
  afterAll(async () => t.close());

  const newTable = async (rule: boolean | null = null) => {
    const id = `holdem-f${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      sql`INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, seats, min_buy_in, max_buy_in,
            rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms, distinct_players)
          VALUES (${id}, 'holdem', 'Test', 100, 200, 6, 4000, 20000, 50000, 3000, 20000, 0, 0, ${rule})`,
    );
    return id;
  };
  const setGlobal = (on: boolean) =>
    t.database.db.execute(sql`UPDATE rgs.card_settings SET distinct_players = ${on} WHERE id = 1`);
  const newPlayer = () => fundedPlayer(t, 1_000_00n, CARDS_VENDOR);
  type Player = Awaited<ReturnType<typeof newPlayer>>;
  const sit = async (p: Player, tableId: string, from: { address?: string; device?: string } = {}) => {
    const opened = await openRoomSession(ctx, {
      vendor: CARDS_VENDOR,
      gameId: `cards:${tableId}`,
      // A launch token opens one session: a fresh one for each table.
      token: await issueLaunchToken(t.app.ctx, p.id, CARDS_VENDOR),
      lang: "EN",
    });
    const session = await liveSession(ctx, opened.sessionId);
    const seat = await joinTable(ctx, session, {
      requestId: randomUUID(),
      buyIn: 100_00n,
      address: from.address ?? `10.0.0.${Math.floor(Math.random() * 200)}-${randomUUID()}`,
      device: from.device ?? null,
    });
    return { session, seat };
  };
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof RgsError ? e.code : String(e)),
    );

  it("refuses a second player from one address or device where the operator set the rule", async () => {
    await setGlobal(false);
    // Rule off (global off, table follows it): two players from one address both sit.
    const open = await newTable();
    await sit(await newPlayer(), open, { address: "203.0.113.7" });
    expect(await codeOf(sit(await newPlayer(), open, { address: "203.0.113.7" }))).toBe("ok");
    // The table's own rule on: the same address is refused, another address sits.
    const strict = await newTable(true);
    await sit(await newPlayer(), strict, { address: "203.0.113.8", device: "device-aaaaaaaa" });
    const refused = await newPlayer();
    expect(await codeOf(sit(refused, strict, { address: "203.0.113.8" }))).toBe("CARDS_SAME_ADDRESS");
    // Same device from another address: refused too.
    expect(await codeOf(sit(refused, strict, { address: "198.51.100.1", device: "device-aaaaaaaa" }))).toBe(
      "CARDS_SAME_ADDRESS",
    );
    expect(await codeOf(sit(refused, strict, { address: "198.51.100.2" }))).toBe("ok");
    // Nothing was debited for the refusals: one seat of that player, one bet.
    const seats = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM rgs.room_seats WHERE room_id = ${strict} AND player_id = ${refused.id}`,
    );
    expect(Number(seats[0]?.n)).toBe(1);
    // Two players from one address sitting down at once: the table's row lock decides, one sits.
    const race = await newTable(true);
    const [p1, p2] = [await newPlayer(), await newPlayer()];
    const raced = await Promise.all([
      codeOf(sit(p1, race, { address: "203.0.113.77" })),
      codeOf(sit(p2, race, { address: "203.0.113.77" })),
    ]);
    expect(raced.sort()).toEqual(["CARDS_SAME_ADDRESS", "ok"]);
    const racedSeats = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM rgs.room_seats WHERE room_id = ${race} AND status = 'placed'`,
    );
    expect(Number(racedSeats[0]?.n)).toBe(1);
    // The global rule on: a table that follows it refuses; a table set off does not.
    await setGlobal(true);
    const follows = await newTable();
    await sit(await newPlayer(), follows, { address: "203.0.113.9" });
    expect(await codeOf(sit(await newPlayer(), follows, { address: "203.0.113.9" }))).toBe(
      "CARDS_SAME_ADDRESS",
    );
    const exempt = await newTable(false);
    await sit(await newPlayer(), exempt, { address: "203.0.113.10" });
    expect(await codeOf(sit(await newPlayer(), exempt, { address: "203.0.113.10" }))).toBe("ok");
    await setGlobal(false);
  });

  it("counts a player's hands, wins and net against each opponent, and flags pairs", async () => {
    // Every hand: the players fold in turn, so the big blind takes the small blind (1.00), no rake.
    const foldAround = async (tableId: string, sessions: Map<number, Awaited<ReturnType<typeof sit>>>) => {
      expect(await stepTable(ctx, tableId)).toBe(true);
      for (let i = 0; i < 5; i++) {
        const [h] = await rows<Record<string, unknown>>(
          t.database.db,
          sql`SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} ORDER BY no DESC LIMIT 1`,
        );
        if (h?.status !== "playing") return h;
        const who = sessions.get(Number(h.acting_seat));
        if (!who) throw new Error("no player at the acting seat");
        await actOnHand(ctx, who.session, { requestId: randomUUID(), action: { type: "fold" } });
      }
      throw new Error("the hand did not end");
    };
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()] as [Player, Player, Player];
    // Three-handed: seats 1, 2, 3 = A, B, C; the button moves 1 → 2 → 3, the small blind loses 1.00
    // to the big blind each hand: (B −1, C +1), (C −1, A +1), (A −1, B +1).
    const three = await newTable();
    const s3 = new Map<number, Awaited<ReturnType<typeof sit>>>();
    // A and B sit down from one address (the rule is off): the pairs list says so.
    for (const [p, from] of [
      [a, "192.0.2.50"],
      [b, "192.0.2.50"],
      [c, "192.0.2.51"],
    ] as const) {
      const s = await sit(p, three, { address: from });
      s3.set(s.seat.seat, s);
    }
    for (let n = 0; n < 3; n++) await foldAround(three, s3);
    // Heads-up A (seat 1, button and small blind) against B: A folds, A −1, B +1.
    const two = await newTable();
    const s2 = new Map<number, Awaited<ReturnType<typeof sit>>>();
    for (const p of [a, b]) {
      const s = await sit(p, two);
      s2.set(s.seat.seat, s);
    }
    await foldAround(two, s2);

    const opp = await opponentsOf(t.database.db, { playerId: a.id });
    expect(opp).toEqual([
      {
        opponentId: b.id,
        hands: 4,
        won: 1,
        lost: 2,
        opponentWon: 2,
        winRatePercent: "25.0",
        net: "-1.00",
      },
      {
        opponentId: c.id,
        hands: 3,
        won: 1,
        lost: 1,
        opponentWon: 1,
        winRatePercent: "33.3",
        net: "0.00",
      },
    ]);
    // C's view of A is the mirror: C was up once (hand 1) and down once (hand 2) with A there.
    expect(
      (await opponentsOf(t.database.db, { playerId: c.id })).find((o) => o.opponentId === a.id),
    ).toMatchObject({ hands: 3, won: 1, lost: 1, opponentWon: 1, net: "0.00" });
    // The player's hand history: 4 hands, each with the player's net and a verify link.
    const hands = await cardHands(t.database.db, { playerId: a.id, page: 1 });
    expect(hands).toHaveLength(4);
    expect(hands.every((h) => h.status === "complete" && h.verifyUrl?.includes(h.handId))).toBe(true);
    expect(
      hands.flatMap((h) => h.players.filter((p) => p.playerId === a.id).map((p) => p.net)).sort(),
    ).toEqual(["-1.00", "-1.00", "0.00", "1.00"].sort());

    // Pairs: A–B 4 hands together (all of each one's), A–C and B–C 3 (all of C's).
    const day = { from: "2026-11-29", to: "2026-11-29" };
    const pairs = await frequentPairs(t.database.db, { ...day, minHands: 3, minSharePercent: 100 });
    const mine = pairs.filter((p) => [a.id, b.id, c.id].includes(p.playerA));
    expect(mine.map((p) => [p.playerA, p.playerB, p.together, p.sharePercent, p.sameAddress])).toEqual([
      [a.id, b.id, 4, "100.0", true],
      [a.id, c.id, 3, "100.0", false],
      [b.id, c.id, 3, "100.0", false],
    ]);
    const strict = await frequentPairs(t.database.db, { ...day, minHands: 4, minSharePercent: 100 });
    expect(strict.filter((p) => p.playerA === a.id).map((p) => p.playerB)).toEqual([b.id]);

    // The rake report: the three-handed table's 3 hands that day, no rake (no flop, no drop).
    const report = await rakeReport(t.database.db, day);
    expect(report.find((r) => r.tableId === three && r.day === "2026-11-29")).toMatchObject({
      hands: 3,
      voided: 0,
      rake: "0.00",
    });
    expect(report.find((r) => r.tableId === three && r.day === null)).toMatchObject({ hands: 3 });
  });
});
