import { describe, expect, it } from "vitest";
import { countryOf, isBlocked, parseRange } from "./region.ts";

describe("region rules", () => {
  it("blocks an address inside a blocked CIDR range, v4 and v4-mapped v6", () => {
    const rules = { allowedCountries: [], blockedRanges: ["10.0.0.0/8"] };
    expect(isBlocked(rules, "10.1.2.3")).toBe(true);
    expect(isBlocked(rules, "::ffff:10.1.2.3")).toBe(true);
    expect(isBlocked(rules, "11.0.0.1")).toBe(false);
  });

  it("blocks a single address and an IPv6 range", () => {
    const rules = { allowedCountries: [], blockedRanges: ["203.0.113.7", "2001:db8::/32"] };
    expect(isBlocked(rules, "203.0.113.7")).toBe(true);
    expect(isBlocked(rules, "203.0.113.8")).toBe(false);
    expect(isBlocked(rules, "2001:db8::1")).toBe(true);
  });

  it("allows only the listed countries, by the GeoIP data", () => {
    expect(countryOf("8.8.8.8")).toBe("US");
    const rules = { allowedCountries: ["PH"], blockedRanges: [] };
    expect(isBlocked(rules, "8.8.8.8")).toBe(true);
    expect(isBlocked({ allowedCountries: ["US"], blockedRanges: [] }, "8.8.8.8")).toBe(false);
    // Loopback has no country: only the ranges judge it.
    expect(isBlocked(rules, "127.0.0.1")).toBe(false);
  });

  it("parses ranges strictly", () => {
    expect(parseRange("192.168.0.0/16")).toEqual({ address: "192.168.0.0", prefix: 16, family: "ipv4" });
    expect(parseRange("192.168.0.0/33")).toBeNull();
    expect(parseRange("not-an-ip")).toBeNull();
    expect(parseRange("1.2.3.4/x")).toBeNull();
  });
});
