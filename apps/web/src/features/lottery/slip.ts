import type {
  LotteryBetType,
  LotteryGameInfo,
  LotteryPlayType,
  LotterySlipLine,
} from "@panalo/contracts/lottery";

/**
 * The bet slip's rules on the page: what a selection may be for a game and
 * bet type, how spec §2's play types become bet types, quick pick, and the total shown before
 * confirming. The server checks all of it again; this only spares the player a refusal.
 * Money stays in integer centavos (bigint); the text the player types is parsed without floats.
 */
export type GameShape = Pick<LotteryGameInfo, "code" | "kind" | "count" | "min" | "max">;

export interface SlipEntry {
  /** Local id of the line on the slip. */
  id: string;
  gameCode: string;
  gameName: string;
  betType: LotteryBetType;
  selection: number[];
  stakeMinor: bigint;
  /** The first draw. */
  drawNo: string;
  /** This draw and the next N − 1. */
  repeat: number;
  quickPick: boolean;
}

export const MAX_REPEAT = 50;
export const MAX_LINES = 50;

/** Distinct orderings of a selection: 6 for three different digits, 3 with a repeat, 1 for a triple. */
export function permutations(selection: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of selection) counts.set(v, (counts.get(v) ?? 0) + 1);
  let n = 1;
  for (let i = 2; i <= selection.length; i++) n *= i;
  for (const c of counts.values()) for (let i = 2; i <= c; i++) n /= i;
  return n;
}

/**
 * spec §2 play types (contract: LotteryPlayType): direct → straight; single → any order
 * (rambolito) on digits games, a pick line on pick-six games; double → the same numbers both
 * ways, a straight and a rambolito bet. Pick-six games have one way to play.
 */
export function betTypesOf(game: GameShape, play: LotteryPlayType): LotteryBetType[] {
  if (game.kind === "pick") return ["pick"];
  if (play === "direct") return ["straight"];
  if (play === "single") return ["rambolito"];
  return ["straight", "rambolito"];
}

/** The play types a game offers. */
export function playTypesOf(game: GameShape): LotteryPlayType[] {
  return game.kind === "pick" ? ["single"] : ["single", "double", "direct"];
}

export type SelectionProblem = "incomplete" | "range" | "duplicate" | "noOrderings";

/** Whether a selection may be bet as this type (mirrors game-math validSelection). */
export function selectionProblem(
  game: GameShape,
  betType: LotteryBetType,
  selection: readonly (number | null)[],
): SelectionProblem | null {
  if (selection.length !== game.count || selection.some((v) => v === null)) return "incomplete";
  const values = selection as readonly number[]; // no nulls: checked just above
  if (!values.every((v) => Number.isInteger(v) && v >= game.min && v <= game.max)) return "range";
  if (game.kind === "pick") return new Set(values).size === game.count ? null : "duplicate";
  // A triple has one ordering: "any order" would be a straight bet at a split prize.
  if (betType === "rambolito" && permutations(values) < 2) return "noOrderings";
  return null;
}

/** An integer in [0, n) from the browser's CSPRNG, without modulo bias. */
function randomBelow(n: number, random: (buf: Uint32Array<ArrayBuffer>) => void): number {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  const buf = new Uint32Array(1);
  for (;;) {
    random(buf);
    const w = buf[0] ?? 0;
    if (w < limit) return w % n;
  }
}

const cryptoRandom = (buf: Uint32Array<ArrayBuffer>) => {
  crypto.getRandomValues(buf);
};

/** Quick pick: a valid selection for the game and bet type (a rambolito never gets a triple). */
export function quickPick(
  game: GameShape,
  betType: LotteryBetType,
  random: (buf: Uint32Array<ArrayBuffer>) => void = cryptoRandom,
): number[] {
  const span = game.max - game.min + 1;
  if (game.kind === "pick") {
    const pool = Array.from({ length: span }, (_, i) => game.min + i);
    for (let i = 0; i < game.count; i++) {
      const j = i + randomBelow(pool.length - i, random);
      const a = pool[i] ?? 0;
      pool[i] = pool[j] ?? 0;
      pool[j] = a;
    }
    return pool.slice(0, game.count).sort((a, b) => a - b);
  }
  for (;;) {
    const pick = Array.from({ length: game.count }, () => game.min + randomBelow(span, random));
    if (selectionProblem(game, betType, pick) === null) return pick;
  }
}

/** "10", "10.5", "1,000.00" → centavos; null when not a positive amount with at most 2 decimals. */
export function parseStake(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ""));
  if (!m) return null;
  const minor = BigInt(m[1] ?? "0") * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return minor > 0n ? minor : null;
}

/** 123450n → "1234.50" (the contract's MoneyString). */
export function toMoneyString(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** What a line costs: its stake on each of its draws. */
export function lineCost(entry: Pick<SlipEntry, "stakeMinor" | "repeat">): bigint {
  return entry.stakeMinor * BigInt(entry.repeat);
}

/** The slip's total, shown before confirming (one debit for the whole slip). */
export function slipTotal(entries: readonly Pick<SlipEntry, "stakeMinor" | "repeat">[]): bigint {
  return entries.reduce((sum, e) => sum + lineCost(e), 0n);
}

/** The slip as the server takes it (POST /rgs/lottery/slips). */
export function toSlipLines(entries: readonly SlipEntry[]): LotterySlipLine[] {
  return entries.map((e) => ({
    gameCode: e.gameCode,
    betType: e.betType,
    selection: e.selection,
    stake: toMoneyString(e.stakeMinor),
    drawNo: e.drawNo,
    repeat: e.repeat,
    quickPick: e.quickPick || undefined,
  }));
}

/** The slip line a refusal names (`details[].path` "lines.2.selection" → 2), if any. */
export function lineOfPath(path: string): number | null {
  const m = /^lines\.(\d+)(?:\.|$)/.exec(path);
  return m ? Number(m[1]) : null;
}
