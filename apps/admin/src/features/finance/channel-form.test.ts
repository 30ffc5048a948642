import { describe, expect, it } from "vitest";
import { ChannelForm, channelToForm } from "./channel-form.ts";

const messages = (values: unknown) =>
  Object.fromEntries(
    (ChannelForm.safeParse(values).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
  );

describe("the payment channel editor", () => {
  it("shows every problem of a new bank channel at once, amounts and bank account together", () => {
    const form = {
      ...channelToForm(null),
      code: "bpi-transfer",
      name: "BPI",
      minAmount: "0",
      maxAmount: "1.001",
    };
    expect(messages(form)).toEqual({
      minAmount: "The amount must be more than zero",
      maxAmount: "At most two decimals (centavos)",
      "bank.bankName": "Required",
      "bank.accountName": "Required",
      "bank.accountNumber": "6–20 digits",
    });
  });

  it("refuses a largest deposit below the smallest", () => {
    const form = {
      ...channelToForm(null),
      code: "bpi-transfer",
      name: "BPI",
      minAmount: "500",
      maxAmount: "499.99",
      bank: { bankName: "BPI", accountName: "Panalo Gaming Corp.", accountNumber: "1234567890" },
    };
    expect(messages(form)).toEqual({ maxAmount: "Must be at least the minimum" });
  });

  it("sends the bank account in the details, keeps details it has no field for, and no secrets", () => {
    const parsed = ChannelForm.parse({
      ...channelToForm({
        id: 1,
        code: "bdo-transfer",
        kind: "bank",
        name: "BDO",
        adapter: null,
        minAmount: "100.00",
        maxAmount: "50000.00",
        enabled: true,
        sortOrder: 0,
        details: { bankName: "BDO", accountName: "Panalo", accountNumber: "001234567890", branch: "Makati" },
        secrets: {},
        version: 3,
      }),
      maxAmount: "60,000.5",
    });
    expect(parsed).toMatchObject({
      maxAmount: "60000.50",
      adapter: null,
      details: { bankName: "BDO", accountName: "Panalo", accountNumber: "001234567890", branch: "Makati" },
      secrets: {},
    });
  });

  it("asks a gateway channel for its adapter's keys and keeps a masked one as it is", () => {
    const gateway = { ...channelToForm(null), code: "paymongo", name: "PayMongo", kind: "gateway" as const };
    expect(messages({ ...gateway, adapter: "" })).toEqual({ adapter: "Choose the gateway" });
    expect(messages({ ...gateway, adapter: "paymongo", secrets: { secretKey: "sk_live_1" } })).toEqual({
      "secrets.webhookSecret": "Required",
      "secrets.live": "Required",
    });
    const parsed = ChannelForm.parse({
      ...gateway,
      adapter: "sandbox",
      secrets: { secret: "********", old: "x" },
    });
    expect(parsed.secrets).toEqual({ secret: "********" });
  });
});
