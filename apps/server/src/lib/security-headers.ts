import { isNotNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { gameVendors } from "../db/schema/games.ts";
import { readSettings } from "../modules/content/settings.ts";
import type { AppContext } from "./context.ts";

/**
 * The headers every answer carries:
 * - a Content-Security-Policy whose `script-src` is `'self'` only (and reCAPTCHA's origins when the
 *   third-party phone-code service that needs it is configured): no inline script, no
 *   `'unsafe-eval'`, on the player site, the back office and the game pages (the game client
 *   under /rgs sets its own, stricter one; so do the sandbox checkout and any page that needs
 *   less). Styles allow `'unsafe-inline'`: React writes `style` attributes, which run no code.
 *   Images may come from any https: address (a banner may name one; an image runs no code) and
 *   from the operator's image and launch CDNs, the game iframe from the launch
 *   CDNs, the vendors' launch addresses and the operator's outside customer-service chat
 *   (settings and the vendor table, re-read every 30 s and at once after a settings change);
 * - HSTS when the request came over HTTPS (directly, or through a trusted proxy's
 *   X-Forwarded-Proto: Fastify's `trustProxy` decides which proxies are believed);
 * - `Cache-Control: no-store` on every API answer that did not declare itself cacheable (member
 *   and operator data must never be kept by a browser or a shared cache).
 */
const API_PREFIXES = [
  "/wps/",
  "/lgw/",
  "/lotto/",
  "/api/",
  "/provider/",
  "/payments/",
  "/sandbox-gateway/",
  "/rgs/api/",
  "/rgs/lottery/",
  "/rgs/transfer/",
  "/rgs/admin/",
];
const HSTS = "max-age=31536000";
const REFRESH_MS = 30_000;

interface Sources {
  images: string[];
  frames: string[];
  /** Outside scripts the site may load: only the third-party phone-code service's human check. */
  scripts?: string[];
}

/**
 * reCAPTCHA, which Firebase's phone sign-in asks for before it sends a code: its script and
 * its challenge frame, allowed only when that service is the one configured.
 */
const RECAPTCHA_SCRIPTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const RECAPTCHA_FRAMES = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];

/** The origin of an absolute http(s) address; null for paths and anything else. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

const unique = (list: Array<string | null>): string[] => [...new Set(list.filter((v): v is string => !!v))];

export function sitePolicy(s: Sources): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...(s.scripts ?? [])].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", "data:", "blob:", "https:", ...s.images].join(" ")}`,
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    "connect-src 'self'",
    `frame-src ${["'self'", ...s.frames].join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function adminPolicy(s: Sources): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", "data:", "blob:", "https:", ...s.images].join(" ")}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Bumped when a setting the policy is built from changes in this process (the back office's
 * settings routes call forgetSiteSources): the next answer re-reads them at once. Other
 * processes follow within REFRESH_MS.
 */
let sourcesGeneration = 0;
export function forgetSiteSources(): void {
  sourcesGeneration++;
}

export function securityHeaders(ctx: AppContext) {
  let cached: { at: number; generation: number; sources: Promise<Sources> } | null = null;
  const sources = (): Promise<Sources> => {
    const now = Date.now();
    if (!cached || now - cached.at > REFRESH_MS || cached.generation !== sourcesGeneration) {
      const loading = loadSources(ctx).catch(() => ({ images: [], frames: [] }));
      cached = { at: now, generation: sourcesGeneration, sources: loading };
    }
    return cached.sources;
  };

  return async function onSend(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = req.url.split("?")[0] ?? "/";
    // Baseline hardening for every answer; the back office may never be framed at all.
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    const inAdmin = path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/admin");
    reply.header("x-frame-options", inAdmin ? "DENY" : "SAMEORIGIN");
    if (!reply.hasHeader("content-security-policy")) {
      const s = await sources();
      reply.header("content-security-policy", inAdmin ? adminPolicy(s) : sitePolicy(s));
    }
    if (req.protocol === "https") reply.header("strict-transport-security", HSTS);
    if (!reply.hasHeader("cache-control") && API_PREFIXES.some((p) => path.startsWith(p))) {
      reply.header("cache-control", "no-store");
    }
  };
}

async function loadSources(ctx: AppContext): Promise<Sources> {
  const settings = await readSettings(ctx.db, ["imageCDNs", "launchGameCDNs", "brand"]);
  const vendors = await ctx.db
    .select({ launchUrl: gameVendors.launchUrl })
    .from(gameVendors)
    .where(isNotNull(gameVendors.launchUrl));
  const launch = settings.launchGameCDNs.map(originOf);
  const recaptcha = ctx.config.PHONE_CODE_PROVIDER === "firebase";
  return {
    images: unique([...settings.imageCDNs.map(originOf), ...launch]),
    frames: unique([
      ...launch,
      ...vendors.map((v) => originOf(v.launchUrl ?? "")),
      // The operator's outside customer-service chat, shown in the site's chat window: its
      // origin only, and only when it is an http(s) address.
      originOf(settings.brand.customerServiceUrl ?? ""),
      originOf(settings.brand.vipServiceUrl ?? ""),
      ...(recaptcha ? RECAPTCHA_FRAMES : []),
    ]),
    scripts: recaptcha ? RECAPTCHA_SCRIPTS : [],
  };
}
