import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOMB_FISH, fishKind, LIGHTNING_FISH, rtpOf, WORLD } from "./kinds.ts";
import {
  CYCLE_SPAWNS,
  positionAt,
  SPAWN_INTERVAL_MS,
  spawnAt,
  swimmingAt,
  targetAt,
  WAVE_SIZE,
} from "./paths.ts";
import { killProbability, killTotal } from "./probability.ts";
import { equals, mul, rational } from "./rational.ts";

const seed = "5eed".repeat(16);

describe("spawn schedule and paths", () => {
  afterEach(() => vi.restoreAllMocks());

  it("draws the same fish, time and path for the same seed and index, without Math.random or a clock", () => {
    vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random used");
    });
    vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now used");
    });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 64 }),
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 30_000 }),
        (s, i, dt) => {
          const a = spawnAt(s, i);
          expect(spawnAt(s, i)).toEqual(a);
          expect(positionAt(spawnAt(s, i), a.at + dt)).toEqual(positionAt(a, a.at + dt));
        },
      ),
    );
  });

  it("draws different rooms for different seeds", () => {
    let same = 0;
    for (let i = 0; i < 300; i++)
      if (JSON.stringify(spawnAt(seed, i)) === JSON.stringify(spawnAt(`${seed}0`, i))) same++;
    expect(same).toBe(0);
  });

  it("spawns in order, one in each interval, with a boss wave closing every cycle", () => {
    let prev = -1;
    for (let i = 0; i < 3 * CYCLE_SPAWNS; i++) {
      const s = spawnAt(seed, i);
      expect(s.at).toBeGreaterThan(prev);
      expect(s.at).toBeGreaterThanOrEqual(i * SPAWN_INTERVAL_MS);
      expect(s.at).toBeLessThan((i + 1) * SPAWN_INTERVAL_MS);
      prev = s.at;
      const slot = i % CYCLE_SPAWNS;
      const kind = fishKind(s.kindId);
      if (slot === CYCLE_SPAWNS - WAVE_SIZE) expect(kind.type).toBe("boss");
      else expect(kind.type).not.toBe("boss");
      expect(s.wave !== undefined).toBe(slot >= CYCLE_SPAWNS - WAVE_SIZE);
      if (kind.type === "lightning") expect(LIGHTNING_FISH.chainKinds).toContain(s.chainKindId);
    }
  });

  it("enters off one side of the screen and leaves off the other", () => {
    for (let i = 0; i < 200; i++) {
      const s = spawnAt(seed, i);
      const start = positionAt(s, s.at);
      const end = positionAt(s, s.at + s.duration);
      expect(start && end).toBeTruthy();
      if (!start || !end) continue;
      expect(start.x < 0 || start.x > WORLD.width).toBe(true);
      expect(end.x < 0 || end.x > WORLD.width).toBe(true);
      expect(start.x < 0).toBe(end.x > WORLD.width);
      expect(positionAt(s, s.at - 1)).toBeNull();
      expect(positionAt(s, s.at + s.duration + 1)).toBeNull();
    }
  });

  it("lists exactly the fish swimming at t", () => {
    for (const t of [0, 5_000, 30_000, 61_234, 200_000]) {
      const listed = swimmingAt(seed, t).map((s) => s.index);
      const brute: number[] = [];
      for (let i = 0; i <= t / SPAWN_INTERVAL_MS + 1; i++) if (positionAt(spawnAt(seed, i), t)) brute.push(i);
      expect(listed).toEqual(brute);
    }
  });
});

describe("special fish in the room", () => {
  const specials: { index: number; t: number }[] = [];
  for (let i = 0; specials.length < 40 && i < 20_000; i++) {
    const s = spawnAt(seed, i);
    const type = fishKind(s.kindId).type;
    if (type === "bomb" || type === "lightning")
      specials.push({ index: i, t: s.at + Math.floor(s.duration / 2) });
  }

  it("takes what the bomb reaches and the lightning chain strikes, and still returns the RTP exactly", () => {
    expect(specials.length).toBe(40);
    const rtp = rtpOf(9700);
    let bombTook = 0;
    let chainTook = 0;
    for (const { index, t } of specials) {
      const target = targetAt(seed, index, t);
      const spawn = spawnAt(seed, index);
      const here = positionAt(spawn, t);
      if (!here) throw new Error("not swimming");
      const others = swimmingAt(seed, t).filter((s) => s.index !== index);
      if (target.kindId === BOMB_FISH.id) {
        const reach = others.filter((s) => {
          const p = positionAt(s, t);
          return (
            p &&
            fishKind(s.kindId).type === "normal" &&
            (p.x - here.x) ** 2 + (p.y - here.y) ** 2 <= BOMB_FISH.radius * BOMB_FISH.radius
          );
        });
        expect(target.taken).toEqual(reach.map((s) => s.kindId));
        bombTook += reach.length;
      } else {
        const chain = others.filter((s) => s.kindId === spawn.chainKindId).slice(0, LIGHTNING_FISH.maxChain);
        expect(target.taken).toEqual(chain.map((s) => s.kindId));
        chainTook += chain.length;
      }
      const total = killTotal(target);
      expect(equals(mul(killProbability(target, rtp), rational(total)), rtp)).toBe(true);
    }
    expect(bombTook).toBeGreaterThan(0);
    expect(chainTook).toBeGreaterThan(0);
  });

  it("leaves dead fish out of what a special takes", () => {
    const withPrey = specials.find(({ index, t }) => (targetAt(seed, index, t).taken ?? []).length > 0);
    if (!withPrey) throw new Error("no special took anything");
    const { index, t } = withPrey;
    const prey = swimmingAt(seed, t).filter((s) => s.index !== index);
    const all = targetAt(seed, index, t).taken ?? [];
    // Kill every other fish but one of those it took: it takes that one only.
    const survivor = prey.find((s) => s.kindId === all[0]);
    if (!survivor) throw new Error("taken fish not swimming");
    expect(targetAt(seed, index, t, (i) => i === survivor.index || i === index).taken).toEqual([
      survivor.kindId,
    ]);
    expect(targetAt(seed, index, t, (i) => i === index).taken).toEqual([]);
  });
});
