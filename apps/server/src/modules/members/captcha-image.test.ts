import { describe, expect, it } from "vitest";
import { readCaptcha } from "../../../../../e2e/support/captcha-reader.ts";
import { captchaPng, randomDigits } from "./captcha-image.ts";

describe("captcha picture", () => {
  it("draws the digits legibly (a reader finds them again)", () => {
    let right = 0;
    for (let i = 0; i < 50; i++) {
      const answer = randomDigits(5);
      if (readCaptcha(captchaPng(answer).toString("base64")) === answer) right++;
    }
    expect(right).toBeGreaterThanOrEqual(48);
  });
});
