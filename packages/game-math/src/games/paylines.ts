/**
 * The paylines of the 5 × 3 line games, in the order games take them: a game of n lines plays
 * the first n (row index per reel, 0 = top). One list, so every game's line k is the same line
 * and the paytable screens draw the same shapes.
 */
const PAYLINES_5X3: ReadonlyArray<readonly number[]> = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** The first `count` paylines, as fresh arrays (a game's definition owns its copy). */
export function paylines(count: number): number[][] {
  if (!Number.isInteger(count) || count < 1 || count > PAYLINES_5X3.length) {
    throw new Error(`a 5 × 3 game has 1 to ${PAYLINES_5X3.length} paylines, not ${count}`);
  }
  return PAYLINES_5X3.slice(0, count).map((line) => [...line]);
}
