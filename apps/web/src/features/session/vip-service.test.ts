import { describe, expect, it } from "vitest";
import { vipServiceOf } from "./session-store.ts";

describe("vipService (spec §3 client state)", () => {
  it("is the first member label's name, or null without one", () => {
    expect(vipServiceOf("VIP5")).toBe("VIP5");
    expect(vipServiceOf(" Gold , Birthday")).toBe("Gold");
    expect(vipServiceOf("")).toBeNull();
    expect(vipServiceOf(null)).toBeNull();
    expect(vipServiceOf(undefined)).toBeNull();
  });
});
