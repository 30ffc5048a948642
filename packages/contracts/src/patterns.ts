/**
 * The field patterns of spec §5, each once, by id. The server's registration settings name a
 * pattern by `patternId`; the registration form and the server validate with the same entry.
 * Messages are catalog keys the site translates (with {min}/{max} substituted).
 */
export interface FieldPattern {
  id: string;
  /** Catalog key of the message shown when a value does not match. */
  messageKey: string;
  test(value: string): boolean;
}

const re = (id: string, messageKey: string, regex: RegExp): FieldPattern => ({
  id,
  messageKey,
  test: (v) => regex.test(v),
});

/** Thai script block; used by the Thai-only patterns. */
const THAI = "\\u0E00-\\u0E7F";
const HANGUL = "\\u1100-\\u11FF\\u3130-\\u318F\\uAC00-\\uD7AF";
const HAN = "\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF";
const KANA = "\\u3040-\\u309F\\u30A0-\\u30FF\\u31F0-\\u31FF";
/** Full-width forms: letters, digits and punctuation typed in Japanese input mode. */
const FULLWIDTH = "\\uFF01-\\uFF5E\\u3000";

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const PATTERNS = {
  /** Letters and digits, starting with a letter (usernames). */
  LETTER_FIRST_ALNUM: re("LETTER_FIRST_ALNUM", "pattern.letter_first_alnum", /^[A-Za-z][A-Za-z0-9]*$/),
  /** Chinese characters and digits. */
  CHINESE_DIGITS: re("CHINESE_DIGITS", "pattern.chinese_digits", new RegExp(`^[${HAN}0-9]+$`)),
  EMAIL: re(
    "EMAIL",
    "pattern.email",
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
  ),
  /** Letters and digits only, no special characters. */
  ALNUM: re("ALNUM", "pattern.alnum", /^[A-Za-z0-9]+$/),
  /** Must contain both letters and digits (and nothing else). */
  LETTERS_AND_DIGITS: re(
    "LETTERS_AND_DIGITS",
    "pattern.letters_and_digits",
    /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$/,
  ),
  DIGITS: re("DIGITS", "pattern.digits", /^[0-9]+$/),
  /** Letters and digits with at least one capital letter. */
  ALNUM_ONE_CAPITAL: re("ALNUM_ONE_CAPITAL", "pattern.alnum_one_capital", /^(?=.*[A-Z])[A-Za-z0-9]+$/),
  /** English letters and single spaces between words. */
  ENGLISH_SPACES: re("ENGLISH_SPACES", "pattern.english_spaces", /^[A-Za-z]+( [A-Za-z]+)*$/),
  NO_SPACES: re("NO_SPACES", "pattern.no_spaces", /^\S+$/),
  DATE_YMD: {
    id: "DATE_YMD",
    messageKey: "pattern.date_ymd",
    test: (v) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
    },
  },
  DATE_MDY: {
    id: "DATE_MDY",
    messageKey: "pattern.date_mdy",
    test: (v) => {
      const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
      return !!m && isRealDate(Number(m[3]), Number(m[1]), Number(m[2]));
    },
  },
  KOREAN: re("KOREAN", "pattern.korean", new RegExp(`^[${HANGUL}]+$`)),
  THAI: re("THAI", "pattern.thai", new RegExp(`^[${THAI}]+$`)),
  THAI_ENGLISH_SPACES: re(
    "THAI_ENGLISH_SPACES",
    "pattern.thai_english_spaces",
    new RegExp(`^[${THAI}A-Za-z]+( [${THAI}A-Za-z]+)*$`),
  ),
  /** One uppercase, one lowercase, one digit and one symbol (strong passwords). */
  STRONG: re("STRONG", "pattern.strong", /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S+$/),
  /** A full name: at least two words separated by a space (letters of any script, . ' -). */
  FULL_NAME_SPACE: re(
    "FULL_NAME_SPACE",
    "pattern.full_name_space",
    /^[\p{L}][\p{L}.'-]*( [\p{L}][\p{L}.'-]*)+$/u,
  ),
  /** Japanese full-width text (kana, kanji, full-width letters and digits). */
  JAPANESE_FULLWIDTH: re(
    "JAPANESE_FULLWIDTH",
    "pattern.japanese_fullwidth",
    new RegExp(`^[${KANA}${HAN}${FULLWIDTH}ー]+$`),
  ),
  UPPERCASE: re("UPPERCASE", "pattern.uppercase", /^[A-Z]+$/),
  CHINESE_OR_JAPANESE: re(
    "CHINESE_OR_JAPANESE",
    "pattern.chinese_or_japanese",
    new RegExp(`^[${HAN}${KANA}ー]+$`),
  ),
} as const satisfies Record<string, FieldPattern>;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as PatternId[]; // keys of a literal object

export function getPattern(id: string): FieldPattern | undefined {
  return (PATTERNS as Record<string, FieldPattern>)[id];
}

/**
 * spec §3 acceptedPattern: a value the operator types, where `*` stands for any run of
 * characters (e.g. "09*" for mobile numbers starting 09). Everything else matches literally.
 */
export function acceptedPatternMatches(pattern: string, value: string): boolean {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "s").test(value);
}
