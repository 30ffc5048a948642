import { GameListValue } from "@panalo/contracts/games";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { games, gameVendors } from "../../db/schema/games.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { searchTextOf } from "./repo.ts";

const GAMES = 20_000;
const WORDS = [
  "Golden",
  "Dragon",
  "Mango",
  "Piñata",
  "Lucky",
  "Tarsier",
  "Jeepney",
  "Perlas",
  "Fiesta",
  "Bahay",
];

describe("a catalog of 20,000 games", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const vendors = ["V1", "V2", "V3", "V4"];
    await db.insert(gameVendors).values(
      vendors.map((v, i) => ({
        vassalage: v,
        gameType: i < 3 ? "RNG" : "FISH",
        accountTypeId: 1,
        displayName: v,
        smallIcon: "/media/1",
        logo: "/media/1",
        logoHover: "/media/1",
      })),
    );
    for (let start = 0; start < GAMES; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, k) => {
        const n = start + k;
        const name = `${WORDS[n % 10]} ${WORDS[Math.floor(n / 10) % 10]} ${n}`;
        const vendor = vendors[n % 4] ?? "V1";
        return {
          vendor,
          gameCode: `g-${n}`,
          gameType: vendor === "V4" ? "FISH" : "RNG",
          gameClassify: n % 3 === 0 ? "SLOT" : "TABLE",
          names: { EN: name, TY: name },
          searchText: searchTextOf(name),
          minBet: BigInt([1, 5, 10, 50, 75][n % 5] ?? 1),
          minLineNum: 1 + (n % 25),
          thumbnail: "/media/1",
          enabled: n % 50 !== 0,
          sort: n % 100,
        };
      });
      await db.insert(games).values(rows);
    }
    await t.database.db.execute(sql`ANALYZE games`);
  }, 120_000);
  afterAll(async () => t.close());

  const search = async (body: Record<string, unknown>) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GCSGAME_gameList",
      payload: { gameType: "RNG", pageNo: 1, pageSize: 15, ...body },
    });
    return { ms: performance.now() - started, value: GameListValue.parse(res.json().value) };
  };

  it("answers a search page in well under 100 ms", async () => {
    await search({ gameName: "warm up" });
    const timings: number[] = [];
    for (const body of [
      { gameName: "pinata" },
      { gameName: "golden drag", vassalage: "V3" },
      { gameName: "LUCKY", minBet: "0.05" },
      { vassalage: "V3", gameClassify: "SLOT", pageNo: 20 },
    ]) {
      const { ms, value } = await search(body);
      expect(value.total).toBeGreaterThan(0);
      timings.push(ms);
    }
    timings.sort((a, b) => a - b);
    console.log("search timings (ms)", timings.map((x) => x.toFixed(1)).join(", "));
    // The median of four searches, so one pause of the shared machine does not decide.
    expect(timings[2]).toBeLessThan(70);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "plans a vendor's page on the catalog index (PostgreSQL)",
    async () => {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        t.database.db,
        sql`EXPLAIN SELECT node_id FROM games WHERE game_type = 'RNG' AND vendor = 'V2' AND enabled
          ORDER BY sort, node_id LIMIT 15`,
      );
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan using games_list_idx/);
    },
  );
});
