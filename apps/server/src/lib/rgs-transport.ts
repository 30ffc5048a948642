import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context.ts";

/**
 * How the platform reaches the RGS's signed back-office API: in memory, or RGS_URL when split.
 * Every module that calls the RGS (the lottery's back office, loyalty's free spins) uses this one.
 */
export type RgsCall = (
  method: "GET" | "PUT" | "POST",
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export function rgsTransport(app: FastifyInstance, ctx: AppContext): RgsCall {
  const base = ctx.config.RGS_URL.replace(/\/+$/, "");
  if (base) {
    return async (method, path, body, headers) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(method === "GET" ? {} : { body }),
        signal: AbortSignal.timeout(ctx.config.RGS_CALL_TIMEOUT_MS),
      });
      return { status: res.status, body: await res.text() };
    };
  }
  return async (method, path, body, headers) => {
    const res = await app.inject({
      method,
      url: path,
      headers,
      ...(method === "GET" ? {} : { payload: body }),
    });
    return { status: res.statusCode, body: res.body };
  };
}
