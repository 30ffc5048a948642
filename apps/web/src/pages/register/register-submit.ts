import type {
  LoginValue,
  MobileRegisterRequest,
  RegisterRequest,
  RegisterSettingValue,
} from "@panalo/contracts/members";
import type { z } from "zod";
import { secureCall } from "../../features/account/field-crypto.ts";
import { solveHumanCheck } from "../../features/session/human-check.ts";
import { ApiError, api } from "../../lib/api.ts";
import { hasPasswords, type RegisterMode, type RegisterValues } from "./register-rules.ts";

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

export async function register(
  settings: RegisterSettingValue,
  mode: RegisterMode,
  v: RegisterValues,
  captchaId: string | undefined,
): Promise<LoginValue> {
  const humanCheck = await solveHumanCheck();
  const common = {
    email: optional(settings, "email", v.email),
    payeeName: optional(settings, "payeeName", v.payeeName),
    birthday: optional(settings, "birthday", v.birthday),
    affiliateCode: optional(settings, "affiliateCode", v.affiliateCode),
    // issue 16 point 6: a friend's invite link (/register?referralCode=CODE) names the referrer.
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
  };
  if (mode === "username") {
    const body: z.input<typeof RegisterRequest> = {
      ...common,
      username: v.username.trim(),
      password: v.password,
      confirmPassword: v.confirmPassword,
    };
    return secureCall<LoginValue>("/wps/member/register", "PUT", body);
  }
  const passwords = hasPasswords(settings, mode);
  const body: z.input<typeof MobileRegisterRequest> = {
    ...common,
    countryDialingCode: v.dialingCode,
    mobileNum: v.mobileNum.trim(),
    verificationCode: settings.verificationRequired ? v.verificationCode.trim() : undefined,
    password: passwords ? v.password : undefined,
    confirmPassword: passwords ? v.confirmPassword : undefined,
  };
  return secureCall<LoginValue>("/wps/member/register/mobile", "PUT", body);
}
