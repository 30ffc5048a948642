import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CALLBACK_WINDOW_S,
  CallbackRefused,
  paymongoGateway,
  sandboxGateway,
  signSandbox,
} from "./gateways.ts";

/** PayMongo's webhook: `Paymongo-Signature: t=<unix s>,te=<hmac test>,li=<hmac live>` over `${t}.${body}`. */
const WEBHOOK_SECRET = "whsk_test_0123456789abcdef";
const event = JSON.stringify({
  data: {
    attributes: {
      type: "checkout_session.payment.paid",
      data: { id: "cs_abc123", attributes: { line_items: [{ amount: 50000 }] } },
    },
  },
});
const paymongoSig = (t: number, secret = WEBHOOK_SECRET) =>
  `t=${t},te=${createHmac("sha256", secret).update(`${t}.${event}`).digest("hex")},li=`;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof CallbackRefused ? err.reason : String(err);
  }
  return "accepted";
};

describe("gateway callbacks", () => {
  const now = 1_790_000_000;
  const paymongo = (webhookSecret = WEBHOOK_SECRET) =>
    paymongoGateway({ secretKey: "sk_test_0123456789abcdef", webhookSecret, live: false });

  it("takes a PayMongo event signed within the window, by its signature's own timestamp", () => {
    const at = now - CALLBACK_WINDOW_S + 5;
    expect(paymongo().parseCallback({ "paymongo-signature": paymongoSig(at) }, event, now)).toEqual({
      gatewayRef: "cs_abc123",
      status: "paid",
      amount: 50000n,
    });
  });

  it("refuses a replayed PayMongo event older than the window, or one dated ahead of it", () => {
    for (const t of [now - CALLBACK_WINDOW_S - 1, now + CALLBACK_WINDOW_S + 1]) {
      expect(
        refusal(() => paymongo().parseCallback({ "paymongo-signature": paymongoSig(t) }, event, now)),
      ).toBe("stale");
    }
  });

  it("never verifies with an empty or short key, even a signature made with that key", () => {
    for (const key of ["", "short"]) {
      expect(
        refusal(() =>
          paymongo(key).parseCallback({ "paymongo-signature": paymongoSig(now, key) }, event, now),
        ),
      ).toBe("no_key");
      const sandbox = sandboxGateway({ publicUrl: "http://x", secret: key });
      expect(
        refusal(() =>
          sandbox.parseCallback({ "x-sandbox-signature": signSandbox(key, event, now) }, event, now),
        ),
      ).toBe("no_key");
    }
  });

  it("refuses a sandbox callback outside the window", () => {
    const secret = "sandbox-secret-0123456789";
    const body = JSON.stringify({ ref: "sbx_1", status: "paid", amount: "100" });
    const sandbox = sandboxGateway({ publicUrl: "http://x", secret });
    expect(
      refusal(() =>
        sandbox.parseCallback({ "x-sandbox-signature": signSandbox(secret, body, now - 301) }, body, now),
      ),
    ).toBe("stale");
    expect(
      sandbox.parseCallback({ "x-sandbox-signature": signSandbox(secret, body, now) }, body, now),
    ).toMatchObject({
      gatewayRef: "sbx_1",
    });
  });
});
