import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniformInt, type WordSource } from "../uniform.ts";
import { xoshiro128 } from "../xoshiro.ts";
import { parseCards, shuffleDeck } from "./deck.ts";
import {
  act,
  chipsInPlay,
  defaultAction,
  type HoldemAction,
  type HoldemConfig,
  type HoldemState,
  legalActions,
  startHand,
} from "./holdem.ts";
import { buildPots, splitPot, uncalled } from "./holdem-pots.ts";

const config: HoldemConfig = { smallBlind: 50, bigBlind: 100, rakePpm: 50_000, rakeCap: 300 };

/** A deck whose first cards are the given ones (the rest in order). */
function stacked(names: string): number[] {
  const top = parseCards(names);
  return [...top, ...Array.from({ length: 52 }, (_, i) => i).filter((c) => !top.includes(c))];
}

function play(s: HoldemState, ...steps: [number, HoldemAction][]): HoldemState {
  let state = s;
  for (const [player, action] of steps) {
    const r = act(state, player, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} by ${player}: ${r.code}`);
    state = r.state;
  }
  return state;
}

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));

describe("hold'em blinds, order and betting", () => {
  it("heads-up: the button posts the small blind, acts first pre-flop and last after", () => {
    const s = startHand({ config, seats: seats(10_000, 10_000), buttonSeat: 0, deck: stacked("") });
    expect(s.players[0]?.streetBet).toBe(50);
    expect(s.players[1]?.streetBet).toBe(100);
    expect(s.toAct).toBe(0);
    // Dealing starts left of the button: the big blind gets the first card.
    expect(s.players[1]?.hole[0]).toBe(s.deck[0]);
    const flop = play(s, [0, { type: "call" }], [1, { type: "check" }]);
    expect(flop.phase).toBe("flop");
    expect(flop.board).toEqual(s.deck.slice(5, 8)); // four hole cards, a burn, the flop
    expect(flop.toAct).toBe(1);
  });

  it("three or more: blinds left of the button, under the gun first, big blind's option", () => {
    const s = startHand({
      config,
      seats: seats(10_000, 10_000, 10_000, 10_000),
      buttonSeat: 3,
      deck: stacked(""),
    });
    expect(s.players.map((p) => p.streetBet)).toEqual([50, 100, 0, 0]);
    expect(s.toAct).toBe(2);
    const option = play(s, [2, { type: "call" }], [3, { type: "call" }], [0, { type: "call" }]);
    expect(option.toAct).toBe(1);
    expect(legalActions(option)).toMatchObject({ check: true, raise: { min: 200, max: 10_000 } });
  });

  it("requires a raise of at least the last full raise, and refuses less", () => {
    const s = startHand({ config, seats: seats(10_000, 10_000, 10_000), buttonSeat: 0, deck: stacked("") });
    const raised = play(s, [0, { type: "raise", to: 350 }]); // raise of 250
    expect(legalActions(raised)?.raise?.min).toBe(600);
    expect(act(raised, 1, { type: "raise", to: 599 })).toEqual({ ok: false, code: "AMOUNT_OUT_OF_RANGE" });
    expect(act(raised, 2, { type: "call" })).toEqual({ ok: false, code: "NOT_YOUR_TURN" });
    expect(act(raised, 1, { type: "check" })).toEqual({ ok: false, code: "CANNOT_CHECK" });
  });

  it("a short all-in raise does not reopen the betting to a player who already acted", () => {
    // Seats: 0 button, 1 SB, 2 BB, 3 short (250 behind + nothing posted).
    const s = startHand({
      config,
      seats: seats(10_000, 10_000, 10_000, 250),
      buttonSeat: 0,
      deck: stacked(""),
    });
    const flop = play(
      s,
      [3, { type: "call" }],
      [0, { type: "call" }],
      [1, { type: "call" }],
      [2, { type: "check" }],
    );
    expect(flop.phase).toBe("flop");
    // Flop: SB bets 100, BB calls, short stack all-in for 150 (a raise of 50 < 100).
    const after = play(flop, [1, { type: "bet", to: 100 }], [2, { type: "call" }], [3, { type: "all_in" }]);
    expect(after.currentBet).toBe(150);
    expect(after.toAct).toBe(0); // the button has not acted: may raise
    expect(legalActions(after)?.raise).not.toBeNull();
    const back = play(after, [0, { type: "call" }]);
    expect(back.toAct).toBe(1);
    expect(legalActions(back)).toMatchObject({ call: 50, raise: null }); // acted, not reopened
    expect(act(back, 1, { type: "raise", to: 400 })).toEqual({ ok: false, code: "CANNOT_RAISE" });
  });

  it("short all-ins adding up to a full raise reopen the betting", () => {
    const s = startHand({
      config,
      seats: seats(10_000, 10_000, 10_000, 250, 320),
      buttonSeat: 0,
      deck: stacked(""),
    });
    const flop = play(
      s,
      [3, { type: "call" }],
      [4, { type: "call" }],
      [0, { type: "call" }],
      [1, { type: "call" }],
      [2, { type: "check" }],
    );
    // SB bets 100, BB calls, 150 all-in (+50), 220 all-in (+70): the bet grew by 120 ≥ 100.
    const after = play(
      flop,
      [1, { type: "bet", to: 100 }],
      [2, { type: "call" }],
      [3, { type: "all_in" }],
      [4, { type: "all_in" }],
      [0, { type: "call" }],
    );
    expect(after.currentBet).toBe(220);
    expect(after.toAct).toBe(1);
    expect(legalActions(after)?.raise).toEqual({ min: 320, max: 9_900 });
  });

  it("returns an uncalled bet and takes no rake when the hand ends before the flop", () => {
    const s = startHand({ config, seats: seats(10_000, 10_000, 10_000), buttonSeat: 0, deck: stacked("") });
    const done = play(s, [0, { type: "raise", to: 300 }], [1, { type: "fold" }], [2, { type: "fold" }]);
    expect(done.phase).toBe("complete");
    expect(done.result?.returned).toEqual({ seat: 0, amount: 200 });
    expect(done.result?.rake).toBe(0);
    expect(done.players.map((p) => p.stack)).toEqual([10_150, 9_950, 9_900]);
  });
});

describe("hold'em showdown, side pots, split pots and rake", () => {
  it("builds side pots by level and pays each to the best hand that contests it", () => {
    // Hole cards go left of the button first: seat 1, 2, 0, then again.
    // Seat 0 (button) short 500 holds aces, seat 1 holds kings, seat 2 queens; board blanks.
    const deck = stacked("Ks Qs As Kd Qd Ad 2c 3h 7d 9c 4s 8h Jc 5h");
    const s = startHand({ config, seats: seats(500, 2_000, 2_000), buttonSeat: 0, deck });
    const done = play(s, [0, { type: "all_in" }], [1, { type: "raise", to: 2_000 }], [2, { type: "call" }]);
    expect(done.phase).toBe("complete");
    expect(done.board).toEqual(parseCards("3h 7d 9c 8h 5h"));
    const [main, side] = done.result?.pots ?? [];
    expect(main).toMatchObject({ amount: 1_500, rake: 75, winners: [0] });
    expect(side).toMatchObject({ amount: 3_000, rake: 150, winners: [1] });
    expect(done.result?.rake).toBe(225);
    expect(done.players.map((p) => p.stack)).toEqual([1_425, 2_850, 0]);
    const capped = play(
      startHand({
        config: { ...config, rakeCap: 100 },
        seats: seats(500, 2_000, 2_000),
        buttonSeat: 0,
        deck,
      }),
      [0, { type: "all_in" }],
      [1, { type: "raise", to: 2_000 }],
      [2, { type: "call" }],
    );
    expect(capped.result?.pots.map((p) => p.rake)).toEqual([75, 25]); // main pot first, then the cap
    expect(chipsInPlay(done)).toBe(4_500);
  });

  it("splits a pot with the odd centavo to the first winner left of the button", () => {
    // The board is a broadway straight that both players left play; the small blind folded 1 in.
    const deck = stacked("2c 3c 4c 2d 3d 4d 9s Ts Jh Qd 5s Kc 6h Ac");
    const s = startHand({
      config: { smallBlind: 1, bigBlind: 2, rakePpm: 0, rakeCap: 0 },
      seats: seats(1_000, 1_000, 1_000),
      buttonSeat: 2,
      deck,
    });
    // Button seat 2 acts first pre-flop; small blind seat 0, big blind seat 1.
    let state = play(s, [2, { type: "call" }], [0, { type: "fold" }], [1, { type: "check" }]);
    for (let k = 0; k < 3; k++) state = play(state, [1, { type: "check" }], [2, { type: "check" }]);
    const pot = state.result?.pots[0];
    expect(pot?.amount).toBe(5);
    expect(pot?.winners).toEqual([1, 2]);
    // Left of the button (seat 2): seat 0 (folded), then seat 1, who gets the odd centavo.
    expect(pot?.shares).toEqual({ 1: 3, 2: 2 });
    expect(splitPot(7, [0, 1], 3, 2).get(0)).toBe(4);
    expect(splitPot(7, [0, 1], 3, 0).get(1)).toBe(4);
    expect(splitPot(10, [0, 1, 2], 3, 1)).toEqual(
      new Map([
        [2, 4],
        [0, 3],
        [1, 3],
      ]),
    );
  });

  it("lets a losing hand muck, and shows a hand that can still win", () => {
    // Seat 1 (BB, first to show: no river bet, first left of the button) holds the best hand.
    const deck = stacked("As 2c Ad 3d 9h Tc 4s 8h Jc 6h 5s Kd");
    const s = startHand({ config, seats: seats(5_000, 5_000), buttonSeat: 0, deck });
    let state = play(s, [0, { type: "call" }], [1, { type: "check" }]);
    for (let k = 0; k < 3; k++) state = play(state, [1, { type: "check" }], [0, { type: "check" }]);
    expect(state.phase).toBe("showdown");
    expect(state.players[1]?.shown).toBe(true);
    expect(legalActions(state)).toMatchObject({ player: 0, show: true, muck: true });
    const done = play(state, [0, { type: "muck" }]);
    expect(done.result?.shown).toEqual({ 1: expect.any(Number) });
    expect(done.result?.won).toEqual({ 1: 190 }); // 5 % rake: the hand saw a flop
  });

  it("at showdown the river's last raiser shows first and a beaten caller may muck", () => {
    // Three players, button seat 0; holes go seats 1, 2, 0, 1, 2, 0: seat 0 kings, seat 2 nines.
    const deck = stacked("7c 9s Kc 2d 9h Kd 3s 4h 5d Jc 8s Qh 6c Ts");
    const s = startHand({ config, seats: seats(5_000, 5_000, 5_000), buttonSeat: 0, deck });
    let state = play(s, [0, { type: "call" }], [1, { type: "call" }], [2, { type: "check" }]);
    for (let k = 0; k < 2; k++)
      state = play(state, [1, { type: "check" }], [2, { type: "check" }], [0, { type: "check" }]);
    expect(state.board).toEqual(parseCards("4h 5d Jc Qh Ts"));
    state = play(
      state,
      [1, { type: "check" }],
      [2, { type: "bet", to: 200 }],
      [0, { type: "raise", to: 600 }],
      [1, { type: "fold" }],
      [2, { type: "call" }],
    );
    expect(state.phase).toBe("showdown");
    expect(state.players.map((p) => p.shown)).toEqual([true, false, false]); // the raiser first
    expect(legalActions(state)).toMatchObject({ seat: 2, show: true, muck: true, call: null });
    expect(act(state, 2, { type: "call" })).toEqual({ ok: false, code: "MUST_SHOW" });
    const done = play(state, [2, { type: "muck" }]);
    expect(Object.keys(done.result?.shown ?? {})).toEqual(["0"]);
    expect(done.result?.won).toEqual({ 0: 1_425 }); // 1,500 less 5 % rake
  });

  it("builds pots from commitments and finds the uncalled part", () => {
    const c = [
      { player: 0, committed: 100, folded: false },
      { player: 1, committed: 300, folded: false },
      { player: 2, committed: 200, folded: true },
      { player: 3, committed: 300, folded: false },
    ];
    expect(buildPots(c)).toEqual([
      { amount: 400, eligible: [0, 1, 3] },
      { amount: 500, eligible: [1, 3] },
    ]);
    expect(uncalled(c)).toBeNull();
    expect(uncalled([...c.slice(0, 3), { player: 3, committed: 700, folded: false }])).toEqual({
      player: 3,
      amount: 400,
    });
  });
});

/** Random legal play: every choice drawn from the word source. */
function randomHand(
  words: WordSource,
  stacks: number[],
  buttonSeat: number,
  cfg: HoldemConfig,
): HoldemState[] {
  let s = startHand({ config: cfg, seats: seats(...stacks), buttonSeat, deck: shuffleDeck(words) });
  const states = [s];
  for (let guard = 0; s.phase !== "complete"; guard++) {
    if (guard > 500) throw new Error("hand did not end");
    const legal = legalActions(s);
    if (!legal) throw new Error("no one to act in an unfinished hand");
    const options: HoldemAction[] = [];
    if (legal.show) options.push({ type: "show" }, { type: "muck" });
    if (legal.fold && uniformInt(words, 4) === 0) options.push({ type: "fold" });
    if (legal.check) options.push({ type: "check" });
    if (legal.call !== null) options.push({ type: "call" }, { type: "call" });
    for (const [type, range] of [
      ["bet", legal.bet],
      ["raise", legal.raise],
    ] as const) {
      if (range) {
        options.push({ type, to: range.min }, { type, to: range.max }, { type: "all_in" });
        options.push({ type, to: range.min + uniformInt(words, range.max - range.min + 1) });
      }
    }
    if (options.length === 0) options.push({ type: "fold" });
    const action = options[uniformInt(words, options.length)] as HoldemAction;
    const before = JSON.stringify(s);
    const r = act(s, s.toAct, action);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(action)} ${r.code}`);
    if (JSON.stringify(s) !== before) throw new Error("act changed the state it was given");
    s = r.state;
    states.push(s);
  }
  return states;
}

describe("hold'em properties over random hands", () => {
  const handArb = fc.record({
    seed: fc.string(),
    stacks: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 2, maxLength: 9 }),
    button: fc.nat(),
    rakePpm: fc.integer({ min: 0, max: 100_000 }),
    rakeCap: fc.integer({ min: 0, max: 500 }),
  });

  it("conserves chips, pays pots that add up, and pays nobody more than they could contest", () => {
    fc.assert(
      fc.property(handArb, ({ seed, stacks, button, rakePpm, rakeCap }) => {
        const cfg = { smallBlind: 25, bigBlind: 50, rakePpm, rakeCap };
        const states = randomHand(xoshiro128(seed), stacks, button % stacks.length, cfg);
        const total = stacks.reduce((a, b) => a + b, 0);
        for (const s of states) {
          expect(chipsInPlay(s)).toBe(total);
          for (const p of s.players) expect(p.stack).toBeGreaterThanOrEqual(0);
        }
        const end = states[states.length - 1] as HoldemState;
        const result = end.result;
        if (!result) throw new Error("no result");
        // The pots hold exactly what was put in (after the uncalled return) and pay out all of it.
        const putIn = end.players.reduce((a, p) => a + p.committed, 0);
        expect(result.pots.reduce((a, p) => a + p.amount, 0)).toBe(putIn);
        for (const pot of result.pots) {
          const paid = Object.values(pot.shares).reduce((a, b) => a + b, 0);
          expect(paid + pot.rake).toBe(pot.amount);
          for (const w of pot.winners) expect(pot.eligible).toContain(w);
        }
        expect(result.rake).toBeLessThanOrEqual(end.sawFlop ? rakeCap : 0);
        for (const p of end.players) {
          const contestable = end.players.reduce((a, q) => a + Math.min(q.committed, p.committed), 0);
          expect(result.won[p.seat] ?? 0).toBeLessThanOrEqual(contestable);
          expect(p.stack).toBe(p.startStack - p.committed + (result.won[p.seat] ?? 0));
          if (p.folded) expect(result.won[p.seat]).toBeUndefined();
        }
      }),
      { numRuns: 400 },
    );
  });

  it("never offers an action it refuses, and a timed-out player's default is always legal", () => {
    fc.assert(
      fc.property(handArb, ({ seed, stacks, button }) => {
        const states = randomHand(xoshiro128(seed), stacks, button % stacks.length, config);
        for (const s of states) {
          const d = defaultAction(s);
          if (d) expect(act(s, s.toAct, d).ok).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
