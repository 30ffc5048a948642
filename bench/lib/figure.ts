// What every bench prints beside a figure: the machine's load average (a figure measured while
// other work shares the cores is not the same figure), and one machine-readable line per
// headline figure that `npm run bench:compare` reads:
//   figure<TAB>name<TAB>value<TAB>unit<TAB>lower|higher<TAB>load <1-minute load average>
import { availableParallelism, loadavg } from "node:os";

/** "1.23, 0.98, 0.75 on 2 cores": the 1-, 5- and 15-minute load averages. */
export function loadAverage(): string {
  return `${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${availableParallelism()} cores`;
}

/** Print one headline figure (for people and for bench:compare), with the load average now. */
export function figure(name: string, value: number, unit: string, better: "lower" | "higher"): void {
  const load = loadavg()[0] ?? 0;
  console.log(["figure", name, String(value), unit, better, `load ${load.toFixed(2)}`].join("\t"));
}
