import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";

/**
 * APP_SECRET signs server-made tokens and derives the in-house game vendors' protocol secrets.
 * A fresh `npm start` has none set: make one once and keep it beside the data (file mode 0600),
 * so the games work on first start and keep working across restarts. Several processes must
 * share one secret: set APP_SECRET explicitly there.
 */
export function withAppSecret(config: Config): Config {
  if (config.APP_SECRET) return config;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, "app-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  return { ...config, APP_SECRET: secret };
}
