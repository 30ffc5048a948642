import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";
import type { TextKey } from "../../lib/i18n.ts";

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

/**
 * The operator's bank account members transfer to, kept in a bank channel's details. Labels
 * and hints are catalogue keys, looked up when the editor is shown.
 */
export const BANK_FIELDS = [
  { key: "bankName", label: "channel.field.bankName", hint: "channel.field.bankNameHint" },
  { key: "accountName", label: "channel.field.accountName", hint: "channel.field.accountNameHint" },
  { key: "accountNumber", label: "channel.field.accountNumber", hint: "channel.field.accountNumberHint" },
] as const satisfies ReadonlyArray<{ key: string; label: TextKey; hint: TextKey }>;

/** The keys each gateway adapter needs (deposits.ts `gatewayOf`), labelled by catalogue key. */
export const ADAPTER_SECRETS: Record<
  "sandbox" | "paymongo",
  ReadonlyArray<{ key: string; label: TextKey }>
> = {
  sandbox: [{ key: "secret", label: "channel.secret.callback" }],
  paymongo: [
    { key: "secretKey", label: "channel.secret.secretKey" },
    { key: "webhookSecret", label: "channel.secret.webhook" },
    { key: "live", label: "channel.secret.live" },
  ],
};

export const ADAPTER_LABELS: Record<"sandbox" | "paymongo", TextKey> = {
  sandbox: "channel.adapter.sandbox",
  paymongo: "channel.adapter.paymongo",
};
