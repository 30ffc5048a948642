import { z } from "zod";

/**
 * The member's own space: securityCenter's profile, contacts, second factor and
 * sessions; KYC; personalProfit. Shared by the server (validation) and the site (forms).
 */

// The contact kinds and avatar presets live in a zod-free module (the member centre's security
// page reads them without loading zod); they are answered here too.
import { CONTACT_KINDS, type ContactKind } from "./account-options.ts";

export { AVATAR_PRESETS, CONTACT_KINDS, type ContactKind, presetAvatarUrl } from "./account-options.ts";

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();

export const Contacts = z
  .object(
    Object.fromEntries(
      CONTACT_KINDS.map((k) => [
        k,
        text(60)
          .regex(/^[^<>]*$/, "pattern")
          .optional(),
      ]),
    ),
  )
  .strict() as z.ZodType<Partial<Record<ContactKind, string>>>;

/** The profile fields a member may edit; a field left out is not changed, "" clears it. */
export const ProfileUpdate = z
  .object({
    nickname: text(20)
      .regex(/^[^<>"'&]*$/, "pattern")
      .optional(),
    realName: optionalText(60),
    fullName: optionalText(100),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "pattern.date_ymd")
      .optional(),
    address: optionalText(200),
    nationality: optionalText(60),
    occupation: optionalText(80),
    incomeSource: optionalText(80),
    birthPlace: optionalText(100),
    contacts: Contacts.optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const KycStatus = z.enum(["none", "pending", "more_info", "verified", "rejected"]);
export type KycStatus = z.infer<typeof KycStatus>;

/** Fields fixed once the identity is verified by KYC. */
export const KYC_LOCKED_FIELDS = ["realName", "birthday", "nationality"] as const;

export const AvatarChoice = z.object({
  /** A preset (/media/avatar/preset-N.svg) or one of the member's uploads (/wps/member/uploads/…). */
  avatarUrl: z
    .string()
    .max(120)
    .regex(/^(\/media\/avatar\/preset-[1-8]\.svg|\/wps\/member\/uploads\/[0-9a-f]{32,64})$/, "pattern"),
});

export const ContactChannel = z.enum(["mobile", "email"]);
export const ContactCodeRequest = z.object({
  channel: ContactChannel,
  /** For a mobile number: the country dialing code (default the Philippines). */
  countryDialingCode: z
    .string()
    .regex(/^\d{1,4}$/)
    .default("63"),
  /** The new mobile number (digits, with the country code) or e-mail address. */
  target: z.string().trim().min(5).max(120),
});
export const ContactChange = ContactCodeRequest.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, "pattern"),
});

export const TotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "pattern"),
});

export const KycSubmit = z.object({
  idFront: z.string().regex(/^\/wps\/member\/uploads\/[0-9a-f]{32,64}$/, "upload_url"),
  idBack: z.string().regex(/^\/wps\/member\/uploads\/[0-9a-f]{32,64}$/, "upload_url"),
  selfie: z.string().regex(/^\/wps\/member\/uploads\/[0-9a-f]{32,64}$/, "upload_url"),
  occupation: text(80).min(2),
  incomeSource: text(80).min(2),
  address: text(200).min(5),
  realName: optionalText(60),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "pattern.date_ymd")
    .optional(),
  nationality: optionalText(60),
});

export const KycDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), reason: text(300).optional() }),
  z.object({ decision: z.literal("reject"), reason: text(300).min(3) }),
  z.object({ decision: z.literal("more_info"), reason: text(300).min(3) }),
]);

/** Amounts as "1234.50" (major units), null for no threshold. */
export const KycSettingsBody = z.object({
  firstWithdrawal: z.boolean(),
  withdrawalAbove: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "pattern")
    .nullable(),
  depositAbove: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "pattern")
    .nullable(),
  depositPeriodDays: z.number().int().min(1).max(365),
  retentionDays: z.number().int().min(1).max(3650),
});
export type KycSettingsBody = z.infer<typeof KycSettingsBody>;

/** personalProfit: a period of Manila days, at most 92 days. */
export const ProfitQuery = z
  .object({
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "pattern.date_ymd"),
    endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "pattern.date_ymd"),
  })
  .refine((q) => q.startDate <= q.endDate, { message: "range", path: ["endDate"] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 91 * 86_400_000, {
    message: "range_too_long",
    path: ["endDate"],
  });

export interface ProfitFigures {
  /** Stakes of the rounds (rolled-back stakes left out). */
  bet: string;
  /** Stakes of settled rounds: what counts for turnover. */
  validBet: string;
  win: string;
  /** Wins less stakes of settled rounds, from the member's side: positive is a profit. */
  profit: string;
  rounds: number;
  /** Stakes of rounds not settled yet (neither won nor lost), and how many rounds. */
  openBet: string;
  openRounds: number;
}
export interface ProfitValue {
  currency: string;
  days: Array<ProfitFigures & { day: string }>;
  categories: Array<ProfitFigures & { gameType: string }>;
  total: ProfitFigures;
}
