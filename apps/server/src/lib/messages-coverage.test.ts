import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { LANGS, messageCatalog } from "./messages.ts";

/**
 * The player site shows the server's message as it comes (7 languages): every code with an
 * English message has one in every site language, with the same {placeholders}. The app is
 * built first so every module has registered its codes.
 */
describe("message catalog coverage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("every English code has a message in all 7 languages with the same placeholders", () => {
    const en = messageCatalog("EN");
    expect(Object.keys(en).length).toBeGreaterThan(100);
    const missing: string[] = [];
    const badPlaceholders: string[] = [];
    for (const lang of LANGS) {
      const catalog = messageCatalog(lang);
      for (const [code, text] of Object.entries(en)) {
        const tr = catalog[code];
        if (!tr?.trim()) {
          missing.push(`${lang}:${code}`);
          continue;
        }
        const want = placeholders(text);
        if (placeholders(tr).join(",") !== want.join(",")) badPlaceholders.push(`${lang}:${code}`);
      }
    }
    expect(missing).toEqual([]);
    expect(badPlaceholders).toEqual([]);
  });

  it("a refusal comes in the player's language", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      headers: { "x-lang": "CN" },
      payload: { username: "nobody1", password: "Wrong-pass-123" },
    });
    expect(res.json()).toMatchObject({
      success: false,
      code: "INVALID_CREDENTIALS",
      message: "用户名或密码错误。",
    });
  });
});
