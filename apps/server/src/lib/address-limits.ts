import type { FastifyRequest } from "fastify";
import type { AppContext } from "./context.ts";
import { Errors } from "./errors.ts";

/**
 * A per-address limit: `max` calls per `windowMs`, shared across processes through the store.
 * ADDRESS_LIMITS may set another `max` for a name (a test server whose every visitor is 127.0.0.1).
 */
export function perIp(ctx: AppContext, name: string, defaultMax: number, windowMs: number) {
  const max = ctx.config.ADDRESS_LIMITS[name] ?? defaultMax;
  return async (req: FastifyRequest) => {
    const n = await ctx.store.incr(`rl:${name}:${req.ip}`, windowMs);
    if (n > max) throw Errors.rateLimited(Math.ceil(windowMs / 1000));
  };
}
