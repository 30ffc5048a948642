import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("quotes what needs quoting and defuses formulas, keeping negative amounts", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["=SUM(A1)", "-12.50"],
          [null, 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-12.50\r\n,3\r\n');
  });
});
