/**
 * The session token lives in sessionStorage under "panalo.token" (spec §4: logged in means a
 * token exists in session storage). Storage can be blocked (private modes): then nobody is
 * logged in and nothing throws.
 */
const TOKEN_KEY = "panalo.token";

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage blocked: the session lasts for this page only
  }
}
