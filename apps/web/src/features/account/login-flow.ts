import type { LoginValue } from "@panalo/contracts/members";
import { showDialog } from "../../components/dialogs.tsx";
import { api } from "../../lib/api.ts";
import { i18next } from "../i18n/i18n.ts";
import { solveHumanCheck } from "../session/human-check.ts";
import { setPasswordChangeRequired, startSession, TRIAL_ACCOUNT } from "../session/session-store.ts";
import { closeAccountModal, loginDestination, openChangePassword } from "./account-ui.ts";
import { secureCall } from "./field-crypto.ts";
import { recaptchaToken } from "./phone-check.ts";

/**
 * The calls behind logging in, registering and recovering a password (spec §4), and what
 * happens after any of them succeeds. Downloaded with the first form that needs them.
 */
export interface LoginBody {
  username: string;
  password: string;
  type: "username" | "sms";
  captcha?: string;
  captchaId?: string;
  secondFactorCode?: string;
  /** "agent": the agent login path (spec §6). */
  path?: "member" | "agent";
}

/** POST /wps/session/login; the password (or, by SMS, the code) travels encrypted. */
export function requestLogin(body: LoginBody): Promise<LoginValue> {
  return secureCall<LoginValue>("/wps/session/login", "POST", body);
}

/** GET /wps/captcha: a picture (data: URL) and the id its answer is checked against. */
export function fetchCaptcha(): Promise<{ captchaId: string; image: string }> {
  return api("/wps/captcha");
}

/**
 * The two SMS sends (spec §4 "SMS send"), each with a freshly solved human check; with the
 * third-party phone-code service, also the human check it asks for (its site key given).
 */
export async function sendSmsCode(
  purpose: "register" | "noLogin",
  countryDialingCode: string,
  mobileNum: string,
  recaptchaSiteKey?: string | null,
): Promise<number> {
  const humanCheck = await solveHumanCheck();
  const token = recaptchaSiteKey ? await recaptchaToken(recaptchaSiteKey) : undefined;
  const answer = await api<{ expiredMinutes: number }>(`/wps/verification/sms/${purpose}`, {
    method: "POST",
    body: { countryDialingCode, mobileNum, humanCheck, recaptchaToken: token },
  });
  return answer.expiredMinutes;
}

/** Trial play (FREEPLAY3): a play-money account for this visit. */
export async function requestFreeplay(): Promise<LoginValue> {
  const humanCheck = await solveHumanCheck();
  return api<LoginValue>("/wps/session/login/freeplay", {
    method: "POST",
    body: { platform: "W", os: navigator.platform.slice(0, 40) || undefined, humanCheck },
  });
}

/** How the player got in: only a password login can be forced to change it (spec §4). */
export type LoginMethod = "username" | "sms" | "register" | "freeplay" | "reset";

/**
 * After a successful login, registration, trial start or phone reset (spec §4): store the
 * session; a temporary or expired password opens the change-password modal that cannot be
 * dismissed (never after SMS or third-party logins); a first login gets a welcome; then home,
 * or where the player was going when the login popup was asked for (a game they clicked).
 */
export function completeLogin(
  value: LoginValue,
  options: { method: LoginMethod; oldPassword?: string; navigate?: (to: string) => void },
): void {
  const username = value.account || value.userName;
  // Read before the popup closes: the game the guest clicked, launched once logged in.
  const destination = loginDestination();
  startSession(value.token, { username, isAgent: value.isAgent, memberLabel: value.memberLabel });
  const mustChange = options.method === "username" && (value.mustChangePassword || value.passwordExpired);
  if (mustChange) {
    setPasswordChangeRequired(true);
    openChangePassword(true, options.oldPassword);
  } else {
    closeAccountModal();
    if (value.firstTimeLogin) {
      const t = i18next.t.bind(i18next);
      const trial = value.isAgent === TRIAL_ACCOUNT;
      showDialog({
        icon: "success",
        title: t("account.welcomeTitle", { name: username }),
        text: trial ? t("account.welcomeTrial") : t("account.welcomeText"),
        testId: "welcome-dialog",
      });
    }
  }
  // A forced password change comes first: the game would be refused until it is done.
  const target = !mustChange && destination ? destination : "/";
  // Already there (the /game page asked for the login): stay, without a second history entry.
  if (target !== `${window.location.pathname}${window.location.search}`) options.navigate?.(target);
}
