import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../xoshiro.ts";
import { decideHit, serverSeedHash, shoot, shotWords, uniformBig, verifyShot } from "./fair.ts";
import { BOMB_FISH, BOSS_KINDS, CERTIFIED_RTP_BP, FISH_KINDS, LIGHTNING_FISH, rtpOf } from "./kinds.ts";
import { catchAt, spawnAt, swimmingAt, targetAt } from "./paths.ts";
import { killProbability, killTotal } from "./probability.ts";
import { equals, mul, rational } from "./rational.ts";
import { hmacSha256, sha256Words, toHex } from "./sha256.ts";

const rtps = CERTIFIED_RTP_BP.map(rtpOf);
const normals = FISH_KINDS.filter((k) => k.type === "normal");
const chainKinds = LIGHTNING_FISH.chainKinds;

describe("fish kinds", () => {
  it("has twenty normal kinds from 2x to 100x, bosses up to 500x and the two specials", () => {
    expect(normals).toHaveLength(20);
    expect(Math.min(...normals.map((k) => k.multiplier))).toBe(2);
    expect(Math.max(...normals.map((k) => k.multiplier))).toBe(100);
    expect(Math.max(...BOSS_KINDS.map((k) => k.multiplier))).toBe(500);
    expect(FISH_KINDS.filter((k) => k.type === "bomb" || k.type === "lightning")).toHaveLength(2);
    expect(new Set(FISH_KINDS.map((k) => k.id)).size).toBe(FISH_KINDS.length);
    for (const k of FISH_KINDS) expect(Number.isInteger(k.multiplier) && k.multiplier >= 2).toBe(true);
  });

  it("accepts only certified RTP settings", () => {
    expect(rtpOf(9650)).toEqual(rational(193, 200));
    expect(() => rtpOf(9900)).toThrow(RangeError);
  });
});

describe("kill probability", () => {
  it("pays exactly the RTP on a shot at every normal fish and boss", () => {
    for (const rtp of rtps)
      for (const k of FISH_KINDS.filter((k) => k.type === "normal" || k.type === "boss")) {
        const p = killProbability({ kindId: k.id }, rtp);
        expect(equals(mul(p, rational(k.multiplier)), rtp)).toBe(true);
        expect(p.num < p.den).toBe(true);
      }
  });

  it("pays exactly the RTP on a shot at the bomb, whatever it takes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rtps),
        fc.array(fc.constantFrom(...normals.map((k) => k.id)), { maxLength: 40 }),
        (rtp, taken) => {
          const total = killTotal({ kindId: BOMB_FISH.id, taken });
          const sum =
            BOMB_FISH.multiplier +
            taken.reduce((s, id) => s + (FISH_KINDS.find((k) => k.id === id)?.multiplier ?? 0), 0);
          expect(total).toBe(Math.min(BOMB_FISH.cap, sum));
          const p = killProbability({ kindId: BOMB_FISH.id, taken }, rtp);
          expect(equals(mul(p, rational(total)), rtp)).toBe(true);
          expect(p.num <= p.den).toBe(true);
        },
      ),
    );
  });

  it("pays exactly the RTP on a shot at the lightning fish, whatever its chain", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rtps),
        fc.constantFrom(...chainKinds),
        fc.nat({ max: LIGHTNING_FISH.maxChain }),
        (rtp, chainKind, n) => {
          const taken = Array.from({ length: n }, () => chainKind);
          const m = FISH_KINDS.find((k) => k.id === chainKind)?.multiplier ?? 0;
          const total = killTotal({ kindId: LIGHTNING_FISH.id, taken });
          expect(total).toBe(Math.min(LIGHTNING_FISH.cap, LIGHTNING_FISH.multiplier + n * m));
          expect(
            equals(mul(killProbability({ kindId: LIGHTNING_FISH.id, taken }, rtp), rational(total)), rtp),
          ).toBe(true);
        },
      ),
    );
  });

  it("refuses what a kind cannot take", () => {
    expect(() => killTotal({ kindId: 1, taken: [2] })).toThrow(RangeError);
    expect(() => killTotal({ kindId: BOMB_FISH.id, taken: [21] })).toThrow(RangeError);
    expect(() => killTotal({ kindId: LIGHTNING_FISH.id, taken: [1, 2] })).toThrow(RangeError);
    expect(() => killTotal({ kindId: LIGHTNING_FISH.id, taken: [20] })).toThrow(RangeError);
    expect(() => killTotal({ kindId: LIGHTNING_FISH.id, taken: Array(13).fill(1) })).toThrow(RangeError);
  });
});

describe("SHA-256 and HMAC in plain TypeScript", () => {
  it("match node:crypto", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200, unit: "binary" }),
        fc.string({ maxLength: 150, unit: "binary" }),
        (key, msg) => {
          const bytes = new TextEncoder().encode(msg);
          expect(toHex(sha256Words(bytes))).toBe(createHash("sha256").update(msg).digest("hex"));
          expect(toHex(hmacSha256(key)(msg))).toBe(createHmac("sha256", key).update(msg).digest("hex"));
        },
      ),
    );
  });
});

describe("hit decision", () => {
  const seed = "a".repeat(64);

  it("reads its words from HMAC-SHA256(serverSeed, clientSeed:nonce:targetId:counter)", () => {
    const next = shotWords(seed, "client", 7, "42");
    const block0 = createHmac("sha256", seed).update("client:7:42:0").digest();
    const block1 = createHmac("sha256", seed).update("client:7:42:1").digest();
    const words = Array.from({ length: 16 }, () => next());
    const expected = [...Array(8).keys()].map((i) => block0.readUInt32BE(i * 4));
    expected.push(...[...Array(8).keys()].map((i) => block1.readUInt32BE(i * 4)));
    expect(words).toEqual(expected);
    expect(serverSeedHash(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
  });

  it("draws every value of a small range equally often over a full cycle of words", () => {
    // A word source that runs through every residue class: uniformBig maps it onto [0, n) evenly.
    const counts = new Map<bigint, number>();
    let w = 0;
    const next = () => w++;
    for (let i = 0; i < 7 * 100; i++) {
      const u = uniformBig(next, 7n);
      counts.set(u, (counts.get(u) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(Array(7).fill(100));
  });

  it("draws below bounds above 2^32 and covers both halves", () => {
    const n = (1n << 40n) + 12345n;
    const next = xoshiro128("big");
    let low = 0;
    for (let i = 0; i < 2000; i++) {
      const u = uniformBig(next, n);
      expect(u >= 0n && u < n).toBe(true);
      if (u < n / 2n) low++;
    }
    expect(low).toBeGreaterThan(900);
    expect(low).toBeLessThan(1100);
  });

  it("hits with the stated frequency over a deterministic sweep of nonces", () => {
    // p = 0.965 / 2 for the 2x fish; 40,000 shots: the count lies within 4.5 standard deviations.
    const rtp = rtpOf(9650);
    const p = killProbability({ kindId: 1 }, rtp);
    const shots = 40_000;
    let hits = 0;
    for (let nonce = 0; nonce < shots; nonce++)
      if (
        shoot({
          serverSeed: seed,
          clientSeed: "sweep",
          nonce,
          targetId: "1",
          rtpBp: 9650,
          target: { kindId: 1 },
        }).hit
      )
        hits++;
    const mean = (shots * Number(p.num)) / Number(p.den);
    const sd = Math.sqrt(mean * (1 - Number(p.num) / Number(p.den)));
    expect(Math.abs(hits - mean)).toBeLessThan(4.5 * sd);
  });

  it("hits exactly when the draw is below the numerator", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.string(), (a, b, s) => {
        const p = rational(Math.min(a, b), b);
        const d = decideHit(p, xoshiro128(s));
        expect(d.hit).toBe(d.draw < p.num);
        expect(d.draw < p.den).toBe(true);
      }),
    );
  });

  it("verifies a recorded shot from the revealed seed and catches a changed one", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ maxLength: 32 }),
        fc.nat(),
        fc.nat({ max: 10_000 }),
        fc.constantFrom(
          ...FISH_KINDS.filter((k) => k.type === "normal" || k.type === "boss").map((k) => k.id),
        ),
        fc.constantFrom(...CERTIFIED_RTP_BP),
        (serverSeed, clientSeed, nonce, target, kindId, rtpBp) => {
          const input = {
            serverSeed,
            clientSeed,
            nonce,
            targetId: String(target),
            rtpBp,
            target: { kindId },
          };
          const r = shoot(input);
          const record = { ...input, serverSeedHash: serverSeedHash(serverSeed), hit: r.hit, paid: r.paid };
          expect(verifyShot(record).ok).toBe(true);
          expect(verifyShot({ ...record, hit: !r.hit }).ok).toBe(false);
          expect(verifyShot({ ...record, serverSeedHash: serverSeedHash(`${serverSeed}x`) }).ok).toBe(false);
        },
      ),
    );
  });

  it("checks a recorded target against the room's sea: its kind and a lightning fish's chain", () => {
    const seaSeed = "sea-of-the-verifier";
    const record = (index: number, target: { kindId: number; taken?: number[] }) => {
      const input = {
        serverSeed: seed,
        clientSeed: "c",
        nonce: index,
        targetId: String(index),
        rtpBp: 9650,
        target,
      };
      const r = shoot(input);
      return { ...input, serverSeedHash: serverSeedHash(seed), hit: r.hit, paid: r.paid, seaSeed };
    };
    const normal = Array.from({ length: 140 }, (_, i) => spawnAt(seaSeed, i)).find(
      (s) => FISH_KINDS.find((k) => k.id === s.kindId)?.type === "normal",
    );
    if (!normal) throw new Error("no normal fish in the sea");
    expect(verifyShot(record(normal.index, { kindId: normal.kindId })).ok).toBe(true);
    // The same shot recorded at another kind than the sea's fish (another kill probability).
    const other = normal.kindId === 20 ? 19 : 20;
    const wrong = verifyShot(record(normal.index, { kindId: other }));
    expect(wrong.ok).toBe(false);
    expect(wrong.problems).toContain("target differs from the sea's fish");
    // Without its sea the record is checked as before (a record pasted from an older page).
    const { seaSeed: _s, ...bare } = record(normal.index, { kindId: other });
    expect(verifyShot(bare).ok).toBe(true);

    let i = 0;
    while (spawnAt(seaSeed, i).kindId !== LIGHTNING_FISH.id) i++;
    const eel = spawnAt(seaSeed, i);
    const chain = eel.chainKindId as number;
    const at = targetAt(seaSeed, i, eel.at + eel.duration / 2);
    expect(verifyShot(record(i, { kindId: LIGHTNING_FISH.id, taken: [...(at.taken ?? [])] })).ok).toBe(true);
    const otherChain = chainKinds.find((k) => k !== chain) as number;
    const bad = verifyShot(record(i, { kindId: LIGHTNING_FISH.id, taken: [otherChain, otherChain] }));
    expect(bad.problems).toContain("chain differs from the sea's lightning fish");
  });
  it("recomputes a bomb's and a lightning fish's catch from the sea, the fish caught earlier spared", () => {
    const seaSeed = "sea-of-the-catch";
    const shotAt = (index: number, t: number, dead: Set<number>) => {
      const c = catchAt(seaSeed, index, t, (i) => !dead.has(i));
      const input = {
        serverSeed: seed,
        clientSeed: "c",
        nonce: index,
        targetId: String(index),
        rtpBp: 9650,
        target: c.target,
      };
      const r = shoot(input);
      return {
        ...input,
        serverSeedHash: serverSeedHash(seed),
        hit: r.hit,
        paid: r.paid,
        seaSeed,
        t,
        caught: c.victims,
        spared: c.spared,
      };
    };
    let checkedBombs = 0;
    let checkedEels = 0;
    for (let index = 0; index < 3_000 && (checkedBombs < 5 || checkedEels < 5); index++) {
      const spawn = spawnAt(seaSeed, index);
      const type = FISH_KINDS.find((k) => k.id === spawn.kindId)?.type;
      if (type !== "bomb" && type !== "lightning") continue;
      const t = spawn.at + spawn.duration / 2;
      const everyone = catchAt(seaSeed, index, t);
      if (everyone.victims.length < 2) continue;
      // One fish of the catch was caught earlier: it is spared, and the record verifies.
      const dead = new Set([everyone.victims[0] as number]);
      const record = shotAt(index, t, dead);
      expect(record.spared).toEqual([everyone.victims[0]]);
      expect(verifyShot(record).ok).toBe(true);
      // The same shot claiming a fish of the catch as already dead when it was not: its catch
      // (and so its kill probability) is not the sea's.
      const lie = { ...record, spared: [...record.spared, record.caught[0] as number] };
      expect(verifyShot(lie).problems).toContain("catch differs from the sea");
      // A "spared" fish the catch never reached.
      const far = swimmingAt(seaSeed, t).find(
        (s) => s.index !== index && !everyone.victims.includes(s.index),
      );
      if (far) expect(verifyShot({ ...record, spared: [...record.spared, far.index] }).ok).toBe(false);
      // A fish dropped from the catch, or the shot moved in time.
      expect(verifyShot({ ...record, caught: record.caught.slice(1) }).ok).toBe(false);
      expect(verifyShot({ ...record, t: spawn.at + spawn.duration + 5_000 }).problems).toContain(
        "target was not swimming then",
      );
      if (type === "bomb") checkedBombs++;
      else checkedEels++;
    }
    expect(checkedBombs).toBeGreaterThan(0);
    expect(checkedEels).toBeGreaterThan(0);
  });
});
