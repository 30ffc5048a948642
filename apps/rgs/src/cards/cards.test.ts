import { randomUUID } from "node:crypto";
import { type CardId, verifyDeck } from "@panalo/game-math/cards/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { grant, makeRule } from "../../../server/src/testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { Transport } from "../protocol-client.ts";
import { type RoundsContext, roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import {
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import {
  actOnHand,
  CARDS_VENDOR,
  type CardAction,
  cardsKey,
  cardTables,
  type HandView,
  handView,
  joinTable,
  leaveTable,
  publishTable,
  rebuy,
  type SeatPush,
  sendEmote,
  stepTable,
  sweepCards,
  tableStacks,
  withMine,
} from "./engine.ts";

// The card rooms through the provider protocol on the database (PGlite by default, PostgreSQL
// with TEST_DATABASE_URL): buy-ins, hands, timeouts, stand-ups, on the test's clock. The leader's
// steps are called by the test (no background loop in tests), so nothing depends on timing.
describe("card rooms (Hold'em and Tongits)", () => {
  let t: TestApp;
  let clock = new Date("2026-11-29T10:00:00.000Z");
  let ctx: RoundsContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = roomTestContext(t, () => clock, { holder: "cards-a", leaseTtlMs: 60_000 });
  });
  afterAll(async () => t.close());

  const newTable = async (game: "holdem" | "tongits", o: { bankMs?: number; seats?: number } = {}) => {
    const id = `${game}-t${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      game === "holdem"
        ? sql`INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, seats, min_buy_in, max_buy_in,
                rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
              VALUES (${id}, 'holdem', 'Test', 100, 200, ${o.seats ?? 6}, 4000, 20000, 50000, 3000, 20000,
                ${o.bankMs ?? 0}, 0)`
        : sql`INSERT INTO rgs.card_tables (id, game, name, stake, seats, min_buy_in, max_buy_in,
                rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
              VALUES (${id}, 'tongits', 'Test', 100, 3, 10000, 50000, 50000, 3000, 20000, ${o.bankMs ?? 0}, 0)`,
    );
    return id;
  };
  const sitDown = async (tableId: string, buyIn: bigint, funds = 1_000_00n) => {
    const p = await fundedPlayer(t, funds, CARDS_VENDOR);
    const opened = await openRoomSession(ctx, {
      vendor: CARDS_VENDOR,
      gameId: `cards:${tableId}`,
      token: p.token,
      lang: "EN",
    });
    const session = await liveSession(ctx, opened.sessionId);
    const seat = await joinTable(ctx, session, { requestId: "join", buyIn });
    return { p, session, seat };
  };
  const handRow = async (tableId: string) =>
    (
      await rows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} ORDER BY no DESC LIMIT 1`,
      )
    )[0] as Record<string, unknown>;
  const actionsOf = async (handId: string) =>
    rows<{ seq: number; seat: number; action: CardAction; timed_out: boolean; request_id: string }>(
      t.database.db,
      sql`SELECT seq, seat, action, timed_out, request_id FROM rgs.card_actions WHERE hand_id = ${handId} ORDER BY seq`,
    );
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof RgsError ? e.code : String(e)),
    );

  it("plays a full Hold'em hand: buy-ins debited, committed deck, showdown, rake, stand-ups credited", async () => {
    const tableId = await newTable("holdem");
    const a = await sitDown(tableId, 100_00n);
    const b = await sitDown(tableId, 100_00n);
    expect(await mainBalance(t, a.p.id)).toBe(900_00n);
    expect((await cardTables(ctx, { game: "holdem" })).find((x) => x.tableId === tableId)).toMatchObject({
      seatsTaken: 2,
      seats: 6,
      minBuyIn: "40.00",
      maxBuyIn: "200.00",
    });
    // The table's socket hears that the table changed, and nothing of the cards.
    const heard: Array<{ type: string; game: unknown }> = [];
    ctx.hub.join(cardsKey(tableId), { playerId: null, send: (text) => heard.push(JSON.parse(text)) });
    await stepTable(ctx, tableId);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard[0]).toMatchObject({ type: "cards.changed", game: { tableId } });
    // Each seat's socket gets its own view with the event: the public view and only its own
    // part (its cards, its moves); a spectator's socket gets the public view, nobody's cards.
    type Pushed = { type: string; game?: { view?: HandView }; mine?: SeatPush | null };
    const toA: Pushed[] = [];
    const toNobody: Pushed[] = [];
    ctx.hub.join(cardsKey(tableId), { playerId: a.session.playerId, send: (x) => toA.push(JSON.parse(x)) });
    ctx.hub.join(cardsKey(tableId), { playerId: null, send: (x) => toNobody.push(JSON.parse(x)) });
    await publishTable(ctx, tableId);
    await expect.poll(() => toA.length * toNobody.length).toBeGreaterThan(0);
    const pushed = toA.at(-1) as Pushed;
    const asRead = await handView(ctx, a.session);
    expect({ ...withMine(pushed.game?.view as HandView, pushed.mine), now: null }).toEqual({
      ...asRead,
      now: null,
    });
    const holes = (v: HandView | undefined) =>
      (
        (v?.hand?.game ?? { players: [] }) as { players: Array<{ seat: number; hole: string[] | null }> }
      ).players
        .filter((x) => x.hole !== null)
        .map((x) => x.seat);
    expect(holes(withMine(pushed.game?.view as HandView, pushed.mine))).toEqual([a.seat.seat]);
    expect(holes(toNobody.at(-1)?.game?.view)).toEqual([]);
    expect(toNobody.at(-1)?.mine).toBeNull();
    // B's cards travel to nobody but B.
    const bView = await handView(ctx, b.session);
    const bHole = (
      (bView.hand?.game ?? { players: [] }) as { players: Array<{ seat: number; hole: string[] | null }> }
    ).players.find((x) => x.seat === b.seat.seat)?.hole as string[];
    expect(bHole).toHaveLength(2);
    for (const c of bHole) expect(JSON.stringify([...toA, ...toNobody])).not.toContain(`"${c}"`);
    const before = await handView(ctx, a.session);
    // Before the hand: the seed's hash and the deck hash shown, the seed not.
    expect(before.hand).toMatchObject({ status: "playing", serverSeed: null });
    expect(before.hand?.deckHash).toMatch(/^[0-9a-f]{64}$/);
    const players = new Map<number, SessionRow>([
      [a.seat.seat, a.session],
      [b.seat.seat, b.session],
    ]);
    // Both players call or check to the river: the hand sees the flop and goes to showdown.
    for (let i = 0; i < 20; i++) {
      const h = await handRow(tableId);
      if (h.status !== "playing") break;
      const session = players.get(Number(h.acting_seat)) as SessionRow;
      const legal = (await handView(ctx, session)).hand?.legal as { check: boolean };
      await actOnHand(ctx, session, { requestId: `r${i}`, action: { type: legal.check ? "check" : "call" } });
    }
    const after = await handView(ctx, a.session);
    expect(after.hand?.status).toBe("complete");
    // The seed revealed after the hand recomputes the deck the hash committed to.
    const h = await handRow(tableId);
    const check = verifyDeck({
      serverSeed: String(after.hand?.serverSeed),
      serverSeedHash: String(after.hand?.serverSeedHash),
      clientSeed: String(after.hand?.clientSeed),
      handId: String(after.hand?.handId),
      deckHash: String(after.hand?.deckHash),
      cards: h.cards as CardId[],
    });
    expect(check.ok).toBe(true);
    // A pot of 4.00 that saw the flop: 5 % rake = 0.20 (under the 30.00 cap); the stacks hold the rest.
    expect(after.hand?.rake).toBe("0.20");
    const stacks = await tableStacks(t.database.db, tableId);
    expect([...stacks.values()].reduce((x, y) => x + y, 0n)).toBe(200_00n - 20n);
    // A repeated request id answers and changes nothing.
    await actOnHand(ctx, a.session, { requestId: "r0", action: { type: "call" } });
    expect(await tableStacks(t.database.db, tableId)).toEqual(stacks);
    // Stand up: one credit each, of the stack.
    await leaveTable(ctx, a.seat.seatId, a.session);
    await leaveTable(ctx, b.seat.seatId, b.session);
    expect((await mainBalance(t, a.p.id)) + (await mainBalance(t, b.p.id))).toBe(2_000_00n - 20n);
    for (const p of [a.p, b.p]) {
      const moves = await providerRows(t, p.id);
      expect(moves.map((m) => m.kind).sort()).toEqual(["bet", "win"]);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("deals nine players at one table: blinds in seat order, side pots of nine stacks, money exact", async () => {
    const tableId = await newTable("holdem", { seats: 9 });
    // Nine different stacks (40.00 … 200.00), so the all-in hand below has a side pot per stack.
    const ps: Array<Awaited<ReturnType<typeof sitDown>>> = [];
    for (let i = 0; i < 9; i++) ps.push(await sitDown(tableId, 40_00n + 20_00n * BigInt(i)));
    expect(ps.map((p) => p.seat.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await cardTables(ctx)).find((x) => x.tableId === tableId)).toMatchObject({
      seatsTaken: 9,
      seats: 9,
    });
    const bySeat = new Map(ps.map((p) => [p.seat.seat, p]));
    const total = ps.reduce((a, p) => a + BigInt(p.seat.stack.replace(".", "")), 0n);
    const stackSum = async () =>
      [...(await tableStacks(t.database.db, tableId)).values()].reduce((a, b) => a + b, 0n);
    const play = async (choose: (legal: { check: boolean; call: number | null }) => CardAction) => {
      for (let i = 0; i < 200; i++) {
        const h = await handRow(tableId);
        if (h.status !== "playing") return h;
        const p = bySeat.get(Number(h.acting_seat)) as (typeof ps)[number];
        const legal = (await handView(ctx, p.session)).hand?.legal as { check: boolean; call: number | null };
        await actOnHand(ctx, p.session, { requestId: `n${String(h.no)}-${i}`, action: choose(legal) });
      }
      throw new Error("hand did not end");
    };

    // Hand 1: everyone calls and checks to the showdown. The button is seat 1, the blinds seats 2
    // and 3, and seat 4 (under the gun) acts first; all nine are dealt in.
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, tableId);
    const first = await handRow(tableId);
    expect(Number(first.button)).toBe(1);
    expect(Number(first.acting_seat)).toBe(4);
    const view = await handView(ctx, ps[0]?.session as SessionRow);
    const players = (
      (view.hand?.game ?? { players: [] }) as { players: Array<{ seat: number; hole: string[] | null }> }
    ).players;
    expect(players.map((x) => x.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Each player sees their own two cards and nobody else's.
    expect(players.filter((x) => x.hole !== null).map((x) => x.seat)).toEqual([1]);
    const done1 = await play((l) => ({ type: l.check ? "check" : "call" }));
    expect(done1.status).toBe("complete");
    const log1 = (done1.state as { holdem: { log: Array<{ seat: number; action: string }> } }).holdem.log;
    expect(log1.slice(0, 3).map((l) => [l.seat, l.action])).toEqual([
      [2, "small_blind"],
      [3, "big_blind"],
      [4, "call"],
    ]);
    // A pot of 9 × 2.00 that saw the flop: 5 % rake, 0.90; every other centavo is in a stack.
    expect(String(done1.rake)).toBe("90");
    expect(await stackSum()).toBe(total - 90n);

    // Hand 2: the button moves to seat 2; everyone goes all in. The pots (a main pot and side
    // pots as the stacks differ) and the rake hold every chip put in, and no stack goes below 0.
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, tableId);
    const second = await handRow(tableId);
    expect(Number(second.button)).toBe(2);
    const before = await stackSum();
    const done2 = await play(() => ({ type: "all_in" }));
    expect(done2.status).toBe("complete");
    const pots = done2.pots as Array<{ amount: number; rake: number; eligible: number[] }>;
    expect(pots.length).toBeGreaterThan(1);
    // Each later pot is contested by fewer seats, each a subset of the one before.
    for (let k = 1; k < pots.length; k++) {
      const [prev, cur] = [pots[k - 1]?.eligible ?? [], pots[k]?.eligible ?? []];
      expect(cur.every((s) => prev.includes(s))).toBe(true);
      expect(cur.length).toBeLessThanOrEqual(prev.length);
    }
    const rake2 = BigInt(String(done2.rake));
    expect(rake2).toBe(3000n); // 5 % of a pot over 600.00 reaches the 30.00 cap
    expect(await stackSum()).toBe(before - rake2);
    const after = await tableStacks(t.database.db, tableId);
    expect([...after.values()].every((v) => v >= 0n)).toBe(true);

    // Everyone stands up: one credit each, and the nine balances lack exactly the two rakes.
    for (const p of ps) await leaveTable(ctx, p.seat.seatId, p.session);
    const balances = await Promise.all(ps.map((p) => mainBalance(t, p.p.id)));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(9n * 1_000_00n - 90n - rake2);
    for (const p of ps)
      expect((await providerRows(t, p.p.id)).map((m) => m.kind).sort()).toEqual(["bet", "win"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("tells the table a seated player's emote, at most one per seat every few seconds", async () => {
    const tableId = await newTable("holdem");
    const a = await sitDown(tableId, 50_00n);
    const b = await sitDown(tableId, 50_00n);
    const heard: Array<{ type: string; game: { seat: number; emote: string } }> = [];
    ctx.hub.join(cardsKey(tableId), { playerId: null, send: (text) => heard.push(JSON.parse(text)) });
    expect(await sendEmote(ctx, a.session, "thumbs_up")).toMatchObject({
      seat: a.seat.seat,
      emote: "thumbs_up",
    });
    await expect.poll(() => heard.filter((e) => e.type === "cards.emote").length).toBe(1);
    expect(heard.find((e) => e.type === "cards.emote")?.game).toMatchObject({
      seat: a.seat.seat,
      emote: "thumbs_up",
    });
    // Again at once: refused. Two of B's at the same instant: one passes (one guarded update).
    expect(await codeOf(sendEmote(ctx, a.session, "laugh"))).toBe("CARDS_EMOTE_TOO_FAST");
    const both = await Promise.all([
      codeOf(sendEmote(ctx, b.session, "wow")),
      codeOf(sendEmote(ctx, b.session, "cry")),
    ]);
    expect(both.sort()).toEqual(["CARDS_EMOTE_TOO_FAST", "ok"]);
    // Once the interval has passed, A may send again; a player who stood up may not.
    clock = new Date(clock.getTime() + 3_000);
    expect(await codeOf(sendEmote(ctx, a.session, "good_game"))).toBe("ok");
    await leaveTable(ctx, b.seat.seatId, b.session);
    clock = new Date(clock.getTime() + 3_000);
    expect(await codeOf(sendEmote(ctx, b.session, "angry"))).toBe("SEAT_CLOSED");
    await expect.poll(() => heard.filter((e) => e.type === "cards.emote").length).toBe(3);
    await leaveTable(ctx, a.seat.seatId, a.session);
  });

  it("takes no rake from a hand that ends before the flop, and a rebuy is one more debit", async () => {
    const tableId = await newTable("holdem");
    const a = await sitDown(tableId, 40_00n);
    const b = await sitDown(tableId, 40_00n);
    await stepTable(ctx, tableId);
    const h = await handRow(tableId);
    const actor = Number(h.acting_seat) === a.seat.seat ? a : b;
    await actOnHand(ctx, actor.session, { requestId: "f", action: { type: "fold" } });
    expect(String((await handRow(tableId)).rake)).toBe("0");
    const stacks = await tableStacks(t.database.db, tableId);
    expect([...stacks.values()].reduce((x, y) => x + y, 0n)).toBe(80_00n);
    const r = await rebuy(ctx, a.session, a.seat.seatId, { requestId: "rb1", amount: 10_00n });
    expect(BigInt(r.stack.replace(".", ""))).toBe((stacks.get(a.seat.seat) ?? 0n) + 10_00n);
    // The same rebuy again changes nothing; above the maximum buy-in it is refused.
    await rebuy(ctx, a.session, a.seat.seatId, { requestId: "rb1", amount: 10_00n });
    expect(await codeOf(rebuy(ctx, a.session, a.seat.seatId, { requestId: "rb2", amount: 200_00n }))).toBe(
      "CARDS_BUY_IN",
    );
    const moves = await providerRows(t, a.p.id);
    expect(moves.filter((m) => m.kind === "bet")).toHaveLength(2);
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n - 50_00n);
  });

  it("rolls back a rebuy whose answer was lost, once, and the stack stays as it was", async () => {
    const tableId = await newTable("holdem");
    const a = await sitDown(tableId, 50_00n);
    // The platform applies the rebuy's debit, but its answer never comes back.
    const inject = injectTransport(t);
    const lossy: Transport = async (url, payload, headers) => {
      const res = await inject(url, payload, headers);
      if (url.endsWith("/debit") && payload.includes(":rebuy:")) throw new Error("answer lost");
      return res;
    };
    const lost = roundsContext(
      testContext(t, lossy, () => clock),
      new RoundHub(),
      { holder: "cards-a" },
    );
    expect(await codeOf(rebuy(lost, a.session, a.seat.seatId, { requestId: "rb", amount: 20_00n }))).toBe(
      "PLATFORM_UNAVAILABLE",
    );
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n - 70_00n);
    // Past the lease the sweep rolls it back (twice run: once paid back).
    clock = new Date(clock.getTime() + 31_000);
    await sweepCards(ctx);
    await sweepCards(ctx);
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n - 50_00n);
    expect((await tableStacks(t.database.db, tableId)).get(a.seat.seat)).toBe(50_00n);
    const [r] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.card_rebuys WHERE seat_id = ${a.seat.seatId}`,
    );
    expect(r?.status).toBe("rolled_back");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("refuses bonus money at the buy-in with its own code", async () => {
    const tableId = await newTable("holdem");
    const p = await fundedPlayer(t, 10_00n, CARDS_VENDOR);
    const rule = await makeRule(t);
    await grant(t, p.id, rule, 100_00n, `cards-bonus-${p.id}`);
    const opened = await openRoomSession(ctx, {
      vendor: CARDS_VENDOR,
      gameId: `cards:${tableId}`,
      token: p.token,
      lang: "EN",
    });
    const session = await liveSession(ctx, opened.sessionId);
    // 10.00 real money and 100.00 bonus: a 50.00 buy-in would need bonus money.
    expect(await codeOf(joinTable(ctx, session, { requestId: "j", buyIn: 50_00n }))).toBe(
      "BONUS_BUY_IN_NOT_ALLOWED",
    );
    // The same request again: the same refusal, nothing moved.
    expect(await codeOf(joinTable(ctx, session, { requestId: "j", buyIn: 50_00n }))).toBe(
      "BONUS_BUY_IN_NOT_ALLOWED",
    );
    expect(await mainBalance(t, p.id)).toBe(10_00n);
    expect((await cardTables(ctx)).find((x) => x.tableId === tableId)?.seatsTaken).toBe(0);
  });

  it("decides a turn once when the player and the timer meet at its last instant (injected clock)", async () => {
    const tableId = await newTable("holdem", { bankMs: 5_000 });
    const a = await sitDown(tableId, 100_00n);
    const b = await sitDown(tableId, 100_00n);
    const bySeat = new Map([
      [a.seat.seat, a],
      [b.seat.seat, b],
    ]);
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, tableId);
    let h = await handRow(tableId);
    const actor = bySeat.get(Number(h.acting_seat)) as typeof a;
    const other = actor === a ? b : a;
    // The deadline plus the untouched time bank is the turn's last instant.
    clock = new Date(new Date(String(h.deadline)).getTime() + 5_000);
    const [mine, theirs] = await Promise.all([
      codeOf(actOnHand(ctx, actor.session, { requestId: "last", action: { type: "call" } })),
      codeOf(actOnHand(ctx, other.session, { requestId: "early", action: { type: "check" } })),
      stepTable(ctx, tableId),
      stepTable(ctx, tableId),
    ]);
    // At the last instant the player's call is in and the timer acts for nobody. The other
    // player's check is refused when it came first, and is the next turn's when it came after.
    expect(mine).toBe("ok");
    expect(["CARDS_NOT_YOUR_TURN", "ok"]).toContain(theirs);
    h = await handRow(tableId);
    let log = await actionsOf(String(h.id));
    expect(log.map((l) => [l.seat, l.action.type, l.timed_out])).toEqual([
      [actor.seat.seat, "call", false],
      ...(theirs === "ok" ? [[other.seat.seat, "check", false]] : []),
    ]);
    // The next turn: one millisecond past its deadline and bank, the player and the timer race
    // again; the timer wins (the player is refused) and acts once: check.
    const next = bySeat.get(Number(h.acting_seat)) as typeof a;
    clock = new Date(new Date(String(h.deadline)).getTime() + 5_000 + 1);
    const before = log.length;
    const [late] = await Promise.all([
      codeOf(actOnHand(ctx, next.session, { requestId: "late", action: { type: "check" } })),
      stepTable(ctx, tableId),
      stepTable(ctx, tableId),
    ]);
    expect(late).toBe("CARDS_TIMED_OUT");
    log = await actionsOf(String(h.id));
    // The leader extends the turn by the bank once (no action), then acts once on a later step.
    if (log.length === before) {
      await stepTable(ctx, tableId);
      log = await actionsOf(String(h.id));
    }
    expect(log.slice(before).map((l) => [l.seat, l.action.type, l.timed_out])).toEqual([
      [next.seat.seat, "check", true],
    ]);
    // A player whose turns keep running out is stood up after the hand, paid their stack once.
    for (let i = 0; i < 30; i++) {
      const seat = await rows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM rgs.room_seats WHERE id = ${next.seat.seatId}`,
      );
      if (seat[0]?.status !== "placed") break;
      const hand = await handRow(tableId);
      const who = bySeat.get(Number(hand.acting_seat));
      if (hand.status === "playing" && who && who !== next) {
        const legal = (await handView(ctx, who.session)).hand?.legal as { check: boolean } | null;
        if (legal)
          await actOnHand(ctx, who.session, {
            requestId: `p${i}`,
            action: { type: legal.check ? "check" : "call" },
          });
      } else {
        clock = new Date(clock.getTime() + 60_000);
        await stepTable(ctx, tableId);
      }
    }
    const gone = await rows<{ status: string; win: unknown }>(
      t.database.db,
      sql`SELECT status, win FROM rgs.room_seats WHERE id = ${next.seat.seatId}`,
    );
    expect(gone[0]?.status).toBe("settled");
    expect(await mainBalance(t, next.p.id)).toBe(900_00n + BigInt(String(gone[0]?.win)));
  });

  it("plays a Tongits game of three, a timed-out turn drawing and discarding the card drawn", async () => {
    const tableId = await newTable("tongits");
    const ps = [
      await sitDown(tableId, 200_00n),
      await sitDown(tableId, 200_00n),
      await sitDown(tableId, 200_00n),
    ];
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, tableId);
    const bySeat = new Map(ps.map((p) => [p.seat.seat, p.session]));
    let h = await handRow(tableId);
    // The dealer plays a turn (no draw: discard), then the next player lets the clock run out.
    const dealer = bySeat.get(Number(h.acting_seat)) as SessionRow;
    const legal0 = (await handView(ctx, dealer)).hand?.legal as CardAction[];
    await actOnHand(ctx, dealer, {
      requestId: "d0",
      action: legal0.find((x) => x.type === "discard") as CardAction,
    });
    h = await handRow(tableId);
    const sleeper = Number(h.acting_seat);
    clock = new Date(new Date(String(h.deadline)).getTime() + 1);
    await stepTable(ctx, tableId);
    const log = await actionsOf(String(h.id));
    const timed = log.filter((l) => l.timed_out);
    expect(timed.map((l) => [l.seat, l.action.type])).toEqual([
      [sleeper, "draw"],
      [sleeper, "discard"],
    ]);
    // The card discarded is the card drawn: the top of the discard pile, not in the hand.
    const view = await handView(ctx, bySeat.get(sleeper) as SessionRow);
    const game = view.hand?.game as {
      discards: string[];
      players: Array<{ seat: number; hand: string[] | null }>;
    };
    const discarded = game.discards.at(-1) as string;
    expect(game.players.find((p) => p.seat === sleeper)?.hand).not.toContain(discarded);
    // The next player draws, then lets the clock run out: the card drawn is the one discarded.
    h = await handRow(tableId);
    const drawer = Number(h.acting_seat);
    const cardsOf = async (seat: number) => {
      const g = (await handView(ctx, bySeat.get(seat) as SessionRow)).hand?.game as typeof game | undefined;
      return g?.players.find((p) => p.seat === seat)?.hand ?? [];
    };
    const handBefore = await cardsOf(drawer);
    await actOnHand(ctx, bySeat.get(drawer) as SessionRow, { requestId: "draw1", action: { type: "draw" } });
    const handAfter = await cardsOf(drawer);
    const drawnCard = handAfter.find((c) => !handBefore.includes(c));
    h = await handRow(tableId);
    clock = new Date(new Date(String(h.deadline)).getTime() + 1);
    await stepTable(ctx, tableId);
    const afterTimeout = (await handView(ctx, bySeat.get(drawer) as SessionRow)).hand?.game as typeof game;
    expect(afterTimeout.discards.at(-1)).toBe(drawnCard);
    // Play on to the end: draw, lay a meld when one is there, else discard.
    for (let i = 0; i < 400; i++) {
      h = await handRow(tableId);
      if (h.status !== "playing") break;
      const s = bySeat.get(Number(h.acting_seat)) as SessionRow;
      const legal = (await handView(ctx, s)).hand?.legal as CardAction[];
      const pick =
        legal.find((x) => x.type === "draw") ??
        legal.find((x) => x.type === "fight") ??
        legal.find((x) => x.type === "meld" && !x.secret) ??
        legal.find((x) => x.type === "discard") ??
        (legal[0] as CardAction);
      await actOnHand(ctx, s, { requestId: `g${i}`, action: pick });
    }
    h = await handRow(tableId);
    expect(h.status).toBe("complete");
    const result = h.result as { winner: number; paid: Record<string, string> };
    const paid = Object.values(result.paid).reduce((x, y) => x + BigInt(y), 0n);
    // What the losers paid is what the winner took plus the rake.
    expect(paid).toBe(-BigInt(String(h.rake)));
    const stacks = await tableStacks(t.database.db, tableId);
    expect([...stacks.values()].reduce((x, y) => x + y, 0n)).toBe(600_00n - BigInt(String(h.rake)));
    for (const p of ps) await leaveTable(ctx, p.seat.seatId, p.session);
    const total = (await Promise.all(ps.map((p) => mainBalance(t, p.p.id)))).reduce((x, y) => x + y, 0n);
    expect(total).toBe(3_000_00n - BigInt(String(h.rake)));
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("races: two players for the last seat, and a leave against the hand's last action (different ids)", async () => {
    const tableId = await newTable("tongits");
    await sitDown(tableId, 200_00n);
    await sitDown(tableId, 200_00n);
    const joiners = await Promise.all(
      [0, 1].map(async () => {
        const p = await fundedPlayer(t, 1_000_00n, CARDS_VENDOR);
        const o = await openRoomSession(ctx, {
          vendor: CARDS_VENDOR,
          gameId: `cards:${tableId}`,
          token: p.token,
          lang: "EN",
        });
        return { p, session: await liveSession(ctx, o.sessionId) };
      }),
    );
    const codes = await Promise.all(
      joiners.map((j) => codeOf(joinTable(ctx, j.session, { requestId: "last-seat", buyIn: 200_00n }))),
    );
    // One takes the third seat; the other is refused before any debit.
    expect(codes.sort()).toEqual(["ROOM_FULL", "ok"]);
    const balances = await Promise.all(joiners.map((j) => mainBalance(t, j.p.id)));
    expect(balances.sort((m, n) => Number(m - n))).toEqual([800_00n, 1_000_00n]);
    // A Hold'em hand of two: the last action and the leave of the folding player race.
    const h2 = await newTable("holdem");
    const x = await sitDown(h2, 100_00n);
    const y = await sitDown(h2, 100_00n);
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, h2);
    const hand = await handRow(h2);
    const [actor, waiting] = Number(hand.acting_seat) === x.seat.seat ? [x, y] : [y, x];
    await Promise.all([
      actOnHand(ctx, actor.session, { requestId: "fold", action: { type: "fold" } }),
      leaveTable(ctx, actor.seat.seatId, actor.session),
      leaveTable(ctx, waiting.seat.seatId, waiting.session),
    ]);
    // Whichever came first, every leave is paid once, after the hand: the leavers get their
    // final stacks (the hand's 1.00 or 2.00 blind moved), and the ledger balances.
    await stepTable(ctx, h2);
    const done = await handRow(h2);
    expect(done.status).toBe("complete");
    for (const p of [x, y]) {
      const rowsOf = await providerRows(t, p.p.id);
      expect(rowsOf.map((m) => m.kind).sort()).toEqual(["bet", "win"]);
    }
    expect((await mainBalance(t, x.p.id)) + (await mainBalance(t, y.p.id))).toBe(2_000_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("voids a hand whose leader lost the lease: stacks back to the hand's start, once", async () => {
    const tableId = await newTable("holdem");
    const a = await sitDown(tableId, 100_00n);
    const b = await sitDown(tableId, 100_00n);
    clock = new Date(clock.getTime() + 1000);
    await stepTable(ctx, tableId);
    const h = await handRow(tableId);
    const actor = Number(h.acting_seat) === a.seat.seat ? a : b;
    await actOnHand(ctx, actor.session, { requestId: "x", action: { type: "raise", to: 1000 } });
    // A player asks to leave mid-hand: marked, not paid while the hand can still move the stack.
    await leaveTable(ctx, a.seat.seatId, a.session);
    expect(await mainBalance(t, a.p.id)).toBe(900_00n);
    // The leader goes silent; another process takes the lease once it expires.
    clock = new Date(clock.getTime() + 61_000);
    const other = { ...ctx, holder: "cards-b" };
    expect(await codeOf(actOnHand(ctx, b.session, { requestId: "y", action: { type: "call" } }))).toBe(
      "SERVICE_UNAVAILABLE",
    );
    await Promise.all([stepTable(other, tableId), stepTable(other, tableId)]);
    const voided = (
      await rows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM rgs.card_hands WHERE id = ${String(h.id)}`,
      )
    )[0];
    expect(voided?.status).toBe("void");
    // The player who asked to leave is paid the start stack, once; the other keeps theirs.
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n);
    expect((await tableStacks(t.database.db, tableId)).get(b.seat.seat)).toBe(100_00n);
    await stepTable(other, tableId);
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
  it("sweeps: renews every lease in one pass, steps a table only when something is due", async () => {
    const tableId = await newTable("holdem");
    const key = cardsKey(tableId);
    const leaseOf = async () =>
      (
        await rows<{ holder: string; expires_at: unknown }>(
          t.database.db,
          sql`SELECT holder, expires_at FROM rgs.table_leases WHERE table_id = ${key}`,
        )
      )[0];
    await sitDown(tableId, 100_00n);
    await sitDown(tableId, 100_00n);
    // No hand yet: the table is due, the sweep takes its lease and deals.
    await sweepCards(ctx);
    const h = await handRow(tableId);
    expect(h).toMatchObject({ status: "playing", holder: "cards-a" });
    // A turn with time left: the lease is renewed, nothing else happens.
    clock = new Date(clock.getTime() + 10_000);
    await sweepCards(ctx);
    expect(new Date(String((await leaseOf())?.expires_at)).getTime()).toBe(clock.getTime() + 60_000);
    expect(await actionsOf(String(h.id))).toHaveLength(0);
    // The turn's clock ran out: the sweep acts for the player.
    clock = new Date(clock.getTime() + 11_000);
    await sweepCards(ctx);
    const timed = await actionsOf(String(h.id));
    expect(timed).toHaveLength(1);
    expect(timed[0]?.timed_out).toBe(true);
    // The big blind folded on the timeout; the same step dealt the next hand (no pause here).
    const next = await handRow(tableId);
    expect(next).toMatchObject({ status: "playing", holder: "cards-a" });
    // Another process's sweep leaves a leased table alone.
    const other = { ...ctx, holder: "cards-b" };
    await sweepCards(other);
    expect((await leaseOf())?.holder).toBe("cards-a");
    expect((await handRow(tableId)).id).toBe(next.id);
    // Once the lease lapses it takes the table and voids the hand the silent leader dealt: the
    // stacks go back to that hand's start.
    const stacks = await tableStacks(t.database.db, tableId);
    clock = new Date(clock.getTime() + 61_000);
    await sweepCards(other);
    expect((await leaseOf())?.holder).toBe("cards-b");
    const [old] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.card_hands WHERE id = ${String(next.id)}`,
    );
    expect(old?.status).toBe("void");
    // The same step deals again (no pause at this table), under the new leader.
    expect(await handRow(tableId)).toMatchObject({ status: "playing", holder: "cards-b" });
    expect(await tableStacks(t.database.db, tableId)).toEqual(stacks);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
