import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BigId, findNul, Id, INT4_MAX, intInput } from "./input.ts";

describe("strict ids and numbers", () => {
  it("reads ids in the column's range from digits or whole JSON numbers", () => {
    expect(Id.parse("1")).toBe(1);
    expect(Id.parse(String(INT4_MAX))).toBe(INT4_MAX);
    expect(Id.parse(42)).toBe(42);
    expect(BigId.parse("2147483648")).toBe(2147483648);
    fc.assert(fc.property(fc.integer({ min: 1, max: INT4_MAX }), (n) => Id.parse(String(n)) === n));
  });

  it("refuses ids beyond the range, signs, spaces, exponents and points", () => {
    for (const v of [
      "2147483648",
      "0",
      "-1",
      "+1",
      "1e3",
      " 1",
      "1 ",
      "1.0",
      "0x10",
      "",
      "99999999999999999999",
      2147483648,
      -1,
      1.5,
      Number.NaN,
      true,
      null,
    ]) {
      const r = Id.safeParse(v);
      expect(r.success, String(v)).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toBe("id_invalid");
    }
    expect(BigId.safeParse("9007199254740992").success).toBe(false);
    expect(intInput(1, 50).safeParse("51").success).toBe(false);
  });

  it("finds a NUL anywhere in a request part", () => {
    expect(findNul({ a: "x", b: [{ c: "y\u0000" }] })).toBe("b.0.c");
    expect(findNul({ "k\u0000": 1 })).toBe("(key)");
    expect(findNul("\u0000")).toBe("");
    expect(findNul({ a: "fine", n: 1, z: null })).toBeNull();
  });
});
