import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The RGS's back-office API (/rgs/admin/lottery/*) answers only the platform: each call is signed
 * with HMAC-SHA256 under HMAC(APP_SECRET, "rgs-admin"), over the time, method, path with query,
 * the operator's name and the raw body; calls older or newer than the window are refused.
 */
export const ADMIN_SIGNATURE_HEADER = "x-rgs-admin-signature";
export const ADMIN_OPERATOR_HEADER = "x-rgs-operator";
export const ADMIN_WINDOW_S = 300;

export function rgsAdminSecret(appSecret: string): string {
  return createHmac("sha256", appSecret).update("rgs-admin").digest("hex");
}

const payload = (t: number, method: string, path: string, operator: string, body: string) =>
  `${t}.${method.toUpperCase()}.${path}.${operator}.${body}`;

/** The headers of one signed call (the operator's name travels URI-encoded). */
export function signAdminCall(
  secret: string,
  call: { method: string; path: string; operator: string; body: string },
  now = Date.now(),
): Record<string, string> {
  const t = Math.floor(now / 1000);
  const operator = encodeURIComponent(call.operator);
  const v1 = createHmac("sha256", secret)
    .update(payload(t, call.method, call.path, operator, call.body))
    .digest("hex");
  return { [ADMIN_SIGNATURE_HEADER]: `t=${t},v1=${v1}`, [ADMIN_OPERATOR_HEADER]: operator };
}

/** The operator's name of a correctly signed call, or null. */
export function verifyAdminCall(
  secret: string,
  call: {
    method: string;
    path: string;
    body: string;
    signature?: string | undefined;
    operator?: string | undefined;
  },
  now = Date.now(),
): string | null {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature ?? "");
  if (!m || !secret || !call.operator) return null;
  const t = Number(m[1]);
  if (Math.abs(now / 1000 - t) > ADMIN_WINDOW_S) return null;
  const expected = createHmac("sha256", secret)
    .update(payload(t, call.method, call.path, call.operator, call.body))
    .digest();
  const given = Buffer.from(m[2] ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const name = decodeURIComponent(call.operator);
    return name.length > 0 && name.length <= 100 ? name : null;
  } catch {
    return null;
  }
}
