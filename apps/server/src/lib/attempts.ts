import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../db/client.ts";
import { Errors } from "./errors.ts";

/**
 * Failed-attempt counters that hold under parallel requests.
 *
 * Every guarded check (a login, a sign-in, a transaction password, an address's failures)
 * first RESERVES an attempt with one conditional statement — an UPDATE of the account's own
 * row, or an INSERT … ON CONFLICT DO UPDATE … WHERE of a `login_attempts` row — that counts the
 * attempt as a failure only if the counter still allows one. Only a reserved attempt does the
 * password work. A wrong answer leaves its reservation counted; a right one resets the counter
 * (an account: `resetKey` or the caller's own success update) or gives its one reservation back
 * (an address: `releaseKey`). So N parallel wrong answers count exactly as N sequential ones,
 * and once the limit is reached no further attempt — right or wrong — is even verified.
 *
 * The rule: failures are counted in a window of `windowMs` from the first one; the failure that
 * reaches `max` locks for `lockMs` from then; after `captchaAfter` failures an attempt is only
 * reserved with a solved captcha. A window or lock that has run out starts a fresh count.
 */
export interface AttemptRule {
  max: number;
  windowMs: number;
  lockMs: number;
  captchaAfter?: number;
}

export type Reservation =
  /** Reserved: `failures` counts this attempt; `windowUntil` identifies the window (for release). */
  | { ok: true; failures: number; locks: boolean; windowUntil: string }
  /** Refused before any work: locked for `lockedForMs`, or a captcha is needed. */
  | { ok: false; locked: true; lockedForMs: number }
  | { ok: false; locked: false; captcha: true };

type Target = { table: "members" | "operators"; id: number } | { scope: string; key: string };

interface Row {
  failed_logins: number;
  fail_window_until: string | Date | null;
  locked_until: string | Date | null;
}

const iso = (d: Date) => d.toISOString();
const ms = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());

/** The three SET expressions and the WHERE condition, over the counter columns of alias `t`. */
function counting(rule: AttemptRule, now: Date, captchaOk: boolean) {
  const n = sql`${iso(now)}::timestamptz`;
  const fresh = sql`(t.fail_window_until IS NULL OR t.fail_window_until <= ${n}
    OR (t.locked_until IS NOT NULL AND t.locked_until <= ${n}))`;
  const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE t.failed_logins + 1 END)`;
  const below =
    captchaOk || rule.captchaAfter === undefined ? rule.max : Math.min(rule.max, rule.captchaAfter);
  const set = sql`failed_logins = ${next},
    fail_window_until = CASE WHEN ${fresh} THEN ${iso(new Date(now.getTime() + rule.windowMs))}::timestamptz
      ELSE t.fail_window_until END,
    locked_until = CASE WHEN ${next} >= ${rule.max}
      THEN ${iso(new Date(now.getTime() + rule.lockMs))}::timestamptz ELSE NULL END`;
  const allowed = sql`(t.locked_until IS NULL OR t.locked_until <= ${n})
    AND (${fresh} OR t.failed_logins < ${below})`;
  return { set, allowed };
}

function reserveQuery(target: Target, rule: AttemptRule, now: Date, captchaOk: boolean): SQL {
  const { set, allowed } = counting(rule, now, captchaOk);
  const returning = sql`RETURNING t.failed_logins, t.fail_window_until, t.locked_until`;
  if ("table" in target) {
    return sql`UPDATE ${sql.raw(target.table)} AS t SET ${set} WHERE t.id = ${target.id} AND ${allowed} ${returning}`;
  }
  const lockAtOnce =
    rule.max <= 1 ? sql`${iso(new Date(now.getTime() + rule.lockMs))}::timestamptz` : sql`NULL`;
  return sql`INSERT INTO login_attempts AS t (scope, key, failed_logins, fail_window_until, locked_until)
    VALUES (${target.scope}, ${target.key}, 1, ${iso(new Date(now.getTime() + rule.windowMs))}::timestamptz, ${lockAtOnce})
    ON CONFLICT (scope, key) DO UPDATE SET ${set} WHERE ${allowed} ${returning}`;
}

function readQuery(target: Target): SQL {
  if ("table" in target) {
    return sql`SELECT failed_logins, fail_window_until, locked_until FROM ${sql.raw(target.table)} WHERE id = ${target.id}`;
  }
  return sql`SELECT failed_logins, fail_window_until, locked_until FROM login_attempts
    WHERE scope = ${target.scope} AND key = ${target.key}`;
}

let lastPurge = 0;

/**
 * Reserve one attempt for `target` (see the module comment). `captchaOk` says the caller holds a
 * solved, spent captcha (only matters past `captchaAfter`).
 */
export async function reserveAttempt(
  exec: Executor,
  target: Target,
  rule: AttemptRule,
  now: Date,
  captchaOk = false,
): Promise<Reservation> {
  if (!("table" in target) && now.getTime() - lastPurge > 60_000) {
    lastPurge = now.getTime();
    await purgeAttempts(exec, now);
  }
  // A refused reservation reads the row to say why; if what it reads allows an attempt (the
  // lock ran out or an operator unlocked in between), it tries again.
  for (let i = 0; i < 3; i++) {
    const [row] = await queryRows<Row>(exec, reserveQuery(target, rule, now, captchaOk));
    if (row) {
      return {
        ok: true,
        failures: row.failed_logins,
        locks: row.failed_logins >= rule.max,
        windowUntil: new Date(row.fail_window_until ?? 0).toISOString(),
      };
    }
    const [seen] = await queryRows<Row>(exec, readQuery(target));
    const lockedUntil = ms(seen?.locked_until ?? null);
    if (lockedUntil !== null && lockedUntil > now.getTime()) {
      // At most lockMs: a parallel request that locked may have read the clock a moment later.
      return { ok: false, locked: true, lockedForMs: Math.min(lockedUntil - now.getTime(), rule.lockMs) };
    }
    const windowOpen = (ms(seen?.fail_window_until ?? null) ?? 0) > now.getTime();
    if (seen && windowOpen && !captchaOk && seen.failed_logins >= (rule.captchaAfter ?? rule.max)) {
      return { ok: false, locked: false, captcha: true };
    }
  }
  return { ok: false, locked: true, lockedForMs: rule.lockMs };
}

/** A right answer: the counter of a `login_attempts` name starts again from nothing. */
export async function resetKey(exec: Executor, scope: string, key: string): Promise<void> {
  await exec.execute(sql`DELETE FROM login_attempts WHERE scope = ${scope} AND key = ${key}`);
}

/**
 * Give one reservation back (an address whose attempt turned out not to be a failure), in the
 * window it was taken in; a lock it caused is lifted with it.
 */
export async function releaseKey(
  exec: Executor,
  scope: string,
  key: string,
  rule: AttemptRule,
  windowUntil: string,
): Promise<void> {
  await exec.execute(sql`UPDATE login_attempts
    SET failed_logins = failed_logins - 1,
      locked_until = CASE WHEN failed_logins - 1 < ${rule.max} THEN NULL ELSE locked_until END
    WHERE scope = ${scope} AND key = ${key} AND failed_logins > 0
      AND fail_window_until = ${windowUntil}::timestamptz`);
}

/** Rows whose window and lock ended a day ago say nothing any more. */
export async function purgeAttempts(exec: Executor, now: Date): Promise<void> {
  const cutoff = iso(new Date(now.getTime() - 86_400_000));
  await exec.execute(sql`DELETE FROM login_attempts WHERE fail_window_until < ${cutoff}::timestamptz
    AND (locked_until IS NULL OR locked_until < ${cutoff}::timestamptz)`);
}

/** Minutes, rounded up, for lock messages. */
export const minutesOf = (lockedForMs: number) => Math.max(1, Math.ceil(lockedForMs / 60_000));

/**
 * Reserve one failure of an address before any password work; RATE_LIMITED when the address
 * has used up its failures. Give the reservation back (`releaseKey`) when the attempt turns
 * out not to be a failure, so successful logins never count against an address.
 */
export async function reserveAddress(
  exec: Executor,
  scope: string,
  ip: string,
  rule: AttemptRule,
  now: Date,
): Promise<string> {
  const r = await reserveAttempt(exec, { scope, key: ip }, rule, now);
  if (!r.ok)
    throw Errors.rateLimited(Math.max(1, Math.ceil((r.locked ? r.lockedForMs : rule.lockMs) / 1000)));
  return r.windowUntil;
}
