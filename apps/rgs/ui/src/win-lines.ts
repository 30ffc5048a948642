import { CELL, linePoints, payLabelAt, toSvgPoints } from "./line-geometry.ts";

/**
 * The SVG layer over the reels that draws win lines with the line's pay next to its last winning cell. Its viewBox is the reel window in
 * cell units, so it scales with the reels on any screen.
 */
const NS = "http://www.w3.org/2000/svg";

export interface DrawnLine {
  /** The row shown on each reel (the payline). */
  rows: readonly number[];
  count: number;
  colour: string;
  label: string;
}

export class WinLinesView {
  readonly root: SVGSVGElement;

  constructor(reels: number, rows: number) {
    this.root = document.createElementNS(NS, "svg");
    this.root.classList.add("win-lines");
    this.root.setAttribute("viewBox", `0 0 ${reels * CELL} ${rows * CELL}`);
    this.root.setAttribute("preserveAspectRatio", "none");
    this.root.setAttribute("aria-hidden", "true");
  }

  draw(lines: readonly DrawnLine[]): void {
    this.root.replaceChildren(
      ...lines.flatMap((line) => {
        const poly = document.createElementNS(NS, "polyline");
        poly.setAttribute("points", toSvgPoints(linePoints(line.rows)));
        poly.setAttribute("stroke", line.colour);
        poly.classList.add("win-line");
        if (!line.label) return [poly];
        const at = payLabelAt(line.rows, line.count);
        const tag = document.createElementNS(NS, "g");
        tag.classList.add("win-tag");
        const width = 14 + line.label.length * 11;
        tag.innerHTML = `<rect x="${at.x - width / 2}" y="${at.y - 14}" width="${width}" height="26" rx="13" fill="${line.colour}"/><text x="${at.x}" y="${at.y + 5}" text-anchor="middle">${line.label.replace(/[<&]/g, "")}</text>`;
        return [poly, tag];
      }),
    );
  }

  clear(): void {
    this.root.replaceChildren();
  }
}
