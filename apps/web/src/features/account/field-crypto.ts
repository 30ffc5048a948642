import { ApiError, type ApiInit, api } from "../../lib/api.ts";

/**
 * Passwords never leave the browser in clear (spec §7 "encrypted" calls): every password field
 * is encrypted with the platform's RSA public key (RSA-OAEP, SHA-256, WebCrypto) and sent as
 * "enc:<keyId>:<base64 ciphertext>". When the server has turned its key (ENCRYPTION_KEY_CHANGED)
 * the key is fetched again and the call is made once more.
 */
const SENSITIVE = [
  "password",
  "confirmPassword",
  "oldPassword",
  "newPassword",
  "confirmNewPassword",
  "paymentPassword",
] as const;

interface PublicKeyAnswer {
  keyId: string;
  algorithm: string;
  spki: string;
}
interface FieldKey {
  keyId: string;
  key: CryptoKey;
}

let cached: Promise<FieldKey> | null = null;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(buffer: ArrayBuffer): string {
  let bin = "";
  for (const b of new Uint8Array(buffer)) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fieldKey(): Promise<FieldKey> {
  if (!cached) {
    cached = (async () => {
      const answer = await api<PublicKeyAnswer>("/wps/system/publicKey");
      const key = await crypto.subtle.importKey(
        "spki",
        fromBase64(answer.spki),
        { name: "RSA-OAEP", hash: "SHA-256" },
        false,
        ["encrypt"],
      );
      return { keyId: answer.keyId, key };
    })();
    // A failed fetch is not kept: the next call asks again.
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/** A copy of the body with each password field encrypted (other fields untouched). */
export async function encryptFields<T extends object>(body: T): Promise<T> {
  const present = SENSITIVE.filter((f) => typeof (body as Record<string, unknown>)[f] === "string");
  if (present.length === 0) return body;
  const { keyId, key } = await fieldKey();
  const out = { ...body } as Record<string, unknown>;
  const encoder = new TextEncoder();
  for (const f of present) {
    const clear = String(out[f]);
    const sealed = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, encoder.encode(clear));
    out[f] = `enc:${keyId}:${toBase64(sealed)}`;
  }
  return out as T;
}

/** A call whose body carries passwords: encrypted, and retried once after a key change. */
export async function secureCall<T>(
  path: string,
  method: NonNullable<ApiInit["method"]>,
  body: object,
): Promise<T> {
  try {
    return await api<T>(path, { method, body: await encryptFields(body) });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "ENCRYPTION_KEY_CHANGED") throw err;
    cached = null;
    return api<T>(path, { method, body: await encryptFields(body) });
  }
}
