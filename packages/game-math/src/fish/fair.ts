import { uniformInt, type WordSource } from "../uniform.ts";
import { fishKind, rtpOf } from "./kinds.ts";
import { catchAt, positionAt, spawnAt } from "./paths.ts";
import { killProbability, killTotal, type Target } from "./probability.ts";
import type { Rational } from "./rational.ts";
import { hmacSha256, sha256Words, toHex, utf8Bytes } from "./sha256.ts";

/**
 * Provably fair shots, in the slots' scheme (apps/rgs fairness): the player sees
 * SHA-256(serverSeed) before play, may set the client seed, and the nonce counts the shots on the
 * seed pair. A shot's random words are the HMAC-SHA256 blocks keyed by the server seed (its text)
 * over `${clientSeed}:${nonce}:${targetId}:${counter}`, counter 0, 1, 2, … each block giving eight
 * big-endian 32-bit words. The target's id is in the message, so a shot's draw belongs to the
 * fish the player aimed at and cannot be moved to another.
 */
export function shotWords(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  targetId: string,
): WordSource {
  return wordsWith(hmacSha256(serverSeed), clientSeed, nonce, targetId);
}

function wordsWith(
  mac: (message: string) => Uint32Array,
  clientSeed: string,
  nonce: number,
  targetId: string,
): WordSource {
  let counter = 0;
  let block: Uint32Array = new Uint32Array(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = mac(`${clientSeed}:${nonce}:${targetId}:${counter}`);
      counter++;
      offset = 0;
    }
    return block[offset++] ?? 0;
  };
}

/** SHA-256 of the server seed's text, the commitment shown before play. */
export function serverSeedHash(serverSeed: string): string {
  return toHex(sha256Words(utf8Bytes(serverSeed)));
}

const TWO_32 = 0x1_0000_0000n;

/**
 * An integer uniform on [0, n) by rejection: for n ≤ 2^32 `uniformInt` (one word, redrawn above
 * the last whole multiple of n); above, ⌈bits/32⌉ words read as one big-endian integer, masked
 * to the bit length of n − 1 and redrawn when ≥ n. Each accepted value has the same chance.
 */
export function uniformBig(next: WordSource, n: bigint): bigint {
  if (n < 1n) throw new RangeError("n must be at least 1");
  if (n <= TWO_32) return BigInt(uniformInt(next, Number(n)));
  const bits = (n - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let x = 0n;
    for (let i = 0; i < words; i++) x = (x << 32n) | BigInt(next());
    x &= mask;
    if (x < n) return x;
  }
}

/**
 * The hit decision: u uniform on [0, den), hit when u < num, so P(hit) = num/den exactly (no
 * floating point anywhere). `draw` is u, shown to the player so a verifier can compare.
 */
export function decideHit(p: Rational, next: WordSource): { hit: boolean; draw: bigint } {
  const draw = uniformBig(next, p.den);
  return { hit: draw < p.num, draw };
}

export interface ShotInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The aimed fish's id in the room (its spawn index as a decimal string). */
  targetId: string;
  /** A certified RTP setting, in basis points. */
  rtpBp: number;
  target: Target;
}

export interface ShotResult {
  hit: boolean;
  /** The kill's total in bets (paid only when hit). */
  total: number;
  /** Bets paid: `total` on a hit, else 0. The payout is `bet × paid` minor units. */
  paid: number;
  probability: Rational;
  draw: bigint;
}

export function shoot(input: ShotInput): ShotResult {
  return shooter(input.serverSeed, input.clientSeed, input.rtpBp)(input.nonce, input.targetId, input.target);
}

/**
 * `shoot` bound to one seed pair and RTP setting, for a room that fires many shots: the HMAC key
 * is prepared once and each kill total's probability computed once. Same results as `shoot`.
 */
export function shooter(
  serverSeed: string,
  clientSeed: string,
  rtpBp: number,
): (nonce: number, targetId: string, target: Target) => ShotResult {
  const rtp = rtpOf(rtpBp);
  const mac = hmacSha256(serverSeed);
  const byTotal = new Map<number, Rational>();
  return (nonce, targetId, target) => {
    const total = killTotal(target);
    let probability = byTotal.get(total);
    if (!probability) {
      probability = killProbability(target, rtp);
      byTotal.set(total, probability);
    }
    const { hit, draw } = decideHit(probability, wordsWith(mac, clientSeed, nonce, targetId));
    return { hit, total, paid: hit ? total : 0, probability, draw };
  };
}

/** A shot as recorded and, once the seed is rotated, revealed. */
export interface ShotRecord extends ShotInput {
  serverSeedHash: string;
  hit: boolean;
  paid: number;
  /**
   * The room's sea seed (public from the room's start): with it the verifier also checks that the
   * recorded target is the fish the sea has at `targetId` — its kind, and a lightning fish's
   * chain kind — since the kill probability is read from the recorded kind.
   */
  seaSeed?: string;
  /**
   * The shot's instant in the sea (ms from the room's start). With it the verifier checks that
   * the target was swimming then and recomputes a special fish's catch from the sea.
   */
  t?: number;
  /** A special fish's catch as spawn indexes (whether the shot hit or not). */
  caught?: number[];
  /** Fish within the catch that were dead already (caught earlier), so not taken. */
  spared?: number[];
}

/**
 * What the sea says against the recorded target: the kind at spawn `targetId`, and for a
 * lightning fish that its chain takes only its own chain kind. A record with its instant `t`
 * also has the target swimming then, and a special fish's catch recomputed from the sea: with
 * every fish alive except the `spared` ones (caught earlier; each must be one the catch would
 * otherwise have taken), the catch must be exactly the recorded fish, kinds and spawn indexes.
 */
function seaProblems(record: ShotRecord): string[] {
  if (record.seaSeed === undefined) return [];
  const index = Number(record.targetId);
  if (!/^\d{1,15}$/.test(record.targetId) || !Number.isSafeInteger(index))
    return ["target is not a fish of the sea"];
  const spawn = spawnAt(record.seaSeed, index);
  if (spawn.kindId !== record.target.kindId) return ["target differs from the sea's fish"];
  if (
    fishKind(spawn.kindId).type === "lightning" &&
    (record.target.taken ?? []).some((k) => k !== spawn.chainKindId)
  )
    return ["chain differs from the sea's lightning fish"];
  if (record.t === undefined) return [];
  if (!Number.isFinite(record.t) || positionAt(spawn, record.t) === null)
    return ["target was not swimming then"];
  if (record.target.taken === undefined) return [];
  const spared = new Set(record.spared ?? []);
  const sea = catchAt(record.seaSeed, index, record.t, (i) => !spared.has(i));
  const problems: string[] = [];
  // A spared fish the recomputed catch never reached is not an excuse the sea accepts.
  if (sea.spared.length !== spared.size) problems.push("a spared fish was not within the catch");
  if (!sameList(sea.target.taken ?? [], record.target.taken)) problems.push("catch differs from the sea");
  else if (record.caught !== undefined && !sameList(sea.victims, record.caught))
    problems.push("catch differs from the sea");
  return problems;
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Recompute a recorded shot from its revealed server seed: the seed must match the commitment,
 * the target the sea's fish (when the record names its sea), and the recomputed decision and
 * payout must match the record.
 */
export function verifyShot(record: ShotRecord): { ok: boolean; problems: string[]; result: ShotResult } {
  const problems: string[] = [];
  if (serverSeedHash(record.serverSeed) !== record.serverSeedHash)
    problems.push("server seed does not match its commitment");
  problems.push(...seaProblems(record));
  const result = shoot(record);
  if (result.hit !== record.hit) problems.push("hit differs");
  if (result.paid !== record.paid) problems.push("payout differs");
  return { ok: problems.length === 0, problems, result };
}
