import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";

/**
 * GET/POST/PUT /api/admin/payment-channels: how members deposit. A bank channel is a transfer to
 * one of the operator's own bank accounts (its `details`); a gateway channel goes through an
 * adapter whose keys are `secrets`, always answered masked.
 */
export const ChannelRow = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(["bank", "gateway"]),
  name: z.string(),
  adapter: z.enum(["sandbox", "paymongo"]).nullable(),
  minAmount: z.string(),
  maxAmount: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  details: z.record(z.string(), z.string()),
  secrets: z.record(z.string(), z.string()),
  version: z.number().int(),
});
export type Channel = z.infer<typeof ChannelRow>;

export const channelsResource: CrudResource<Channel> = {
  key: ["finance", "payment-channels"],
  path: "/payment-channels",
  row: ChannelRow,
};

/** What the server answers in place of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = "********";

/** The operator's bank account members transfer to, kept in a bank channel's details. */
export const BANK_FIELDS = [
  { key: "bankName", label: "Bank", hint: "As members know it, e.g. BDO Unibank." },
  {
    key: "accountName",
    label: "Account name",
    hint: "The holder's name members must type in their bank app.",
  },
  { key: "accountNumber", label: "Account number", hint: "Digits only, as the bank prints it." },
] as const;

/** The keys each gateway adapter needs (deposits.ts `gatewayOf`). */
export const ADAPTER_SECRETS: Record<
  "sandbox" | "paymongo",
  ReadonlyArray<{ key: string; label: string }>
> = {
  sandbox: [{ key: "secret", label: "Callback signing secret" }],
  paymongo: [
    { key: "secretKey", label: "Secret key" },
    { key: "webhookSecret", label: "Webhook signing secret" },
    { key: "live", label: "Live mode (true or false)" },
  ],
};

export const ADAPTER_LABELS: Record<"sandbox" | "paymongo", string> = {
  sandbox: "Sandbox (test gateway on this server)",
  paymongo: "PayMongo",
};
