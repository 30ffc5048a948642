import { create } from "zustand";
import { queryClient } from "../../app/query-client.ts";
import { api } from "../../lib/api.ts";
import { readToken, writeToken } from "../../lib/session-token.ts";

/**
 * The player's session on this tab (spec §4: logged in means a token in session storage).
 * Beside the token, session storage keeps what the header shows before member info arrives:
 * the account name and the account type (isAgent; 4 marks a trial account), and whether the
 * password must be changed before anything else (a temporary or expired password).
 */
const NAME_KEY = "panalo.username";
const AGENT_KEY = "panalo.isAgent";
const MUST_CHANGE_KEY = "panalo.mustChange";
const LABEL_KEY = "panalo.memberLabel";

/** spec §4, §6: the account types that are agents, who may also send to their own downlines. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

/** spec §4, §6: isAgent 4 marks a trial (play-money) account. */
export const TRIAL_ACCOUNT = 4;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: kept in memory only
  }
}

function readAgent(): number | null {
  const v = read(AGENT_KEY);
  return v === null || !/^\d+$/.test(v) ? null : Number(v);
}

export interface SessionState {
  token: string | null;
  username: string | null;
  isAgent: number | null;
  /** spec §3/§4: the login info's memberLabel (the VIP level's name above level 0). */
  memberLabel: string | null;
  /** spec §3 client state: vipService = the first member label's name (null: none). */
  vipService: string | null;
}

/** spec §3: vipService is the first name of the member labels (a comma-separated list). */
export function vipServiceOf(memberLabel: string | null | undefined): string | null {
  const first = memberLabel?.split(",")[0]?.trim();
  return first ? first : null;
}

export const useSession = create<SessionState>(() => ({
  token: readToken(),
  username: readName(),
  isAgent: readAgent(),
  memberLabel: read(LABEL_KEY),
  vipService: vipServiceOf(read(LABEL_KEY)),
}));

function readName(): string | null {
  return read(NAME_KEY);
}

/** The query keys of everything that belongs to the logged-in player. */
export const MEMBER_QUERY_ROOT = "member";

export function startSession(
  token: string,
  identity: { username: string; isAgent: number; memberLabel?: string | null },
): void {
  // A new session never inherits the previous player's cached data.
  queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
  writeToken(token);
  const memberLabel = identity.memberLabel ?? null;
  write(NAME_KEY, identity.username);
  write(AGENT_KEY, String(identity.isAgent));
  write(LABEL_KEY, memberLabel);
  write(MUST_CHANGE_KEY, null);
  useSession.setState({
    token,
    username: identity.username,
    isAgent: identity.isAgent,
    memberLabel,
    vipService: vipServiceOf(memberLabel),
  });
}

/**
 * Member info arrived (or changed): keep the header's name, the account type and the member
 * label (a VIP level reached or lost since login) in step.
 */
export function setIdentity(username: string, isAgent: number, memberLabel: string | null = null): void {
  const s = useSession.getState();
  if (!s.token || (s.username === username && s.isAgent === isAgent && s.memberLabel === memberLabel)) return;
  write(NAME_KEY, username);
  write(AGENT_KEY, String(isAgent));
  write(LABEL_KEY, memberLabel);
  useSession.setState({ username, isAgent, memberLabel, vipService: vipServiceOf(memberLabel) });
}

/** A temporary or expired password must be changed first; survives a reload of the tab. */
export function setPasswordChangeRequired(required: boolean): void {
  write(MUST_CHANGE_KEY, required ? "1" : null);
}

export function passwordChangeRequired(): boolean {
  return readToken() !== null && read(MUST_CHANGE_KEY) === "1";
}

/**
 * End the session on this tab (spec §4 logout: session storage cleared, flags reset). Nothing
 * of the session is kept: the whole of session storage goes.
 */
export function endSession(): void {
  try {
    sessionStorage.clear();
  } catch {
    writeToken(null);
  }
  queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
  useSession.setState({ token: null, username: null, isAgent: null, memberLabel: null, vipService: null });
}

/** spec §4 logout: the call, then the session ends here whatever the answer. */
export async function logout(): Promise<void> {
  await api<unknown>("/wps/session/logout", { method: "DELETE" }).catch(() => undefined);
  endSession();
}

/**
 * Third-party sign-in comes back to the page with `#oauthToken=<token>` in the fragment: take
 * the token, remove it from the address (so it is neither bookmarked nor shared), and start a
 * session whose name arrives with member info. Answers whether a token was taken.
 */
export function consumeOAuthFragment(): boolean {
  const { hash, pathname, search } = window.location;
  const m = /(?:^#|&)oauthToken=([^&]+)/.exec(hash);
  if (!m?.[1]) return false;
  const token = decodeURIComponent(m[1]);
  const rest = hash
    .slice(1)
    .split("&")
    .filter((part) => part && !part.startsWith("oauthToken="))
    .join("&");
  window.history.replaceState(window.history.state, "", `${pathname}${search}${rest ? `#${rest}` : ""}`);
  queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
  writeToken(token);
  write(NAME_KEY, null);
  write(AGENT_KEY, null);
  write(MUST_CHANGE_KEY, null);
  useSession.setState({ token, username: null, isAgent: null });
  return true;
}
