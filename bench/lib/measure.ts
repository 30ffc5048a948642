// The small pieces every load bench measures with: a bounded pool of workers, and percentiles.

/**
 * Run `fn` over `items` with at most `n` calls in flight, each worker taking the next item as
 * it finishes one; `i` is the item's index. Resolves once every item is done.
 */
export async function pool<T>(items: T[], n: number, fn: (t: T, i: number) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const k = i++;
        await fn(items[k] as T, k);
      }
    }),
  );
}

/**
 * The p-th percentile (0–100) of `xs` by the nearest-rank-below rule: the value at
 * floor(p/100 · n) of the sorted values (p 100 is the maximum); NaN when `xs` is empty.
 */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

/**
 * The q-quantile (0–1) of `a` by the same nearest-rank-below rule, 0 (not NaN) when `a` is
 * empty: the form the database-only benches print with toFixed.
 */
export function quantile(a: number[], q: number): number {
  return [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * q))] ?? 0;
}

/** Seconds since `t0` (a Date.now()), one decimal: "12.3". */
export function secondsSince(t0: number): string {
  return ((Date.now() - t0) / 1000).toFixed(1);
}
