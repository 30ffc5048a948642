import { rgsAdminSecret, signAdminCall } from "@panalo/rgs/lottery/admin-auth";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";

/**
 * A back-office call forwarded to the game server's signed admin API (/rgs/admin/…): signed with
 * HMAC(APP_SECRET, "rgs-admin") and the operator's name, sent in this process (embedded) or to
 * RGS_URL (external). Its value on success; a refusal is sent on `reply` as the game server gave
 * it (or thrown as `unavailable` without a reply); an unreachable or garbled game server is
 * `unavailable` (503), so the operator never sees a half answer.
 */
export type RgsAdminForward = (
  reply: FastifyReply | null,
  operator: string,
  method: "GET" | "PUT",
  path: string,
  payload?: unknown,
) => Promise<unknown>;

export function rgsAdminForwarder(
  app: FastifyInstance,
  ctx: AppContext,
  unavailable: string,
): RgsAdminForward {
  const secret = ctx.config.APP_SECRET ? rgsAdminSecret(ctx.config.APP_SECRET) : "";
  const base = ctx.config.RGS_MODE === "external" ? ctx.config.RGS_URL.replace(/\/+$/, "") : "";
  return async (reply, operator, method, path, payload) => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers = {
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...signAdminCall(secret, { method, path, operator, body }),
    };
    let status: number;
    let json: { success?: boolean; value?: unknown };
    try {
      let text: string;
      if (base) {
        const res = await fetch(`${base}${path}`, {
          method,
          headers,
          ...(method === "GET" ? {} : { body }),
          signal: AbortSignal.timeout(ctx.config.RGS_CALL_TIMEOUT_MS),
        });
        status = res.status;
        text = await res.text();
      } else {
        const res = await app.inject({
          method,
          url: path,
          headers,
          ...(method === "GET" ? {} : { payload: body }),
        });
        status = res.statusCode;
        text = res.body;
      }
      json = JSON.parse(text) as typeof json;
    } catch {
      throw new AppError(unavailable, 503);
    }
    if (json.success === true) return json.value;
    if (reply) {
      await reply.status(status >= 400 ? status : 502).send(json);
      return undefined;
    }
    throw new AppError(unavailable, 503);
  };
}
