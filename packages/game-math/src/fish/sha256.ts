/**
 * SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) in plain TypeScript, synchronous and without
 * node:crypto, so the server and a browser client compute the same digests for the fish game's
 * shots and paths. Tested against node:crypto.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const W = new Uint32Array(64);

/** One compression of the 64-byte block at `off` into the state `h`. */
function compress(h: Uint32Array, block: Uint8Array, off: number): void {
  for (let i = 0; i < 16; i++) {
    const j = off + i * 4;
    W[i] =
      ((block[j] ?? 0) << 24) |
      ((block[j + 1] ?? 0) << 16) |
      ((block[j + 2] ?? 0) << 8) |
      (block[j + 3] ?? 0);
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15] ?? 0;
    const b = W[i - 2] ?? 0;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16] ?? 0) + s0 + (W[i - 7] ?? 0) + s1;
  }
  let a = h[0] ?? 0;
  let b = h[1] ?? 0;
  let c = h[2] ?? 0;
  let d = h[3] ?? 0;
  let e = h[4] ?? 0;
  let f = h[5] ?? 0;
  let g = h[6] ?? 0;
  let hh = h[7] ?? 0;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (W[i] ?? 0)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] ?? 0) + a;
  h[1] = (h[1] ?? 0) + b;
  h[2] = (h[2] ?? 0) + c;
  h[3] = (h[3] ?? 0) + d;
  h[4] = (h[4] ?? 0) + e;
  h[5] = (h[5] ?? 0) + f;
  h[6] = (h[6] ?? 0) + g;
  h[7] = (h[7] ?? 0) + hh;
}

const scratch = new Uint8Array(128);
const scratchView = new DataView(scratch.buffer);

/** Hash `data` continuing from `state` after `prefixBytes` bytes already compressed. */
function finish(state: Uint32Array, data: Uint8Array, prefixBytes: number): Uint32Array {
  const h = state.slice();
  const total = prefixBytes + data.length;
  const size = Math.ceil((data.length + 9) / 64) * 64;
  // Short messages (every shot's and spawn's) are padded in a reused buffer, longer ones in a new one.
  const padded = size <= scratch.length ? scratch : new Uint8Array(size);
  const view = size <= scratch.length ? scratchView : new DataView(padded.buffer);
  padded.fill(0, 0, size);
  padded.set(data);
  padded[data.length] = 0x80;
  const bits = total * 8;
  view.setUint32(size - 8, Math.floor(bits / 0x1_0000_0000));
  view.setUint32(size - 4, bits >>> 0);
  for (let off = 0; off < size; off += 64) compress(h, padded, off);
  return h;
}

const utf8 = new TextEncoder();
export const utf8Bytes = (s: string): Uint8Array => utf8.encode(s);

/** The digest as eight big-endian 32-bit words. */
export function sha256Words(data: Uint8Array): Uint32Array {
  return finish(new Uint32Array(IV), data, 0);
}

export function toHex(words: Uint32Array): string {
  return Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
}

function wordsToBytes(words: Uint32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(i * 4, words[i] ?? 0);
  return out;
}

/**
 * HMAC-SHA256 with a fixed key: the inner and outer padded keys are compressed once, so each
 * message costs only its own blocks and one outer block.
 */
export function hmacSha256(key: Uint8Array | string): (message: Uint8Array | string) => Uint32Array {
  let k = typeof key === "string" ? utf8Bytes(key) : key;
  if (k.length > 64) k = wordsToBytes(sha256Words(k));
  const ipad = new Uint8Array(64).fill(0x36);
  const opad = new Uint8Array(64).fill(0x5c);
  k.forEach((b, i) => {
    ipad[i] = b ^ 0x36;
    opad[i] = b ^ 0x5c;
  });
  const inner = new Uint32Array(IV);
  compress(inner, ipad, 0);
  const outer = new Uint32Array(IV);
  compress(outer, opad, 0);
  return (message) => {
    const m = typeof message === "string" ? utf8Bytes(message) : message;
    return finish(outer, wordsToBytes(finish(inner, m, 64)), 64);
  };
}
