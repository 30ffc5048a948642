/**
 * One run at a time per key in this process: a call made while another with the same key is
 * still running gets that run's answer instead of running again. Money calls key it by the
 * member and the request id, so a request sent many times at once (a double tap, a client's
 * retries) is answered once — before any replay can count a transaction-password try.
 * Runs are kept per `owner` (the app's context), so two apps in one process never share one.
 */
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

export function singleFlight<T>(owner: object, key: string, fn: () => Promise<T>): Promise<T> {
  let runs = running.get(owner);
  if (!runs) {
    runs = new Map();
    running.set(owner, runs);
  }
  const current = runs.get(key);
  if (current) return current as Promise<T>;
  const mine = runs;
  const run = fn().finally(() => mine.delete(key));
  runs.set(key, run);
  return run;
}
