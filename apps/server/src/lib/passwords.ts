import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (~35 ms here). */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_PARAMS);
export const verifyPassword = (hashed: string, password: string) =>
  verify(hashed, password).catch(() => false);

/** Opaque session tokens: 256 random bits; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString("base64url");
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A hash of a random password, to spend equal time when the account does not exist. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}
