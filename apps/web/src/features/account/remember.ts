/**
 * Remember me (spec §9, narrowed): the last username and dialing code are kept for one day in
 * localStorage with their expiry time. Never the password, never the mobile number.
 */
const KEY = "panalo.remember";
export const REMEMBER_MS = 86_400_000;

export interface Remembered {
  username: string;
  dialingCode: string;
}

export function readRemembered(now = Date.now()): Remembered | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { username?: unknown; dialingCode?: unknown; expiresAt?: unknown };
    if (typeof v.expiresAt !== "number" || v.expiresAt <= now) {
      localStorage.removeItem(KEY);
      return null;
    }
    return {
      username: typeof v.username === "string" ? v.username : "",
      dialingCode: typeof v.dialingCode === "string" ? v.dialingCode : "",
    };
  } catch {
    return null;
  }
}

/** Keep what was used (each part only when given, else the earlier one); null forgets. */
export function writeRemembered(value: Partial<Remembered> | null, now = Date.now()): void {
  try {
    if (value === null) {
      localStorage.removeItem(KEY);
      return;
    }
    const before = readRemembered(now);
    const username = value.username ?? before?.username ?? "";
    const dialingCode = value.dialingCode ?? before?.dialingCode ?? "";
    localStorage.setItem(KEY, JSON.stringify({ username, dialingCode, expiresAt: now + REMEMBER_MS }));
  } catch {
    // storage blocked: nothing is remembered
  }
}
