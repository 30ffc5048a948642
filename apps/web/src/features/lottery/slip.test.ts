import { describe, expect, it } from "vitest";
import {
  betTypesOf,
  lineOfPath,
  parseStake,
  permutations,
  quickPick,
  selectionProblem,
  slipTotal,
  toMoneyString,
  toSlipLines,
} from "./slip.ts";

const D3 = { code: "E3D-1", kind: "digits", count: 3, min: 0, max: 9 } as const;
const D2 = { code: "2D", kind: "digits", count: 2, min: 1, max: 31 } as const;
const P42 = { code: "6/42", kind: "pick", count: 6, min: 1, max: 42 } as const;

describe("the bet slip", () => {
  it("maps spec §2 play types to bet types", () => {
    expect(betTypesOf(D3, "direct")).toEqual(["straight"]);
    expect(betTypesOf(D3, "single")).toEqual(["rambolito"]);
    expect(betTypesOf(D3, "double")).toEqual(["straight", "rambolito"]);
    expect(betTypesOf(P42, "direct")).toEqual(["pick"]);
  });

  it("counts rambolito orderings: 6, 3 and 1", () => {
    expect(permutations([1, 2, 3])).toBe(6);
    expect(permutations([1, 1, 3])).toBe(3);
    expect(permutations([7, 7, 7])).toBe(1);
  });

  it("refuses incomplete, out-of-range, repeated picks and a rambolito triple", () => {
    expect(selectionProblem(D3, "straight", [1, null, 3])).toBe("incomplete");
    expect(selectionProblem(D3, "straight", [1, 2, 10])).toBe("range");
    expect(selectionProblem(D2, "straight", [0, 5])).toBe("range");
    expect(selectionProblem(D3, "rambolito", [7, 7, 7])).toBe("noOrderings");
    expect(selectionProblem(D3, "straight", [7, 7, 7])).toBeNull();
    expect(selectionProblem(P42, "pick", [1, 2, 3, 4, 5, 5])).toBe("duplicate");
    expect(selectionProblem(P42, "pick", [1, 2, 3, 4, 5, 42])).toBeNull();
  });

  it("quick-picks valid selections", () => {
    for (let i = 0; i < 300; i++) {
      expect(selectionProblem(D3, "rambolito", quickPick(D3, "rambolito"))).toBeNull();
      expect(selectionProblem(D2, "straight", quickPick(D2, "straight"))).toBeNull();
      const line = quickPick(P42, "pick");
      expect(selectionProblem(P42, "pick", line)).toBeNull();
      expect(line).toEqual([...line].sort((a, b) => a - b));
    }
  });

  it("parses stakes to centavos without floats", () => {
    expect(parseStake("10")).toBe(1000n);
    expect(parseStake("0.1")).toBe(10n);
    expect(parseStake("1,234.56")).toBe(123456n);
    expect(parseStake("1.005")).toBeNull();
    expect(parseStake("-5")).toBeNull();
    expect(parseStake("0")).toBeNull();
    expect(parseStake("abc")).toBeNull();
    expect(toMoneyString(123456n)).toBe("1234.56");
  });

  it("totals every line's stake times its draws", () => {
    const entries = [
      { stakeMinor: 1000n, repeat: 1 },
      { stakeMinor: 550n, repeat: 3 },
    ];
    expect(slipTotal(entries)).toBe(2650n);
  });

  it("sends the slip as the contract's lines and finds the line a refusal names", () => {
    const lines = toSlipLines([
      {
        id: "a",
        gameCode: "E3D-1",
        gameName: "E-Swertres",
        betType: "straight",
        selection: [1, 2, 3],
        stakeMinor: 1000n,
        drawNo: "E3D1-20260101-1000",
        repeat: 2,
        quickPick: false,
      },
    ]);
    expect(lines).toEqual([
      {
        gameCode: "E3D-1",
        betType: "straight",
        selection: [1, 2, 3],
        stake: "10.00",
        drawNo: "E3D1-20260101-1000",
        repeat: 2,
        quickPick: undefined,
      },
    ]);
    expect(lineOfPath("lines.2.selection")).toBe(2);
    expect(lineOfPath("requestId")).toBeNull();
  });
});
