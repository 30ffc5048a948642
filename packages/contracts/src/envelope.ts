import { z } from "zod";

/** spec §7: every answer is `{ success, code?, message?, value? }`. */
export interface ApiSuccess<T> {
  success: true;
  value: T;
}
export interface ApiFailure {
  success: false;
  code: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
}
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export const ApiFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** Languages of the site (spec §1); TY (Filipino) is the default, EN the second. */
export const LangCodes = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"] as const;
export const LangCode = z.enum(LangCodes);
export type LangCode = z.infer<typeof LangCode>;
export const DEFAULT_LANG: LangCode = "TY";

/** Text the operator writes once per language; TY and EN are required, the rest optional. */
export const LocalizedText = z.object({
  TY: z.string(),
  EN: z.string(),
  CN: z.string().optional(),
  VI: z.string().optional(),
  TH: z.string().optional(),
  ID: z.string().optional(),
  JA: z.string().optional(),
});
export type LocalizedText = z.infer<typeof LocalizedText>;

/**
 * Money travels as a decimal string of major units with exactly two decimals ("1234.50"),
 * never as a float (ARCHITECTURE.md "Money").
 */
export const MoneyString = z.string().regex(/^-?\d{1,15}\.\d{2}$/, "Amount must have two decimals");
