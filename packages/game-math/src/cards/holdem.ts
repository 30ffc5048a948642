import type { CardId } from "./deck.ts";
import { evaluateHand, type HandValue } from "./evaluator.ts";
import { buildPots, type Contribution, rakePots, splitPot, uncalled } from "./holdem-pots.ts";

/**
 * No-Limit Texas Hold'em, one hand, as a pure state machine: `startHand` posts the blinds and
 * deals from the hand's deck, `legalActions` says what the player to act may do, `act` returns
 * the next state (the given one is never changed) or a refusal with its code. Amounts are
 * integer centavos; the room (apps/rgs) owns the money and the clock and feeds actions in.
 *
 * Players sit in seat order (ascending seat numbers, clockwise); "left of" a player is the next
 * one in that order. Blinds: the two players left of the button, except heads-up, where the
 * button posts the small blind and acts first before the flop (and last after it). A player
 * short of a blind posts what they have and is all-in; the others still call the full big blind.
 */
export interface HoldemConfig {
  smallBlind: number;
  bigBlind: number;
  /** Rake in millionths of each pot (50,000 = 5 %). */
  rakePpm: number;
  /** Most rake taken from one hand, in centavos. */
  rakeCap: number;
}

export interface HoldemSeat {
  /** The seat's number at the table (0–8); order decides position. */
  seat: number;
  /** Chips in front of the player when the hand starts, in centavos. */
  stack: number;
}

export type Street = "preflop" | "flop" | "turn" | "river";
export type HoldemPhase = Street | "showdown" | "complete";

export interface HoldemPlayer {
  seat: number;
  startStack: number;
  /** Chips behind (not yet put in). */
  stack: number;
  /** Put in on this street. */
  streetBet: number;
  /** Put in this hand, this street included. */
  committed: number;
  hole: readonly [CardId, CardId];
  folded: boolean;
  allIn: boolean;
  /** Acted on this street (posting a blind is not acting). */
  acted: boolean;
  /** The bet to match when the player last acted on this street: decides whether a later
   * short all-in reopened the betting to them. */
  facedBet: number;
  shown: boolean;
  mucked: boolean;
}

export type HoldemAction =
  | { type: "fold" }
  | { type: "check" }
  | { type: "call" }
  /** Bet or raise to a total of `to` on this street (not the increment). */
  | { type: "bet"; to: number }
  | { type: "raise"; to: number }
  /** Everything behind: a call, bet or raise as the stack allows. */
  | { type: "all_in" }
  /** At showdown, a player who cannot win any pot they are in may show or muck. */
  | { type: "show" }
  | { type: "muck" };

export interface HoldemLogEntry {
  seat: number;
  action: HoldemAction["type"] | "small_blind" | "big_blind";
  /** Chips put in by the action. */
  amount: number;
  street: HoldemPhase;
}

export interface PotResult {
  amount: number;
  rake: number;
  eligible: number[];
  winners: number[];
  /** Seat → centavos won from this pot (after rake). */
  shares: Record<number, number>;
}

export interface HoldemResult {
  pots: PotResult[];
  rake: number;
  /** The uncalled part of the last bet, returned to its owner (not in any pot). */
  returned: { seat: number; amount: number } | null;
  /** Seat → centavos won (all pots). */
  won: Record<number, number>;
  /** Seat → hand value of every hand shown. */
  shown: Record<number, HandValue>;
}

export interface HoldemState {
  config: HoldemConfig;
  players: readonly HoldemPlayer[];
  /** Index in `players` of the button. */
  button: number;
  deck: readonly CardId[];
  /** Where the next card comes from in `deck`. */
  next: number;
  board: readonly CardId[];
  phase: HoldemPhase;
  /** Index of the player to act (a betting action, or show/muck at showdown); −1 when none. */
  toAct: number;
  /** The street bet to match. */
  currentBet: number;
  /** The last full bet or raise increment: a raise must add at least this much. */
  minRaise: number;
  /** Index of the last player to bet or raise on this street, −1 if none. */
  lastAggressor: number;
  sawFlop: boolean;
  /** The uncalled part of the last bet, once returned (at showdown or when all others fold). */
  returned: { seat: number; amount: number } | null;
  /** Showdown: the order hands are shown in, and how far it has got. */
  showOrder: readonly number[];
  showAt: number;
  log: readonly HoldemLogEntry[];
  result: HoldemResult | null;
}

export type HoldemRefusal =
  | "HAND_COMPLETE"
  | "NOT_YOUR_TURN"
  | "CANNOT_CHECK"
  | "NOTHING_TO_CALL"
  | "CANNOT_BET"
  | "CANNOT_RAISE"
  | "AMOUNT_OUT_OF_RANGE"
  | "NOT_AT_SHOWDOWN"
  | "MUST_SHOW";

export type ActResult = { ok: true; state: HoldemState } | { ok: false; code: HoldemRefusal };

export interface LegalActions {
  seat: number;
  /** Index in `players`. */
  player: number;
  fold: boolean;
  check: boolean;
  /** Chips a call puts in (all-in when it is the whole stack), or null. */
  call: number | null;
  /** Street totals a bet or raise may go to, or null. */
  bet: { min: number; max: number } | null;
  raise: { min: number; max: number } | null;
  show: boolean;
  muck: boolean;
}

const MAX_PLAYERS = 9;

const isAmount = (x: number) => Number.isSafeInteger(x) && x >= 0;

export function startHand(input: {
  config: HoldemConfig;
  seats: readonly HoldemSeat[];
  /** The button's seat number (one of `seats`). */
  buttonSeat: number;
  /** The hand's shuffled deck (seededDeck). */
  deck: readonly CardId[];
}): HoldemState {
  const { config, deck } = input;
  if (!(isAmount(config.smallBlind) && isAmount(config.bigBlind) && config.bigBlind > 0))
    throw new RangeError("blinds must be integer centavos, big blind above zero");
  if (config.smallBlind > config.bigBlind) throw new RangeError("small blind above big blind");
  if (!(Number.isInteger(config.rakePpm) && config.rakePpm >= 0 && config.rakePpm <= 1_000_000))
    throw new RangeError("rakePpm must be 0..1,000,000");
  if (!isAmount(config.rakeCap)) throw new RangeError("rakeCap must be integer centavos");
  const seats = [...input.seats].sort((a, b) => a.seat - b.seat);
  if (seats.length < 2 || seats.length > MAX_PLAYERS) throw new RangeError("a hand needs 2 to 9 players");
  if (new Set(seats.map((s) => s.seat)).size !== seats.length) throw new RangeError("a seat given twice");
  for (const s of seats)
    if (!isAmount(s.stack) || s.stack === 0) throw new RangeError(`seat ${s.seat}: no chips`);
  if (deck.length !== 52 || new Set(deck).size !== 52)
    throw new RangeError("the deck must hold 52 distinct cards");
  const n = seats.length;
  const button = seats.findIndex((s) => s.seat === input.buttonSeat);
  if (button < 0) throw new RangeError("the button is not one of the players");

  // Hole cards one at a time, starting left of the button, two rounds.
  const holes = Array.from({ length: n }, () => [] as CardId[]);
  let next = 0;
  for (let round = 0; round < 2; round++)
    for (let k = 1; k <= n; k++) holes[(button + k) % n]?.push(deck[next++] as CardId);

  const players: HoldemPlayer[] = seats.map((s, i) => ({
    seat: s.seat,
    startStack: s.stack,
    stack: s.stack,
    streetBet: 0,
    committed: 0,
    hole: [holes[i]?.[0] as CardId, holes[i]?.[1] as CardId],
    folded: false,
    allIn: false,
    acted: false,
    facedBet: 0,
    shown: false,
    mucked: false,
  }));
  const headsUp = n === 2;
  const sb = headsUp ? button : (button + 1) % n;
  const bb = (sb + 1) % n;
  const log: HoldemLogEntry[] = [];
  const post = (i: number, blind: number, action: "small_blind" | "big_blind") => {
    const p = players[i] as HoldemPlayer;
    const amount = Math.min(blind, p.stack);
    p.stack -= amount;
    p.streetBet += amount;
    p.committed += amount;
    p.allIn = p.stack === 0;
    log.push({ seat: p.seat, action, amount, street: "preflop" });
  };
  post(sb, config.smallBlind, "small_blind");
  post(bb, config.bigBlind, "big_blind");
  const state: HoldemState = {
    config,
    players,
    button,
    deck: [...deck],
    next,
    board: [],
    phase: "preflop",
    toAct: -1,
    currentBet: config.bigBlind,
    minRaise: config.bigBlind,
    lastAggressor: -1,
    sawFlop: false,
    returned: null,
    showOrder: [],
    showAt: 0,
    log,
    result: null,
  };
  // Pre-flop the first to act is left of the big blind (heads-up: the button, the small blind).
  return advance(state, (bb + 1) % n);
}

const cloneState = (s: HoldemState): HoldemState & { players: HoldemPlayer[] } => ({
  ...s,
  players: s.players.map((p) => ({ ...p })),
});

const inHand = (p: HoldemPlayer) => !p.folded;
const canAct = (p: HoldemPlayer) => !p.folded && !p.allIn;

/** The first player from index `from` on who still has to act on this street, or −1. */
function nextToAct(s: HoldemState, from: number): number {
  const n = s.players.length;
  const actors = s.players.filter(canAct);
  if (actors.length === 0) return -1;
  const highest = Math.max(...s.players.filter(inHand).map((p) => p.streetBet));
  // One player left who can act and owes nothing: nobody to bet against, the street is over.
  if (actors.length === 1 && (actors[0] as HoldemPlayer).streetBet >= highest) return -1;
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n;
    const p = s.players[i] as HoldemPlayer;
    if (canAct(p) && (!p.acted || p.streetBet < s.currentBet)) return i;
  }
  return -1;
}

/** Move on after an action (or the blinds): the next actor, the next street, or the end. */
function advance(state: HoldemState, from: number): HoldemState {
  let s = state;
  if (s.players.filter(inHand).length === 1) return settle(s);
  const i = nextToAct(s, from);
  if (i >= 0) return { ...s, toAct: i };
  if (s.phase === "river") return beginShowdown(s, false);
  // Nobody can bet any more (all in but at most one): deal the rest and show every hand.
  if (s.players.filter(canAct).length <= 1) {
    while (s.phase !== "river") s = dealStreet(s);
    return beginShowdown(s, true);
  }
  s = dealStreet(s);
  return advance(s, (s.button + 1) % s.players.length);
}

/** Deal the next street (burn one, then three, one or one cards) and reset the street's bets. */
function dealStreet(state: HoldemState): HoldemState {
  const s = cloneState(state);
  const count = s.phase === "preflop" ? 3 : 1;
  const at = s.next + 1; // the burn card
  s.board = [...s.board, ...s.deck.slice(at, at + count)];
  s.next = at + count;
  s.phase = s.phase === "preflop" ? "flop" : s.phase === "flop" ? "turn" : "river";
  s.sawFlop = true;
  for (const p of s.players) {
    p.streetBet = 0;
    p.acted = false;
    p.facedBet = 0;
  }
  s.currentBet = 0;
  s.minRaise = s.config.bigBlind;
  s.lastAggressor = -1;
  s.toAct = -1;
  return s;
}

function handValue(s: HoldemState, i: number): HandValue {
  const p = s.players[i] as HoldemPlayer;
  return evaluateHand([...p.hole, ...s.board]);
}

/**
 * Showdown order: the last player to bet or raise on the river shows first, else the first
 * player left of the button; after an all-in run-out every hand is turned up at once.
 */
function beginShowdown(state: HoldemState, allShown: boolean): HoldemState {
  const s = returnUncalled(state);
  s.phase = "showdown";
  s.toAct = -1;
  const n = s.players.length;
  const start =
    s.lastAggressor >= 0 && !s.players[s.lastAggressor]?.folded ? s.lastAggressor : (s.button + 1) % n;
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (!s.players[i]?.folded) order.push(i);
  }
  s.showOrder = order;
  s.showAt = 0;
  if (allShown) for (const i of order) (s.players[i] as HoldemPlayer).shown = true;
  return continueShowdown(s);
}

/** Whether player i, if shown now, would win or tie a pot they are in against the hands shown. */
function couldWin(s: HoldemState, i: number): boolean {
  const value = handValue(s, i);
  const pots = buildPots(contributions(s));
  return pots.some((pot) => {
    if (!pot.eligible.includes(i)) return false;
    const shown = pot.eligible.filter((j) => s.players[j]?.shown);
    return shown.every((j) => handValue(s, j) <= value);
  });
}

/** Turn up the hands that must be shown; stop at a player who may choose to muck. */
function continueShowdown(state: HoldemState): HoldemState {
  const s = cloneState(state);
  while (s.showAt < s.showOrder.length) {
    const i = s.showOrder[s.showAt] as number;
    const p = s.players[i] as HoldemPlayer;
    if (!p.shown && !p.mucked) {
      if (!couldWin(s, i)) {
        s.toAct = i;
        return s;
      }
      p.shown = true;
    }
    s.showAt++;
  }
  return settle(s);
}

const contributions = (s: HoldemState): Contribution[] =>
  s.players.map((p, player) => ({ player, committed: p.committed, folded: p.folded || p.mucked }));

/** Give the uncalled part of the last bet back to its owner (before any hand is shown). */
function returnUncalled(state: HoldemState): HoldemState & { players: HoldemPlayer[] } {
  const s = cloneState(state);
  const back = uncalled(s.players.map((p, player) => ({ player, committed: p.committed, folded: p.folded })));
  if (back) {
    const p = s.players[back.player] as HoldemPlayer;
    p.committed -= back.amount;
    p.streetBet -= back.amount;
    p.stack += back.amount;
    s.returned = { seat: p.seat, amount: back.amount + (s.returned?.amount ?? 0) };
  }
  return s;
}

/** Build and rake the pots and pay the winners; the hand is complete. */
function settle(state: HoldemState): HoldemState {
  const s = returnUncalled(state);
  const n = s.players.length;
  // Mucked hands give up their claim: their chips stay in the pots like a folded player's.
  const pots = buildPots(contributions(s));
  const rakes = rakePots(pots, s.config.rakePpm, s.config.rakeCap, s.sawFlop);
  const contested = s.players.filter((p) => !p.folded && !p.mucked).length > 1;
  const shown: Record<number, HandValue> = {};
  const values = new Map<number, HandValue>();
  s.players.forEach((p, i) => {
    if (p.shown && !p.mucked) {
      const v = handValue(s, i);
      values.set(i, v);
      shown[p.seat] = v;
    }
  });
  const won: Record<number, number> = {};
  const results: PotResult[] = pots.map((pot, k) => {
    const rake = rakes[k] as number;
    const best = contested ? Math.max(...pot.eligible.map((i) => values.get(i) ?? -1)) : -1;
    const winners = contested ? pot.eligible.filter((i) => values.get(i) === best) : pot.eligible;
    const shares: Record<number, number> = {};
    for (const [i, amount] of splitPot(pot.amount - rake, winners, n, s.button)) {
      const p = s.players[i] as HoldemPlayer;
      p.stack += amount;
      shares[p.seat] = amount;
      won[p.seat] = (won[p.seat] ?? 0) + amount;
    }
    const seat = (i: number) => (s.players[i] as HoldemPlayer).seat;
    return { amount: pot.amount, rake, eligible: pot.eligible.map(seat), winners: winners.map(seat), shares };
  });
  s.phase = "complete";
  s.toAct = -1;
  s.result = {
    pots: results,
    rake: rakes.reduce((a, b) => a + b, 0),
    returned: s.returned,
    won,
    shown,
  };
  return s;
}

/** What the player to act may do, or null when the hand waits for nobody (it is complete). */
export function legalActions(s: HoldemState): LegalActions | null {
  const i = s.toAct;
  const p = s.players[i];
  if (s.phase === "complete" || !p) return null;
  const none = { seat: p.seat, player: i, fold: false, check: false, call: null, bet: null, raise: null };
  if (s.phase === "showdown") return { ...none, show: true, muck: true };
  const owed = Math.max(0, s.currentBet - p.streetBet);
  const call = owed > 0 ? Math.min(owed, p.stack) : null;
  const max = p.streetBet + p.stack;
  // Someone else must be able to answer a bet or raise.
  const opponents = s.players.some((q, j) => j !== i && canAct(q));
  // A short all-in does not reopen the betting to a player who already acted: they may raise
  // again only if the bet has grown by a full raise since they last acted.
  const reopened = !p.acted || s.currentBet - p.facedBet >= s.minRaise;
  const canRaise = opponents && reopened && p.stack > owed;
  const minTo = Math.min(s.currentBet + s.minRaise, max);
  const range = canRaise ? { min: minTo, max } : null;
  return {
    ...none,
    fold: true,
    check: owed === 0,
    call,
    bet: s.currentBet === 0 ? range : null,
    raise: s.currentBet > 0 ? range : null,
    show: false,
    muck: false,
  };
}

/** Apply one action of the player at index `player`; the state given is not changed. */
export function act(state: HoldemState, player: number, action: HoldemAction): ActResult {
  if (state.phase === "complete") return { ok: false, code: "HAND_COMPLETE" };
  if (player !== state.toAct) return { ok: false, code: "NOT_YOUR_TURN" };
  const legal = legalActions(state);
  if (!legal) return { ok: false, code: "HAND_COMPLETE" };
  if (state.phase === "showdown") {
    if (action.type !== "show" && action.type !== "muck") return { ok: false, code: "MUST_SHOW" };
    const s = cloneState(state);
    const p = s.players[player] as HoldemPlayer;
    if (action.type === "show") p.shown = true;
    else p.mucked = true;
    s.log = [...s.log, { seat: p.seat, action: action.type, amount: 0, street: "showdown" }];
    s.showAt++;
    return { ok: true, state: continueShowdown(s) };
  }
  const p0 = state.players[player] as HoldemPlayer;
  let resolved = action;
  if (action.type === "all_in") {
    if (legal.call !== null && p0.stack <= legal.call) resolved = { type: "call" };
    else if (legal.bet) resolved = { type: "bet", to: legal.bet.max };
    else if (legal.raise) resolved = { type: "raise", to: legal.raise.max };
    else return { ok: false, code: "CANNOT_RAISE" };
  }
  const s = cloneState(state);
  const p = s.players[player] as HoldemPlayer;
  let amount = 0;
  switch (resolved.type) {
    case "fold":
      p.folded = true;
      break;
    case "check":
      if (!legal.check) return { ok: false, code: "CANNOT_CHECK" };
      break;
    case "call":
      if (legal.call === null) return { ok: false, code: "NOTHING_TO_CALL" };
      amount = legal.call;
      break;
    case "bet":
    case "raise": {
      const range = resolved.type === "bet" ? legal.bet : legal.raise;
      if (!range) return { ok: false, code: resolved.type === "bet" ? "CANNOT_BET" : "CANNOT_RAISE" };
      const to = resolved.to;
      if (!Number.isSafeInteger(to) || to < range.min || to > range.max)
        return { ok: false, code: "AMOUNT_OUT_OF_RANGE" };
      amount = to - p.streetBet;
      const increment = to - s.currentBet;
      // A full raise sets the next minimum; a short all-in raises the bet but not the minimum.
      if (increment >= s.minRaise) s.minRaise = increment;
      s.currentBet = to;
      s.lastAggressor = player;
      break;
    }
    default:
      return { ok: false, code: "NOT_AT_SHOWDOWN" };
  }
  p.stack -= amount;
  p.streetBet += amount;
  p.committed += amount;
  p.allIn = p.stack === 0;
  p.acted = true;
  p.facedBet = s.currentBet;
  s.log = [...s.log, { seat: p.seat, action: resolved.type, amount, street: s.phase }];
  return { ok: true, state: advance(s, (player + 1) % s.players.length) };
}

/** What a player who lets the clock run out does: check if free, else fold; muck at showdown. */
export function defaultAction(s: HoldemState): HoldemAction | null {
  const legal = legalActions(s);
  if (!legal) return null;
  if (s.phase === "showdown") return { type: "muck" };
  return legal.check ? { type: "check" } : { type: "fold" };
}

/** Chips on the table: stacks behind plus everything put in, plus the rake once settled. */
export function chipsInPlay(s: HoldemState): number {
  return (
    s.players.reduce((sum, p) => sum + p.stack + (s.result ? 0 : p.committed), 0) + (s.result?.rake ?? 0)
  );
}
