import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * The origin of the player site as this visitor reached it: a gateway's return
 * address and a game's lobby link must bring the player back to the address they used — on
 * another host their session (sessionStorage) is not there and they arrive logged out.
 *
 * The Host header (or X-Forwarded-Host/-Proto, believed only from TRUSTED_PROXIES, which is how
 * Fastify's `req.host`/`req.protocol` read them) is anyone's to write, so it is used only when it
 * names a host this installation serves: PUBLIC_URL's host or one of SITE_HOSTS. Anything else
 * answers PUBLIC_URL's origin, so a forged Host never turns a return link into an open redirect.
 */
export function siteOrigin(config: Pick<Config, "PUBLIC_URL" | "SITE_HOSTS">, req: FastifyRequest): string {
  const base = new URL(config.PUBLIC_URL);
  const host = (req.host ?? "").toLowerCase();
  if (!host || !trustedSiteHost(config, host)) return base.origin;
  const protocol = req.protocol === "https" ? "https" : "http";
  // Parsed again so that nothing but a scheme, a host and a port can come out of it.
  try {
    const url = new URL(`${protocol}://${host}`);
    if (url.host !== host || url.username || url.password) return base.origin;
    return url.origin;
  } catch {
    return base.origin;
  }
}

/** PUBLIC_URL's host or one of SITE_HOSTS (host or host:port), compared lower-case and exactly. */
export function trustedSiteHost(config: Pick<Config, "PUBLIC_URL" | "SITE_HOSTS">, host: string): boolean {
  const h = host.toLowerCase();
  return h === new URL(config.PUBLIC_URL).host.toLowerCase() || config.SITE_HOSTS.includes(h);
}
