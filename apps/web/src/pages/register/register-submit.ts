import type {
  LoginValue,
  MobileRegisterRequest,
  RegisterRequest,
  RegisterSettingValue,
} from "@panalo/contracts/members";
import type { z } from "zod";
import { secureCall } from "../../features/account/field-crypto.ts";
import { confirmPhoneCode } from "../../features/account/phone-check.ts";
import { solveHumanCheck } from "../../features/session/human-check.ts";
import { ApiError, api } from "../../lib/api.ts";
import {
  hasCode,
  hasMobile,
  hasPasswords,
  type RegisterMode,
  type RegisterValues,
  TEXT_FIELDS,
} from "./register-rules.ts";

/**
 * The calls of spec §4 "Registration" after the form has passed its own checks: the invitation
 * code first (an invalid one sends nothing), then the human check, then the register call with
 * registerUrl and registerMethod WEB added (spec §3), passwords encrypted.
 */

/** GET /wps/agent/affiliate: false when the code is not an agent's (invitation_code_error). */
export async function affiliateIsValid(code: string): Promise<boolean> {
  const query = new URLSearchParams({ code, domain: window.location.host.slice(0, 255) });
  try {
    await api<{ valid: true }>(`/wps/agent/affiliate?${query}`);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === "INVITATION_CODE_ERROR") return false;
    throw err;
  }
}

/** The invite-friends code of the address the player registers from, if any. */
function referralCodeFromUrl(): string | undefined {
  const code = new URLSearchParams(window.location.search).get("referralCode")?.trim() ?? "";
  return /^[A-Za-z0-9]{4,20}$/.test(code) ? code : undefined;
}

/** A configured optional field's value when the operator shows it and the player filled it. */
function optional(settings: RegisterSettingValue, name: string, value: string): string | undefined {
  return settings.fields[name]?.enabled ? value.trim() || undefined : undefined;
}

/** The operator's optional fields the form shows and the player filled (spec §3). */
function optionalFields(settings: RegisterSettingValue, v: RegisterValues) {
  const out: Partial<Record<(typeof TEXT_FIELDS)[number] | "birthday" | "paymentPassword", string>> = {};
  for (const name of [...TEXT_FIELDS, "birthday", "paymentPassword"] as const) {
    out[name] = optional(settings, name, v[name]);
  }
  return out;
}

/**
 * The proof that the player holds the number: with the third-party phone-code service, its
 * token (the code confirmed first, spec §4 "optional third-party code verification"); else the
 * code itself, which the register call checks. `confirmed` keeps a token across a refused
 * submit, as the service answers a code once.
 */
async function numberProof(
  settings: RegisterSettingValue,
  dialingCode: string,
  mobileNum: string,
  code: string,
  confirmed: Map<string, string>,
) {
  if (settings.phoneCode?.provider !== "firebase") return { verificationCode: code };
  const key = `${dialingCode}:${mobileNum}:${code}`;
  let token = confirmed.get(key);
  if (!token) {
    token = (await confirmPhoneCode(dialingCode, mobileNum, code)).firebaseIdToken;
    confirmed.set(key, token);
  }
  return { firebaseChannel: "sms" as const, firebaseIdToken: token };
}

export async function register(
  settings: RegisterSettingValue,
  mode: RegisterMode,
  v: RegisterValues,
  captchaId: string | undefined,
  confirmed: Map<string, string>,
): Promise<LoginValue> {
  const mobileNum = v.mobileNum.trim();
  const withNumber = hasMobile(settings, mode) && mobileNum !== "";
  const proof =
    withNumber && hasCode(settings, mode)
      ? await numberProof(settings, v.dialingCode, mobileNum, v.verificationCode.trim(), confirmed)
      : {};
  const humanCheck = await solveHumanCheck();
  const common = {
    ...optionalFields(settings, v),
    // A friend's invite link (/register?referralCode=CODE) names the referrer.
    referralCode: referralCodeFromUrl(),
    captcha: v.needCaptcha ? v.captcha.trim() : undefined,
    captchaId: v.needCaptcha ? captchaId : undefined,
    // The form's rules have refused the submit unless both are ticked.
    ageConfirmed: true as const,
    agree: true as const,
    login: true as const,
    registerUrl: window.location.href.slice(0, 300),
    registerMethod: "WEB" as const,
    humanCheck,
    ...proof,
  };
  if (mode === "username") {
    const body: z.input<typeof RegisterRequest> = {
      ...common,
      username: v.username.trim(),
      password: v.password,
      confirmPassword: v.confirmPassword,
      ...(withNumber ? { countryDialingCode: v.dialingCode, mobileNum } : {}),
    };
    return secureCall<LoginValue>("/wps/member/register", "PUT", body);
  }
  const passwords = hasPasswords(settings, mode);
  const body: z.input<typeof MobileRegisterRequest> = {
    ...common,
    countryDialingCode: v.dialingCode,
    mobileNum,
    password: passwords ? v.password : undefined,
    confirmPassword: passwords ? v.confirmPassword : undefined,
  };
  return secureCall<LoginValue>("/wps/member/register/mobile", "PUT", body);
}
