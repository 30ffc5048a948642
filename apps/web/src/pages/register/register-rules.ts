import "../../features/i18n/texts/acct.ts";
import "../../features/i18n/texts/register.ts";
import {
  ageOn,
  FIELD_REQUIRED,
  fieldIssue,
  mobileIssue,
  OPTIONAL_REGISTER_FIELDS,
  type RegisterSettingValue,
} from "@panalo/contracts/members";
import type { TFunction } from "i18next";
import { z } from "zod";

/**
 * The registration form's rules (spec §5), built from the server's field config: the same
 * checks the server makes (packages/contracts members.ts fieldIssue, mobileIssue, ageOn), so a
 * value the form accepts is one the server accepts. Messages are catalog keys, turned into text
 * by `ruleText`.
 */
export type RegisterMode = "username" | "mobile";

export const RegisterValues = z.object({
  needCaptcha: z.boolean(),
  username: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  dialingCode: z.string(),
  mobileNum: z.string(),
  verificationCode: z.string(),
  email: z.string(),
  payeeName: z.string(),
  birthday: z.string(),
  affiliateCode: z.string(),
  qqNum: z.string(),
  wechat: z.string(),
  whatsapp: z.string(),
  line: z.string(),
  facebook: z.string(),
  idNumber: z.string(),
  recommenderId: z.string(),
  paymentPassword: z.string(),
  captcha: z.string(),
  ageConfirmed: z.boolean(),
  agree: z.boolean(),
});
export type RegisterValues = z.infer<typeof RegisterValues>;
export type RegisterField = Exclude<keyof RegisterValues, "needCaptcha">;
export const REGISTER_FIELDS = Object.keys(RegisterValues.shape).filter(
  (k): k is RegisterField => k !== "needCaptcha",
);

/** spec §9: verification codes up to 255 characters. */
const CODE_MAX = 255;

/** Today as the player's calendar shows it, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Does the tab ask for the password fields? Always by username; by mobile with mobileRegPass. */
export function hasPasswords(settings: RegisterSettingValue, mode: RegisterMode): boolean {
  return mode === "username" || settings.mobileRegPass;
}

/** Does the tab show a mobile number? Always by mobile; by username when the operator asks. */
export function hasMobile(settings: RegisterSettingValue, mode: RegisterMode): boolean {
  return mode === "mobile" || settings.mobileOnUsernameTab?.enabled === true;
}

/** Is the tab's number confirmed by a code? Always by mobile; by username with REGMOBVERF3. */
export function hasCode(settings: RegisterSettingValue, mode: RegisterMode): boolean {
  return mode === "mobile"
    ? settings.verificationRequired
    : hasMobile(settings, mode) && !!settings.mobileFieldVerification;
}

/** The operator's text fields the form shows, in order (spec §3 registration user, §5). */
export const TEXT_FIELDS = [
  "payeeName",
  "email",
  "qqNum",
  "wechat",
  "whatsapp",
  "line",
  "facebook",
  "idNumber",
  "recommenderId",
  "affiliateCode",
] as const;

export function registerSchema(settings: RegisterSettingValue, mode: RegisterMode) {
  const { fields } = settings;
  const home = settings.countries[0]?.countryDialingCode ?? "63";
  return RegisterValues.superRefine((v, ctx) => {
    const refuse = (path: RegisterField, message: string | null) => {
      if (message) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (mode === "username") refuse("username", fieldIssue(fields.username, v.username, true));
    // spec §5: the mobile is always shown and required on the mobile tab; on the username tab
    // when the operator asks for it, required per its flag.
    const mobileRequired = mode === "mobile" || settings.mobileOnUsernameTab?.required === true;
    const mobileGiven = v.mobileNum.trim() !== "";
    if (hasMobile(settings, mode) && (mobileGiven || mobileRequired)) {
      refuse("mobileNum", mobileIssue(fields.mobileNum, v.dialingCode, v.mobileNum, home));
      if (hasCode(settings, mode)) {
        const code = v.verificationCode.trim();
        refuse("verificationCode", !code ? FIELD_REQUIRED : code.length > CODE_MAX ? "CODE_INVALID" : null);
      }
    }
    if (hasPasswords(settings, mode)) {
      refuse("password", fieldIssue(fields.password, v.password, true));
      if (!v.confirmPassword) refuse("confirmPassword", FIELD_REQUIRED);
      else if (v.confirmPassword !== v.password) refuse("confirmPassword", "confirm_mismatch");
    }
    for (const name of OPTIONAL_REGISTER_FIELDS) {
      const cfg = fields[name];
      // The number and the picture code have their own rules (above and below).
      if (name === "mobileNum" || name === "captcha") continue;
      if (cfg?.enabled) refuse(name, fieldIssue(cfg, v[name], cfg.required));
    }
    // The minimum age (spec §5 "age confirmation 18 or 21"), checked again by the server in
    // Manila's day: a well-formed birthday under it is refused here already.
    const birthday = v.birthday.trim();
    if (fields.birthday?.enabled && birthday && fieldIssue(fields.birthday, birthday, false) === null) {
      if (ageOn(birthday, localToday()) < settings.minimumAge) refuse("birthday", "UNDERAGE");
    }
    if (v.needCaptcha && !v.captcha.trim()) refuse("captcha", "CAPTCHA_REQUIRED");
    if (!v.ageConfirmed) refuse("ageConfirmed", "age_confirmation_required");
    if (!v.agree) refuse("agree", "terms_required");
  });
}

/**
 * The catalog keys of a field's message, most specific first (spec §5 "Other messages": the
 * mobile, real-name, code and password wordings), then the shared key, then this page's own
 * copy of the shared rule and pattern texts.
 */
const SPECIFIC: Partial<Record<RegisterField, Record<string, string>>> = {
  mobileNum: {
    "fieldError.lengthExact": "register.error.mobileDigits",
    "fieldError.required": "register.error.mobileRequired",
    "fieldError.accepted": "register.error.mobileFormat",
    "pattern.digits": "register.error.mobileFormat",
    MOBILE_INVALID: "register.error.mobileFormat",
  },
  payeeName: { "*pattern": "register.error.realNameFormat" },
  password: { "fieldError.length": "password_length" },
  verificationCode: {
    "fieldError.required": "register.error.codeInvalid",
    CODE_INVALID: "register.error.codeInvalid",
  },
  affiliateCode: { INVITATION_CODE_ERROR: "register.codeInvalid" },
  captcha: {
    CAPTCHA_REQUIRED: "login.captchaRequired",
    CAPTCHA_INVALID: "register.error.captchaInvalid",
  },
  birthday: { UNDERAGE: "register.error.underage" },
  recommenderId: { RECOMMENDER_UNKNOWN: "register.error.recommenderUnknown" },
};

export function ruleKeys(field: RegisterField, key: string): string[] {
  const specific = SPECIFIC[field];
  const first = specific?.[key] ?? (key.startsWith("pattern.") ? specific?.["*pattern"] : undefined);
  const own = key.startsWith("fieldError.")
    ? `register.rules.${key.slice("fieldError.".length)}`
    : key.startsWith("pattern.")
      ? `register.patterns.${key.slice("pattern.".length)}`
      : undefined;
  return [first, key, own].filter((k): k is string => Boolean(k));
}

/** The text of a rule's message for a field, with its label, limits and the minimum age. */
export function ruleText(
  t: TFunction,
  settings: RegisterSettingValue,
  field: RegisterField,
  key: string,
): string {
  const cfg = settings.fields[field === "confirmPassword" ? "password" : field];
  return t(ruleKeys(field, key), {
    field: t(`field.${field}`),
    min: cfg?.minLength ?? 0,
    max: cfg?.maxLength ?? 0,
    n: cfg?.minLength ?? 0,
    age: settings.minimumAge,
  });
}

/** Codes of refusals that concern one field even when the answer names none. */
export const CODE_FIELD: Record<string, RegisterField> = {
  USERNAME_TAKEN: "username",
  MOBILE_TAKEN: "mobileNum",
  MOBILE_INVALID: "mobileNum",
  INVITATION_CODE_ERROR: "affiliateCode",
  CODE_INVALID: "verificationCode",
  UNDERAGE: "birthday",
  CAPTCHA_REQUIRED: "captcha",
  CAPTCHA_INVALID: "captcha",
  RECOMMENDER_UNKNOWN: "recommenderId",
  PHONE_AUTH_INVALID_CODE: "verificationCode",
  PHONE_AUTH_CODE_EXPIRED: "verificationCode",
  PHONE_AUTH_INVALID_PHONE: "mobileNum",
  PHONE_AUTH_MISSING_PHONE: "mobileNum",
};
