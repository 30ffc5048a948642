import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.ts";
import { AppError } from "./errors.ts";

/** Names proxy-addr (Fastify's trustProxy) accepts besides addresses and CIDRs. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Why a TRUSTED_PROXIES entry is not an address, a CIDR or a range name; null when it is. */
export function badProxyEntry(entry: string): string | null {
  if (RANGE_NAMES.has(entry)) return null;
  const [addr = "", bits, ...rest] = entry.split("/");
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
  if (bits === undefined) return null;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
    ? null
    : `"${entry}" has a bad prefix length`;
}

/** Proxy settings that contradict each other stop the start. */
export function checkProxies(
  c: { TRUSTED_PROXIES: string; BEHIND_PROXY: "true" | "false" | "" },
  ctx: z.RefinementCtx,
): void {
  const entries = c.TRUSTED_PROXIES.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const bad of entries.map(badProxyEntry).filter((e) => e !== null)) {
    ctx.addIssue({ code: "custom", path: ["TRUSTED_PROXIES"], message: bad });
  }
  if (c.BEHIND_PROXY === "true" && entries.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["TRUSTED_PROXIES"],
      message: "BEHIND_PROXY=true needs the proxies' addresses (IPs or CIDRs) in TRUSTED_PROXIES",
    });
  }
  if (c.BEHIND_PROXY === "false" && entries.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["BEHIND_PROXY"],
      message: "BEHIND_PROXY=false says there is no proxy, but TRUSTED_PROXIES lists some",
    });
  }
}

/** Fastify's trustProxy: the listed proxies only, or nobody. */
export const trustedProxies = (config: Config): string[] | false =>
  config.TRUSTED_PROXIES
    ? config.TRUSTED_PROXIES.split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : false;

/**
 * Behind a proxy, every visitor arrives from the proxy's address: without TRUSTED_PROXIES the
 * per-address limits would count the whole site as one address (one visitor's failures would
 * lock out everyone) and region rules would judge the proxy. So in production, while the
 * operator has declared neither the proxies (TRUSTED_PROXIES) nor a direct set-up
 * (BEHIND_PROXY=false), a request that carries a forwarding header is refused with
 * PROXY_NOT_CONFIGURED (500) and the fix is logged once. The request is not served under the
 * proxy's address meanwhile.
 */
export function proxyGuard(app: FastifyInstance, config: Config): void {
  if (config.NODE_ENV !== "production" || config.TRUSTED_PROXIES || config.BEHIND_PROXY === "false") return;
  let logged = false;
  app.addHook("onRequest", async (req) => {
    if (req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined) return;
    if (!logged) {
      logged = true;
      req.log.error(
        `A request from ${req.socket.remoteAddress} carries a forwarding header (X-Forwarded-For) but ` +
          "TRUSTED_PROXIES is empty: such requests are refused. Behind a reverse proxy or load " +
          "balancer, set TRUSTED_PROXIES to its addresses (and BEHIND_PROXY=true); serving visitors " +
          "directly, set BEHIND_PROXY=false (forwarding headers are then ignored). See README, " +
          '"Behind a proxy".',
      );
    }
    throw new AppError("PROXY_NOT_CONFIGURED", 500);
  });
}
