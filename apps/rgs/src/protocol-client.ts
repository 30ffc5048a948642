import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";
import { crashPoint } from "./crash-points.ts";

/**
 * The RGS's side of the provider protocol (docs/provider-protocol.md): signed JSON POSTs to
 * /provider/<VENDOR>/<call>. The transport is injected: `fetch` to the platform's URL by
 * default, `app.inject` in one process or in tests.
 */
export type Transport = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export type ProtocolCall =
  | "authenticate"
  | "balance"
  | "debit"
  | "credit"
  | "credits"
  | "rollback"
  | "reverse"
  | "jackpot";

/** ok: the platform acknowledged; refused: it answered a definite no; unknown: no answer we trust. */
export type CallResult =
  | { kind: "ok"; status: number; value: Record<string, unknown> }
  | { kind: "refused"; status: number; code: string; balance: string | null }
  | { kind: "unknown"; status: number | null; reason: string };

/** The secret of an in-house vendor (PNS, PNG): derived from the app secret, as the platform does. */
export function inHouseProviderSecret(appSecret: string, vendor: string): string {
  return createHmac("sha256", appSecret).update(`provider-secret:${vendor}`).digest("hex");
}

export function fetchTransport(baseUrl: string, timeoutMs: number): Transport {
  const base = baseUrl.replace(/\/+$/, "");
  return async (path, body, headers) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  };
}

const Answer = z.union([
  z.object({ success: z.literal(true), value: z.record(z.string(), z.unknown()) }),
  z.object({
    success: z.literal(false),
    code: z.string(),
    balance: z.string().nullish(),
  }),
]);

export interface ProtocolClient {
  call(vendor: string, call: ProtocolCall, body: Record<string, unknown>): Promise<CallResult>;
}

export function protocolClient(
  transport: Transport,
  secretOf: (vendor: string) => string,
  now: () => Date = () => new Date(),
  /**
   * Whether the game server's test crash points (`rgs.after-<call>`, crash-points.ts) fire in
   * this client: the game server's own calls only, so another vendor using this client (the
   * sportsbook) never kills a process at a point a crash test armed for the game server.
   */
  opts: { crashPoints?: boolean } = {},
): ProtocolClient {
  const crashes = opts.crashPoints ?? true;
  return {
    async call(vendor, call, fields) {
      const raw = JSON.stringify({ requestId: randomUUID(), ...fields });
      const t = Math.floor(now().getTime() / 1000);
      const v1 = createHmac("sha256", secretOf(vendor)).update(`${t}.${raw}`).digest("hex");
      let res: { status: number; body: string };
      try {
        res = await transport(`/provider/${vendor}/${call}`, raw, {
          "content-type": "application/json",
          "x-signature": `t=${t},v1=${v1}`,
        });
      } catch (err) {
        return { kind: "unknown", status: null, reason: err instanceof Error ? err.message : String(err) };
      }
      if (crashes) crashPoint(`rgs.after-${call}`); // tests only (crash-points.ts)
      // A 5xx or an answer we cannot read may or may not have been applied.
      if (res.status >= 500) return { kind: "unknown", status: res.status, reason: `HTTP ${res.status}` };
      let json: unknown;
      try {
        json = JSON.parse(res.body);
      } catch {
        return { kind: "unknown", status: res.status, reason: "unreadable answer" };
      }
      const parsed = Answer.safeParse(json);
      if (!parsed.success) return { kind: "unknown", status: res.status, reason: "unexpected answer" };
      const a = parsed.data;
      if (a.success) return { kind: "ok", status: res.status, value: a.value };
      return { kind: "refused", status: res.status, code: a.code, balance: a.balance ?? null };
    },
  };
}

/** The protocol's limit of items in one `credits` request. */
export const CREDITS_PER_REQUEST = 2000;

const ItemResults = z.array(
  z.union([
    z.object({ success: z.literal(true), value: z.record(z.string(), z.unknown()) }),
    z.object({
      success: z.literal(false),
      code: z.string(),
      status: z.number().int(),
      balance: z.string().nullish(),
    }),
  ]),
);

/**
 * The answer of a `credits` request of `n` items as one result per item, in order. A request
 * with no trusted answer (or an answer of the wrong shape) leaves every item unknown: each is
 * sent again, and the platform applies a transaction id once.
 */
export function itemResults(r: CallResult, n: number): CallResult[] {
  if (r.kind !== "ok") return Array.from({ length: n }, () => r);
  const parsed = ItemResults.safeParse(r.value.results);
  if (!parsed.success || parsed.data.length !== n) {
    const unknown: CallResult = { kind: "unknown", status: r.status, reason: "unexpected credits answer" };
    return Array.from({ length: n }, () => unknown);
  }
  return parsed.data.map(
    (x): CallResult =>
      x.success
        ? { kind: "ok", status: r.status, value: x.value }
        : { kind: "refused", status: x.status, code: x.code, balance: x.balance ?? null },
  );
}
