import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { queryRows } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-app.ts";
import { SEED_LANGS } from "./content-i18n.ts";
import { seedIfEmpty } from "./seed.ts";

/**
 * The demo brand's notices, help centre, about text and page texts are seeded
 * in all seven languages, each a translation of its own (not the English copied over).
 */
const config = loadConfig({
  NODE_ENV: "test",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  PUBLIC_URL: "http://localhost:8080",
});

type Texts = Record<string, string>;

describe("seeded content languages", () => {
  it("has every notice, help, about and page text in all seven languages", async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await seedIfEmpty(database.db, config);
      const rows = await queryRows<{ what: string; t: Texts }>(
        database.db,
        sql`SELECT 'notice title ' || id AS what, title AS t FROM notices
            UNION ALL SELECT 'notice content ' || id, content FROM notices
            UNION ALL SELECT 'help category ' || id, title FROM help_categories
            UNION ALL SELECT 'help title ' || id, title FROM help_articles
            UNION ALL SELECT 'help content ' || id, content FROM help_articles
            UNION ALL SELECT 'seo title ' || path, title FROM seo_texts
            UNION ALL SELECT 'seo description ' || path, description FROM seo_texts
            UNION ALL SELECT 'promotion title ' || id, title FROM promotions
            UNION ALL SELECT 'promotion body ' || id, body FROM promotions
            UNION ALL SELECT 'about', value->'aboutText' FROM settings WHERE key = 'brand'`,
      );
      expect(rows.length).toBeGreaterThan(60);
      const missing: string[] = [];
      for (const { what, t } of rows) {
        for (const lang of SEED_LANGS) {
          if (!t[lang]?.trim()) missing.push(`${what}: ${lang}`);
        }
        // A translation, not the English again (the Latin-script languages may share a brand
        // name, so the check is on the three that never share a sentence with English).
        for (const lang of ["CN", "TH", "JA"]) {
          if (t[lang] && t[lang] === t.EN) missing.push(`${what}: ${lang} is the English text`);
        }
      }
      expect(missing).toEqual([]);
    } finally {
      await drop();
    }
  }, 180_000); // a whole first start on an embedded database, on a busy machine
});
