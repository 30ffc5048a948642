import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../xoshiro.ts";
import { crashInstantMs, crashPointFromHmac, formatX, multiplierAt, payout } from "./index.ts";

const TWO_52 = 2n ** 52n;
const hex13 = (r: bigint) => r.toString(16).padStart(13, "0");

describe("crash point (bustabit-style, 1 % edge)", () => {
  it("matches values worked out by hand", () => {
    // r = 0: ⌊99 / 1⌋ = 99 → at least 1.00x.
    expect(crashPointFromHmac("0".repeat(64))).toBe(100);
    // r = 2^51 (u = 1/2): ⌊99 / 0.5⌋ = 198 → 1.98x.
    expect(crashPointFromHmac(`8${"0".repeat(63)}`)).toBe(198);
    // u = 3/4: ⌊99 / 0.25⌋ = 396.
    expect(crashPointFromHmac(`c${"0".repeat(63)}`)).toBe(396);
    // u = 1/100 exactly is not a 52-bit fraction; r = ⌈2^52 / 100⌉ is the first 1.00x-or-more
    // value: ⌊99·2^52 / (2^52 − r)⌋ = 100 there and 99 (→ 1.00x too) just below.
    const r = (TWO_52 + 99n) / 100n;
    expect(crashPointFromHmac(hex13(r))).toBe(100);
    // Only the first 13 hex digits count.
    expect(crashPointFromHmac(`8${"0".repeat(12)}ffff`)).toBe(198);
  });

  it("P(crash ≥ m) = 0.99 / m exactly over all 2^52 values", () => {
    for (const m of [101, 150, 200, 1000, 10_000, 100_000]) {
      // The least r with ⌊99·2^52 / (2^52 − r)⌋ ≥ m: 2^52 − r ≤ ⌊99·2^52 / m⌋.
      const boundary = TWO_52 - (99n * TWO_52) / BigInt(m);
      expect(crashPointFromHmac(hex13(boundary))).toBeGreaterThanOrEqual(m);
      expect(crashPointFromHmac(hex13(boundary - 1n))).toBeLessThan(m);
      const p = Number(TWO_52 - boundary) / 2 ** 52;
      expect(Math.abs(p - 99 / m)).toBeLessThan(1e-12);
    }
  });

  it("returns 99 % on any target over many random rounds", () => {
    const words = xoshiro128("crash-rtp");
    const n = 200_000;
    for (const target of [150, 200, 500]) {
      let back = 0;
      for (let i = 0; i < n; i++) {
        const hi = words() >>> 12; // 20 bits
        const lo = words(); // 32 bits
        const r = (BigInt(hi) << 32n) | BigInt(lo >>> 0);
        if (crashPointFromHmac(hex13(r)) >= target) back += target / 100;
      }
      // 99 % ± 4 standard errors of the sample.
      const se = Math.sqrt((target / 100) * 0.99) / Math.sqrt(n);
      expect(Math.abs(back / n - 0.99)).toBeLessThan(4 * se);
    }
  });
});

describe("the curve", () => {
  it("starts at 1.00x and rises monotonically", () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    let last = 100;
    for (let t = 0; t < 120_000; t += 37) {
      const m = multiplierAt(t);
      expect(m).toBeGreaterThanOrEqual(last);
      last = m;
    }
  });

  it("reaches each crash point at its crash instant and not a millisecond earlier", () => {
    // 2.00x: e^(0.00006 t) = 2 at t = ln 2 / 0.00006 ≈ 11552.45 ms → 11553.
    expect(crashInstantMs(200)).toBe(11553);
    expect(multiplierAt(11552)).toBe(199);
    expect(multiplierAt(11553)).toBe(200);
    expect(crashInstantMs(100)).toBe(0);
    expect(crashInstantMs(50)).toBe(0);
    for (const c of [101, 102, 137, 250, 999, 12_345, 1_000_000]) {
      const t = crashInstantMs(c);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(c);
      expect(multiplierAt(t - 1)).toBeLessThan(c);
    }
  });

  it("pays rounded down and prints hundredths", () => {
    expect(payout(1000n, 157)).toBe(1570n);
    expect(payout(333n, 150)).toBe(499n);
    expect(formatX(100)).toBe("1.00x");
    expect(formatX(12_305)).toBe("123.05x");
  });
});
