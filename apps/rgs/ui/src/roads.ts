/**
 * Baccarat road maps, from the results oldest first: the bead plate (every coup in
 * columns of six, top to bottom) and the big road (a column per streak of player or banker;
 * ties marked on the cell before them; a streak longer than six rows turns right, the
 * "dragon tail").
 */
export type Coup = "player" | "banker" | "tie";

export interface BeadCell {
  col: number;
  row: number;
  winner: Coup;
}

export function beadPlate(results: readonly Coup[], rows = 6): BeadCell[] {
  return results.map((winner, i) => ({ col: Math.floor(i / rows), row: i % rows, winner }));
}

export interface RoadCell {
  col: number;
  row: number;
  winner: "player" | "banker";
  ties: number;
}

export function bigRoad(results: readonly Coup[], rows = 6): RoadCell[] {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  let leadingTies = 0;
  let streakCol = -1; // the column where the current streak started
  let col = -1;
  let row = 0;
  let last: "player" | "banker" | null = null;
  for (const r of results) {
    if (r === "tie") {
      const prev = cells[cells.length - 1];
      if (prev) prev.ties++;
      else leadingTies++;
      continue;
    }
    if (r !== last) {
      streakCol++;
      col = streakCol;
      row = 0;
    } else if (row + 1 < rows && !taken.has(`${col},${row + 1}`)) {
      row++;
    } else {
      col++; // the dragon tail: along the bottom (or under a cell already taken)
    }
    taken.add(`${col},${row}`);
    cells.push({ col, row, winner: r, ties: cells.length === 0 ? leadingTies : 0 });
    last = r;
  }
  return cells;
}
