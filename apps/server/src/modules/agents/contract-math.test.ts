import type { ContractTerms, Tier } from "@panalo/contracts/agent-contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dividend,
  duePeriods,
  endedByLowerRate,
  headlineRate,
  periodOf,
  realtimeFromSums,
  realtimeSalary,
  salary,
  share,
  tierRate,
  withinUpline,
} from "./contract-math.ts";

const at = (s: string) => new Date(s);
const tiers: Tier[] = [
  { minActiveMembers: 0, minValidBet: "0", rateBp: 50 },
  { minActiveMembers: 5, minValidBet: "10000.00", rateBp: 100 },
  { minActiveMembers: 20, minValidBet: "100000.00", rateBp: 150 },
];

describe("periods in Manila time", () => {
  it("cuts days, weeks, half-months and months at Manila midnight, across month and year ends", () => {
    // 2026-01-31 23:30 Manila is 15:30 UTC.
    const d = periodOf("daily", at("2026-01-31T15:30:00Z"));
    expect(d.key).toBe("2026-01-31T00:00+08:00");
    expect(d.start.toISOString()).toBe("2026-01-30T16:00:00.000Z");
    expect(d.end.toISOString()).toBe("2026-01-31T16:00:00.000Z");
    // 16:00 UTC on the 31st is already February 1st in Manila.
    expect(periodOf("daily", at("2026-01-31T16:00:00Z")).key).toBe("2026-02-01T00:00+08:00");
    // Semimonthly: 1–15 and 16–end; February 2028 has 29 days.
    const s = periodOf("semimonthly", at("2028-02-29T10:00:00Z"));
    expect(s.key).toBe("2028-02-16T00:00+08:00");
    expect(s.end.toISOString()).toBe("2028-02-29T16:00:00.000Z"); // March 1st 00:00 Manila
    expect(periodOf("semimonthly", at("2026-03-15T15:59:59Z")).key).toBe("2026-03-01T00:00+08:00");
    expect(periodOf("semimonthly", at("2026-03-15T16:00:00Z")).key).toBe("2026-03-16T00:00+08:00");
    // Monthly across the year end.
    const m = periodOf("monthly", at("2026-12-31T17:00:00Z"));
    expect(m.key).toBe("2027-01-01T00:00+08:00");
    expect(periodOf("monthly", at("2026-12-31T15:00:00Z")).end.toISOString()).toBe(
      "2026-12-31T16:00:00.000Z",
    );
    // Weekly from Monday: 2026-03-01 is a Sunday.
    expect(periodOf("weekly", at("2026-03-01T12:00:00Z")).key).toBe("2026-02-23T00:00+08:00");
    expect(periodOf("weekly", at("2026-03-01T16:00:00Z")).key).toBe("2026-03-02T00:00+08:00");
    expect(periodOf("hourly", at("2026-03-01T16:59:00Z")).key).toBe("2026-03-02T00:00+08:00");
    expect(periodOf("five_minutes", at("2026-03-01T16:04:59Z")).key).toBe("2026-03-02T00:00+08:00");
    expect(periodOf("five_minutes", at("2026-03-01T16:05:00Z")).key).toBe("2026-03-02T00:05+08:00");
  });

  it("every instant lies in its period, and periods tile time without gaps (property)", () => {
    const kinds = ["five_minutes", "hourly", "daily", "weekly", "semimonthly", "monthly"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (kind, t) => {
          const p = periodOf(kind, new Date(t));
          expect(p.start.getTime()).toBeLessThanOrEqual(t);
          expect(p.end.getTime()).toBeGreaterThan(t);
          // The next period starts where this one ends; the previous ends where it starts.
          expect(periodOf(kind, p.end).start.getTime()).toBe(p.end.getTime());
          expect(periodOf(kind, new Date(p.start.getTime() - 1)).end.getTime()).toBe(p.start.getTime());
        },
      ),
    );
  });

  it("owes whole periods after acceptance, the first partial, and the last cut at the end", () => {
    // Accepted 2026-03-10 14:00 Manila; cut-off 2026-03-13 00:10 Manila.
    const due = duePeriods("daily", at("2026-03-10T06:00:00Z"), at("2026-03-12T16:10:00Z"), null);
    expect(due.map((p) => [p.key, p.windowStart.toISOString(), p.windowEnd.toISOString()])).toEqual([
      ["2026-03-10T00:00+08:00", "2026-03-10T06:00:00.000Z", "2026-03-10T16:00:00.000Z"],
      ["2026-03-11T00:00+08:00", "2026-03-10T16:00:00.000Z", "2026-03-11T16:00:00.000Z"],
      ["2026-03-12T00:00+08:00", "2026-03-11T16:00:00.000Z", "2026-03-12T16:00:00.000Z"],
    ]);
    // Ended on the 11th at 12:00 Manila: the 11th is owed up to then, nothing after.
    const ended = duePeriods(
      "daily",
      at("2026-03-10T16:00:00Z"),
      at("2026-03-20T00:00:00Z"),
      at("2026-03-11T04:00:00Z"),
    );
    expect(ended.map((p) => [p.key, p.windowEnd.toISOString()])).toEqual([
      ["2026-03-11T00:00+08:00", "2026-03-11T04:00:00.000Z"],
    ]);
    // A semimonthly period across February's end.
    const semi = duePeriods("semimonthly", at("2026-02-16T00:00:00Z"), at("2026-03-01T00:00:00Z"), null);
    expect(semi.map((p) => p.key)).toEqual(["2026-02-16T00:00+08:00"]);
    expect(semi[0]?.windowEnd.toISOString()).toBe("2026-02-28T16:00:00.000Z");
  });
});

describe("tiers and salaries", () => {
  it("takes the highest tier met (hand-worked)", () => {
    expect(tierRate(tiers, { activeMembers: 0, validBet: 0n })).toBe(50);
    expect(tierRate(tiers, { activeMembers: 5, validBet: 999_999n })).toBe(50); // 9,999.99 < 10,000
    expect(tierRate(tiers, { activeMembers: 5, validBet: 1_000_000n })).toBe(100);
    expect(tierRate(tiers, { activeMembers: 19, validBet: 50_000_000n })).toBe(100);
    expect(tierRate(tiers, { activeMembers: 20, validBet: 10_000_000n })).toBe(150);
    expect(
      tierRate([{ minActiveMembers: 3, minValidBet: "1.00", rateBp: 70 }], {
        activeMembers: 2,
        validBet: 10n ** 9n,
      }),
    ).toBe(0);
    // 12,345.67 of valid bets at 1.00 % = 123.4567 → 123.45 (rounded down).
    expect(salary(tiers, { activeMembers: 6, validBet: 1_234_567n, netLoss: 0n })).toEqual({
      rateBp: 100,
      amount: 12_345n,
    });
    // 20 active, 100,000.00: 1.5 % = 1,500.00.
    expect(salary(tiers, { activeMembers: 20, validBet: 10_000_000n, netLoss: 0n }).amount).toBe(150_000n);
  });

  it("never pays more than the rate and is monotone in valid bets (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 100 }),
        (a, b, active) => {
          const lo = a < b ? a : b;
          const hi = a < b ? b : a;
          const sl = salary(tiers, { validBet: lo, activeMembers: active, netLoss: 0n });
          const sh = salary(tiers, { validBet: hi, activeMembers: active, netLoss: 0n });
          expect(sl.amount).toBeLessThanOrEqual(sh.amount);
          expect(sh.amount * 10_000n).toBeLessThanOrEqual(hi * BigInt(sh.rateBp));
          expect((sh.amount + 1n) * 10_000n).toBeGreaterThan(hi * BigInt(sh.rateBp));
        },
      ),
    );
  });
});

describe("dividend and carry-over", () => {
  const flat: Tier[] = [{ minActiveMembers: 0, minValidBet: "0", rateBp: 3000 }]; // 30 %
  const f = (netLoss: bigint) => ({ netLoss, validBet: 0n, activeMembers: 1 });

  it("carries a losing period into the next only when the contract says so (hand-worked)", () => {
    // Period 1: the team won 1,000.00 (net loss −1,000.00): nothing paid, −1,000.00 carried.
    const p1 = dividend(flat, true, f(-100_000n), 0n);
    expect(p1).toEqual({ rateBp: 3000, amount: 0n, carryIn: 0n, carryOut: -100_000n });
    // Period 2: net loss 2,500.00; base 1,500.00; 30 % = 450.00; nothing carried.
    const p2 = dividend(flat, true, f(250_000n), p1.carryOut);
    expect(p2).toEqual({ rateBp: 3000, amount: 45_000n, carryIn: -100_000n, carryOut: 0n });
    // Period 2 when period 3 is still short: net loss 500.00 on −1,000.00 → −500.00 carried.
    expect(dividend(flat, true, f(50_000n), -100_000n)).toEqual({
      rateBp: 3000,
      amount: 0n,
      carryIn: -100_000n,
      carryOut: -50_000n,
    });
    // Without carry-over each period stands alone.
    const q1 = dividend(flat, false, f(-100_000n), 0n);
    expect(q1.carryOut).toBe(0n);
    expect(dividend(flat, false, f(250_000n), q1.carryOut).amount).toBe(75_000n);
    // A stray carry on a contract without carry-over is ignored.
    expect(dividend(flat, false, f(250_000n), -100_000n).amount).toBe(75_000n);
  });

  it("over any run of periods, carry-over pays the rate on the running base (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), { maxLength: 30 }), (losses) => {
        let carry = 0n;
        let paid = 0n;
        let base = 0n; // what the carry should be: the running sum since the last paying period
        for (const l of losses) {
          const r = dividend(flat, true, f(l), carry);
          base += l;
          if (base > 0n) {
            expect(r.amount).toBe(share(base, 3000));
            base = 0n;
          } else expect(r.amount).toBe(0n);
          expect(r.carryOut).toBe(base);
          expect(r.carryOut <= 0n).toBe(true);
          carry = r.carryOut;
          paid += r.amount;
        }
        // Never more than the rate on the total of the paying periods.
        expect(paid >= 0n).toBe(true);
      }),
    );
  });
});

describe("real-time salary", () => {
  it("pays the profit rate on won stakes and the loss rate on lost ones above the minimum (hand-worked)", () => {
    const t = { profitRateBp: 20, lossRateBp: 80, minSingleBet: "10.00" };
    const r = realtimeSalary(t, [
      { stake: 10_000n, win: 0n }, // 100.00 lost → 0.80 %: 0.80
      { stake: 5_000n, win: 12_000n }, // 50.00 won → 0.20 %: 0.10
      { stake: 999n, win: 0n }, // 9.99: below the minimum
      { stake: 2_000n, win: 2_000n }, // broke even → profit rate: 0.04
    ]);
    expect(r.amount).toBe(80n + 10n + 4n);
    expect(r.validBet).toBe(17_000n);
    expect(realtimeFromSums(t, 7_000n, 10_000n)).toBe(94n);
  });

  it("the database's sums give the same as bet by bet (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: 1n, max: 10n ** 8n }),
            win: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          }),
        ),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (bets, p, l) => {
          const t = { profitRateBp: p, lossRateBp: l, minSingleBet: "0" };
          const won = bets.filter((b) => b.win >= b.stake).reduce((s, b) => s + b.stake, 0n);
          const lost = bets.filter((b) => b.win < b.stake).reduce((s, b) => s + b.stake, 0n);
          expect(realtimeSalary(t, bets).amount).toBe(realtimeFromSums(t, won, lost));
        },
      ),
    );
  });
});

describe("the upline's rate caps the downline's", () => {
  const daily = (rates: number[]): ContractTerms => ({
    kind: "daily_salary",
    period: "daily",
    tiers: rates.map((rateBp, i) => ({ minActiveMembers: i, minValidBet: "0", rateBp })),
  });
  it("compares highest rates, and each real-time rate", () => {
    expect(withinUpline(daily([50, 100]), daily([120]))).toBe(true);
    expect(withinUpline(daily([50, 130]), daily([120]))).toBe(false);
    expect(headlineRate(daily([50, 130, 90]))).toBe(130);
    const rt = (p: number, l: number): ContractTerms => ({
      kind: "realtime_salary",
      profitRateBp: p,
      lossRateBp: l,
      minSingleBet: "0",
    });
    expect(withinUpline(rt(10, 50), rt(10, 60))).toBe(true);
    expect(withinUpline(rt(11, 50), rt(10, 60))).toBe(false);
    expect(withinUpline(rt(10, 50), daily([100]))).toBe(false);
  });
});

describe("a lower contract ends the team's contracts above it", () => {
  const daily = (rateBp: number): ContractTerms => ({
    kind: "daily_salary",
    period: "daily",
    tiers: [{ minActiveMembers: 0, minValidBet: "0", rateBp }],
  });
  it("ends exactly those above the new rate (hand-worked and property)", () => {
    const team = [120, 90, 100, 101].map((r, id) => ({ id, terms: daily(r) }));
    expect(endedByLowerRate(daily(100), team).map((c) => c.id)).toEqual([0, 3]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 })),
        (rate, rates) => {
          const t = rates.map((r, id) => ({ id, terms: daily(r) }));
          const ended = new Set(endedByLowerRate(daily(rate), t).map((c) => c.id));
          for (const c of t) expect(ended.has(c.id)).toBe(headlineRate(c.terms) > rate);
        },
      ),
    );
  });
});
