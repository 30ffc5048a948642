import { z } from "zod";
import { checkProxies } from "./lib/proxy-guard.ts";
import { parseSentinels } from "./lib/redis-target.ts";

/**
 * Every setting the platform reads, validated once at start-up.
 * A bad setting stops the process with a message that names it (Outline's env.ts habit).
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL server URL. When empty, the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().default(""),
  /**
   * Where the reads that may lag go (reports, the back-office dashboard, the agents' team
   * figures, CSV exports): a streaming replica, on a small pool of its own. Empty: the primary
   * (DATABASE_URL's pool). Money, sessions and what a player just wrote always read the primary.
   * Ignored on the embedded database.
   */
  DATABASE_URL_READ: z.string().default(""),
  /** Connections of the read pool (DATABASE_URL_READ). */
  DATABASE_READ_POOL_MAX: z.coerce.number().int().min(1).max(100).default(4),
  DATA_DIR: z.string().default("./data"),
  /** Redis URL for cross-process rate limits and pub/sub; in-process when empty. */
  REDIS_URL: z.string().default(""),
  /**
   * Redis through Sentinel instead of REDIS_URL: the sentinels' addresses (host:port,
   * comma-separated; port 26379 when left out) and the name they monitor the primary under.
   * The store then follows the primary Sentinel promotes (lib/redis-target.ts).
   */
  REDIS_SENTINELS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      try {
        return parseSentinels(text);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "a Sentinel master name")
    .default("mymaster"),
  /** With REDIS_SENTINELS: the Redis servers' password (requirepass) and the sentinels' own. */
  REDIS_PASSWORD: z.string().default(""),
  REDIS_SENTINEL_PASSWORD: z.string().default(""),
  /** The prefix of every key and channel this installation uses in Redis (several can share one). */
  REDIS_PREFIX: z.string().min(1).max(64).default("panalo:"),
  /** Public base URL of the site, used in links sent to players (reset e-mails, QR codes). */
  PUBLIC_URL: z.string().default("http://localhost:8080"),
  /**
   * Other host names (host or host:port, comma-separated) this installation serves the player
   * site on besides PUBLIC_URL's: a gateway's return address and a game's lobby link go back to
   * the address the player used only when it is PUBLIC_URL's host or one of these
   * (lib/site-origin.ts), never to a host a request merely claims.
   */
  SITE_HOSTS: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Comma-separated IPs or CIDRs of reverse proxies whose X-Forwarded-For is trusted. */
  TRUSTED_PROXIES: z.string().default(""),
  /**
   * "true": the platform runs behind a reverse proxy or load balancer (TRUSTED_PROXIES must then
   * list it); "false": visitors connect directly (forwarding headers are ignored). Unset in
   * production with no TRUSTED_PROXIES, requests carrying X-Forwarded-For are refused
   * (lib/proxy-guard.ts; README "Behind a proxy").
   */
  BEHIND_PROXY: z.enum(["true", "false", ""]).default(""),
  /** Seed the demo brand on first start when the database has no brand yet. */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Secret used to sign operator sessions' cookies and other server-side tokens. Min 32 chars. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Messages out. "dev" keeps each message in the back-office outbox only (nothing leaves the
   * machine); "semaphore" sends SMS through Semaphore's HTTP API; "smtp" sends e-mail by SMTP.
   */
  SMS_PROVIDER: z.enum(["dev", "semaphore"]).default("dev"),
  SEMAPHORE_API_KEY: z.string().default(""),
  SMS_SENDER_NAME: z.string().max(11).default("PANALO"),
  /**
   * Who sends and checks phone codes (registration, SMS login, forgot password by phone): "dev",
   * the platform's own codes through SMS_PROVIDER; "firebase", Firebase Authentication's phone
   * sign-in (Identity Toolkit REST API) with FIREBASE_API_KEY and FIREBASE_PROJECT_ID.
   */
  PHONE_CODE_PROVIDER: z.enum(["dev", "firebase"]).default("dev"),
  FIREBASE_API_KEY: z.string().default(""),
  FIREBASE_PROJECT_ID: z.string().default(""),
  FIREBASE_AUTH_URL: z.url().default("https://identitytoolkit.googleapis.com"),
  /** Google's public keys for Firebase ID tokens (a JWK set). */
  FIREBASE_JWKS_URL: z
    .url()
    .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
  EMAIL_PROVIDER: z.enum(["dev", "smtp"]).default("dev"),
  /** smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS). */
  SMTP_URL: z.string().default(""),
  MAIL_FROM: z.string().default("Panalo <no-reply@panalo.local>"),
  /** Where the built player site and back office are served from. */
  WEB_DIST: z.string().default(""),
  ADMIN_DIST: z.string().default(""),
  /**
   * Where the in-house game server (apps/rgs) sends its provider-protocol calls. Empty in the
   * one-process set-up: the calls go to this same process in memory (Fastify's inject), through
   * the same signed /provider routes a remote vendor uses.
   */
  RGS_PLATFORM_URL: z.string().default(""),
  /** How often the RGS re-sends unacknowledged wins and rollbacks; 0 turns the worker off. */
  RGS_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  /** How often the RGS's lottery worker draws, settles and pays; 0 turns it off. */
  RGS_LOTTERY_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Whether this process runs the live tables' rounds (a table is led by one process at
   * a time). Unset: on, except with NODE_ENV=test (tests drive rounds by hand or turn it on).
   */
  RGS_TABLES_ENGINE: z.enum(["on", "off"]).optional(),
  /**
   * Where the platform reaches the RGS's back-office API (/rgs/admin/*) when the RGS runs as a
   * process of its own; empty in the one-process set-up (in memory, Fastify's inject).
   */
  RGS_URL: z.string().default(""),
  /** How long the RGS waits for one platform call before treating its outcome as unknown. */
  RGS_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Where the in-house game server runs. "embedded": in this process (mounted at /rgs, tables in
   * this database's `rgs` schema, its workers — lottery draws and payouts, retries — run here).
   * "external": as a process of its own (apps/rgs/src/main.ts, reached at RGS_URL); this process
   * mounts none of it and runs none of its workers, so each draw is drawn once, in one database.
   */
  RGS_MODE: z.enum(["embedded", "external"]).default("embedded"),
  /**
   * Where the sportsbook (apps/sportsbook, vendors PNSB and PNES) runs. "embedded": in this
   * process (its paths /api/sports/* and /api/admin/sports/*, its tables in schema `sportsbook`,
   * its jobs sports.* here). "external": as a process of its own (apps/sportsbook/src/main.ts at
   * SPORTSBOOK_URL): this process forwards the book's paths there with the caller's session
   * signed, answers its host API (/provider/PNSB/host/<call>) and runs none of its work.
   */
  SPORTSBOOK_MODE: z.enum(["embedded", "external"]).default("embedded"),
  SPORTSBOOK_URL: z.string().default(""),
  /** How long a forwarded call may wait for the external sportsbook's answer. */
  SPORTSBOOK_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Per-address limits on failed logins: only failures count, never successful logins,
   * because Philippine carriers put many players behind one address (carrier NAT). An address
   * with this many failed player logins in the window is refused for the rest of the window. The
   * per-account captcha (3 failures) and lock (10) are what stop guessing one account.
   */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(200),
  LOGIN_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** The same for back-office sign-ins (operators do not share carrier addresses). */
  ADMIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Other per-address limits by name, over their defaults in the code: `register=10,sms=10`.
   * Names: register, sms, reset, freeplay, human, captcha, affiliate, password. For test servers,
   * where every visitor is 127.0.0.1; an operator may also loosen or tighten one.
   */
  ADDRESS_LIMITS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const limits: Record<string, number> = {};
      for (const part of text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^(register|sms|reset|freeplay|human|captcha|affiliate|password)=(\d{1,7})$/.exec(part);
        if (!m?.[1] || !m[2] || Number(m[2]) < 1) {
          ctx.addIssue({ code: "custom", message: `"${part}" is not name=number with a known name` });
          return z.NEVER;
        }
        limits[m[1]] = Number(m[2]);
      }
      return limits;
    }),
  /**
   * The human check's proof of work: the browser tries up to this many numbers (a fraction of a
   * second on a phone at the default). Lower only for test servers.
   */
  HUMAN_CHECK_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /**
   * Agent settlement runs bill the periods that ended this long before the run's scheduled time
   * (rounds still committing when a period closes). Lower only for test servers.
   */
  AGENTS_SETTLE_LAG_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /**
   * The sportsbook's simulator feed: "on" runs it as the job sports.simulator (every
   * minute, ticking every SPORTS_SIM_TICK_MS within the minute; 0: one tick a minute); "off" when
   * a real feed posts to /api/sports/feed.
   */
  SPORTS_SIMULATOR: z.enum(["on", "off"]).default("on"),
  SPORTS_SIM_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * The Sportradar Unified Odds Feed adapter (sports/uof-amqp.ts), on when UOF_AMQP_URL is set:
   * the broker (amqps://{token}:@mq.betradar.com:5671; the virtual host /unifiedfeed/{bookmaker id}
   * is added when the URL names none), the API for recovery and fixtures with its access token,
   * this process's node id (recoveries it asks come back to it only), the products consumed
   * (1 live odds, 3 prematch) and how long without an alive message means the feed was lost.
   */
  UOF_AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//, "an amqp:// or amqps:// URL")
    .optional(),
  UOF_ACCESS_TOKEN: z.string().max(200).default(""),
  UOF_BOOKMAKER_ID: z.coerce.number().int().min(0).default(0),
  UOF_NODE_ID: z.coerce.number().int().min(0).max(999).optional(),
  UOF_API_URL: z
    .string()
    .regex(/^https?:\/\//, "an http(s) URL")
    .default("https://api.betradar.com"),
  UOF_EXCHANGE: z.string().min(1).max(100).default("unifiedfeed"),
  /** A durable queue of this name (a local broker); unset: an exclusive server-named queue (Sportradar's). */
  UOF_QUEUE: z.string().max(100).optional(),
  UOF_PRODUCTS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "product ids, comma-separated")
    .default("1,3"),
  UOF_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(20),
  /**
   * Demo mode: the sandbox payment gateway (money without money behind it), the development
   * message adapter's codes shown to the owner, and a "Demo" bar on the site and back office.
   * Unset: on only for what `npm start` gives on the embedded database (no DATABASE_URL, NODE_ENV
   * not production); off otherwise unless the operator sets DEMO_MODE=true explicitly.
   */
  DEMO_MODE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false"]).optional()),
});

/** The third-party phone-code service cannot start without its project and key. */
function checkPhoneCodes(c: z.infer<typeof ConfigSchema>, ctx: z.RefinementCtx): void {
  if (c.PHONE_CODE_PROVIDER !== "firebase") return;
  for (const key of ["FIREBASE_API_KEY", "FIREBASE_PROJECT_ID"] as const) {
    if (!c[key])
      ctx.addIssue({ code: "custom", path: [key], message: "required when PHONE_CODE_PROVIDER is firebase" });
  }
}

const ResolvedConfigSchema = ConfigSchema.superRefine((c, ctx) => {
  checkProxies(c, ctx);
  checkPhoneCodes(c, ctx);
}).transform((c) => ({
  ...c,
  DEMO_MODE:
    c.DEMO_MODE !== undefined ? c.DEMO_MODE === "true" : c.NODE_ENV !== "production" && c.DATABASE_URL === "",
}));

export type Config = z.infer<typeof ResolvedConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ResolvedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.RGS_MODE === "external" && !parsed.data.RGS_URL)
    throw new Error("Invalid configuration:\n  RGS_URL: required when RGS_MODE is external");
  if (parsed.data.SPORTSBOOK_MODE === "external" && !parsed.data.SPORTSBOOK_URL)
    throw new Error("Invalid configuration:\n  SPORTSBOOK_URL: required when SPORTSBOOK_MODE is external");
  return parsed.data;
}
