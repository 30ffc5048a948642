import {
  AdminPromotion,
  type AdminPromotionInput,
  Audience,
  Participation,
  PromotionType,
  RewardKind,
} from "@panalo/contracts/promotions";
import { z } from "zod";
import { amountToMinor, pesosText, pesosToAmount } from "../../lib/amounts.ts";
import type { CrudResource } from "../../lib/crud.ts";
import { isoToLocalInput, localInputToIso } from "../../lib/dates.ts";
import { type TextKey, t } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { checkWindow, sortOrderSchema } from "../notices/notice-form.ts";

export const promotionsResource: CrudResource<AdminPromotion> = {
  key: ["promotions"],
  path: "/promotions",
  row: AdminPromotion,
};

/**
 * "3, 4, 5" → [3, 4, 5]; anything that is not a list of whole numbers is refused with the
 * message of `error` (a catalogue key, looked up when the form is checked).
 */
const numberList = (error: TextKey) =>
  z
    .string()
    .trim()
    .refine((s) => s === "" || /^\d+(\s*,\s*\d+)*$/.test(s), { error: () => t(error) })
    .transform((s) => (s === "" ? [] : s.split(",").map((x) => Number(x.trim()))));

export const PromotionForm = z
  .object({
    type: PromotionType,
    title: localizedFormSchema(true, 200),
    body: localizedFormSchema(true),
    bannerUrl: z.string(),
    audience: Audience,
    newWithinDays: z.string().trim(),
    vipLevels: numberList("promoForm.err.vipLevels"),
    agentIds: numberList("promoForm.err.agentIds"),
    participation: Participation,
    rewardKind: RewardKind,
    rewardAmount: z.string().trim(),
    bonusRuleId: z.string().trim(),
    startsAt: z.string(),
    endsAt: z.string(),
    sortOrder: sortOrderSchema,
    enabled: z.boolean(),
  })
  .superRefine((f, ctx) => {
    checkWindow(f, ctx);
    if (f.audience === "new" && !/^\d+$/.test(f.newWithinDays))
      ctx.addIssue({ code: "custom", path: ["newWithinDays"], message: t("promoForm.err.newWithinDays") });
    // Pesos as people type them ("1,000", "₱99.5"); never centavos.
    if (f.rewardKind !== "none" && pesosToAmount(f.rewardAmount) === null)
      ctx.addIssue({ code: "custom", path: ["rewardAmount"], message: t("promoForm.err.amount") });
    if (f.rewardKind === "bonus" && !/^\d+$/.test(f.bonusRuleId))
      ctx.addIssue({ code: "custom", path: ["bonusRuleId"], message: t("promoForm.err.bonusRule") });
  })
  .transform((f) => ({
    type: f.type,
    title: fromLocalizedForm(f.title),
    body: fromLocalizedForm(f.body),
    bannerUrl: f.bannerUrl || null,
    audience: f.audience,
    newWithinDays: f.audience === "new" ? Number(f.newWithinDays) : null,
    vipLevels: f.vipLevels,
    agentIds: f.agentIds,
    participation: f.participation,
    rewardKind: f.rewardKind,
    rewardAmount: f.rewardKind === "none" ? "0.00" : (pesosToAmount(f.rewardAmount) ?? ""),
    bonusRuleId: f.rewardKind === "bonus" ? Number(f.bonusRuleId) : null,
    startsAt: localInputToIso(f.startsAt),
    endsAt: localInputToIso(f.endsAt),
    sortOrder: f.sortOrder,
    enabled: f.enabled,
  }));

export type PromotionFormValues = z.input<typeof PromotionForm>;
/** What the form sends: the contract's input (the server checks it again with AdminPromotionInput). */
export type PromotionInput = z.output<typeof PromotionForm> & z.input<typeof AdminPromotionInput>;

export function promotionToForm(p: AdminPromotion | null): PromotionFormValues {
  return {
    type: p?.type ?? "event",
    title: toLocalizedForm(p?.title),
    body: toLocalizedForm(p?.body),
    bannerUrl: p?.bannerUrl ?? "",
    audience: p?.audience ?? "everyone",
    newWithinDays: p?.newWithinDays ? String(p.newWithinDays) : "",
    vipLevels: p?.vipLevels.join(", ") ?? "",
    agentIds: p?.agentIds.join(", ") ?? "",
    participation: p?.participation ?? "claim",
    rewardKind: p?.rewardKind ?? "none",
    rewardAmount: p && p.rewardKind !== "none" ? pesosText(amountToMinor(p.rewardAmount) ?? 0n) : "",
    bonusRuleId: p?.bonusRuleId ? String(p.bonusRuleId) : "",
    startsAt: isoToLocalInput(p?.startsAt ?? null),
    endsAt: isoToLocalInput(p?.endsAt ?? null),
    sortOrder: p?.sortOrder ?? 0,
    enabled: p?.enabled ?? true,
  };
}
