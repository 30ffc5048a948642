import { constants, createHash, generateKeyPairSync, privateDecrypt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { insertFieldKeyIfMissing, storedFieldKey } from "./repo/auth.ts";

/**
 * Sensitive fields of the encrypted calls (spec §7: login, register, password) are encrypted in
 * the browser with the server's RSA public key (RSA-OAEP, SHA-256, WebCrypto) on top of TLS, so
 * a password never appears in clear in proxies' or tools' logs. A field so encrypted is sent as
 * "enc:<keyId>:<base64>"; the server decrypts it before validation. Plain values are accepted
 * from API clients that do not encrypt.
 */
interface KeyPair {
  keyId: string;
  publicSpki: string;
  privatePem: string;
}
const cache = new WeakMap<AppContext, Promise<KeyPair>>();

export function fieldKey(ctx: AppContext): Promise<KeyPair> {
  let hit = cache.get(ctx);
  if (!hit) {
    hit = loadOrCreate(ctx);
    cache.set(ctx, hit);
  }
  return hit;
}

async function loadOrCreate(ctx: AppContext): Promise<KeyPair> {
  const stored = await storedFieldKey(ctx.db);
  if (stored) return stored as KeyPair; // written below by this module only
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicSpki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const pair: KeyPair = {
    keyId: createHash("sha256").update(publicSpki).digest("hex").slice(0, 16),
    publicSpki,
    privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
  await insertFieldKeyIfMissing(ctx.db, pair);
  // another process may have won the insert
  return ((await storedFieldKey(ctx.db)) as KeyPair | undefined) ?? pair;
}

export async function decryptField(ctx: AppContext, value: string): Promise<string> {
  const m = /^enc:([0-9a-f]{16}):([A-Za-z0-9+/=]+)$/.exec(value);
  if (!m) return value;
  const key = await fieldKey(ctx);
  if (m[1] !== key.keyId) throw Errors.bad("ENCRYPTION_KEY_CHANGED");
  try {
    return privateDecrypt(
      { key: key.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(m[2] ?? "", "base64"),
    ).toString("utf8");
  } catch {
    throw Errors.bad("ENCRYPTION_INVALID");
  }
}

const SENSITIVE = [
  "password",
  "confirmPassword",
  "oldPassword",
  "newPassword",
  "confirmNewPassword",
  "paymentPassword",
];

/** Decrypt the sensitive fields of every JSON body in this plugin's scope, before validation. */
export function decryptBodies(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("preHandler", async (req) => {
    const body = req.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const field of SENSITIVE) {
      const v = record[field];
      if (typeof v === "string" && v.startsWith("enc:")) record[field] = await decryptField(ctx, v);
    }
  });
  route(app, { method: "GET", url: "/wps/system/publicKey" }, async () => {
    const { keyId, publicSpki } = await fieldKey(ctx);
    return { keyId, algorithm: "RSA-OAEP-256", spki: publicSpki };
  });
}
