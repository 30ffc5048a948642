import { describe, expect, it } from "vitest";
import { RgsApiError, readEnvelope } from "./api.ts";

describe("reading the game server's envelope", () => {
  it("returns the value of a success", () => {
    expect(readEnvelope({ success: true, value: { balance: "1.00" } }, 200)).toEqual({ balance: "1.00" });
  });

  it("turns a refusal into an error with its code, message and balance", () => {
    try {
      readEnvelope({ success: false, code: "INSUFFICIENT_FUNDS", message: "Kulang", balance: "0.50" }, 400);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RgsApiError);
      expect(e).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: "Kulang", balance: "0.50" });
    }
  });

  it("refuses an answer that is not an envelope", () => {
    expect(() => readEnvelope("<html>", 502)).toThrow(RgsApiError);
    expect(() => readEnvelope(null, 500)).toThrow("HTTP 500");
  });
});
