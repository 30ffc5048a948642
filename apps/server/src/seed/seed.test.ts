import { isSitePath } from "@panalo/contracts/site-routes";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase, queryRows } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-app.ts";
import { seedIfEmpty } from "./seed.ts";

/**
 * Two processes started together on an empty database seed it once — before,
 * one of them crashed on a duplicate key. Seeding runs under an advisory lock in one
 * transaction, and running it again adds nothing.
 */
const config = loadConfig({
  NODE_ENV: "test",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  PUBLIC_URL: "http://localhost:8080",
});

/** What a seed wrote, counted per table. */
async function counts(database: Database) {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM settings) AS settings, (SELECT count(*)::int FROM banners) AS banners,
          (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM provider_clients) AS clients,
          (SELECT count(*)::int FROM operators) AS operators, (SELECT count(*)::int FROM media) AS media`,
  );
  return row;
}

describe("first-start seeding", () => {
  // One seeded database for the checks of what a seed writes (seeding is the costly part; each
  // check only reads it, and the second run is shown to add nothing).
  let seeded: Awaited<ReturnType<typeof openTestDatabase>>;
  let first: Awaited<ReturnType<typeof seedIfEmpty>>;
  beforeAll(async () => {
    seeded = await openTestDatabase();
    first = await seedIfEmpty(seeded.database.db, config);
  });
  afterAll(async () => {
    await seeded?.drop();
  });

  it("seeds once, and a second run adds nothing", async () => {
    const database = seeded.database;
    expect(first.operator?.username).toBe("admin");
    const after = await counts(database);
    expect(after?.operators).toBe(1);
    expect(after?.games).toBeGreaterThan(0);
    const again = await seedIfEmpty(database.db, config);
    expect(again.operator).toBeNull();
    expect(await counts(database)).toEqual(after);
  });

  it("seeds banners that link only to pages and vendors the installation has", async () => {
    const { database } = seeded;
    const links = await queryRows<{ linkage: string }>(
      database.db,
      sql`SELECT linkage FROM banners WHERE linkage IS NOT NULL`,
    );
    expect(links.length).toBeGreaterThan(0);
    for (const { linkage } of links) {
      const path = linkage.split("?")[0] ?? "";
      expect(isSitePath(path), linkage).toBe(true);
      // A vendor's page: that vendor is on and has listed games; a category page has games.
      const vendor = /^\/\w+\/vassalage\/([^/]+)$/.exec(path)?.[1];
      const category = { "/live": "LIVE", "/sports": "SPORTS", "/fish": "FISH", "/rng": "RNG" }[path];
      const [row] = await queryRows<{ n: number }>(
        database.db,
        vendor
          ? sql`SELECT count(*)::int AS n FROM games g JOIN game_vendors v ON v.vassalage = g.vendor
                WHERE v.enabled AND g.enabled AND v.vassalage = ${vendor}`
          : category
            ? sql`SELECT count(*)::int AS n FROM games g WHERE g.enabled AND g.game_type = ${category}`
            : sql`SELECT 1 AS n`,
      );
      expect(row?.n, linkage).toBeGreaterThan(0);
    }
    const promises = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM banners WHERE alt::text ILIKE '%welcome bonus%' OR alt::text ILIKE '%live%'`,
    );
    expect(promises[0]?.n).toBe(0);
  });

  it("draws every banner without text and captions it in the seven languages, one hero per category", async () => {
    const { database } = seeded;
    const rows = await queryRows<{ group_name: string; title: Record<string, string>; svg: string }>(
      database.db,
      sql`SELECT b.group_name, b.title, convert_from(m.bytes, 'UTF8') AS svg FROM banners b
          JOIN media m ON b.image_url = '/media/' || m.id`,
    );
    const groups = new Set(rows.map((r) => r.group_name));
    for (const g of ["home", "rng", "live", "fish", "pvp", "sports", "esports", "promotions", "shop"]) {
      expect(groups.has(g), g).toBe(true);
    }
    for (const r of rows) {
      // No words in a picture (a card's suit symbol is no text to translate).
      expect(r.svg, r.group_name).not.toMatch(/<text[^>]*>[^<]*\p{L}/u);
      expect(Object.keys(r.title).sort(), r.group_name).toEqual(["CN", "EN", "ID", "JA", "TH", "TY", "VI"]);
    }
  });

  it("starts a production install with the showcase off, and a demo with it on", async () => {
    const showcase = async (database: Database) => {
      const [row] = await queryRows<Record<string, number | boolean | null>>(
        database.db,
        sql`SELECT (SELECT count(*)::int FROM vip_levels WHERE level > 0) AS vip,
              (SELECT count(*)::int FROM missions) AS missions,
              (SELECT count(*)::int FROM mission_campaigns) AS campaigns,
              (SELECT count(DISTINCT kind)::int FROM mall_items) AS mall_kinds,
              (SELECT count(*)::int FROM bonus_rules WHERE kind = 'first_deposit' AND enabled) AS bonuses,
              (SELECT count(*)::int FROM rebate_rates) AS rebates,
              (SELECT enabled AND deposit_reward > 0 FROM referral_settings) AS referral,
              (SELECT count(*)::int FROM members WHERE is_agent = 1) AS agents,
              (SELECT count(*)::int FROM agent_contracts) AS contracts,
              (SELECT count(*)::int FROM payment_channels WHERE adapter = 'sandbox') AS sandbox,
              (SELECT value->'switches'->'CBS3' FROM settings WHERE key = 'whitelabel') AS chat,
              (SELECT value->'switches'->'CHNGPASSVERIF3' FROM settings WHERE key = 'whitelabel') AS by_phone,
              (SELECT value->'switches'->'CHNGPASSMAIL3' FROM settings WHERE key = 'whitelabel') AS by_mail`,
      );
      return row;
    };
    const production = loadConfig({
      NODE_ENV: "production",
      APP_SECRET: "test-secret-test-secret-test-secret-42",
      PUBLIC_URL: "http://localhost:8080",
      BEHIND_PROXY: "false",
    });
    expect(production.DEMO_MODE).toBe(false);
    const prod = await openTestDatabase();
    try {
      const p = await seedIfEmpty(prod.database.db, production);
      expect(p.demoAgent).toBeNull();
      expect(await showcase(prod.database)).toEqual({
        vip: 0,
        missions: 0,
        campaigns: 0,
        mall_kinds: 0,
        bonuses: 0,
        rebates: 0,
        referral: false,
        agents: 0,
        contracts: 0,
        sandbox: 0,
        chat: false,
        by_phone: false,
        by_mail: false,
      });
      // The demo: the shared database, seeded with the test (demo) configuration.
      expect(first.demoAgent?.username).toBe("demoagent");
      expect(await showcase(seeded.database)).toEqual({
        vip: 4,
        missions: 3,
        campaigns: 1,
        mall_kinds: 4,
        bonuses: 1,
        rebates: 7,
        referral: true,
        agents: 2,
        contracts: 3,
        sandbox: 2,
        chat: true,
        by_phone: true,
        by_mail: true,
      });
    } finally {
      await prod.drop();
    }
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "seeds once when two processes start together on an empty PostgreSQL database",
    async () => {
      for (let round = 0; round < 3; round++) {
        const { database, drop, url } = await openTestDatabase();
        // Two processes: each its own pool on the same database.
        const other = await openDatabase({ url });
        try {
          const [a, b] = await Promise.all([seedIfEmpty(database.db, config), seedIfEmpty(other.db, config)]);
          // Exactly one of them created the owner; the other found everything there.
          expect([a.operator, b.operator].filter(Boolean)).toHaveLength(1);
          const once = await counts(database);
          expect(once?.operators).toBe(1);
          const [dupes] = await queryRows<{ n: number }>(
            database.db,
            sql`SELECT count(*)::int AS n FROM (SELECT vendor, game_code FROM games GROUP BY 1, 2 HAVING count(*) > 1) d`,
          );
          expect(dupes?.n).toBe(0);
        } finally {
          await other.close();
          await drop();
        }
      }
    },
    120_000,
  );
});
