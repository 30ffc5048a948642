import { describe, expect, it } from "vitest";
import { PromotionForm, promotionToForm } from "./promotion-form.ts";

/** The promotion's reward is typed in pesos as people type them and sent as the API's decimal. */
describe("the promotion form's reward amount", () => {
  const base = () => {
    const f = promotionToForm(null);
    f.title.EN = "Weekend gift";
    f.title.TY = "Regalo sa Sabado't Linggo";
    f.body.EN = "<p>Claim it.</p>";
    f.body.TY = "<p>Kunin ito.</p>";
    return { ...f, rewardKind: "cash" as const };
  };

  it("takes pesos with separators, a sign or one decimal, never centavos", () => {
    for (const [typed, sent] of [
      ["1,000", "1000.00"],
      ["₱ 99.5", "99.50"],
      ["100.00", "100.00"],
    ] as const) {
      const r = PromotionForm.safeParse({ ...base(), rewardAmount: typed });
      expect(r.success, typed).toBe(true);
      if (r.success) expect(r.data.rewardAmount, typed).toBe(sent);
    }
  });

  it("refuses three decimals, zero and words, on the amount field", () => {
    for (const typed of ["12.345", "0", "ten", ""]) {
      const r = PromotionForm.safeParse({ ...base(), rewardAmount: typed });
      expect(r.success, typed).toBe(false);
      expect(
        r.error?.issues.map((i) => i.path.join(".")),
        typed,
      ).toContain("rewardAmount");
    }
  });

  it("shows a stored amount in pesos with separators", () => {
    const sent = PromotionForm.parse({ ...base(), rewardAmount: "2,500.5" });
    expect(sent.rewardAmount).toBe("2500.50");
    // The stored promotion's amount comes back to the editor in pesos with separators.
    const stored = { ...sent, id: 1 } as unknown as Parameters<typeof promotionToForm>[0];
    const form = promotionToForm(stored);
    expect(form.rewardAmount).toBe("2,500.50");
  });
});
