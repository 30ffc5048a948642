/**
 * The lottery's commit-reveal check, in the browser (anyone can verify a result from the
 * seed). A port of packages/game-math lottery.ts `commitment` and `drawResult` to WebCrypto
 * (game-math uses node:crypto, which a browser does not have): SHA-256 of the seed bytes is the
 * hash published when sales opened; the numbers come from an HMAC-SHA256 stream keyed by the
 * seed, in counter mode (`<game>:<drawNo>:<counter>`), read as big-endian 32-bit words, turned
 * into unbiased integers by rejection sampling. draw-verify.test.ts checks this port gives the
 * same numbers as game-math for many seeds.
 */
export interface DrawShape {
  /** The maths' game code, as the label of the stream ("3D", "6/45", ...). */
  code: string;
  kind: "digits" | "pick";
  count: number;
  max: number;
}

const RANGE = 0x1_0000_0000; // 2^32 distinct words

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new RangeError("the seed must be hexadecimal");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the seed's bytes: what was published when sales opened. */
export async function commitmentOf(seedHex: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", hexBytes(seedHex)));
}

type AsyncWords = () => Promise<number>;

async function wordsOf(seedHex: string, label: string): Promise<AsyncWords> {
  const key = await crypto.subtle.importKey(
    "raw",
    hexBytes(seedHex),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const encoder = new TextEncoder();
  let counter = 0;
  let block = new DataView(new ArrayBuffer(0));
  let offset = 0;
  return async () => {
    if (offset + 4 > block.byteLength) {
      const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${label}:${counter++}`));
      block = new DataView(mac);
      offset = 0;
    }
    const word = block.getUint32(offset, false);
    offset += 4;
    return word;
  };
}

/** An integer in [0, n): words at or above the largest multiple of n are drawn again. */
async function uniformInt(next: AsyncWords, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`bad range ${n}`);
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const word = await next();
    if (word < limit) return word % n;
  }
}

/** The numbers a seed gives for a draw: digits in order with repeats, or sorted distinct picks. */
export async function recomputeResult(game: DrawShape, seedHex: string, drawNo: string): Promise<number[]> {
  const next = await wordsOf(seedHex, `${game.code}:${drawNo}`);
  if (game.kind === "digits") {
    const lo = game.max === 9 ? 0 : 1;
    const out: number[] = [];
    for (let i = 0; i < game.count; i++) out.push(lo + (await uniformInt(next, game.max - lo + 1)));
    return out;
  }
  const pool = Array.from({ length: game.max }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < game.count; i++) {
    const j = i + (await uniformInt(next, pool.length - i)); // partial Fisher–Yates
    const a = pool[i] ?? 0;
    pool[i] = pool[j] ?? 0;
    pool[j] = a;
    out.push(pool[i] ?? 0);
  }
  return out.sort((a, b) => a - b);
}

export interface VerifyOutcome {
  hashMatches: boolean;
  resultMatches: boolean;
  computedHash: string;
  computedResult: number[];
}

/** Recompute both the commitment and the numbers and compare them with what was published. */
export async function verifyDraw(
  game: DrawShape,
  seedHex: string,
  drawNo: string,
  published: { hash: string; result: readonly number[] },
): Promise<VerifyOutcome> {
  const computedHash = await commitmentOf(seedHex);
  const computedResult = await recomputeResult(game, seedHex, drawNo);
  const resultMatches =
    computedResult.length === published.result.length &&
    computedResult.every((v, i) => v === published.result[i]);
  return {
    hashMatches: computedHash === published.hash.toLowerCase(),
    resultMatches,
    computedHash,
    computedResult,
  };
}
