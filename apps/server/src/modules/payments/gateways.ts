import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";

/**
 * Payment gateways behind one interface: a hosted checkout the member is sent
 * to, and a signed callback that tells the platform the outcome. A callback whose signature does
 * not verify is refused before anything is read from it.
 */
export interface CheckoutRequest {
  depositId: number;
  amount: bigint;
  currency: string;
  description: string;
  /** Where the gateway sends the member's browser afterwards. */
  returnUrl: string;
  /** Where the gateway posts its signed result. */
  callbackUrl: string;
}
export interface CallbackResult {
  gatewayRef: string;
  status: "paid" | "failed";
  amount: bigint;
}
export interface PaymentGateway {
  readonly name: string;
  createCheckout(req: CheckoutRequest): Promise<{ checkoutUrl: string; gatewayRef: string }>;
  /**
   * The verified result. A missing or wrong signature, a key that is empty or too short, and a
   * signed timestamp outside the window (now ± CALLBACK_WINDOW_S) throw a CallbackRefused that
   * says why, so the refusal can be logged.
   */
  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    nowS: number,
  ): CallbackResult | null;
}

/** How old (or how far ahead) a signed callback may be, as in PayMongo's and Stripe's protocols. */
export const CALLBACK_WINDOW_S = 300;
/** The shortest signing key a callback is ever verified with (an empty or default key never is). */
export const MIN_SECRET_LENGTH = 16;

export class CallbackRefused extends Error {
  constructor(readonly reason: "no_key" | "no_signature" | "bad_signature" | "stale" | "bad_body") {
    super(`callback refused: ${reason}`);
    this.name = "CallbackRefused";
  }
}

/** Checks the key and the signed timestamp before any HMAC is compared. */
function checkKeyAndTime(key: string, t: string | undefined, nowS: number): void {
  if (key.length < MIN_SECRET_LENGTH) throw new CallbackRefused("no_key");
  if (!t || !/^\d{1,12}$/.test(t)) throw new CallbackRefused("no_signature");
  if (Math.abs(nowS - Number(t)) > CALLBACK_WINDOW_S) throw new CallbackRefused("stale");
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
const safeEqualHex = (a: string, b: string) => {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/**
 * The sandbox gateway, served by the platform itself (/sandbox-gateway): a checkout page with
 * Pay and Fail buttons that then posts a callback signed with HMAC-SHA256 of
 * `${timestamp}.${body}` under the channel's secret, exactly as a real gateway would.
 */
export function sandboxGateway(opts: { publicUrl: string; secret: string }): PaymentGateway {
  return {
    name: "sandbox",
    async createCheckout() {
      const gatewayRef = `sbx_${randomBytes(12).toString("hex")}`;
      return {
        gatewayRef,
        checkoutUrl: `${opts.publicUrl.replace(/\/$/, "")}/sandbox-gateway/checkout/${gatewayRef}`,
      };
    },
    parseCallback(headers, rawBody, nowS) {
      const sig = header(headers, "x-sandbox-signature") ?? "";
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
      if (opts.secret.length < MIN_SECRET_LENGTH) throw new CallbackRefused("no_key");
      if (!m) throw new CallbackRefused("no_signature");
      const expected = createHmac("sha256", opts.secret).update(`${m[1]}.${rawBody}`).digest("hex");
      if (!safeEqualHex(expected, m[2] ?? "")) throw new CallbackRefused("bad_signature");
      checkKeyAndTime(opts.secret, m[1], nowS);
      const body = JSON.parse(rawBody) as { ref?: string; status?: string; amount?: string };
      if (
        !body.ref ||
        (body.status !== "paid" && body.status !== "failed") ||
        !/^\d+$/.test(body.amount ?? "")
      )
        return null;
      return { gatewayRef: body.ref, status: body.status, amount: BigInt(body.amount ?? "0") };
    },
  };
}

export function signSandbox(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * PayMongo (a common Philippine gateway for GCash, Maya and cards): Checkout Sessions API and
 * webhooks signed in the `Paymongo-Signature` header (t=…, te=… test, li=… live).
 */
export function paymongoGateway(opts: {
  secretKey: string;
  webhookSecret: string;
  live: boolean;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}): PaymentGateway {
  const base = opts.baseUrl ?? "https://api.paymongo.com";
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    name: "paymongo",
    async createCheckout(req) {
      const res = await doFetch(`${base}/v1/checkout_sessions`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${opts.secretKey}:`).toString("base64")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          data: {
            attributes: {
              line_items: [
                { name: req.description, amount: Number(req.amount), currency: req.currency, quantity: 1 },
              ],
              payment_method_types: ["gcash", "paymaya", "card"],
              success_url: req.returnUrl,
              cancel_url: req.returnUrl,
              reference_number: `D${req.depositId}`,
              description: `${req.description} ${formatMinor(req.amount)}`,
            },
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { data?: { id?: string; attributes?: { checkout_url?: string } } };
      const id = body.data?.id;
      const url = body.data?.attributes?.checkout_url;
      if (!res.ok || !id || !url) throw new Error(`PayMongo checkout failed: HTTP ${res.status}`);
      return { gatewayRef: id, checkoutUrl: url };
    },
    parseCallback(headers, rawBody, nowS) {
      const sig = header(headers, "paymongo-signature") ?? "";
      const parts = Object.fromEntries(sig.split(",").map((p) => p.split("=") as [string, string]));
      const t = parts.t;
      const given = opts.live ? parts.li : parts.te;
      if (opts.webhookSecret.length < MIN_SECRET_LENGTH) throw new CallbackRefused("no_key");
      if (!t || !given) throw new CallbackRefused("no_signature");
      const expected = createHmac("sha256", opts.webhookSecret).update(`${t}.${rawBody}`).digest("hex");
      if (!safeEqualHex(expected, given)) throw new CallbackRefused("bad_signature");
      // PayMongo signs `t` with the body: a replayed old event is refused after the window.
      checkKeyAndTime(opts.webhookSecret, t, nowS);
      const event = JSON.parse(rawBody) as {
        data?: {
          attributes?: {
            type?: string;
            data?: { id?: string; attributes?: { line_items?: Array<{ amount?: number }> } };
          };
        };
      };
      const type = event.data?.attributes?.type;
      const session = event.data?.attributes?.data;
      if (!session?.id || type !== "checkout_session.payment.paid") return null;
      const amount = BigInt(session.attributes?.line_items?.reduce((s, l) => s + (l.amount ?? 0), 0) ?? 0);
      return { gatewayRef: session.id, status: "paid", amount };
    },
  };
}

/** The secrets each adapter cannot work without: a channel is never saved or enabled lacking one. */
export const REQUIRED_SECRETS: Record<string, readonly string[]> = {
  sandbox: ["secret"],
  paymongo: ["secretKey", "webhookSecret"],
};
