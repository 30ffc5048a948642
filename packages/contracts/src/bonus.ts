import { z } from "zod";
import { MoneyString } from "./envelope.ts";
import { BigId, Id } from "./input.ts";
import { NonNegativeAmount, PositiveAmount } from "./money.ts";

/**
 * The bonus wallet's calls: the member centre's bonusDetails and
 * deposit choice, and the back office's rules and member bonuses.
 */

/** Percent each game type's valid bets count towards wagering ({"RNG": 100, "LOTT": 10, "*": 0}). */
export const Contributions = z
  .record(z.string().regex(/^(\*|[A-Z]{2,12})$/), z.number().int().min(0).max(100))
  .refine((o) => Object.keys(o).length > 0 && Object.keys(o).length <= 30, "contributions_invalid");

export const BonusRuleInput = z.object({
  name: z.string().trim().min(1).max(80),
  kind: z.enum(["first_deposit", "reload", "manual"]),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("PHP"),
  percent: z.number().int().min(0).max(1000).default(0),
  maxBonus: PositiveAmount.nullable().default(null),
  minDeposit: NonNegativeAmount.default(0n),
  wageringMultiple: z.number().int().min(0).max(200),
  wageringBase: z.enum(["bonus", "bonus_deposit"]).default("bonus"),
  contributions: Contributions.default({ "*": 100 }),
  maxBet: PositiveAmount.nullable().default(null),
  expiryDays: z.number().int().min(1).max(365).default(7),
  maxConversion: PositiveAmount.nullable().default(null),
  forfeitOnWithdrawal: z.boolean().default(true),
  onePerHousehold: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type BonusRuleInput = z.infer<typeof BonusRuleInput>;

export const BonusGrantInput = z.object({
  ruleId: BigId,
  amount: PositiveAmount,
  /** The operator's own key for this grant: the same key never grants twice. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  note: z.string().trim().max(200).optional(),
});

export const BonusForfeitInput = z.object({ reason: z.string().trim().min(1).max(200) });

export const DepositBonusQuery = z.object({
  amount: PositiveAmount.optional(),
});

export const DepositBonusChoice = Id.nullable().optional();

/** One bonus as the member centre and the back office show it. */
export const BonusView = z.object({
  id: z.number(),
  ruleId: z.number(),
  name: z.string(),
  currency: z.string(),
  amount: MoneyString,
  depositAmount: MoneyString,
  balance: MoneyString.nullable(),
  wageringRequired: MoneyString,
  wagered: MoneyString,
  progress: z.number().int().min(0).max(100),
  contributions: z.record(z.string(), z.number()),
  maxBet: MoneyString.nullable(),
  maxConversion: MoneyString.nullable(),
  forfeitOnWithdrawal: z.boolean(),
  state: z.enum(["active", "completed", "expired", "forfeited"]),
  expiresAt: z.string().nullable(),
  released: MoneyString.nullable(),
  takenBack: MoneyString.nullable(),
  reference: z.string().nullable(),
  createdAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  history: z.array(
    z.object({
      kind: z.enum(["granted", "wagered", "completed", "expired", "forfeited"]),
      amount: MoneyString,
      wageredAfter: MoneyString,
      note: z.string().nullable(),
      time: z.string().nullable(),
    }),
  ),
});
export type BonusView = z.infer<typeof BonusView>;
