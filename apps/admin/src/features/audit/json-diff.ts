/** One leaf of a JSON value, by its dotted path ("title.EN", "blockedRanges.0"). */
export interface DiffLine {
  path: string;
  before: string | undefined;
  after: string | undefined;
  kind: "added" | "removed" | "changed" | "same";
}

/** Deeper values are shown whole; no audit record needs more. */
const DEPTH_MAX = 8;
const LEAVES_MAX = 1000;

function flatten(value: unknown, prefix: string, out: Map<string, string>, depth: number): void {
  if (out.size >= LEAVES_MAX) return;
  const isContainer = typeof value === "object" && value !== null;
  const entries = isContainer ? Object.entries(value) : [];
  if (!isContainer || entries.length === 0 || depth >= DEPTH_MAX) {
    out.set(prefix || "(value)", JSON.stringify(value) ?? "undefined");
    return;
  }
  for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out, depth + 1);
}

function leaves(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && value !== undefined) flatten(value, "", out, 0);
  return out;
}

/** Field-by-field comparison of an audit row's before and after, in the order fields appear. */
export function diffJson(before: unknown, after: unknown): DiffLine[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.map((path) => {
    const was = a.get(path);
    const now = b.get(path);
    const kind =
      was === undefined ? "added" : now === undefined ? "removed" : was === now ? "same" : "changed";
    return { path, before: was, after: now, kind };
  });
}
