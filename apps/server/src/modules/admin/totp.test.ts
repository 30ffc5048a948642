import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, totpAt } from "./totp.ts";

describe("TOTP (RFC 6238)", () => {
  // RFC 6238 appendix B, SHA1 secret "12345678901234567890", 8-digit codes; we use the last 6.
  const secret = base32Encode(Buffer.from("12345678901234567890"));

  it("matches the RFC test vectors", () => {
    expect(totpAt(secret, Math.floor(59 / 30))).toBe("287082");
    expect(totpAt(secret, Math.floor(1111111109 / 30))).toBe("081804");
    expect(totpAt(secret, Math.floor(1234567890 / 30))).toBe("005924");
    expect(totpAt(secret, Math.floor(2000000000 / 30))).toBe("279037");
  });

  it("round-trips base32", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it("accepts the current code and one step of drift, nothing older", () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30000);
    expect(matchTotp(secret, totpAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step - 2), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
  });
});
