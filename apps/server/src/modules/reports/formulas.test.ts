import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rateOf, rtpOf } from "./service.ts";

describe("report formulas", () => {
  it("RTP is wins / bets in percent rounded half up to two decimals", () => {
    expect(rtpOf(0n, 10n)).toBeNull();
    expect(rtpOf(1400n, 2500n)).toBe("178.57");
    expect(rtpOf(3n, 2n)).toBe("66.67");
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (bets, wins) => {
          const [whole, frac] = (rtpOf(bets, wins) as string).split(".");
          const bp = BigInt(whole as string) * 100n + BigInt(frac as string);
          // |bp/10000 − wins/bets| ≤ half a basis point, ties up.
          const diff = bp * bets * 2n - wins * 20_000n; // 2·bets·(bp − exact·10000)
          expect(diff >= -bets && diff < bets).toBe(true);
        },
      ),
    );
  });

  it("the success rate is succeeded / decided", () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(2, 1)).toBe("66.67");
    expect(rateOf(1, 0)).toBe("100.00");
    expect(rateOf(0, 3)).toBe("0.00");
  });
});
