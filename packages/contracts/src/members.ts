import { z } from "zod";
/**
 * Session and member calls (spec §3 "Login info", §4, §7 "Session and member"). Usernames are
 * letters and digits starting with a letter, 4–16 long; passwords 6–20 with letters and digits.
 */
// The limits live in a zod-free module (the site's member centre reads them without loading zod).
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./member-limits.ts";
import { acceptedPatternMatches, getPattern, PATTERN_IDS, PATTERNS } from "./patterns.ts";

export { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN };

export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN, "username_length")
  .max(USERNAME_MAX, "username_length")
  .refine((v) => PATTERNS.LETTER_FIRST_ALNUM.test(v), PATTERNS.LETTER_FIRST_ALNUM.messageKey);
export const Password = z
  .string()
  .min(PASSWORD_MIN, "password_length")
  .max(PASSWORD_MAX, "password_length")
  .refine((v) => PATTERNS.LETTERS_AND_DIGITS.test(v), PATTERNS.LETTERS_AND_DIGITS.messageKey);

/** The solved human check (a proof of work) sent with registration, SMS sends and trial play. */
export const HumanCheck = z.object({
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  salt: z.string().max(100),
  number: z.number().int().min(0),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** POST /wps/session/login */
export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(64),
  /** The text of the captcha image, required once the server has asked for it. */
  captcha: z.string().trim().max(8).optional(),
  captchaId: z.string().max(64).optional(),
  type: z.enum(["username", "sms"]).default("username"),
  /** The code sent by SMS or e-mail when the server asked for a second factor (new address). */
  secondFactorCode: z.string().trim().max(10).optional(),
  /** "agent": the agent login path, where only agents may log in (spec §6). */
  path: z.enum(["member", "agent"]).default("member"),
});
export const LoginValue = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** True when the password is temporary (set by an agent or the operator): change it first. */
  mustChangePassword: z.boolean(),
  isAgent: z.number().int(),
  memberLabel: z.string().nullable(),
  customerId: z.number().int(),
  account: z.string(),
  userName: z.string(),
});
export type LoginValue = z.infer<typeof LoginValue>;

/** GET /wps/member/info */
export const MemberInfo = z.object({
  customerId: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  isAgent: z.number().int(),
  currency: z.string(),
  language: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Whether the member has an upline to transfer to. */
  hasUpline: z.boolean(),
  /** The chosen avatar (null: drawn from the initials) and the KYC state. */
  avatarUrl: z.string().nullable().optional(),
  kycStatus: z.string().optional(),
  /** spec §3 memberLabel: the VIP level's name above level 0, else null. */
  memberLabel: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

/** POST /wps/member/password */
export const PasswordChangeRequest = z
  .object({
    oldPassword: z.string().max(64).optional(),
    newPassword: Password,
    confirmNewPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "confirm_mismatch",
  });

// ---------- mobile numbers, countries and SMS codes ----------
/** Dialing codes offered by the registration and login forms (spec §3 "Country"). */
export const COUNTRIES = [
  { countryCode: "PH", countryDialingCode: "63" },
  { countryCode: "SG", countryDialingCode: "65" },
  { countryCode: "MY", countryDialingCode: "60" },
  { countryCode: "ID", countryDialingCode: "62" },
  { countryCode: "TH", countryDialingCode: "66" },
  { countryCode: "VN", countryDialingCode: "84" },
  { countryCode: "JP", countryDialingCode: "81" },
  { countryCode: "CN", countryDialingCode: "86" },
  { countryCode: "HK", countryDialingCode: "852" },
  { countryCode: "US", countryDialingCode: "1" },
] as const;
export const DialingCode = z.enum(COUNTRIES.map((c) => c.countryDialingCode) as [string, ...string[]]);

/**
 * A mobile number in international form (dialing code + national number, digits only), or null
 * when it is not a valid number. Philippine numbers are 10 digits starting with 9 (a leading 0
 * is dropped); others 6–14 digits.
 */
export function normalizeMobile(dialingCode: string, national: string): string | null {
  const digits = national.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const local = digits.startsWith("0") ? digits.slice(1) : digits;
  if (dialingCode === "63") return /^9\d{9}$/.test(local) ? `63${local}` : null;
  return /^\d{6,14}$/.test(local) ? `${dialingCode}${local}` : null;
}

export const SmsRequest = z.object({
  countryDialingCode: DialingCode,
  mobileNum: z.string().trim().min(6).max(16),
  humanCheck: HumanCheck,
  /** The third-party phone-code service's own human check (reCAPTCHA), when it asks for one. */
  recaptchaToken: z.string().max(4096).optional(),
});
export const SmsValue = z.object({ expiredMinutes: z.number().int() });

/**
 * POST /wps/verification/phone/confirm: with the third-party phone-code service, the code of a
 * registration is confirmed before the register call (spec §4 "optional third-party code
 * verification"); the answer's token goes into the register call as firebaseIdToken.
 */
export const PhoneConfirmRequest = z.object({
  countryDialingCode: DialingCode,
  mobileNum: z.string().trim().min(6).max(16),
  verificationCode: z.string().trim().min(1).max(255),
});
export const PhoneConfirmValue = z.object({ firebaseChannel: z.literal("sms"), firebaseIdToken: z.string() });

/** POST /wps/member/password/verification: forgot password by phone. */
export const PhoneResetRequest = z
  .object({
    countryDialingCode: DialingCode,
    mobileNum: z.string().trim().min(6).max(16),
    verificationCode: z.string().trim().min(1).max(255),
    newPassword: Password,
    confirmNewPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "confirm_mismatch",
  });

/** POST /wps/member/password/email: forgot password by e-mail (a single-use link is sent). */
export const EmailResetRequest = z.object({
  username: z.string().trim().min(1).max(40),
  email: z.email().max(200),
});
/** POST /wps/member/password/reset: the link's token and the new password. */
export const ResetWithTokenRequest = z
  .object({
    token: z.string().min(20).max(100),
    newPassword: Password,
    confirmNewPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "confirm_mismatch",
  });

// ---------- registration (spec §3 "Registration user", field config, §4, §5) ----------
/**
 * The registration field config (spec §3): per field, whether the form shows it, whether it is
 * required, its length limits, a named pattern of patterns.ts and the operator's accepted
 * pattern (`*` is any run of characters). The form and the server check a value with the same
 * `fieldIssue` below.
 */
export const FieldConfig = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0).max(255),
  maxLength: z.number().int().min(1).max(255),
  patternId: z.string().nullable(),
  /** `*` is any run of characters. */
  acceptedPattern: z.string().max(100).nullable(),
});
export type FieldConfig = z.infer<typeof FieldConfig>;

/** GET /wps/system/setting/register */
export const RegisterSettingValue = z.object({
  fields: z.record(z.string(), FieldConfig),
  /** The first country is the operator's home country (spec §3 "Country"). */
  countries: z.array(z.object({ countryCode: z.string(), countryDialingCode: z.string() })),
  minimumAge: z.union([z.literal(18), z.literal(21)]),
  /** The mobile tab asks for a password (else the member signs in by SMS code). */
  mobileRegPass: z.boolean(),
  /** The mobile tab's number is confirmed by a code (always: the number is the account's key). */
  verificationRequired: z.boolean(),
  /**
   * A number given on the username tab (the mobileNum field switched on there) is confirmed by
   * a code (REGMOBVERF3).
   */
  mobileFieldVerification: z.boolean().optional(),
  /** Whether the username tab asks for a number too, and must have one (the mobileNum field's flags). */
  mobileOnUsernameTab: z.object({ enabled: z.boolean(), required: z.boolean() }).optional(),
  /**
   * Who sends and checks phone codes (spec §3 firebaseChannel, §4 countdown): "dev" — the
   * platform's own codes by SMS; "firebase" — a third-party phone-auth service: the form asks
   * the platform to confirm the code first and registers with the token it answers, and the
   * resend countdown is `resendSeconds`. `recaptchaSiteKey`, when set, is the human check that
   * service asks for before it sends a code.
   */
  phoneCode: z
    .object({
      provider: z.enum(["dev", "firebase"]),
      resendSeconds: z.number().int(),
      recaptchaSiteKey: z.string().nullable(),
    })
    .optional(),
});
export type RegisterSettingValue = z.infer<typeof RegisterSettingValue>;

/**
 * The optional fields of spec §3's registration user that the operator switches, in the order
 * the form shows them (spec §3, §5), with the birthday the platform adds. Each has its own rules
 * (enabled, required, length, pattern); a field that is off is ignored on both tabs. payeeName
 * becomes the member's real name (the name payouts must be in), paymentPassword the transaction
 * password, the contact handles the member's contacts. mobileNum's rules apply on both tabs; its
 * enabled and required flags say whether the username tab asks for a number too (the mobile tab
 * always does). captcha, when on, asks every registration for the picture code.
 */
export const OPTIONAL_REGISTER_FIELDS = [
  "payeeName",
  "email",
  "birthday",
  "mobileNum",
  "qqNum",
  "wechat",
  "whatsapp",
  "line",
  "facebook",
  "idNumber",
  "recommenderId",
  "affiliateCode",
  "paymentPassword",
  "captcha",
] as const;
export type OptionalRegisterField = (typeof OPTIONAL_REGISTER_FIELDS)[number];
/** The optional fields whose value is text the member keeps (captcha is a check, not a value). */
export const KEPT_REGISTER_FIELDS = OPTIONAL_REGISTER_FIELDS.filter(
  (f): f is Exclude<OptionalRegisterField, "captcha" | "mobileNum"> => f !== "captcha" && f !== "mobileNum",
);

/** GET/PUT /api/admin/settings/register-fields: the operator's rules for the optional fields. */
const ConfiguredField = FieldConfig.refine((f) => f.minLength <= f.maxLength, {
  path: ["maxLength"],
  message: "max_below_min",
}).refine((f) => f.patternId === null || (PATTERN_IDS as readonly string[]).includes(f.patternId), {
  path: ["patternId"],
  message: "unknown_pattern",
});
export const RegisterFieldsSetting = z.object(
  // One entry per name of the list above: fromEntries cannot say so in its type.
  Object.fromEntries(OPTIONAL_REGISTER_FIELDS.map((f) => [f, ConfiguredField])) as Record<
    OptionalRegisterField,
    typeof ConfiguredField
  >,
);
export type RegisterFieldsSetting = z.infer<typeof RegisterFieldsSetting>;
/** A stored row from before a field existed: the missing fields take their defaults. */
export const StoredRegisterFields = RegisterFieldsSetting.partial();

/** Message keys of the configured-field rules (the site's catalogs translate them). */
export const FIELD_REQUIRED = "fieldError.required";
export const FIELD_LENGTH = "fieldError.length";
export const FIELD_LENGTH_EXACT = "fieldError.lengthExact";
export const FIELD_ACCEPTED = "fieldError.accepted";

/**
 * What is wrong with one configured field's value, as a message key, or null when it passes
 * (spec §5): empty is refused only when required; then the length in characters (min–max, or
 * one figure when min = max), the named pattern, and the accepted pattern.
 */
export function fieldIssue(
  cfg: FieldConfig | undefined,
  raw: string | undefined,
  required: boolean,
): string | null {
  const v = (raw ?? "").trim();
  if (!v) return required ? FIELD_REQUIRED : null;
  if (!cfg) return null;
  const length = [...v].length;
  if (length < cfg.minLength || length > cfg.maxLength) {
    return cfg.minLength === cfg.maxLength ? FIELD_LENGTH_EXACT : FIELD_LENGTH;
  }
  const pattern = cfg.patternId ? getPattern(cfg.patternId) : undefined;
  if (pattern && !pattern.test(v)) return pattern.messageKey;
  if (cfg.acceptedPattern && !acceptedPatternMatches(cfg.acceptedPattern, v)) return FIELD_ACCEPTED;
  return null;
}

/** The national number as typed, without spaces, dashes and the trunk 0 ("0917 123" → "917123"). */
export function nationalNumber(typed: string): string {
  const digits = typed.trim().replace(/[\s-]/g, "");
  return digits.startsWith("0") ? digits.slice(1) : digits;
}

/**
 * What is wrong with a mobile number on the registration form, or null. The mobileNum field
 * config describes numbers of the operator's home country (the first country: 10 digits
 * starting with 9 in the Philippines); every country's numbers must also be valid numbers.
 */
export function mobileIssue(
  cfg: FieldConfig | undefined,
  dialingCode: string,
  typed: string,
  homeDialingCode: string,
): string | null {
  const national = nationalNumber(typed);
  if (!national) return FIELD_REQUIRED;
  if (dialingCode === homeDialingCode) {
    const issue = fieldIssue(cfg, national, true);
    if (issue) return issue;
  }
  return normalizeMobile(dialingCode, typed) ? null : "MOBILE_INVALID";
}

/** Full years between a birthday and a day, both YYYY-MM-DD (a 29 February birthday counts from 1 March). */
export function ageOn(birthday: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = birthday.split("-").map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split("-").map(Number);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Nobody registering is older than this; an earlier birthday is a typing mistake. */
export const AGE_MAX = 120;

/** The birthday as the form sends it (spec §3 form label "birthday"): a real date, YYYY-MM-DD. */
export const Birthday = z
  .string()
  .trim()
  .refine((v) => PATTERNS.DATE_YMD.test(v), PATTERNS.DATE_YMD.messageKey);

/** The parts both registration calls share (spec §3: added on submit, §4, §5). */
const RegisterCommon = {
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => PATTERNS.EMAIL.test(v), PATTERNS.EMAIL.messageKey)
    .optional(),
  payeeName: z.string().trim().max(100).optional(),
  birthday: Birthday.optional(),
  affiliateCode: z.string().trim().max(20).optional(),
  // spec §3 registration user: the operator's optional fields (register-fields rules apply).
  qqNum: z.string().trim().max(60).optional(),
  wechat: z.string().trim().max(60).optional(),
  whatsapp: z.string().trim().max(60).optional(),
  line: z.string().trim().max(60).optional(),
  facebook: z.string().trim().max(60).optional(),
  idNumber: z.string().trim().max(40).optional(),
  recommenderId: z.string().trim().max(40).optional(),
  /** The transaction password, set at registration when the operator asks for it. */
  paymentPassword: z.string().max(64).optional(),
  /**
   * spec §3 "added on submit": a number confirmed by the third-party phone-code service comes
   * with its ID token instead of a code (the platform checks the token's signature and number).
   */
  firebaseChannel: z.literal("sms").optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  /** A member's invite-friends code (/register?referralCode=CODE). */
  referralCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, "referral_code_invalid")
    .optional(),
  /** The picture code, once the server has asked for one (`captcha: true` in a refusal). */
  captcha: z.string().trim().max(8).optional(),
  captchaId: z.string().max(64).optional(),
  ageConfirmed: z.literal(true, "age_confirmation_required"),
  agree: z.literal(true, "terms_required"),
  /** spec §3 "added on submit": the new member is logged in at once. */
  login: z.literal(true).optional(),
  registerUrl: z.string().max(300).optional(),
  /** The member's address, when given (the bonus household check compares it, normalised). */
  address: z.string().trim().max(200).optional(),
  registerMethod: z.literal("WEB").default("WEB"),
  humanCheck: HumanCheck,
};

/** POST /wps/member/address: the member's address (empty clears it). */
export const AddressRequest = z.object({ address: z.string().trim().max(200) });
export type AddressRequest = z.infer<typeof AddressRequest>;

/** PUT /wps/member/register (username tab). */
export const RegisterRequest = z
  .object({
    username: Username,
    password: Password,
    confirmPassword: z.string(),
    /** The username tab's number, when the operator asks for one (the mobileNum field). */
    countryDialingCode: DialingCode.optional(),
    mobileNum: z.string().trim().max(16).optional(),
    verificationCode: z.string().trim().max(255).optional(),
    ...RegisterCommon,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "confirm_mismatch",
  });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** PUT /wps/member/register/mobile */
export const MobileRegisterRequest = z.object({
  countryDialingCode: DialingCode,
  mobileNum: z.string().trim().min(6).max(16),
  verificationCode: z.string().trim().max(255).optional(),
  password: Password.optional(),
  confirmPassword: z.string().optional(),
  ...RegisterCommon,
});
export type MobileRegisterRequest = z.infer<typeof MobileRegisterRequest>;

/** GET /wps/agent/affiliate?code=&domain= */
export const AffiliateQuery = z.object({
  code: z.string().trim().min(1).max(20),
  domain: z.string().max(255).optional(),
});
export const AffiliateValue = z.object({ valid: z.literal(true) });

/** POST /wps/session/login/freeplay */
export const FreeplayRequest = z.object({
  os: z.string().max(40).optional(),
  platform: z.literal("W").default("W"),
  humanCheck: HumanCheck,
});
