import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountText,
  amountToMinor,
  BASIS_POINTS,
  PPM,
  percentText,
  pesosText,
  readPercent,
  readPesos,
  showAmount,
  showPercent,
  showPesos,
  WHOLE_PERCENT,
} from "./amounts.ts";

const pesos = (text: string, allowZero = false) => {
  const r = readPesos(text, { allowZero });
  return r.ok ? r.value : r.problem;
};

describe("pesos an operator types", () => {
  it("reads pesos with separators, the peso sign and up to two decimals, exactly", () => {
    expect(pesos("1234.50")).toBe(123450n);
    expect(pesos("₱ 1,234.5")).toBe(123450n);
    expect(pesos("0.01")).toBe(1n);
    // The float traps: 0.1 + 0.2, 1.005 × 100, 4.35 × 100 all land on whole centavos here.
    expect(pesos("0.30")).toBe(30n);
    expect(pesos("4.35")).toBe(435n);
    expect(pesos("1.10")).toBe(110n);
    expect(pesos("9007199254740.99")).toBe(900719925474099n);
  });

  it("refuses more than two decimals, a minus, zero where not allowed and non-numbers", () => {
    expect(pesos("1.005")).toBe("decimals");
    expect(pesos("-5")).toBe("negative");
    expect(pesos("0")).toBe("zero");
    expect(pesos("0", true)).toBe(0n);
    expect(pesos("")).toBe("empty");
    expect(pesos("1e5")).toBe("format");
    expect(pesos("12.")).toBe("format");
    expect(pesos("99999999999999999")).toBe("too_large");
  });

  it("shows minor units as pesos with the sign and thousands separators", () => {
    expect(showPesos(123450n)).toBe("₱1,234.50");
    expect(showPesos(5)).toBe("₱0.05");
    expect(showPesos("100000000")).toBe("₱1,000,000.00");
    expect(showPesos(-5n)).toBe("-₱0.05");
    expect(pesosText(123450)).toBe("1,234.50");
  });

  it("reads back what it shows: parse ∘ format is the identity on centavos", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (minor) => {
        expect(readPesos(pesosText(minor), { allowZero: true })).toEqual({ ok: true, value: minor });
        expect(readPesos(showPesos(minor), { allowZero: true })).toEqual({ ok: true, value: minor });
      }),
    );
  });

  it("shows what it reads: format ∘ parse keeps every typed amount", () => {
    const typed = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`);
    fc.assert(
      fc.property(typed, (text) => {
        const r = readPesos(text, { allowZero: true });
        expect(r.ok && pesosText(r.value).replace(/,/g, "")).toBe(text);
      }),
    );
  });
});

const percent = (text: string, unit = BASIS_POINTS) => {
  const r = readPercent(text, unit);
  return r.ok ? r.value : r.problem;
};

describe("rates an operator types as percentages", () => {
  it("converts to the server's unit exactly", () => {
    expect(percent("0.75")).toBe(75);
    expect(percent("0.75 %")).toBe(75);
    expect(percent("100")).toBe(10_000);
    expect(percent("0.75", PPM)).toBe(7_500);
    expect(percent("0.1", PPM)).toBe(1_000);
    expect(percent("0.29", PPM)).toBe(2_900); // 0.29 × 10000 is 2899.9999… as a float
    expect(percent("150", WHOLE_PERCENT)).toBe(150);
  });

  it("refuses more decimals than allowed, a minus and non-numbers", () => {
    expect(percent("0.755")).toBe("decimals");
    expect(percent("1.5", WHOLE_PERCENT)).toBe("decimals");
    expect(percent("-1")).toBe("negative");
    expect(percent("abc")).toBe("format");
    expect(percent(" ")).toBe("empty");
    expect(readPercent("101", BASIS_POINTS, { maxParts: 10_000 })).toEqual({
      ok: false,
      problem: "too_large",
    });
  });

  it("shows parts as a percentage", () => {
    expect(showPercent(75, BASIS_POINTS)).toBe("0.75 %");
    expect(showPercent(7_500, PPM)).toBe("0.75 %");
    expect(percentText(10_000, BASIS_POINTS)).toBe("100");
    expect(percentText(5, PPM)).toBe("0.0005");
    expect(percentText(150, WHOLE_PERCENT)).toBe("150");
  });

  it("round-trips every value a unit can hold at two decimals", () => {
    for (const unit of [BASIS_POINTS, PPM]) {
      const step = unit.perPercent / 100;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
          const parts = n * step;
          expect(readPercent(percentText(parts, unit), unit)).toEqual({ ok: true, value: parts });
        }),
      );
    }
  });
});

describe("amounts from the server", () => {
  it("shows the API's decimal strings as pesos, and reads them back as centavos", () => {
    expect(showAmount("1234.50")).toBe("₱1,234.50");
    expect(showAmount("0")).toBe("₱0.00");
    expect(showAmount("-12.5")).toBe("-₱12.50");
    expect(showAmount("—")).toBe("—");
    expect(amountToMinor("1500000.50")).toBe(150000050n);
    expect(amountText("1500000.50")).toBe("1,500,000.50");
    expect(amountText(null)).toBe("");
  });
});
