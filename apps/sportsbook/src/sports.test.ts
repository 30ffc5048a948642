import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBookCatalogue } from "../../server/src/modules/games/repo/sportsbook-catalogue.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { setLimit } from "../../server/src/modules/responsible-gaming/service.ts";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage, cashoutQuote, myBets } from "./book.ts";
import { queryRows } from "./db.ts";
import { placeBet } from "./place.ts";
import { settleBets } from "./settle.ts";
import { SIM_MATCH_MS, simMatchesAt, simulate } from "./simulator.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADDRESS_LIMITS: "register=1000" });
  await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
}, 120_000);
afterAll(async () => t?.close());

const key = () => `k-${Math.random().toString(36).slice(2, 12)}`;
const settle = (
  ext: string,
  ts: number,
  markets: Parameters<typeof applyFeedMessage>[2] extends infer M
    ? M extends { type: "bet_settlement"; markets: infer X }
      ? X
      : never
    : never,
) => applyFeedMessage(sb(t.app), "test", { type: "bet_settlement", event_id: ext, timestamp: ts, markets });
const homeWins = [
  {
    id: 1,
    outcomes: [
      { id: "1", result: 1 as const },
      { id: "2", result: 0 as const },
      { id: "3", result: 0 as const },
    ],
  },
];
const awayWins = [
  {
    id: 1,
    outcomes: [
      { id: "1", result: 0 as const },
      { id: "2", result: 0 as const },
      { id: "3", result: 1 as const },
    ],
  },
];
const wins = async (betId: number) =>
  queryRows<{ kind: string; amount: string }>(
    sb(t.app).db,
    sql`SELECT kind, amount::text FROM provider_transactions WHERE round_id = ${`sb-${betId}`} ORDER BY id`,
  );

describe("sportsbook", () => {
  it("takes a single, settles it once when the settlement is repeated, and records the round", async () => {
    const m = await registerMember(t.app, "sbone", 100_000n);
    const { pick } = await feedMatch(t.app, "e:1");
    const home = pick("1", "home");
    const bet = await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [home],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    await settle("e:1", 100, homeWins);
    await settle("e:1", 100, homeWins);
    await settleBets(sb(t.app), null);
    const rows = await wins(bet.id);
    expect(rows.map((r) => r.kind)).toEqual(["bet", "win"]);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + (10_000n * BigInt(home.odds)) / 1000n);
    const [b] = await myBets(sb(t.app).db, m.id, "settled");
    expect(b?.legs[0]?.state).toBe("won");
  });

  it("counts a stake against the member's loss limit, refuses one beyond it, and a win makes room again", async () => {
    const m = await registerMember(t.app, "sbrg", 100_000n);
    expect(await setLimit(t.app.ctx, m.id, "loss", "day", 15_000n)).toBe("applied");
    const { pick } = await feedMatch(t.app, "e:rg");
    const home = pick("1", "home");
    const bet = (stake: bigint, leg = home) =>
      placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [leg],
        stake,
        oddsPolicy: "none",
        idempotencyKey: key(),
      });
    await bet(10_000n);
    await expect(bet(10_000n)).rejects.toMatchObject({ code: "RG_LOSS_LIMIT" });
    // The refused bet took nothing and left no bet behind.
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect((await myBets(sb(t.app).db, m.id, "open")).length).toBe(1);
    await settle("e:rg", 100, homeWins);
    await settleBets(sb(t.app), null);
    // The win paid back more than the stake: the day's loss is below zero, a new stake fits.
    const next = await feedMatch(t.app, "e:rg2");
    await bet(10_000n, next.pick("1", "home"));
    expect((await myBets(sb(t.app).db, m.id, "open")).length).toBe(1);
  });

  it("lets two different bets race for one balance: one is taken, the other refused, and its retry is refused the same", async () => {
    const m = await registerMember(t.app, "sbrace", 10_000n);
    const { pick } = await feedMatch(t.app, "e:race");
    const home = pick("1", "home");
    const away = pick("1", "away");
    const keys = [key(), key()];
    const place = (leg: typeof home, idempotencyKey: string) =>
      placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [leg],
        stake: 10_000n,
        oddsPolicy: "none",
        idempotencyKey,
      });
    const results = await Promise.allSettled([place(home, keys[0] ?? ""), place(away, keys[1] ?? "")]);
    const taken = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(taken).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    // The refused one, sent again with its own key, is refused the same and moves nothing.
    const lost = results[0]?.status === "rejected" ? 0 : 1;
    await expect(place(lost === 0 ? home : away, keys[lost] ?? "")).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    expect(await myBets(sb(t.app).db, m.id, "open")).toHaveLength(1);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("answers a repeated placement with the same bet and takes the stake once", async () => {
    const m = await registerMember(t.app, "sbidem", 50_000n);
    const { pick } = await feedMatch(t.app, "e:idem");
    const req = {
      kind: "single" as const,
      legs: [pick("1", "draw")],
      stake: 5_000n,
      oddsPolicy: "none" as const,
      idempotencyKey: key(),
    };
    const a = await placeBet(sb(t.app), m.id, req);
    const b = await placeBet(sb(t.app), m.id, req);
    expect(b).toEqual({ id: a.id, replayed: true });
    expect(await mainBalance(t.app, m.id)).toBe(45_000n);
  });

  it("reverses a rolled-back settlement through the ledger and settles again; a reordered old settlement is ignored", async () => {
    const m = await registerMember(t.app, "sbroll", 100_000n);
    const { pick } = await feedMatch(t.app, "e:2");
    const home = pick("1", "home");
    const bet = await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [home],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    await settle("e:2", 100, homeWins);
    const paid = (10_000n * BigInt(home.odds)) / 1000n;
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + paid);
    await applyFeedMessage(sb(t.app), "test", {
      type: "rollback_bet_settlement",
      event_id: "e:2",
      timestamp: 200,
      markets: [{ id: 1 }],
    });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect((await myBets(sb(t.app).db, m.id, "open")).map((b) => b.id)).toContain(bet.id);
    // The old settlement again (a late copy): ignored, the rollback is newer.
    await applyFeedMessage(sb(t.app), "test", {
      type: "bet_settlement",
      event_id: "e:2",
      timestamp: 150,
      markets: homeWins,
    });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    await settle("e:2", 300, awayWins);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    const [b] = await myBets(sb(t.app).db, m.id, "settled");
    expect(b?.status).toBe("settled");
    expect(b?.payout).toBe("0.00");
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a rollback that arrives before its settlement keeps the bet open", async () => {
    const m = await registerMember(t.app, "sbearly", 100_000n);
    const { pick } = await feedMatch(t.app, "e:3");
    await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [pick("1", "home")],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    await applyFeedMessage(sb(t.app), "test", {
      type: "rollback_bet_settlement",
      event_id: "e:3",
      timestamp: 200,
      markets: [{ id: 1 }],
    });
    await settle("e:3", 100, homeWins);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect(await myBets(sb(t.app).db, m.id, "open")).toHaveLength(1);
  });

  it("pays a quarter line's half-loss and voids a cancelled market's bets", async () => {
    const m = await registerMember(t.app, "sbquarter", 100_000n);
    const { pick } = await feedMatch(t.app, "e:4");
    const h = pick("16|hcp=-0.25", "home");
    await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [h],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [pick("18|total=2.25", "over")],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    // A draw: home −0.25 loses half; the total market is cancelled (its bets void).
    await settle("e:4", 100, [
      {
        id: 16,
        specifiers: "hcp=-0.25",
        outcomes: [
          { id: "1714", result: 0, void_factor: 0.5 },
          { id: "1715", result: 1, void_factor: 0.5 },
        ],
      },
    ]);
    await applyFeedMessage(sb(t.app), "test", {
      type: "bet_cancel",
      event_id: "e:4",
      timestamp: 120,
      markets: [{ id: 18, specifiers: "total=2.25" }],
    });
    expect(await mainBalance(t.app, m.id)).toBe(80_000n + 5_000n + 10_000n);
    const settled = await myBets(sb(t.app).db, m.id, "settled");
    expect(settled.map((b) => [b.status, b.legs[0]?.state]).sort()).toEqual([
      ["settled", "half_lost"],
      ["void", "void"],
    ]);
  });

  it("refuses related outcomes, too many legs, and a stake out of the limits", async () => {
    const m = await registerMember(t.app, "sbrefuse", 100_000n);
    const { pick } = await feedMatch(t.app, "e:5");
    await expect(
      placeBet(sb(t.app), m.id, {
        kind: "parlay",
        legs: [pick("1", "home"), pick("18|total=2.25", "over")],
        stake: 1_000n,
        oddsPolicy: "none",
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: "SB_RELATED_OUTCOMES" });
    await expect(
      placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [pick("1", "home")],
        stake: 10n,
        oddsPolicy: "none",
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: "SB_STAKE_LIMIT" });
    await expect(
      placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [{ ...pick("1", "home"), odds: 1500 }],
        stake: 1_000n,
        oddsPolicy: "higher",
        idempotencyKey: key(),
      }),
    ).resolves.toBeTruthy();
    await expect(
      placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [{ ...pick("1", "home"), odds: 9000 }],
        stake: 1_000n,
        oddsPolicy: "higher",
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: "SB_ODDS_CHANGED" });
  });

  it("refuses a live bet whose market was suspended during the acceptance delay", async () => {
    const m = await registerMember(t.app, "sblive", 100_000n);
    const { pick } = await feedMatch(t.app, "e:6", { live: true });
    const leg = pick("1", "home");
    const stop = async () => {
      await applyFeedMessage(sb(t.app), "test", { type: "bet_stop", event_id: "e:6", timestamp: 20 });
      // …and open again before the delay ends: still refused (suspended meanwhile).
      await applyFeedMessage(sb(t.app), "test", {
        type: "odds_change",
        event_id: "e:6",
        timestamp: 30,
        markets: [
          {
            id: 1,
            status: 1,
            outcomes: [
              { id: "1", odds: 2.1 },
              { id: "2", odds: 3.3 },
              { id: "3", odds: 3.6 },
            ],
          },
        ],
      });
    };
    await expect(
      placeBet(
        sb(t.app),
        m.id,
        { kind: "single", legs: [leg], stake: 1_000n, oddsPolicy: "any", idempotencyKey: key() },
        stop,
      ),
    ).rejects.toMatchObject({ code: "SB_MARKET_CLOSED" });
    expect(await mainBalance(t.app, m.id)).toBe(100_000n);
    await placeBet(
      sb(t.app),
      m.id,
      { kind: "single", legs: [leg], stake: 1_000n, oddsPolicy: "any", idempotencyKey: key() },
      async () => {},
    );
    expect(await mainBalance(t.app, m.id)).toBe(99_000n);
  });

  it("settles a three-leg parlay and a Trixie, and offers a cash-out below the fair value", async () => {
    const m = await registerMember(t.app, "sbparlay", 100_000n);
    const a = await feedMatch(t.app, "e:p1");
    const b = await feedMatch(t.app, "e:p2");
    const c = await feedMatch(t.app, "e:p3");
    const legs = [a.pick("1", "home"), b.pick("1", "home"), c.pick("1", "home")];
    const parlay = await placeBet(sb(t.app), m.id, {
      kind: "parlay",
      legs,
      stake: 1_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    await placeBet(sb(t.app), m.id, {
      kind: "system",
      systemCode: "trixie",
      legs,
      stake: 1_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    const quote = await cashoutQuote(sb(t.app).db, m.id, parlay.id);
    const potential = legs.reduce((s, l) => (s * BigInt(l.odds)) / 1000n, 1_000n);
    expect(
      quote !== null && quote.debt === 0n && quote.amount === quote.value && quote.value < potential,
    ).toBe(true);
    for (const e of ["e:p1", "e:p2", "e:p3"]) await settle(e, 100, homeWins);
    const settled = await myBets(sb(t.app).db, m.id, "settled");
    expect(settled).toHaveLength(2);
    expect(settled.every((x) => x.legs.every((l) => l.state === "won"))).toBe(true);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("settles 1,000 bets on one match in one run", async () => {
    const { pick } = await feedMatch(t.app, "e:many");
    const members = await Promise.all(
      Array.from({ length: 20 }, (_, i) => registerMember(t.app, `sbmany${i}`, 1_000_000n)),
    );
    const leg = pick("1", "home");
    for (const m of members) {
      for (let i = 0; i < 50; i++) {
        await placeBet(sb(t.app), m.id, {
          kind: "single",
          legs: [leg],
          stake: 1_000n,
          oddsPolicy: "none",
          idempotencyKey: `many-${i}`,
        });
      }
    }
    const started = Date.now();
    await settle("e:many", 100, homeWins);
    const took = Date.now() - started;
    const [n] = await queryRows<{ open: number; wins: number }>(
      sb(t.app).db,
      sql`SELECT (SELECT count(*)::int FROM sportsbook.sb_bets b JOIN sportsbook.sb_bet_legs l ON l.bet_id = b.id WHERE l.market_id = ${leg.marketId} AND b.status = 'open') AS open,
            (SELECT count(*)::int FROM provider_transactions WHERE kind = 'win' AND transaction_id LIKE 'sbw:%'
              AND round_id IN (SELECT 'sb-' || bet_id FROM sportsbook.sb_bet_legs WHERE market_id = ${leg.marketId})) AS wins`,
    );
    expect(n).toEqual({ open: 0, wins: 1000 });
    for (const m of members)
      expect(await mainBalance(t.app, m.id)).toBe(
        1_000_000n - 50_000n + (50_000n * BigInt(leg.odds)) / 1000n,
      );
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
    expect(took).toBeGreaterThan(0);
  }, 300_000);

  it("runs a simulated match from fixture to result and settles its bets", async () => {
    const at = Date.parse("2030-01-01T10:00:00Z");
    const sim = simMatchesAt(at).find((x) => x.sport.code === "dota2" && x.start > at);
    if (!sim) throw new Error("no simulated match");
    await simulate(sb(t.app), { at: new Date(sim.start - 60_000), only: sim.extId });
    const [row] = await queryRows<{ id: string; status: string }>(
      sb(t.app).db,
      sql`SELECT id, status FROM sportsbook.sb_matches WHERE ext_id = ${sim.extId}`,
    );
    expect(row?.status).toBe("not_started");
    const [o] = await queryRows<{ id: string; odds: number }>(
      sb(t.app).db,
      sql`SELECT o.id, o.odds FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id WHERE mk.match_id = ${row?.id} AND mk.kind = 'moneyline' AND o.code = 'home'`,
    );
    const m = await registerMember(t.app, "sbsim", 100_000n);
    await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [{ outcomeId: Number(o?.id), odds: o?.odds ?? 0 }],
      stake: 1_000n,
      oddsPolicy: "any",
      idempotencyKey: key(),
    });
    await simulate(sb(t.app), { at: new Date(sim.start + SIM_MATCH_MS / 2), only: sim.extId });
    const [live] = await queryRows<{ status: string; minute: number }>(
      sb(t.app).db,
      sql`SELECT status, minute FROM sportsbook.sb_matches WHERE ext_id = ${sim.extId}`,
    );
    expect(live).toMatchObject({ status: "live", minute: 60 });
    await simulate(sb(t.app), { at: new Date(sim.start + SIM_MATCH_MS + 1000), only: sim.extId });
    const [b] = await myBets(sb(t.app).db, m.id, "settled");
    expect(b?.status).toBe("settled");
    expect(["won", "lost"]).toContain(b?.legs[0]?.state);
  });
});

describe("e-sports", () => {
  it("is on by default: its nav entry follows lottery, and its page has live and upcoming matches of five e-sports", async () => {
    // The catalogue as an installation has it: a lottery vendor, and the book's rows.
    await sb(t.app).db.execute(sql`INSERT INTO game_vendors
        (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
        VALUES ('TCG_SEA', 'LOTT', 1, 'Lotto', '', '', '') ON CONFLICT (vassalage) DO NOTHING`);
    await ensureBookCatalogue(sb(t.app).db);
    const menus = (await t.app.inject({ method: "GET", url: "/lgw/games/game_menus" })).json()
      .value as Array<{
      gameType: string;
      vendors: Array<{ vassalage: string }>;
    }>;
    const types = menus.map((m) => m.gameType);
    expect(types).toContain("LOTT");
    expect(types.indexOf("ESPORTS")).toBe(types.indexOf("LOTT") + 1);
    expect(menus.find((m) => m.gameType === "ESPORTS")?.vendors.map((v) => v.vassalage)).toEqual(["PNES"]);

    await simulate(sb(t.app), { at: new Date(), perSport: 3 });
    const get = async (url: string) => (await t.app.inject({ method: "GET", url })).json().value;
    const menu = (await get("/api/sports/menu?gameType=ESPORTS")).sports as Array<{
      code: string;
      live: number;
      leagues: Array<{ name: string; count: number }> | null;
    }>;
    const five = ["cs", "dota2", "lol", "valorant", "mlbb"];
    expect(menu.map((s) => s.code).sort()).toEqual([...five].sort());
    for (const s of menu) expect(s.leagues?.length, s.code).toBeGreaterThan(0);
    // The e-sports' starts interleave, so at any moment one of them is being played.
    const live = (await get("/api/sports/matches?gameType=ESPORTS&tab=live")).matches as Array<{
      sport: string;
      category: string;
    }>;
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((m) => m.category === "ESPORTS")).toBe(true);
    const upcoming = [
      ...(await get("/api/sports/matches?gameType=ESPORTS&tab=today")).matches,
      ...(await get("/api/sports/matches?gameType=ESPORTS&tab=early")).matches,
    ] as Array<{ sport: string }>;
    expect(new Set(upcoming.map((m) => m.sport))).toEqual(new Set(five));
  });
});

describe("dead prices", () => {
  it("suspends a nearly decided market, and refuses a price under the floor with today's prices", async () => {
    const m = await registerMember(t.app, "sbdead", 100_000n);
    const { pick } = await feedMatch(t.app, "e:dead", { live: true });
    const home = pick("1", "home");
    const away = pick("1", "away");
    // Late in the match the home side is all but certain: 1.01 at the feed, under the 1.05 floor.
    await applyFeedMessage(sb(t.app), "test", {
      type: "odds_change",
      event_id: "e:dead",
      timestamp: 20,
      markets: [
        {
          id: 1,
          status: 1,
          outcomes: [
            { id: "1", odds: 1.01 },
            { id: "2", odds: 40 },
            { id: "3", odds: 90 },
          ],
        },
      ],
    });
    const [row] = await queryRows<{ id: string }>(
      sb(t.app).db,
      sql`SELECT id FROM sportsbook.sb_matches WHERE ext_id = 'e:dead'`,
    );
    const shown = (await t.app.inject({ method: "GET", url: `/api/sports/matches/${row?.id}` })).json()
      .value as {
      markets: Array<{ id: number; status: string }>;
    };
    expect(shown.markets.find((x) => x.id === home.marketId)?.status).toBe("suspended");
    // Neither side is sold: the favourite's price wins nothing, the outsider's is all but lost.
    for (const leg of [home, away]) {
      const [o] = await queryRows<{ odds: number }>(
        sb(t.app).db,
        sql`SELECT odds FROM sportsbook.sb_outcomes WHERE id = ${leg.outcomeId}`,
      );
      await expect(
        placeBet(sb(t.app), m.id, {
          kind: "single",
          legs: [{ outcomeId: leg.outcomeId, odds: o?.odds ?? 0 }],
          stake: 1_000n,
          oddsPolicy: "any",
          idempotencyKey: key(),
        }),
      ).rejects.toMatchObject({ code: "SB_MARKET_CLOSED" });
    }
    // Prices across markets agree: home +0.5 (home wins or draws) priced above the home win is
    // a near-sure thing at a winner's price, so that handicap market is suspended.
    const { pick: pick2 } = await feedMatch(t.app, "e:coherent");
    await applyFeedMessage(sb(t.app), "test", {
      type: "odds_change",
      event_id: "e:coherent",
      timestamp: 20,
      markets: [
        {
          id: 16,
          specifiers: "hcp=0.5",
          status: 1,
          outcomes: [
            { id: "1714", odds: 3.0 },
            { id: "1715", odds: 1.4 },
          ],
        },
      ],
    });
    const [hc] = await queryRows<{ status: string }>(
      sb(t.app).db,
      sql`SELECT mk.status FROM sportsbook.sb_markets mk JOIN sportsbook.sb_matches x ON x.id = mk.match_id
          WHERE x.ext_id = 'e:coherent' AND mk.ext_key = '16|hcp=0.5'`,
    );
    expect(hc?.status).toBe("suspended");
    // The match's own coherent lines stay on sale.
    const [ok] = await queryRows<{ status: string }>(
      sb(t.app).db,
      sql`SELECT status FROM sportsbook.sb_markets WHERE id = ${pick2("16|hcp=-0.25", "home").marketId}`,
    );
    expect(ok?.status).toBe("active");
    // A price taken before the operator raised the floor is refused, with the prices of now.
    await feedMatch(t.app, "e:floor");
    const [low] = await queryRows<{ id: string; odds: number; market_id: string }>(
      sb(t.app).db,
      sql`SELECT o.id, o.odds, o.market_id FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id
          JOIN sportsbook.sb_matches x ON x.id = mk.match_id WHERE x.ext_id = 'e:floor' ORDER BY o.odds, o.id LIMIT 1`,
    );
    const leg = { outcomeId: Number(low?.id), odds: low?.odds ?? 0, marketId: Number(low?.market_id) };
    await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET min_odds = ${leg.odds + 1}`);
    try {
      const err = await placeBet(sb(t.app), m.id, {
        kind: "single",
        legs: [leg],
        stake: 1_000n,
        oddsPolicy: "none",
        idempotencyKey: key(),
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: "SB_PRICE_FLOOR",
        extra: { odds: [{ outcomeId: leg.outcomeId, odds: leg.odds }] },
      });
      // The listing shows the market suspended too.
      const [mt] = await queryRows<{ id: string }>(
        sb(t.app).db,
        sql`SELECT id FROM sportsbook.sb_matches WHERE ext_id = 'e:floor'`,
      );
      const listed = (await t.app.inject({ method: "GET", url: `/api/sports/matches/${mt?.id}` })).json()
        .value as {
        markets: Array<{ id: number; status: string }>;
      };
      expect(listed.markets.find((x) => x.id === leg.marketId)?.status).toBe("suspended");
    } finally {
      await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET min_odds = 1050`);
    }
    expect(await mainBalance(t.app, m.id)).toBe(100_000n);
  });
});
