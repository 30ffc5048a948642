import {
  AGE_MAX,
  ageOn,
  COUNTRIES,
  type FieldConfig,
  fieldIssue,
  mobileIssue,
  OPTIONAL_REGISTER_FIELDS,
  RegisterFieldsSetting,
  type RegisterSettingValue,
} from "@panalo/contracts/members";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { settings } from "../../db/schema/core.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { readSettings } from "../content/settings.ts";

registerMessages("EN", {
  UNDERAGE: "You must be at least {age} years old to register.",
});
registerMessages("TY", {
  UNDERAGE: "Dapat ay {age} taong gulang ka o higit pa para makapagrehistro.",
});

registerMessages("CN", {
  UNDERAGE: "您必须年满 {age} 岁才能注册。",
});
registerMessages("VI", {
  UNDERAGE: "Bạn phải đủ {age} tuổi trở lên để đăng ký.",
});
registerMessages("TH", {
  UNDERAGE: "คุณต้องมีอายุอย่างน้อย {age} ปีจึงจะสมัครได้",
});
registerMessages("ID", {
  UNDERAGE: "Anda harus berusia minimal {age} tahun untuk mendaftar.",
});
registerMessages("JA", {
  UNDERAGE: "ご登録は {age} 歳以上の方に限ります。",
});

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
 * make it required.
 */
export const DEFAULT_REGISTER_FIELDS: RegisterFieldsSetting = {
  email: field(false, false, 5, 200, "EMAIL"),
  payeeName: field(false, false, 2, 60, "FULL_NAME_SPACE"),
  birthday: field(true, false, 10, 10, "DATE_YMD"),
  affiliateCode: field(true, false, 4, 20, "ALNUM"),
};

export async function readRegisterFields(exec: Executor): Promise<RegisterFieldsSetting> {
  const [row] = await exec
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REGISTER_FIELDS_KEY));
  const parsed = row ? RegisterFieldsSetting.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_REGISTER_FIELDS;
}

export async function writeRegisterFields(exec: Executor, value: RegisterFieldsSetting): Promise<void> {
  // The birthday is always a date: the minimum age is computed from it.
  const stored = { ...value, birthday: { ...value.birthday, patternId: "DATE_YMD" } };
  await exec
    .insert(settings)
    .values({ key: REGISTER_FIELDS_KEY, value: stored })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: sql`now()` } });
}

/** The whole registration configuration of spec §3, as the form receives it. */
export async function registerSettings(exec: Executor): Promise<RegisterSettingValue> {
  const [s, optional] = await Promise.all([
    readSettings(exec, ["brand", "whitelabel"]),
    readRegisterFields(exec),
  ]);
  const on = s.whitelabel.switches;
  return {
    fields: {
      username: field(on.USERNAMEREG3, true, 4, 16, "LETTER_FIRST_ALNUM"),
      password: field(true, true, 6, 20, "LETTERS_AND_DIGITS"),
      confirmPassword: field(true, true, 6, 20, null),
      mobileNum: field(on.MOBILENUMREG3, true, 10, 10, "DIGITS", "9*"),
      ...optional,
    },
    countries: [...COUNTRIES],
    minimumAge: s.brand.minimumAge,
    mobileRegPass: s.brand.mobileRegPass,
    verificationRequired: on.REGMOBVERF3,
  };
}

/** Today in Manila (UTC+8, no daylight saving): the day a birthday is measured against. */
export function manilaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export interface RegisterFieldsInput {
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  email?: string;
  payeeName?: string;
  birthday?: string;
  affiliateCode?: string;
}

/**
 * Apply the field config to a registration (spec §5), every field at once so the form can show
 * each refusal under its field (VALIDATION_ERROR with the same message keys the form uses),
 * then the minimum age (UNDERAGE). Answers the optional fields the member keeps: those that
 * are enabled and filled.
 */
export function checkRegisterFields(
  config: RegisterSettingValue,
  input: RegisterFieldsInput,
  today: string,
): { email: string | null; realName: string | null; birthday: string | null; affiliateCode: string | null } {
  const details: { path: string; message: string }[] = [];
  const refuse = (path: string, message: string | null) => {
    if (message) details.push({ path, message });
  };
  if (input.username !== undefined)
    refuse("username", fieldIssue(config.fields.username, input.username, true));
  if (input.mobileNum !== undefined) {
    const home = config.countries[0]?.countryDialingCode ?? "63";
    refuse(
      "mobileNum",
      mobileIssue(config.fields.mobileNum, input.countryDialingCode ?? home, input.mobileNum, home),
    );
  }
  const kept: Record<(typeof OPTIONAL_REGISTER_FIELDS)[number], string | null> = {
    email: null,
    payeeName: null,
    birthday: null,
    affiliateCode: null,
  };
  for (const name of OPTIONAL_REGISTER_FIELDS) {
    const cfg = config.fields[name];
    if (!cfg?.enabled) continue; // spec §5: a field the operator has not enabled is not taken
    const value = input[name]?.trim() ?? "";
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
  return {
    email: kept.email,
    // Names are kept with single spaces, as the withdrawal rules compare them.
    realName: kept.payeeName?.replace(/\s+/g, " ") ?? null,
    birthday: kept.birthday,
    affiliateCode: kept.affiliateCode,
  };
}
