import { describe, expect, it } from "vitest";
import { LANGS } from "../../lib/messages.ts";
import { EVENT_TEMPLATES, fill, pickText, renderEvent } from "./templates.ts";

const placeholders = (s: string) => [...s.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

describe("event message templates", () => {
  it("exist in all 7 languages with the same placeholders as English", () => {
    for (const [kind, catalog] of Object.entries(EVENT_TEMPLATES)) {
      for (const lang of LANGS) {
        const t = catalog[lang];
        expect(t?.title, `${kind} ${lang}`).toBeTruthy();
        expect(placeholders(t.body), `${kind} ${lang}`).toEqual(placeholders(catalog.EN.body));
        expect(placeholders(t.title), `${kind} ${lang}`).toEqual(placeholders(catalog.EN.title));
      }
    }
  });

  it("shows amounts with two decimals, separators and the currency", () => {
    const out = renderEvent("bonus.granted", { amount: "123456789", currency: "PHP" }, "EN");
    expect(out?.body).toBe("A bonus of 1,234,567.89 PHP was added to your bonus wallet.");
  });

  it("fills once: a value holding a placeholder stays as written", () => {
    expect(fill("{reply} / {feedback}", { reply: "{feedback}", feedback: "x" })).toBe("{feedback} / x");
    expect(fill("Reason: {reason}", {})).toBe("Reason: ");
  });

  it("reads an operator's text in the reader's language, else English, else Filipino", () => {
    const texts = { TY: { title: "Balita", body: "b" }, EN: { title: "News", body: "b" } };
    expect(pickText(texts, "TY").title).toBe("Balita");
    expect(pickText(texts, "VI").title).toBe("News");
    expect(pickText({ TY: { title: "Balita", body: "b" } }, "JA").title).toBe("Balita");
  });
});
