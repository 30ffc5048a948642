import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/dates.ts";
import { historySentence } from "./rg-history.ts";

const item = (action: string, detail: Record<string, unknown>, byOperator = false) => ({
  id: 1,
  action,
  detail,
  byOperator,
  createdAt: "2026-11-20T08:00:00.000Z",
});

describe("responsible-gaming history in words", () => {
  it("says a lowered limit with its amounts and who lowered it", () => {
    const h = item("limit.set", { kind: "deposit", period: "day", from: "5000.00", to: "2000.00" });
    expect(historySentence(h, "PHP")).toBe(
      "Daily deposit limit lowered from ₱5,000.00 to ₱2,000.00 by the member.",
    );
  });

  it("says a new limit, a requested raise and a confirmed removal", () => {
    expect(
      historySentence(item("limit.set", { kind: "loss", period: "week", from: null, to: "700.00" }), "PHP"),
    ).toBe("Weekly loss limit set to ₱700.00 by the member.");
    const readyAt = "2026-11-21T08:00:00.000Z";
    expect(
      historySentence(
        item("limit.raise-requested", {
          kind: "wager",
          period: "month",
          from: "100.00",
          to: "250.50",
          readyAt,
        }),
        "PHP",
      ),
    ).toBe(
      `Monthly wager limit raised from ₱100.00 to ₱250.50: requested by the member, possible from ${formatDateTime(readyAt)}.`,
    );
    expect(
      historySentence(
        item("limit.confirmed", { kind: "deposit", period: "day", from: "1000.00", to: null }),
        "PHP",
      ),
    ).toBe("Daily deposit limit of ₱1,000.00 removed by the member, after the waiting period.");
    expect(historySentence(item("limit.cancelled", { kind: "deposit", period: "week" }), "PHP")).toBe(
      "Waiting change of the weekly deposit limit cancelled by the member.",
    );
  });

  it("says session limits in minutes", () => {
    expect(
      historySentence(
        item("session.set", { from: null, sessionMinutes: 60, realityCheckMinutes: 30 }),
        "PHP",
      ),
    ).toBe("Session limit set to 60 minutes (was no limit), reality check every 30 minutes, by the member.");
    expect(historySentence(item("session.confirmed", { from: 120, to: 120 }), "PHP")).toBe(
      "Session limit changed to 120 minutes by the member, after the waiting period.",
    );
  });

  it("says an operator's exclusion with its end and reason", () => {
    const endsAt = "2026-12-20T08:00:00.000Z";
    const h = item("exclusion.self_exclusion", { endsAt, reason: "Asked by phone" }, true);
    expect(historySentence(h, "PHP")).toBe(
      `Self-exclusion until ${formatDateTime(endsAt)} by an operator: Asked by phone.`,
    );
  });

  it("never shows raw JSON, even for a kind it does not know", () => {
    const sentence = historySentence(item("limit.future", { amount: "5.00", note: null }), "PHP");
    expect(sentence).toBe("limit.future (amount 5.00, note none) by the member.");
    expect(sentence).not.toContain("{");
  });
});
