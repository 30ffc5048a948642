import { z } from "zod";

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
  DATA_DIR: z.string().default("./data"),
  /** Redis URL for cross-process rate limits and pub/sub; in-process when empty. */
  REDIS_URL: z.string().default(""),
  /** Public base URL of the site, used in links sent to players (reset e-mails, QR codes). */
  PUBLIC_URL: z.string().default("http://localhost:8080"),
  /** Comma-separated IPs or CIDRs of reverse proxies whose X-Forwarded-For is trusted. */
  TRUSTED_PROXIES: z.string().default(""),
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
   * Where the platform reaches the RGS's back-office API (/rgs/admin/*) when the RGS runs as a
   * process of its own; empty in the one-process set-up (in memory, Fastify's inject).
   */
  RGS_URL: z.string().default(""),
  /** How long the RGS waits for one platform call before treating its outcome as unknown. */
  RGS_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
