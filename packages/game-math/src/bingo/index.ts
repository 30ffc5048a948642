import { uniformInt, type WordSource } from "../uniform.ts";

/**
 * Bingo: 90-ball strips and 75-ball cards, the draw order, prize detection and the
 * split of a prize between simultaneous winners. Pure: every random choice comes from a word
 * source (the game's committed seed), so anyone can recompute a game once the seed is revealed.
 */
export type BingoKind = "bingo90" | "bingo75";

/** A ticket: rows of cells, 0 = blank (90-ball) or the free centre (75-ball). */
export type Ticket = number[][];

/** The prizes of a game, in the order they are won. */
export const PRIZES: Record<BingoKind, readonly BingoPrize[]> = {
  bingo90: ["line", "two_lines", "full_house"],
  bingo75: ["pattern", "blackout"],
};
export type BingoPrize = "line" | "two_lines" | "full_house" | "pattern" | "blackout";

export const BALLS: Record<BingoKind, number> = { bingo90: 90, bingo75: 75 };

/** Fisher–Yates on 1..n with unbiased integers: the order the balls are drawn. */
export function drawOrder(kind: BingoKind, next: WordSource): number[] {
  const n = BALLS[kind];
  const balls = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformInt(next, i + 1);
    [balls[i], balls[j]] = [balls[j] as number, balls[i] as number];
  }
  return balls;
}

function shuffle<T>(xs: T[], next: WordSource): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = uniformInt(next, i + 1);
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

/** Column c of a 90-ball ticket holds c*10..c*10+9 (column 0: 1–9, column 8: 80–90). */
export const column90 = (n: number): number => (n === 90 ? 8 : Math.floor(n / 10));

/**
 * A strip of six 90-ball tickets covering 1–90 exactly once: every ticket 3 rows × 9 columns,
 * 5 numbers a row, every column of every ticket at least one number, numbers ascending down a
 * column. How many numbers each ticket takes from each column (1–3) is chosen at random and
 * repaired until every row can hold exactly five: a deterministic function of the words.
 */
export function strip90(next: WordSource): Ticket[] {
  const cols: number[][] = [];
  for (let c = 0; c < 9; c++) {
    const lo = c === 0 ? 1 : c * 10;
    const hi = c === 8 ? 90 : c * 10 + 9;
    cols.push(
      shuffle(
        Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
        next,
      ),
    );
  }
  // counts[t][c]: how many numbers ticket t takes from column c (1..3); column totals = column
  // sizes (9, 10, …, 10, 11), ticket totals = 15.
  const counts: number[][] = Array.from({ length: 6 }, () => Array(9).fill(1));
  const left = cols.map((col) => col.length - 6);
  // Deal the rest of each column one by one to a random ticket that still has room.
  const pending: number[] = [];
  for (let c = 0; c < 9; c++) for (let k = 0; k < (left[c] as number); k++) pending.push(c);
  shuffle(pending, next);
  const total = (t: number) => (counts[t] as number[]).reduce((a, b) => a + b, 0);
  for (const c of pending) {
    // The ticket with the fewest numbers that can still take one from this column (ties at random).
    const open = [0, 1, 2, 3, 4, 5].filter((t) => ((counts[t] as number[])[c] as number) < 3);
    const fewest = Math.min(...open.map(total));
    const best = open.filter((t) => total(t) === fewest);
    const t = best[uniformInt(next, best.length)] as number;
    (counts[t] as number[])[c] = ((counts[t] as number[])[c] as number) + 1;
  }
  // Any ticket short of 15 (the greedy deal can strand a column): move a number from a long
  // ticket's column holding 2–3 to the short ticket (such a column always exists: a long ticket
  // has ≥ 4 columns of 2+, and a short one cannot hold 3 in all of them).
  for (let guard = 0; guard < 1000; guard++) {
    const short = [0, 1, 2, 3, 4, 5].find((t) => total(t) < 15);
    if (short === undefined) break;
    const long = [0, 1, 2, 3, 4, 5].find((t) => total(t) > 15);
    // Total is 90 over 6 tickets, so a short ticket means a long one.
    if (long === undefined) throw new Error("strip totals");
    const c = [0, 1, 2, 3, 4, 5, 6, 7, 8].find(
      (k) => ((counts[long] as number[])[k] as number) > 1 && ((counts[short] as number[])[k] as number) < 3,
    );
    if (c === undefined) throw new Error("strip repair failed");
    (counts[long] as number[])[c] = ((counts[long] as number[])[c] as number) - 1;
    (counts[short] as number[])[c] = ((counts[short] as number[])[c] as number) + 1;
  }
  const tickets: Ticket[] = [];
  const taken = Array(9).fill(0);
  for (let t = 0; t < 6; t++) {
    const per = counts[t] as number[];
    const layout = rowsFor(per, next);
    const ticket: Ticket = [Array(9).fill(0), Array(9).fill(0), Array(9).fill(0)];
    for (let c = 0; c < 9; c++) {
      const n = per[c] as number;
      const nums = (cols[c] as number[]).slice(taken[c], taken[c] + n).sort((a, b) => a - b);
      taken[c] += n;
      const rows = [0, 1, 2].filter((r) => (layout[r] as boolean[])[c]);
      rows.forEach((r, i) => {
        (ticket[r] as number[])[c] = nums[i] as number;
      });
    }
    tickets.push(ticket);
  }
  return tickets;
}

/**
 * Which rows hold a number in each column, given how many numbers each column has (1–3,
 * summing to 15), so every row has exactly five: columns of 3 fill all rows, then columns of
 * 2 and 1 are placed in the rows with the most room left (ties at random).
 */
function rowsFor(per: number[], next: WordSource): boolean[][] {
  const layout = [Array(9).fill(false), Array(9).fill(false), Array(9).fill(false)] as boolean[][];
  const room = [5, 5, 5];
  const order = shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8], next).sort(
    (a, b) => (per[b] as number) - (per[a] as number),
  );
  for (const c of order) {
    const n = per[c] as number;
    const rows = shuffle([0, 1, 2], next)
      .sort((a, b) => (room[b] as number) - (room[a] as number))
      .slice(0, n);
    for (const r of rows) {
      (layout[r] as boolean[])[c] = true;
      room[r] = (room[r] as number) - 1;
    }
  }
  if (room.some((r) => r !== 0)) throw new Error("row layout");
  return layout;
}

/** A 75-ball card: columns B 1–15, I 16–30, N 31–45, G 46–60, O 61–75, the centre free (0). */
export function card75(next: WordSource): Ticket {
  const cols: number[][] = [];
  for (let c = 0; c < 5; c++) {
    const all = Array.from({ length: 15 }, (_, i) => c * 15 + i + 1);
    cols.push(shuffle(all, next).slice(0, 5));
  }
  const t: Ticket = [0, 1, 2, 3, 4].map((r) =>
    [0, 1, 2, 3, 4].map((c) => (cols[c] as number[])[r] as number),
  );
  (t[2] as number[])[2] = 0;
  return t;
}

/**
 * The tickets of a purchase: 90-ball tickets come in strips of six (a purchase of n tickets
 * takes the first n of ⌈n/6⌉ strips); 75-ball cards one by one.
 */
export function dealTickets(kind: BingoKind, count: number, next: WordSource): Ticket[] {
  if (kind === "bingo75") return Array.from({ length: count }, () => card75(next));
  const out: Ticket[] = [];
  while (out.length < count) out.push(...strip90(next));
  return out.slice(0, count);
}

/** The 75-ball "pattern" prize: any full row, column or diagonal (the centre counts). */
const LINES75: Array<Array<[number, number]>> = [
  ...[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => [r, c] as [number, number])),
  ...[0, 1, 2, 3, 4].map((c) => [0, 1, 2, 3, 4].map((r) => [r, c] as [number, number])),
  [0, 1, 2, 3, 4].map((i) => [i, i] as [number, number]),
  [0, 1, 2, 3, 4].map((i) => [i, 4 - i] as [number, number]),
];

/**
 * How many numbers a ticket still needs for a prize, given the called set (0 = won). 90-ball:
 * line = fewest missing in one row, two lines = the two rows with fewest missing, full house =
 * all. 75-ball: pattern = the line (row/column/diagonal) with fewest missing, blackout = all.
 */
export function toGo(
  kind: BingoKind,
  ticket: Ticket,
  called: ReadonlySet<number>,
  prize: BingoPrize,
): number {
  if (kind === "bingo90") {
    const missing = ticket
      .map((row) => row.filter((n) => n !== 0 && !called.has(n)).length)
      .sort((a, b) => a - b);
    if (prize === "line") return missing[0] as number;
    if (prize === "two_lines") return (missing[0] as number) + (missing[1] as number);
    return missing.reduce((a, b) => a + b, 0);
  }
  const miss = (r: number, c: number) => {
    const n = (ticket[r] as number[])[c] as number;
    return n !== 0 && !called.has(n) ? 1 : 0;
  };
  if (prize === "pattern") return Math.min(...LINES75.map((l) => l.reduce((a, [r, c]) => a + miss(r, c), 0)));
  let m = 0;
  for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) m += miss(r, c);
  return m;
}

/**
 * A prize's amount shared between its winners in integer minor units: each gets ⌊amount / n⌋
 * and the remainder's units go one each to the first winners in ticket order (the ticket
 * bought first: the lowest ticket number), so the shares always add up to the prize.
 */
export function splitPrize(amount: bigint, winners: number): bigint[] {
  if (winners <= 0) return [];
  if (amount < 0n) throw new RangeError("negative prize");
  const n = BigInt(winners);
  const base = amount / n;
  const rest = Number(amount % n);
  return Array.from({ length: winners }, (_, i) => base + (i < rest ? 1n : 0n));
}

/**
 * The pool of a game and each prize's amount: pool = ⌊sales × poolBp / 10000⌋ (the room's
 * return to players, basis points), at least the room's guaranteed minimum; each prize is
 * ⌊pool × its share / 10000⌋ and the rounding remainder goes to the last prize (full house /
 * blackout), so the prizes add up to the pool.
 */
export function prizeAmounts(
  kind: BingoKind,
  sales: bigint,
  poolBp: number,
  splitBp: Partial<Record<BingoPrize, number>>,
  guaranteed = 0n,
): { pool: bigint; prizes: Record<string, bigint> } {
  let pool = (sales * BigInt(poolBp)) / 10000n;
  if (pool < guaranteed) pool = guaranteed;
  const names = PRIZES[kind];
  const prizes: Record<string, bigint> = {};
  let given = 0n;
  names.forEach((p, i) => {
    const amount = i === names.length - 1 ? pool - given : (pool * BigInt(splitBp[p] ?? 0)) / 10000n;
    prizes[p] = amount;
    given += amount;
  });
  return { pool, prizes };
}

/** Whether a prize split is valid: one share per prize of the kind, all ≥ 0, adding to 10000. */
export function validSplit(kind: BingoKind, splitBp: Record<string, number>): boolean {
  const names = PRIZES[kind];
  if (Object.keys(splitBp).some((k) => !names.includes(k as BingoPrize))) return false;
  let sum = 0;
  for (const p of names) {
    const v = splitBp[p];
    if (v === undefined || !Number.isInteger(v) || v < 0) return false;
    sum += v;
  }
  return sum === 10000;
}

export interface PrizeWin {
  prize: BingoPrize;
  /** The number of balls drawn when it was won (the ball that won it is draw[at - 1]). */
  at: number;
  /** Indexes of the winning tickets in the game's ticket list (ticket order). */
  tickets: number[];
}

/**
 * Play a game out: the prizes are won in order (90-ball: a line, then two lines, then the full
 * house; 75-ball: the pattern, then blackout). After each ball, the current prize is won by
 * every ticket that completes it with that ball (simultaneous winners share it); a later prize
 * already completed by the same ball is won at the same ball. The game ends at the last prize.
 */
export function playGame(
  kind: BingoKind,
  tickets: Ticket[],
  draw: number[],
): { wins: PrizeWin[]; balls: number } {
  const names = PRIZES[kind];
  const called = new Set<number>();
  const wins: PrizeWin[] = [];
  let p = 0;
  if (tickets.length === 0) return { wins, balls: 0 };
  for (let i = 0; i < draw.length && p < names.length; i++) {
    called.add(draw[i] as number);
    while (p < names.length) {
      const prize = names[p] as BingoPrize;
      const won = tickets.flatMap((t, k) => (toGo(kind, t, called, prize) === 0 ? [k] : []));
      if (won.length === 0) break;
      wins.push({ prize, at: i + 1, tickets: won });
      p++;
    }
  }
  return { wins, balls: wins.length ? (wins[wins.length - 1] as PrizeWin).at : draw.length };
}
