import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The test operator's signed-in session, kept in the run's data folder and shared by every test
 * of the shard (a browser page or an API context): the back office accepts each TOTP code once,
 * so each new sign-in within the same 30 s step would wait for the next step. A test that needs
 * the operator signs in only when the saved session is gone or refused (the caller checks it
 * with GET /api/admin/session first). Only the cookies are kept.
 */
type Cookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
};
export interface OperatorState {
  cookies: Cookie[];
  origins: [];
}

const file = process.env.E2E_DATA_DIR ? join(process.env.E2E_DATA_DIR, "operator-session.json") : null;

export function savedOperatorState(): OperatorState | null {
  if (!file || !existsSync(file)) return null;
  try {
    const state = JSON.parse(readFileSync(file, "utf8")) as OperatorState;
    return state.cookies.length > 0 ? state : null;
  } catch {
    return null;
  }
}

export function saveOperatorState(state: { cookies: Cookie[] }): void {
  if (file) writeFileSync(file, JSON.stringify({ cookies: state.cookies, origins: [] }));
}
