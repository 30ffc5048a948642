import { manilaDay } from "@panalo/contracts/manila-time";
import {
  AGE_MAX,
  ageOn,
  COUNTRIES,
  type FieldConfig,
  fieldIssue,
  mobileIssue,
  normalizeMobile,
  OPTIONAL_REGISTER_FIELDS,
  type OptionalRegisterField,
  type RegisterFieldsSetting,
  type RegisterSettingValue,
  StoredRegisterFields,
} from "@panalo/contracts/members";
import type { Executor } from "../../db/client.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { readSettings } from "../content/service.ts";
import type { PhoneCodes } from "../messaging/types.ts";
import { storedSetting, upsertSetting } from "./repo/register-fields.ts";

/**
 * The registration field config (spec §3, §5) as GET /wps/system/setting/register serves it and
 * as both register calls apply it. Username, password and mobile follow the platform's own
 * rules and the module switches; the optional fields follow the operator's settings row
 * `register_fields` (this module's own, edited through /api/admin/settings/register-fields),
 * else the defaults below.
 */
const field = (
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: string | null,
  acceptedPattern: string | null = null,
): FieldConfig => ({ enabled, required, minLength, maxLength, patternId, acceptedPattern });

export const REGISTER_FIELDS_KEY = "register_fields";

/**
 * The birthday is shown but optional by default: the age confirmation is the mandatory gate
 * (spec §5), and a birthday, when given, must show the operator's minimum age. An operator may
 * make it required. Every other field starts off, as a new installation has always started;
 * the rules are those of spec §5 for each kind of value (the transaction password is 6 digits,
 * as the wallet's is; a mobile number of the home country 10 digits starting with 9).
 */
export const DEFAULT_REGISTER_FIELDS: RegisterFieldsSetting = {
  payeeName: field(false, false, 2, 60, "FULL_NAME_SPACE"),
  email: field(false, false, 5, 200, "EMAIL"),
  birthday: field(true, false, 10, 10, "DATE_YMD"),
  mobileNum: field(false, false, 10, 10, "DIGITS", "9*"),
  qqNum: field(false, false, 5, 12, "DIGITS"),
  wechat: field(false, false, 6, 20, "NO_SPACES"),
  whatsapp: field(false, false, 8, 15, "DIGITS"),
  line: field(false, false, 4, 20, "NO_SPACES"),
  facebook: field(false, false, 5, 50, "NO_SPACES"),
  idNumber: field(false, false, 6, 30, "ALNUM"),
  recommenderId: field(false, false, 4, 16, "ALNUM"),
  affiliateCode: field(true, false, 4, 20, "ALNUM"),
  paymentPassword: field(false, false, 6, 6, "DIGITS"),
  captcha: field(false, true, 5, 5, "DIGITS"),
};

/** The operator's rules: each stored field over its default, so a field added later starts off. */
export async function readRegisterFields(exec: Executor): Promise<RegisterFieldsSetting> {
  const row = await storedSetting(exec, REGISTER_FIELDS_KEY);
  const parsed = row ? StoredRegisterFields.safeParse(row.value) : undefined;
  return { ...DEFAULT_REGISTER_FIELDS, ...(parsed?.success ? parsed.data : {}) };
}

export async function writeRegisterFields(exec: Executor, value: RegisterFieldsSetting): Promise<void> {
  // The birthday is always a date: the minimum age is computed from it. The picture code is the
  // server's own (5 digits), whatever the lengths say.
  const stored = {
    ...value,
    birthday: { ...value.birthday, patternId: "DATE_YMD" },
    captcha: {
      ...value.captcha,
      required: value.captcha.enabled,
      minLength: 5,
      maxLength: 5,
      patternId: "DIGITS",
    },
  };
  await upsertSetting(exec, REGISTER_FIELDS_KEY, stored);
}

/** The whole registration configuration of spec §3, as the form receives it. */
export async function registerSettings(exec: Executor, codes: PhoneCodes): Promise<RegisterSettingValue> {
  const [s, optional] = await Promise.all([
    readSettings(exec, ["brand", "whitelabel"]),
    readRegisterFields(exec),
  ]);
  const on = s.whitelabel.switches;
  const { mobileNum, ...rest } = optional;
  return {
    fields: {
      username: field(on.USERNAMEREG3, true, 4, 16, "LETTER_FIRST_ALNUM"),
      password: field(true, true, 6, 20, "LETTERS_AND_DIGITS"),
      confirmPassword: field(true, true, 6, 20, null),
      // The mobile tab's number: shown when the tab is on, always required, the operator's rules.
      mobileNum: { ...mobileNum, enabled: on.MOBILENUMREG3, required: true },
      ...rest,
    },
    countries: [...COUNTRIES],
    minimumAge: s.brand.minimumAge,
    mobileRegPass: mobileNeedsPassword(s.brand.mobileRegPass, on.MOBILEVERCODELOGIN3),
    verificationRequired: true,
    mobileOnUsernameTab: { enabled: mobileNum.enabled, required: mobileNum.required },
    mobileFieldVerification: on.REGMOBVERF3,
    phoneCode: {
      provider: codes.provider,
      resendSeconds: codes.countdownMinutes * 60,
      recaptchaSiteKey: await codes.recaptchaSiteKey().catch(() => null),
    },
  };
}

/**
 * Whether mobile registration asks for a password: when the operator says so (mobileRegPass),
 * and always while login by SMS code is off — a member with neither could never come back.
 */
export function mobileNeedsPassword(mobileRegPass: boolean, smsLogin: boolean): boolean {
  return mobileRegPass || !smsLogin;
}

/** Today in Manila: the day a birthday is measured against. */
export function manilaToday(now: Date): string {
  return manilaDay(now);
}

/** The values of a registration the field config applies to (both tabs). */
export type RegisterFieldsInput = { username?: string; countryDialingCode?: string } & Partial<
  Record<Exclude<OptionalRegisterField, "captcha">, string>
> & { captcha?: string };

/** What a registration keeps of the optional fields: those enabled and filled. */
export interface KeptRegisterFields {
  email: string | null;
  realName: string | null;
  birthday: string | null;
  affiliateCode: string | null;
  idNumber: string | null;
  recommenderId: string | null;
  /** The transaction password in clear, to be hashed by the caller. */
  paymentPassword: string | null;
  /** spec §3 contact handles, keyed as the member's profile keeps them. */
  contacts: Record<string, string>;
  /** The username tab's number in international form (the mobile tab handles its own). */
  mobile: string | null;
}

/** The profile's key for each contact field of the registration form. */
const CONTACT_OF: Partial<Record<OptionalRegisterField, string>> = {
  qqNum: "qq",
  wechat: "wechat",
  whatsapp: "whatsapp",
  line: "line",
  facebook: "facebook",
};

/**
 * Apply the field config to a registration (spec §5), every field at once so the form can show
 * each refusal under its field (VALIDATION_ERROR with the same message keys the form uses),
 * then the minimum age (UNDERAGE). The client's own checks are never trusted: every enabled
 * field is checked here again, and a field the operator has not enabled is not taken.
 */
export function checkRegisterFields(
  config: RegisterSettingValue,
  input: RegisterFieldsInput,
  today: string,
  tab: "username" | "mobile",
): KeptRegisterFields {
  const details: { path: string; message: string }[] = [];
  const refuse = (path: string, message: string | null) => {
    if (message) details.push({ path, message });
  };
  const home = config.countries[0]?.countryDialingCode ?? "63";
  const dialing = input.countryDialingCode ?? home;
  if (tab === "username") refuse("username", fieldIssue(config.fields.username, input.username, true));
  const onUsernameTab = config.mobileOnUsernameTab;
  const typedMobile = input.mobileNum?.trim() ?? "";
  let mobile: string | null = null;
  if (tab === "mobile" || (onUsernameTab?.enabled && (typedMobile || onUsernameTab.required))) {
    const issue = mobileIssue(config.fields.mobileNum, dialing, typedMobile, home);
    refuse("mobileNum", issue);
    if (!issue && tab === "username") mobile = normalizeMobile(dialing, typedMobile);
  }
  const kept: Partial<Record<OptionalRegisterField, string | null>> = {};
  for (const name of OPTIONAL_REGISTER_FIELDS) {
    const cfg = config.fields[name];
    // spec §5: a field the operator has not enabled is not taken; the number is handled above.
    if (!cfg?.enabled || name === "mobileNum") continue;
    const value = input[name]?.trim() ?? "";
    if (name === "captcha") {
      // The picture code itself is checked by the caller (it is spent once); here only its presence.
      if (!value) refuse("captcha", "CAPTCHA_REQUIRED");
      continue;
    }
    refuse(name, fieldIssue(cfg, value, cfg.required));
    kept[name] = value || null;
  }
  if (details.length > 0) throw Errors.validation(details);
  if (kept.birthday) {
    const age = ageOn(kept.birthday, today);
    if (age > AGE_MAX) throw Errors.validation([{ path: "birthday", message: "pattern.date_ymd" }]);
    if (age < config.minimumAge) {
      throw new AppError("UNDERAGE", 400, { age: config.minimumAge }, [
        { path: "birthday", message: "UNDERAGE" },
      ]);
    }
  }
  const contacts: Record<string, string> = {};
  for (const [name, key] of Object.entries(CONTACT_OF)) {
    const value = kept[name as OptionalRegisterField]; // the keys of CONTACT_OF are field names
    if (value) contacts[key] = value;
  }
  return {
    email: kept.email ?? null,
    // Names are kept with single spaces, as the withdrawal rules compare them.
    realName: kept.payeeName?.replace(/\s+/g, " ") ?? null,
    birthday: kept.birthday ?? null,
    affiliateCode: kept.affiliateCode ?? null,
    idNumber: kept.idNumber ?? null,
    recommenderId: kept.recommenderId ?? null,
    paymentPassword: kept.paymentPassword ?? null,
    contacts,
    mobile,
  };
}
