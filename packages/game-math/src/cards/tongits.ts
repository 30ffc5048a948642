import { type CardId, rankOf } from "./deck.ts";
import { cardPoints, extendsMeld, handPoints, meldKind, meldsWithin } from "./tongits-melds.ts";

/**
 * Tongits, one game of three players, as a pure state machine: `startTongits` deals from the
 * game's deck, `tongitsActions` lists what the player to move may do, `tongitsAct` returns the
 * next state (the given one is never changed) or a refusal with its code. Payments are integer
 * centavos at the table's stake; the room (apps/rgs) owns the money and the clock.
 *
 * Players are 0, 1, 2 in turn order (the next player is (i + 1) % 3). The dealer gets 13 cards
 * and the others 12, one at a time starting with the dealer; the 15 left are the stock. The
 * dealer's first turn has no draw. docs/pvp-rules.md states the rules as players read them.
 */
export interface TongitsConfig {
  /** One unit of payment, in centavos. */
  stake: number;
  /** Units every loser pays the winner. */
  base: number;
  /** Extra units each loser pays when the game is won by Tongits (a hand emptied). */
  tongitsBonus: number;
  /** Extra units each loser pays per secret four of a kind the winner laid face down. */
  secretBonus: number;
  /** Extra units each loser pays per ace in the winner's own melds and hand. */
  aceBonus: number;
  /** Extra units a loser pays who has no meld at the end ("burned", sunog). */
  burnedPenalty: number;
  /** Extra units a loser pays who fought a called draw (the caller included) and lost. */
  fightLoss: number;
  /** Rake in millionths of the game's payments, taken from what the winner receives. */
  rakePpm: number;
}

export const DEFAULT_TONGITS: Omit<TongitsConfig, "stake" | "rakePpm"> = {
  base: 1,
  tongitsBonus: 2,
  secretBonus: 1,
  aceBonus: 1,
  burnedPenalty: 1,
  fightLoss: 1,
};

export interface Meld {
  owner: number;
  cards: readonly CardId[];
  /** A four of a kind laid face down: a meld for the count, the fight and the burn rule, a
   * bonus for a winner, never laid off on, and not a face-up meld for calling a draw. */
  secret: boolean;
}

export interface TongitsPlayer {
  hand: readonly CardId[];
  /** Another player laid off on one of this player's melds since the end of their last turn:
   * they may not call a draw this turn. */
  laidOn: boolean;
}

export type TongitsPhase = "draw" | "play" | "fight" | "complete";
export type EndReason = "tongits" | "stock" | "draw";

export type TongitsAction =
  /** Draw phase: the top card of the stock. */
  | { type: "draw" }
  /** Draw phase: the last discard, with the hand cards it makes a meld with (exposed at once). */
  | { type: "take"; with: readonly CardId[] }
  /** Draw phase, instead of drawing: end the game by comparing counts. */
  | { type: "call_draw" }
  /** Play phase: expose a meld from the hand (a four of a kind may go face down). */
  | { type: "meld"; cards: readonly CardId[]; secret?: boolean }
  /** Play phase: add a card to any face-up meld (sapaw). */
  | { type: "lay_off"; card: CardId; meld: number }
  /** Play phase: end the turn. */
  | { type: "discard"; card: CardId }
  /** Fight phase: answer a called draw. */
  | { type: "fight" }
  | { type: "fold" };

export type TongitsRefusal =
  | "GAME_COMPLETE"
  | "NOT_YOUR_TURN"
  | "WRONG_PHASE"
  | "STOCK_EMPTY"
  | "NO_DISCARD"
  | "NOT_IN_HAND"
  | "NOT_A_MELD"
  | "SECRET_ONLY_FOUR_OF_A_KIND"
  | "NO_SUCH_MELD"
  | "DOES_NOT_EXTEND"
  | "NO_FACE_UP_MELD"
  | "LAID_ON_SINCE_LAST_TURN"
  | "NO_MELD_TO_FIGHT";

export interface TongitsResult {
  reason: EndReason;
  winner: number;
  /** Points of each player's unmelded cards. */
  counts: number[];
  burned: boolean[];
  /** Who took part in the called draw (caller and challengers). */
  fought: boolean[];
  /** Units each player pays the winner (0 for the winner). */
  units: number[];
  /** Centavos each player gains (winner) or pays (negative) before rake; they sum to zero. */
  payments: number[];
  rake: number;
  /** Centavos after rake: the winner's payments less the rake. */
  net: number[];
}

export interface TongitsState {
  config: TongitsConfig;
  dealer: number;
  players: readonly TongitsPlayer[];
  stock: readonly CardId[];
  discards: readonly CardId[];
  melds: readonly Meld[];
  /** Whose move it is (in the fight phase: the player answering the draw). */
  turn: number;
  phase: TongitsPhase;
  /** Who drew the last card of the stock (−1 until then): wins a tie when the stock runs out. */
  drewLast: number;
  /** A called draw: the caller and each player's answer so far. */
  drawCall: { caller: number; answers: ("fight" | "fold" | null)[] } | null;
  turns: number;
  result: TongitsResult | null;
}

export type TongitsActResult = { ok: true; state: TongitsState } | { ok: false; code: TongitsRefusal };

const PLAYERS = 3;
const nextOf = (i: number) => (i + 1) % PLAYERS;

export function startTongits(input: {
  config: TongitsConfig;
  dealer: number;
  deck: readonly CardId[];
}): TongitsState {
  const { config, deck, dealer } = input;
  for (const k of [
    "stake",
    "base",
    "tongitsBonus",
    "secretBonus",
    "aceBonus",
    "burnedPenalty",
    "fightLoss",
  ] as const)
    if (!Number.isSafeInteger(config[k]) || config[k] < 0)
      throw new RangeError(`${k} must be a whole number ≥ 0`);
  if (!(Number.isInteger(config.rakePpm) && config.rakePpm >= 0 && config.rakePpm <= 1_000_000))
    throw new RangeError("rakePpm must be 0..1,000,000");
  if (![0, 1, 2].includes(dealer)) throw new RangeError("dealer must be 0, 1 or 2");
  if (deck.length !== 52 || new Set(deck).size !== 52)
    throw new RangeError("the deck must hold 52 distinct cards");
  const hands: CardId[][] = [[], [], []];
  let next = 0;
  for (let round = 0; round < 13; round++)
    for (let k = 0; k < PLAYERS; k++) {
      const i = (dealer + k) % PLAYERS;
      if (round < 12 || i === dealer) hands[i]?.push(deck[next++] as CardId);
    }
  return {
    config,
    dealer,
    players: hands.map((hand) => ({ hand, laidOn: false })),
    stock: deck.slice(next),
    discards: [],
    melds: [],
    turn: dealer,
    phase: "play",
    drewLast: -1,
    drawCall: null,
    turns: 0,
    result: null,
  };
}

const hasMeld = (s: TongitsState, i: number) => s.melds.some((m) => m.owner === i);
const hasFaceUpMeld = (s: TongitsState, i: number) => s.melds.some((m) => m.owner === i && !m.secret);

function withoutCards(hand: readonly CardId[], cards: readonly CardId[]): CardId[] | null {
  if (new Set(cards).size !== cards.length || !cards.every((c) => hand.includes(c))) return null;
  return hand.filter((c) => !cards.includes(c));
}

type Mutable = Omit<TongitsState, "players"> & { players: TongitsPlayer[] };
const clone = (s: TongitsState): Mutable => ({ ...s, players: s.players.map((p) => ({ ...p })) });

function setHand(s: Mutable, i: number, hand: CardId[]): void {
  s.players[i] = { ...(s.players[i] as TongitsPlayer), hand };
}

/** Apply one action of `player`; the state given is not changed. */
export function tongitsAct(state: TongitsState, player: number, action: TongitsAction): TongitsActResult {
  if (state.phase === "complete") return { ok: false, code: "GAME_COMPLETE" };
  if (player !== state.turn) return { ok: false, code: "NOT_YOUR_TURN" };
  const me = state.players[player] as TongitsPlayer;
  const s = clone(state);
  switch (action.type) {
    case "draw": {
      if (s.phase !== "draw") return { ok: false, code: "WRONG_PHASE" };
      const [card, ...rest] = s.stock;
      if (card === undefined) return { ok: false, code: "STOCK_EMPTY" };
      s.stock = rest;
      if (rest.length === 0) s.drewLast = player;
      setHand(s, player, [...me.hand, card]);
      s.phase = "play";
      return { ok: true, state: s };
    }
    case "take": {
      if (s.phase !== "draw") return { ok: false, code: "WRONG_PHASE" };
      const top = s.discards[s.discards.length - 1];
      if (top === undefined) return { ok: false, code: "NO_DISCARD" };
      const hand = withoutCards(me.hand, action.with);
      if (!hand) return { ok: false, code: "NOT_IN_HAND" };
      // The discard may be taken only to complete a meld at once, exposed with it.
      if (!meldKind([...action.with, top])) return { ok: false, code: "NOT_A_MELD" };
      s.discards = s.discards.slice(0, -1);
      s.melds = [...s.melds, { owner: player, cards: sortCards([...action.with, top]), secret: false }];
      setHand(s, player, hand);
      s.phase = "play";
      return { ok: true, state: emptied(s, player) };
    }
    case "call_draw": {
      if (s.phase !== "draw") return { ok: false, code: "WRONG_PHASE" };
      if (!hasFaceUpMeld(s, player)) return { ok: false, code: "NO_FACE_UP_MELD" };
      if (me.laidOn) return { ok: false, code: "LAID_ON_SINCE_LAST_TURN" };
      const answers: ("fight" | "fold" | null)[] = [null, null, null];
      s.drawCall = { caller: player, answers };
      s.phase = "fight";
      return { ok: true, state: nextAnswer(s, player) };
    }
    case "fight":
    case "fold": {
      if (s.phase !== "fight" || !s.drawCall) return { ok: false, code: "WRONG_PHASE" };
      if (action.type === "fight" && !hasMeld(s, player)) return { ok: false, code: "NO_MELD_TO_FIGHT" };
      const answers = [...s.drawCall.answers];
      answers[player] = action.type;
      s.drawCall = { ...s.drawCall, answers };
      return { ok: true, state: nextAnswer(s, player) };
    }
    case "meld": {
      if (s.phase !== "play") return { ok: false, code: "WRONG_PHASE" };
      const hand = withoutCards(me.hand, action.cards);
      if (!hand) return { ok: false, code: "NOT_IN_HAND" };
      const kind = meldKind(action.cards);
      if (!kind) return { ok: false, code: "NOT_A_MELD" };
      const secret = action.secret === true;
      if (secret && !(kind === "set" && action.cards.length === 4))
        return { ok: false, code: "SECRET_ONLY_FOUR_OF_A_KIND" };
      s.melds = [...s.melds, { owner: player, cards: sortCards(action.cards), secret }];
      setHand(s, player, hand);
      return { ok: true, state: emptied(s, player) };
    }
    case "lay_off": {
      if (s.phase !== "play") return { ok: false, code: "WRONG_PHASE" };
      const hand = withoutCards(me.hand, [action.card]);
      if (!hand) return { ok: false, code: "NOT_IN_HAND" };
      const meld = s.melds[action.meld];
      if (!meld || meld.secret) return { ok: false, code: "NO_SUCH_MELD" };
      if (!extendsMeld(meld.cards, action.card)) return { ok: false, code: "DOES_NOT_EXTEND" };
      s.melds = s.melds.map((m, k) =>
        k === action.meld ? { ...m, cards: sortCards([...m.cards, action.card]) } : m,
      );
      // Being laid off on bars the owner from calling a draw until the end of their next turn.
      if (meld.owner !== player)
        s.players[meld.owner] = { ...(s.players[meld.owner] as TongitsPlayer), laidOn: true };
      setHand(s, player, hand);
      return { ok: true, state: emptied(s, player) };
    }
    case "discard": {
      if (s.phase !== "play") return { ok: false, code: "WRONG_PHASE" };
      const hand = withoutCards(me.hand, [action.card]);
      if (!hand) return { ok: false, code: "NOT_IN_HAND" };
      s.discards = [...s.discards, action.card];
      setHand(s, player, hand);
      s.turns++;
      if (hand.length === 0) return { ok: true, state: finish(s, "tongits", player) };
      if (s.stock.length === 0) return { ok: true, state: finish(s, "stock", stockWinner(s)) };
      s.players[player] = { ...(s.players[player] as TongitsPlayer), laidOn: false };
      s.turn = nextOf(player);
      s.phase = "draw";
      return { ok: true, state: s };
    }
  }
}

const sortCards = (cards: readonly CardId[]) => [...cards].sort((a, b) => a - b);

/** A hand emptied by melding or laying off wins at once by Tongits. */
function emptied(s: Mutable, player: number): TongitsState {
  return s.players[player]?.hand.length === 0 ? finish(s, "tongits", player) : s;
}

/**
 * After the caller or an answer: the next player (in turn order from the caller) still to
 * answer; a player with no meld at all cannot fight and folds without being asked (burned).
 * When all have answered, the game ends.
 */
function nextAnswer(s: Mutable, from: number): TongitsState {
  const call = s.drawCall;
  if (!call) throw new Error("no draw called");
  for (let k = 1; k < PLAYERS; k++) {
    const i = (from + k) % PLAYERS;
    if (i === call.caller || call.answers[i] !== null) continue;
    if (!hasMeld(s, i)) {
      const answers = [...call.answers];
      answers[i] = "fold";
      s.drawCall = { ...call, answers };
      return nextAnswer(s, i);
    }
    s.turn = i;
    return s;
  }
  return finish(s, "draw", drawWinner(s));
}

const counts = (s: TongitsState) => s.players.map((p) => handPoints(p.hand));

/**
 * A called draw: the lowest count among the caller and the players who fought wins. A tie goes
 * to a challenger over the caller, and between challengers to the one first in turn order after
 * the caller.
 */
function drawWinner(s: TongitsState): number {
  const call = s.drawCall;
  if (!call) throw new Error("no draw called");
  const c = counts(s);
  const order = [nextOf(call.caller), nextOf(nextOf(call.caller)), call.caller];
  const contenders = order.filter((i) => i === call.caller || call.answers[i] === "fight");
  return lowest(contenders, c);
}

/**
 * The stock ran out: the lowest count among players with a meld wins (a player with none is
 * burned and cannot win; if nobody has one, all count). A tie goes to the player who drew the
 * last card of the stock, else to the tied player first in turn order after them.
 */
function stockWinner(s: TongitsState): number {
  const c = counts(s);
  const from = s.drewLast >= 0 ? s.drewLast : s.turn;
  const order = [from, nextOf(from), nextOf(nextOf(from))];
  const withMeld = order.filter((i) => hasMeld(s, i));
  return lowest(withMeld.length > 0 ? withMeld : order, c);
}

/** The first of `order` with the lowest count. */
function lowest(order: readonly number[], c: readonly number[]): number {
  let best = order[0] as number;
  for (const i of order) if ((c[i] as number) < (c[best] as number)) best = i;
  return best;
}

function finish(state: Mutable, reason: EndReason, winner: number): TongitsState {
  const s = state;
  const { config } = s;
  const c = counts(s);
  const burned = s.players.map((_, i) => !hasMeld(s, i));
  const fought = s.players.map(
    (_, i) => reason === "draw" && (s.drawCall?.caller === i || s.drawCall?.answers[i] === "fight"),
  );
  const own = s.melds.filter((m) => m.owner === winner);
  const secrets = own.filter((m) => m.secret).length;
  const aces = [...own.flatMap((m) => m.cards), ...(s.players[winner]?.hand ?? [])].filter(
    (x) => rankOf(x) === 0,
  ).length;
  const units = s.players.map((_, i) => {
    if (i === winner) return 0;
    return (
      config.base +
      (reason === "tongits" ? config.tongitsBonus : 0) +
      secrets * config.secretBonus +
      aces * config.aceBonus +
      (burned[i] ? config.burnedPenalty : 0) +
      (fought[i] ? config.fightLoss : 0)
    );
  });
  const payments = units.map((u) => -u * config.stake);
  const total = -payments.reduce((a, b) => a + b, 0);
  payments[winner] = total;
  const rake = Number((BigInt(total) * BigInt(config.rakePpm)) / 1_000_000n);
  const net = payments.map((p, i) => (i === winner ? p - rake : p));
  s.phase = "complete";
  s.turn = -1;
  s.result = { reason, winner, counts: c, burned, fought, units, payments, rake, net };
  return s;
}

/**
 * Every action the player to move may take now (for offering choices, timeouts and tests):
 * drawing, taking the discard with each meld it completes, calling a draw, each meld and
 * secret meld in the hand, each lay-off and each discard.
 */
export function tongitsActions(s: TongitsState): TongitsAction[] {
  if (s.phase === "complete") return [];
  const me = s.players[s.turn] as TongitsPlayer;
  const out: TongitsAction[] = [];
  if (s.phase === "fight") {
    if (hasMeld(s, s.turn)) out.push({ type: "fight" });
    out.push({ type: "fold" });
    return out;
  }
  if (s.phase === "draw") {
    if (s.stock.length > 0) out.push({ type: "draw" });
    const top = s.discards[s.discards.length - 1];
    if (top !== undefined)
      for (const meld of meldsWithin([...me.hand, top]))
        if (meld.includes(top)) out.push({ type: "take", with: meld.filter((c) => c !== top) });
    if (hasFaceUpMeld(s, s.turn) && !me.laidOn) out.push({ type: "call_draw" });
    return out;
  }
  for (const meld of meldsWithin(me.hand)) {
    out.push({ type: "meld", cards: meld });
    if (meld.length === 4 && meldKind(meld) === "set") out.push({ type: "meld", cards: meld, secret: true });
  }
  s.melds.forEach((m, k) => {
    if (!m.secret)
      for (const card of me.hand)
        if (extendsMeld(m.cards, card)) out.push({ type: "lay_off", card, meld: k });
  });
  for (const card of me.hand) out.push({ type: "discard", card });
  return out;
}

/** What a player who lets the clock run out does: draw from the stock, discard the card that
 * counts most, fold a called draw. */
export function tongitsDefaultAction(s: TongitsState): TongitsAction | null {
  if (s.phase === "complete") return null;
  if (s.phase === "fight") return { type: "fold" };
  if (s.phase === "draw") return { type: "draw" };
  const hand = s.players[s.turn]?.hand ?? [];
  const card = [...hand].sort((a, b) => cardPoints(b) - cardPoints(a) || b - a)[0];
  return card === undefined ? null : { type: "discard", card };
}

/** All 52 cards are somewhere: stock, discards, hands and melds. */
export function tongitsCardCount(s: TongitsState): number {
  return (
    s.stock.length +
    s.discards.length +
    s.players.reduce((a, p) => a + p.hand.length, 0) +
    s.melds.reduce((a, m) => a + m.cards.length, 0)
  );
}
