/**
 * Where win lines and highlighted cells sit over the reel window. The window is drawn in a
 * fixed coordinate space (one cell = CELL units) so the same numbers serve every screen size:
 * the SVG overlay scales with its viewBox.
 */
export const CELL = 100;

export interface Cell {
  reel: number;
  row: number;
}

export interface Point {
  x: number;
  y: number;
}

export function cellCentre(cell: Cell): Point {
  return { x: cell.reel * CELL + CELL / 2, y: cell.row * CELL + CELL / 2 };
}

/** The polyline of a payline: through every reel's cell centre, extended to both window edges. */
export function linePoints(rowsPerReel: readonly number[]): Point[] {
  if (rowsPerReel.length === 0) return [];
  const centres = rowsPerReel.map((row, reel) => cellCentre({ reel, row }));
  const first = centres[0] ?? { x: 0, y: 0 };
  const last = centres[centres.length - 1] ?? first;
  return [{ x: 0, y: first.y }, ...centres, { x: rowsPerReel.length * CELL, y: last.y }];
}

/** SVG `points` attribute text of a polyline. */
export function toSvgPoints(points: readonly Point[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(" ");
}

/** The cells of a line win: the line's cells on the first `count` reels (wins pay left to right). */
export function lineWinCells(rowsPerReel: readonly number[], count: number): Cell[] {
  return rowsPerReel.slice(0, Math.max(0, count)).map((row, reel) => ({ reel, row }));
}

/** Where the pay label of a line win sits: above the centre of its last winning cell. */
export function payLabelAt(rowsPerReel: readonly number[], count: number): Point {
  const reel = Math.max(0, Math.min(count, rowsPerReel.length) - 1);
  const c = cellCentre({ reel, row: rowsPerReel[reel] ?? 0 });
  return { x: c.x, y: c.y - CELL * 0.32 };
}

/** A distinct, readable colour per line number (golden-angle hues). */
export function lineColour(line: number): string {
  return `hsl(${Math.round((line * 137.508) % 360)} 90% 60%)`;
}
