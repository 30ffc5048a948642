import { z } from "zod";
import { t } from "../../lib/i18n.ts";
import { ADAPTER_SECRETS, BANK_FIELDS, type Channel } from "./channels-api.ts";
import { AmountInput, toMinor } from "./money.ts";

const BANK_KEYS: readonly string[] = BANK_FIELDS.map((f) => f.key);

/** The editor's values: the bank account and the gateway keys get fields of their own. */
export const ChannelForm = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{2,30}$/, { error: () => t("channel.err.code") }),
    kind: z.enum(["bank", "gateway"]),
    name: z
      .string()
      .trim()
      .min(2, { error: () => t("form.err.minChars", { n: 2 }) })
      .max(60, { error: () => t("form.err.maxChars", { n: 60 }) }),
    adapter: z.enum(["", "sandbox", "paymongo"]),
    minAmount: AmountInput,
    maxAmount: AmountInput,
    enabled: z.boolean(),
    sortOrder: z
      .number({ error: () => t("form.err.number") })
      .int({ error: () => t("form.err.whole") })
      .min(0, { error: () => t("form.err.atLeast", { n: 0 }) })
      .max(10_000, { error: () => t("form.err.atMost", { n: 10000 }) }),
    bank: z.object({
      bankName: z
        .string()
        .trim()
        .max(200, { error: () => t("form.err.maxChars", { n: 200 }) }),
      accountName: z
        .string()
        .trim()
        .max(200, { error: () => t("form.err.maxChars", { n: 200 }) }),
      accountNumber: z.string().trim(),
    }),
    secrets: z.record(z.string(), z.string().max(500, { error: () => t("form.err.maxChars", { n: 500 }) })),
    /** Details this editor has no field for, kept as they are. */
    otherDetails: z.record(z.string(), z.string()),
  })
  .superRefine((v, ctx) => {
    const min = toMinor(v.minAmount);
    const max = toMinor(v.maxAmount);
    if (min !== null && max !== null && max < min)
      ctx.addIssue({ code: "custom", path: ["maxAmount"], message: t("channel.err.maxBelowMin") });
  })
  // Runs even while an amount is wrong, so every missing part is shown at the first Save.
  .superRefine(
    (v, ctx) => {
      if (v.kind === "bank") {
        // Members transfer to this account: every part of it must be there.
        if (v.bank.bankName.length < 2)
          ctx.addIssue({ code: "custom", path: ["bank", "bankName"], message: t("form.err.required") });
        if (v.bank.accountName.length < 2)
          ctx.addIssue({ code: "custom", path: ["bank", "accountName"], message: t("form.err.required") });
        if (!/^\d{6,20}$/.test(v.bank.accountNumber))
          ctx.addIssue({
            code: "custom",
            path: ["bank", "accountNumber"],
            message: t("channel.err.accountNumber"),
          });
        return;
      }
      if (!v.adapter) {
        ctx.addIssue({ code: "custom", path: ["adapter"], message: t("channel.err.gateway") });
        return;
      }
      for (const s of ADAPTER_SECRETS[v.adapter]) {
        if (!v.secrets[s.key]?.trim())
          ctx.addIssue({ code: "custom", path: ["secrets", s.key], message: t("form.err.required") });
      }
    },
    // The bank, kind, adapter and secrets parse as plain strings: they are there whatever else failed.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((v) => ({
    code: v.code,
    kind: v.kind,
    name: v.name,
    adapter: v.kind === "gateway" && v.adapter ? v.adapter : null,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    enabled: v.enabled,
    sortOrder: v.sortOrder,
    details: v.kind === "bank" ? { ...v.otherDetails, ...v.bank } : v.otherDetails,
    // Only the keys the chosen gateway reads; a masked value tells the server to keep its secret.
    secrets:
      v.kind === "gateway" && v.adapter
        ? Object.fromEntries(ADAPTER_SECRETS[v.adapter].map((s) => [s.key, v.secrets[s.key]?.trim() ?? ""]))
        : {},
  }));
export type ChannelFormValues = z.input<typeof ChannelForm>;
export type ChannelInput = z.output<typeof ChannelForm>;

export function channelToForm(c: Channel | null): ChannelFormValues {
  const details = c?.details ?? {};
  return {
    code: c?.code ?? "",
    kind: c?.kind ?? "bank",
    name: c?.name ?? "",
    adapter: c?.adapter ?? "",
    minAmount: c?.minAmount ?? "100.00",
    maxAmount: c?.maxAmount ?? "50000.00",
    enabled: c?.enabled ?? true,
    sortOrder: c?.sortOrder ?? 0,
    bank: {
      bankName: details.bankName ?? "",
      accountName: details.accountName ?? "",
      accountNumber: details.accountNumber ?? "",
    },
    secrets: { ...(c?.secrets ?? {}) },
    otherDetails: Object.fromEntries(Object.entries(details).filter(([k]) => !BANK_KEYS.includes(k))),
  };
}
