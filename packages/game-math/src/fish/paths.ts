import { uniformInt, type WordSource } from "../uniform.ts";
import {
  BOSS_KINDS,
  CROSSING_MS,
  FISH_KINDS,
  type FishKind,
  fishKind,
  LIGHTNING_FISH,
  WORLD,
} from "./kinds.ts";
import type { Target } from "./probability.ts";
import { hmacSha256 } from "./sha256.ts";

/**
 * Where every fish of a room swims, as pure functions of (room seed, spawn index, t): the
 * server and every client draw the same fish at the same place at the same moment, with no
 * Math.random, no clock and no state. t is in milliseconds from the room's start. The room seed is
 * committed before the room opens (SHA-256 of its text, `serverSeedHash`) and revealed when it
 * closes, so anyone can redraw the room.
 *
 * Positions use only +, −, × and ÷ on doubles, which IEEE 754 rounds the same way on every
 * engine; Math.sin, Math.pow, Math.sqrt and the like are left out because the language lets
 * engines differ in their last bits, and a bomb's reach must be decided the same everywhere.
 */

/** One spawn every this many milliseconds (each spawn's own time is jittered inside its slot). */
export const SPAWN_INTERVAL_MS = 400;
/** Spawns per cycle; the last WAVE_SIZE of each cycle are the boss wave. */
export const CYCLE_SPAWNS = 150;
export const WAVE_SIZE = 10;
const MARGIN = 160;
const MAX_DURATION_MS = Math.max(...Object.values(CROSSING_MS)) + 2_000;

export interface Point {
  x: number;
  y: number;
}

export interface Spawn {
  /** The fish's id in the room, and the `targetId` of shots at it (as a decimal string). */
  index: number;
  kindId: number;
  /** Milliseconds from the room's start when it enters (just off screen). */
  at: number;
  /** Milliseconds it takes to cross; it leaves at `at + duration`. */
  duration: number;
  /** Cubic Bézier control points, world units, from off screen to off screen. */
  path: readonly [Point, Point, Point, Point];
  /** Lightning fish only: the kind its chain strikes. */
  chainKindId?: number;
  /** Boss-wave member: the wave's boss and its escorts share one path. */
  wave?: number;
}

/** The room's words for one label: HMAC-SHA256(roomSeed, `${label}:${counter}`) blocks. */
function roomWords(mac: (m: string) => Uint32Array, label: string): WordSource {
  let counter = 0;
  let block: Uint32Array = new Uint32Array(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = mac(`${label}:${counter++}`);
      offset = 0;
    }
    return block[offset++] ?? 0;
  };
}

const regular = FISH_KINDS.filter((k) => k.spawnWeight > 0);
const regularWeight = regular.reduce((s, k) => s + k.spawnWeight, 0);

function pickRegular(next: WordSource): FishKind {
  let u = uniformInt(next, regularWeight);
  for (const k of regular) {
    if (u < k.spawnWeight) return k;
    u -= k.spawnWeight;
  }
  throw new Error("unreachable: weights cover the range");
}

/** From one side off screen to the other, bending through two control points inside. */
function drawPath(next: WordSource): [Point, Point, Point, Point] {
  const fromLeft = uniformInt(next, 2) === 0;
  const y = () => 100 + uniformInt(next, WORLD.height - 200);
  const x = (f: number) => (fromLeft ? f : WORLD.width - f);
  return [
    { x: x(-MARGIN), y: y() },
    { x: x(WORLD.width / 3), y: uniformInt(next, WORLD.height + 1) },
    { x: x((2 * WORLD.width) / 3), y: uniformInt(next, WORLD.height + 1) },
    { x: x(WORLD.width + MARGIN), y: y() },
  ];
}

const shift = (p: Point, dy: number): Point => ({ x: p.x, y: p.y + dy });

const macs = new Map<string, (m: string) => Uint32Array>();
function macOf(seed: string): (m: string) => Uint32Array {
  let mac = macs.get(seed);
  if (!mac) {
    if (macs.size > 64) macs.clear(); // a cache of prepared keys, not state: results never depend on it
    mac = hmacSha256(seed);
    macs.set(seed, mac);
  }
  return mac;
}

/** The fish spawned `index`-th in the room of `seed`. */
export function spawnAt(seed: string, index: number): Spawn {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad spawn index ${index}`);
  const mac = macOf(seed);
  const cycle = Math.floor(index / CYCLE_SPAWNS);
  const slot = index % CYCLE_SPAWNS;
  const waveStart = CYCLE_SPAWNS - WAVE_SIZE;
  if (slot >= waveStart) {
    // The boss wave: a boss, then escorts of one small kind in formation on the boss's path.
    const next = roomWords(mac, `wave:${cycle}`);
    const boss = BOSS_KINDS[uniformInt(next, BOSS_KINDS.length)] ?? fishKind(21);
    const escort = LIGHTNING_FISH.chainKinds[uniformInt(next, LIGHTNING_FISH.chainKinds.length)] ?? 1;
    const path = drawPath(next);
    const k = slot - waveStart;
    const dy = k === 0 ? 0 : (k % 2 === 1 ? -1 : 1) * 60 * Math.ceil(k / 2);
    return {
      index,
      kindId: k === 0 ? boss.id : escort,
      at: index * SPAWN_INTERVAL_MS,
      duration: CROSSING_MS.slow,
      path: [shift(path[0], dy), shift(path[1], dy), shift(path[2], dy), shift(path[3], dy)],
      wave: cycle,
    };
  }
  const next = roomWords(mac, `spawn:${index}`);
  const kind = pickRegular(next);
  const spawn: Spawn = {
    index,
    kindId: kind.id,
    at: index * SPAWN_INTERVAL_MS + uniformInt(next, SPAWN_INTERVAL_MS),
    duration: CROSSING_MS[kind.speed] + uniformInt(next, 2_001),
    path: drawPath(next),
  };
  if (kind.type === "lightning")
    spawn.chainKindId = kind.chainKinds[uniformInt(next, kind.chainKinds.length)] ?? 1;
  return spawn;
}

/** Where the fish is at t, or null before it enters and after it leaves. */
export function positionAt(spawn: Spawn, t: number): Point | null {
  if (t < spawn.at || t > spawn.at + spawn.duration) return null;
  const s = (t - spawn.at) / spawn.duration;
  const r = 1 - s;
  const [a, b, c, d] = spawn.path;
  const w0 = r * r * r;
  const w1 = 3 * s * r * r;
  const w2 = 3 * s * s * r;
  const w3 = s * s * s;
  return { x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x, y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y };
}

/**
 * Every spawn swimming at t, in spawn order. `alive` says which are still alive (the room's
 * kills); by default all are.
 */
export function swimmingAt(seed: string, t: number, alive: (index: number) => boolean = () => true): Spawn[] {
  const first = Math.max(0, Math.floor((t - MAX_DURATION_MS) / SPAWN_INTERVAL_MS) - 1);
  const last = Math.floor(t / SPAWN_INTERVAL_MS);
  const out: Spawn[] = [];
  for (let i = first; i <= last; i++) {
    const s = spawnAt(seed, i);
    if (positionAt(s, t) && alive(i)) out.push(s);
  }
  return out;
}

/**
 * What a shot at spawn `index` at time t catches, with the spawn indexes behind it:
 * - `target`: the fish's kind and, for a special fish, the kinds of what it would take — for the
 *   bomb, every living normal fish whose centre is within its radius of the bomb's centre; for
 *   the lightning fish, the living fish of its chain kind, the earliest spawned first, at most
 *   `maxChain`. Bosses and other specials are never taken.
 * - `victims`: the spawn indexes of those fish, in the same order (dead with the special fish).
 * - `spared`: the fish that would have been taken but were dead already (`alive` said no) — for
 *   the lightning fish only those before the chain's cut. With `spared` and the sea's seed anyone
 *   recomputes the catch: `catchAt(seed, index, t, (i) => !spared.includes(i))` gives it again.
 */
export function catchAt(
  seed: string,
  index: number,
  t: number,
  alive: (i: number) => boolean = () => true,
): { target: Target; victims: number[]; spared: number[] } {
  const spawn = spawnAt(seed, index);
  const kind = fishKind(spawn.kindId);
  const here = positionAt(spawn, t);
  if (!here) throw new RangeError(`fish ${index} is not swimming at ${t}`);
  const victims: number[] = [];
  const spared: number[] = [];
  const taken: number[] = [];
  if (kind.type === "bomb") {
    const r2 = kind.radius * kind.radius;
    for (const s of swimmingAt(seed, t)) {
      if (s.index === index || fishKind(s.kindId).type !== "normal") continue;
      const p = positionAt(s, t);
      if (p === null || (p.x - here.x) * (p.x - here.x) + (p.y - here.y) * (p.y - here.y) > r2) continue;
      if (!alive(s.index)) spared.push(s.index);
      else {
        victims.push(s.index);
        taken.push(s.kindId);
      }
    }
    return { target: { kindId: kind.id, taken }, victims, spared };
  }
  if (kind.type === "lightning") {
    for (const s of swimmingAt(seed, t)) {
      if (victims.length >= kind.maxChain) break;
      if (s.index === index || s.kindId !== spawn.chainKindId) continue;
      if (!alive(s.index)) spared.push(s.index);
      else {
        victims.push(s.index);
        taken.push(s.kindId);
      }
    }
    return { target: { kindId: kind.id, taken }, victims, spared };
  }
  return { target: { kindId: kind.id }, victims, spared };
}

/** The target of a shot at spawn `index` at time t (`catchAt` without the spawn indexes). */
export function targetAt(
  seed: string,
  index: number,
  t: number,
  alive: (i: number) => boolean = () => true,
): Target {
  return catchAt(seed, index, t, alive).target;
}
