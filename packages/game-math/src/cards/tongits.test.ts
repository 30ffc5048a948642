import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniformInt } from "../uniform.ts";
import { xoshiro128 } from "../xoshiro.ts";
import { type CardId, parseCards, shuffleDeck } from "./deck.ts";
import {
  DEFAULT_TONGITS,
  type Meld,
  startTongits,
  type TongitsAction,
  type TongitsConfig,
  type TongitsState,
  tongitsAct,
  tongitsActions,
  tongitsCardCount,
  tongitsDefaultAction,
} from "./tongits.ts";
import { cardPoints, handPoints, meldKind, meldsWithin } from "./tongits-melds.ts";

const config: TongitsConfig = { ...DEFAULT_TONGITS, stake: 1_000, rakePpm: 50_000 };
const c = parseCards;

function play(s: TongitsState, ...steps: [number, TongitsAction][]): TongitsState {
  let state = s;
  for (const [player, action] of steps) {
    const r = tongitsAct(state, player, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} by ${player}: ${r.code}`);
    state = r.state;
  }
  return state;
}

/** A game in the middle: the hands, melds and stock given, player `turn` to draw. */
function midGame(input: {
  hands: [string, string, string];
  melds?: { owner: number; cards: string; secret?: boolean }[];
  stock?: string;
  discards?: string;
  turn?: number;
}): TongitsState {
  const melds: Meld[] = (input.melds ?? []).map((m) => ({
    owner: m.owner,
    cards: c(m.cards),
    secret: !!m.secret,
  }));
  return {
    config,
    dealer: 0,
    players: input.hands.map((h) => ({ hand: c(h), laidOn: false })),
    stock: c(input.stock ?? "9c"),
    discards: c(input.discards ?? ""),
    melds,
    turn: input.turn ?? 0,
    phase: "draw",
    drewLast: -1,
    drawCall: null,
    turns: 10,
    result: null,
  };
}

describe("tongits melds and counts", () => {
  it("knows sets, runs with the ace low, and nothing else", () => {
    expect(meldKind(c("7s 7h 7d"))).toBe("set");
    expect(meldKind(c("7s 7h 7d 7c"))).toBe("set");
    expect(meldKind(c("As 2s 3s"))).toBe("run");
    expect(meldKind(c("9h Th Jh Qh Kh"))).toBe("run");
    expect(meldKind(c("Qs Ks As"))).toBeNull(); // the ace is low only
    expect(meldKind(c("7s 7h"))).toBeNull();
    expect(meldKind(c("4s 5s 7s"))).toBeNull();
    expect(meldKind(c("4s 5h 6s"))).toBeNull();
    expect(meldsWithin(c("7s 7h 7d 7c 2h 3h 4h 5h"))).toHaveLength(5 + 3);
  });

  it("counts ace 1, number cards their number, faces 10", () => {
    expect(c("As 9h Td Jc Qs Kh").map(cardPoints)).toEqual([1, 9, 10, 10, 10, 10]);
    expect(handPoints(c("As 2s Kd"))).toBe(13);
  });
});

describe("tongits turns", () => {
  it("deals 13 to the dealer, 12 to the others, 15 to the stock; the dealer starts by playing", () => {
    const s = startTongits({ config, dealer: 1, deck: shuffleDeck(xoshiro128("deal")) });
    expect(s.players.map((p) => p.hand.length)).toEqual([12, 13, 12]);
    expect(s.stock).toHaveLength(15);
    expect(s).toMatchObject({ turn: 1, phase: "play" });
    expect(tongitsAct(s, 1, { type: "draw" })).toEqual({ ok: false, code: "WRONG_PHASE" });
    expect(tongitsAct(s, 2, { type: "discard", card: s.players[2]?.hand[0] as CardId })).toEqual({
      ok: false,
      code: "NOT_YOUR_TURN",
    });
  });

  it("takes the last discard only to complete a meld, exposed with it", () => {
    const s = midGame({ hands: ["7s 7h 2c 9d", "Kd Qd Jd", "3c 4c 5c"], discards: "7d", turn: 0 });
    expect(tongitsAct(s, 0, { type: "take", with: c("2c 9d") })).toEqual({ ok: false, code: "NOT_A_MELD" });
    const taken = play(s, [0, { type: "take", with: c("7s 7h") }]);
    expect(taken.melds).toEqual([{ owner: 0, cards: c("7s 7h 7d").sort((a, b) => a - b), secret: false }]);
    expect(taken.players[0]?.hand).toEqual(c("2c 9d"));
    expect(taken.discards).toEqual([]);
    expect(taken.phase).toBe("play");
  });

  it("wins by Tongits when the hand is emptied, and pays the Tongits bonus", () => {
    const s = midGame({
      hands: ["7s 7h 7d 2c", "Kd Qd", "3c 4c 5c 9h"],
      melds: [{ owner: 1, cards: "2h 2s 2d" }],
      discards: "7c",
    });
    const done = play(
      s,
      [0, { type: "take", with: c("7s 7h 7d") }],
      [0, { type: "lay_off", card: c("2c")[0] as CardId, meld: 0 }],
    );
    expect(done.phase).toBe("complete");
    const r = done.result;
    expect(r).toMatchObject({ reason: "tongits", winner: 0, burned: [false, false, true] });
    // base 1 + Tongits 2; player 2 has no meld: burned, 1 more.
    expect(r?.units).toEqual([0, 3, 4]);
    expect(r?.payments).toEqual([7_000, -3_000, -4_000]);
    expect(r?.rake).toBe(350);
  });

  it("pays for a secret four of a kind and aces; going out on the discard is Tongits too", () => {
    const s = midGame({
      hands: ["As 2s 3s 5c 5d 5h 5s Kd", "Qc Jc", "4d 9h"],
      melds: [{ owner: 1, cards: "Kc Kh Ks" }],
      stock: "9c 8c",
    });
    const melded = play(
      s,
      [0, { type: "draw" }],
      [0, { type: "meld", cards: c("5c 5d 5h 5s"), secret: true }],
      [0, { type: "meld", cards: c("As 2s 3s") }],
      [0, { type: "lay_off", card: c("Kd")[0] as CardId, meld: 0 }],
    );
    expect(tongitsAct(melded, 0, { type: "meld", cards: c("As 2s 3s"), secret: true })).toEqual({
      ok: false,
      code: "NOT_IN_HAND",
    });
    expect(melded.players[1]?.laidOn).toBe(true);
    const done = play(melded, [0, { type: "discard", card: c("9c")[0] as CardId }]);
    // base 1 + Tongits 2 + one secret 1 + one ace 1 = 5; player 2 burned: 6.
    expect(done.result).toMatchObject({ reason: "tongits", winner: 0, units: [0, 5, 6] });
    expect(done.result?.payments).toEqual([11_000, -5_000, -6_000]);
    const fourOnly = midGame({ hands: ["As 2s 3s", "Qc", "4d"], stock: "9c 8c" });
    expect(
      tongitsAct(play(fourOnly, [0, { type: "draw" }]), 0, {
        type: "meld",
        cards: c("As 2s 3s"),
        secret: true,
      }),
    ).toEqual({ ok: false, code: "SECRET_ONLY_FOUR_OF_A_KIND" });
  });

  it("a player laid off on since their last turn may not call a draw, nor one with no face-up meld", () => {
    const s = midGame({
      hands: ["4h 9c Kd", "6h 8d", "2c 3d Jd"],
      melds: [
        { owner: 1, cards: "4s 5s 6s" },
        { owner: 2, cards: "Qs Qh Qc" },
      ],
      stock: "Qd Ts Tc 9s 8s 8c",
    });
    const laid = play(
      s,
      [0, { type: "draw" }],
      [0, { type: "lay_off", card: c("Qd")[0] as CardId, meld: 1 }],
      [0, { type: "discard", card: c("Kd")[0] as CardId }],
      [1, { type: "draw" }],
      [1, { type: "discard", card: c("Ts")[0] as CardId }],
    );
    expect(laid.players[2]?.laidOn).toBe(true);
    expect(tongitsAct(laid, 2, { type: "call_draw" })).toEqual({
      ok: false,
      code: "LAID_ON_SINCE_LAST_TURN",
    });
    const later = play(laid, [2, { type: "draw" }], [2, { type: "discard", card: c("Jd")[0] as CardId }]);
    expect(later.players[2]?.laidOn).toBe(false);
    expect(tongitsAct(later, 0, { type: "call_draw" })).toEqual({ ok: false, code: "NO_FACE_UP_MELD" });
    const round = play(
      later,
      [0, { type: "draw" }],
      [0, { type: "discard", card: c("9s")[0] as CardId }],
      [1, { type: "draw" }],
      [1, { type: "discard", card: c("8s")[0] as CardId }],
    );
    expect(tongitsActions(round)).toContainEqual({ type: "call_draw" });
  });
});

describe("tongits endings and payments", () => {
  it("a called draw: the lowest count wins, a challenger wins a tie with the caller", () => {
    const s = midGame({
      hands: ["2c 3d", "As 4h", "Kd"],
      melds: [
        { owner: 0, cards: "7s 7h 7d" },
        { owner: 1, cards: "8s 8h 8d" },
      ],
      turn: 0,
    });
    const called = play(s, [0, { type: "call_draw" }]);
    // Player 2 has no meld: folds without being asked (burned); player 1 answers.
    expect(called).toMatchObject({ phase: "fight", turn: 1 });
    expect(tongitsAct(called, 1, { type: "call_draw" })).toEqual({ ok: false, code: "WRONG_PHASE" });
    const done = play(called, [1, { type: "fight" }]);
    const r = done.result;
    expect(r).toMatchObject({ reason: "draw", winner: 1, counts: [5, 5, 10], burned: [false, false, true] });
    // Caller fought and lost: base + fight loss; player 2: base + burned; winner holds an ace.
    expect(r?.units).toEqual([1 + 1 + 1, 0, 1 + 1 + 1]);
    expect(r?.payments).toEqual([-3_000, 6_000, -3_000]);
    expect(r?.rake).toBe(300);
    expect(r?.net).toEqual([-3_000, 5_700, -3_000]);
  });

  it("a called draw: a tie between challengers goes to the first after the caller", () => {
    const melds = [
      { owner: 0, cards: "7s 7h 7d" },
      { owner: 1, cards: "8s 8h 8d" },
      { owner: 2, cards: "9s 9h 9d" },
    ];
    const s = midGame({ hands: ["2c 3d", "4c As", "Kc Kd"], melds, turn: 2 });
    const done = play(s, [2, { type: "call_draw" }], [0, { type: "fight" }], [1, { type: "fight" }]);
    expect(done.result).toMatchObject({ winner: 0, counts: [5, 5, 20], fought: [true, true, true] });
    // A challenger who folds cannot win, however low their count.
    const folded = play(s, [2, { type: "call_draw" }], [0, { type: "fold" }], [1, { type: "fight" }]);
    expect(folded.result).toMatchObject({ winner: 1, fought: [false, true, true] });
    expect(folded.result?.units).toEqual([1 + 1, 0, 1 + 1 + 1]); // ace in the winner's hand; caller fought
  });

  it("stock exhausted: lowest count with a meld wins; a tie goes to who drew the last card", () => {
    const s = midGame({
      hands: ["2c 3d", "4c", "As"],
      melds: [
        { owner: 0, cards: "7s 7h 7d" },
        { owner: 1, cards: "8s 8h 8d" },
      ],
      stock: "Ah",
      turn: 0,
    });
    // Player 0 draws the last card (A♥) and discards the 3♦: counts 3, 4, 1 (player 2 burned).
    const done = play(s, [0, { type: "draw" }], [0, { type: "discard", card: c("3d")[0] as CardId }]);
    expect(done.result).toMatchObject({
      reason: "stock",
      winner: 0,
      counts: [3, 4, 1],
      burned: [false, false, true],
    });
    const melded = [
      { owner: 0, cards: "7s 7h 7d" },
      { owner: 1, cards: "8s 8h 8d" },
      { owner: 2, cards: "9s 9h 9d" },
    ];
    // Player 0 draws the last card and ties player 1 at 3: the drawer wins the tie.
    const tied = play(
      midGame({ hands: ["2c", "3c", "Kd"], melds: melded, stock: "3h" }),
      [0, { type: "draw" }],
      [0, { type: "discard", card: c("2c")[0] as CardId }],
    );
    expect(tied.result).toMatchObject({ counts: [3, 3, 10], winner: 0 });
    // Players 1 and 2 tie below the drawer: the first after the drawer wins.
    const after = play(
      midGame({ hands: ["Kc", "3c", "2d As"], melds: melded, stock: "Qh" }),
      [0, { type: "draw" }],
      [0, { type: "discard", card: c("Kc")[0] as CardId }],
    );
    expect(after.result).toMatchObject({ counts: [10, 3, 3], winner: 1 });
  });
});

/** Random legal play: every choice drawn from the word source. */
function randomGame(seed: string, cfg: TongitsConfig): TongitsState[] {
  const words = xoshiro128(seed);
  let s = startTongits({ config: cfg, dealer: uniformInt(words, 3), deck: shuffleDeck(words) });
  const states = [s];
  for (let guard = 0; s.phase !== "complete"; guard++) {
    if (guard > 2_000) throw new Error("game did not end");
    const all = tongitsActions(s);
    // Lean towards melding and laying off, and call a draw now and then, so games end all
    // three ways.
    const call = all.filter((a) => a.type === "call_draw");
    const options =
      call.length > 0 && uniformInt(words, 12) === 0 ? call : all.filter((a) => a.type !== "call_draw");
    const keen = options.filter((a) => a.type !== "discard" && a.type !== "draw");
    const pool = keen.length > 0 && uniformInt(words, 3) > 0 ? keen : options;
    const action = pool[uniformInt(words, pool.length)] as TongitsAction;
    const before = JSON.stringify(s);
    const r = tongitsAct(s, s.turn, action);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(action)} ${r.code}`);
    if (JSON.stringify(s) !== before) throw new Error("tongitsAct changed the state it was given");
    s = r.state;
    states.push(s);
  }
  return states;
}

describe("tongits properties over random games", () => {
  it("always ends, keeps all 52 cards, and its payments sum to zero before rake", () => {
    const reasons = new Set<string>();
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (seed, stake, rakePpm) => {
          const states = randomGame(seed, { ...DEFAULT_TONGITS, stake, rakePpm });
          for (const s of states) expect(tongitsCardCount(s)).toBe(52);
          const r = states[states.length - 1]?.result;
          if (!r) throw new Error("no result");
          reasons.add(r.reason);
          expect(r.payments.reduce((a, b) => a + b, 0)).toBe(0);
          expect(r.net.reduce((a, b) => a + b, 0) + r.rake).toBe(0);
          expect(r.payments[r.winner]).toBeGreaterThan(0);
          r.payments.forEach((p, i) => {
            if (i !== r.winner) expect(p).toBeLessThan(0);
          });
        },
      ),
      { numRuns: 300 },
    );
    expect([...reasons].sort()).toEqual(["draw", "stock", "tongits"]);
  });

  it("never offers an action it refuses, and the timeout default is always legal", () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const s of randomGame(seed, config)) {
          for (const a of tongitsActions(s)) expect(tongitsAct(s, s.turn, a).ok).toBe(true);
          const d = tongitsDefaultAction(s);
          if (d) expect(tongitsAct(s, s.turn, d).ok).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
