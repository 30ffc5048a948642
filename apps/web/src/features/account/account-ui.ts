import { create } from "zustand";
import { passwordChangeRequired, useSession } from "../session/session-store.ts";

/**
 * Which account modal is open (spec §2 "Modals": login popup, forgot password, change
 * password; the member centre overlay). One at a time; the forced password change (a temporary
 * or expired password) cannot be replaced or dismissed until it is done. The modals' code
 * downloads the first time one opens (features/account/account-modals.tsx).
 */

/** spec §2 "Personal centre menu", in menu order. */
export const MEMBER_PAGES = [
  "securityCenter",
  "transferFund",
  "depositv2",
  "withdraw",
  "transferUpline",
  "personalHistoryCopy",
  "transactionHistory",
  "personalProfit",
  "bonusDetails",
  "rewardCenter",
  "referral",
  "missionLeaderboard",
  "messageV2",
  "manualRebate",
  // Responsible gaming (limits, reality check, cooling-off, self-exclusion)
  "responsibleGaming",
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export type LoginMode = "username" | "sms";

export interface LoginModal {
  kind: "login";
  mode: LoginMode;
  /** Opened by a protected action (spec §5 login check): the popup says why. */
  reason?: "required";
  /**
   * Where the player was going when the login was asked for (a game's /game address): a
   * successful login from this popup continues there instead of going home.
   */
  afterLogin?: string;
  /** Carried over from the header's inline form when the server asked for more. */
  username?: string;
  password?: string;
  captcha?: boolean;
  secondFactorTo?: string;
  notice?: string;
}
export interface ForgotModal {
  kind: "forgot";
  tab: "phone" | "email";
}
export interface ChangePasswordModal {
  kind: "changePassword";
  forced: boolean;
  /** Known from the login form when the change is forced right after logging in. */
  oldPassword?: string;
}
export interface MemberCentreModal {
  kind: "memberCentre";
  page: MemberPage;
  /** depositv2 opened by a gateway's return address: the deposit whose outcome it shows. */
  deposit?: number;
}
export type AccountModal = LoginModal | ForgotModal | ChangePasswordModal | MemberCentreModal;

export const useAccountUi = create<{ modal: AccountModal | null }>(() => ({
  modal: passwordChangeRequired() ? { kind: "changePassword", forced: true } : null,
}));

function isForced(modal: AccountModal | null): boolean {
  return modal?.kind === "changePassword" && modal.forced;
}

function open(modal: AccountModal): void {
  if (isForced(useAccountUi.getState().modal)) return;
  useAccountUi.setState({ modal });
}

export function openLogin(options: Omit<LoginModal, "kind" | "mode"> & { mode?: LoginMode } = {}): void {
  open({ kind: "login", mode: "username", ...options });
}

/** A path of this site only ("/game?…"), never another origin ("//x", "https:"), else null. */
export function sitePath(path: string | undefined): string | null {
  return path && /^\/(?![/\\])/.test(path) ? path : null;
}

/** The pending destination of the open login popup, if it was opened on the way somewhere. */
export function loginDestination(): string | null {
  const modal = useAccountUi.getState().modal;
  return modal?.kind === "login" ? sitePath(modal.afterLogin) : null;
}

export function openForgotPassword(tab: ForgotModal["tab"]): void {
  open({ kind: "forgot", tab });
}

export function openMemberCentre(
  page: MemberPage = "securityCenter",
  options: { deposit?: number } = {},
): void {
  open({ kind: "memberCentre", page, ...options });
}

/** The forced change replaces whatever is open; a voluntary one opens like the others. */
export function openChangePassword(forced: boolean, oldPassword?: string): void {
  if (forced) useAccountUi.setState({ modal: { kind: "changePassword", forced, oldPassword } });
  else open({ kind: "changePassword", forced, oldPassword });
}

/** Close the open modal; the forced change closes only when `done` (changed, or signed out). */
export function closeAccountModal(done = false): void {
  if (isForced(useAccountUi.getState().modal) && !done) return;
  useAccountUi.setState({ modal: null });
}

// Signing out (or a session the server ended) closes whatever account modal was open.
useSession.subscribe((now, before) => {
  if (before.token && !now.token) useAccountUi.setState({ modal: null });
});
