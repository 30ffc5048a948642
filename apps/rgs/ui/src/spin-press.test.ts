import { describe, expect, it } from "vitest";
import { SpinButtonPress } from "./spin-press.ts";

describe("a press of the spin button", () => {
  it("starts a spin when idle, and hurries the round while one plays", () => {
    const press = new SpinButtonPress();
    press.down(false);
    expect(press.click(false, true)).toBe("spin");
    press.down(true);
    expect(press.click(true, true)).toBe("hurry");
    expect(press.click(false, false)).toBe("spin"); // Enter on the focused button
    expect(press.click(true, false)).toBe("hurry");
  });

  it("never starts a paid spin from a press begun during a round whose click lands after it ended", () => {
    const press = new SpinButtonPress();
    press.down(true); // pressed to hurry the round…
    expect(press.click(false, true)).toBe("nothing"); // …released once it had ended
    // The next press is a spin again.
    press.down(false);
    expect(press.click(false, true)).toBe("spin");
  });
});
