import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { LANGS, messageFor } from "./messages.ts";

/**
 * The player site shows the server's message as it comes (7 languages). The texts are the JSON
 * catalogues in apps/server/src/messages/<LANG>.json, read here from disk as they are shipped:
 * every code with an English message has one in every site language, with the same
 * {placeholders}, and every code the server throws by name has an English message.
 */
const src = join(import.meta.dirname, "..");
const catalogueDir = join(src, "messages");
const catalogue = (lang: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(catalogueDir, `${lang}.json`), "utf8"));

describe("message catalog coverage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("there is one catalogue per site language and no other", () => {
    const files = readdirSync(catalogueDir).filter((f) => f.endsWith(".json"));
    expect(files.sort()).toEqual(LANGS.map((l) => `${l}.json`).sort());
  });

  it("every English code has a message in all 7 languages with the same placeholders", () => {
    const en = catalogue("EN");
    expect(Object.keys(en).length).toBeGreaterThan(100);
    const missing: string[] = [];
    const badPlaceholders: string[] = [];
    const notText: string[] = [];
    for (const lang of LANGS) {
      const catalog = catalogue(lang);
      for (const [code, text] of Object.entries(catalog)) {
        if (typeof text !== "string") notText.push(`${lang}:${code}`);
      }
      for (const [code, text] of Object.entries(en)) {
        const tr = catalog[code];
        if (typeof tr !== "string" || !tr.trim()) {
          missing.push(`${lang}:${code}`);
          continue;
        }
        const want = placeholders(String(text));
        if (placeholders(tr).join(",") !== want.join(",")) badPlaceholders.push(`${lang}:${code}`);
      }
    }
    expect(notText).toEqual([]);
    expect(missing).toEqual([]);
    expect(badPlaceholders).toEqual([]);
  });

  it("every code thrown by name in the server's sources has an English message", () => {
    // `new AppError("CODE", …)` and `Errors.…Code("CODE")`: a code without a message would reach
    // API clients and the back office as the bare code.
    const en = catalogue("EN");
    const thrown = new Set<string>();
    const visit = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) visit(p);
        else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) {
          const text = readFileSync(p, "utf8");
          for (const m of text.matchAll(/(?:new AppError|Errors\.\w+Code)\(\s*"(\w+)"/g))
            thrown.add(m[1] ?? "");
        }
      }
    };
    visit(src);
    expect(thrown.size).toBeGreaterThan(50);
    expect([...thrown].filter((c) => typeof en[c] !== "string").sort()).toEqual([]);
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
    // A code a module throws comes from the same catalogues, in the caller's language.
    expect(messageFor("WITHDRAWAL_NOT_PENDING", "TH")).toBe(catalogue("TH").WITHDRAWAL_NOT_PENDING);
  });
});
