import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../server/src/modules/admin/operators.ts";
import { totpAt } from "../../server/src/modules/admin/totp.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage } from "./book.ts";
import { feedMatch, sb } from "./sports-testkit.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const OPS = {
  trader: { username: "list_trader", role: "owner", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
  writer: { username: "list_writer", role: "content", totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU" },
} as const;
const PASSWORD = "Operator-pass-2026";

/** A fixture without markets in a given league, starting at `start`. */
async function fixture(t: TestApp, ext: string, league: string, start: Date) {
  await applyFeedMessage(sb(t.app), "test", {
    type: "fixture",
    event_id: ext,
    timestamp: 1,
    sport: "football",
    tournament: { id: `t:${league}`, name: league },
    competitors: [
      { id: `${ext}:h`, name: `${ext} Home` },
      { id: `${ext}:a`, name: `${ext} Away` },
    ],
    scheduled: start.toISOString(),
  });
}

describe("the trading desk's match list: server-side filters, order and pages", () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const day = Date.parse("2031-03-10T04:00:00Z"); // 12:00 in Manila
  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, op] of Object.entries(OPS)) {
      await createOperator(t.database.db, { ...op, password: PASSWORD });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: op.username,
          password: PASSWORD,
          totp: totpAt(op.totpSecret, Math.floor(Date.now() / 30000)),
        },
      });
      cookie[key] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    // 30 matches in "Alpha League" and 12 in "Beta League", an hour apart from noon of one day;
    // one match of each a day later.
    for (let i = 0; i < 30; i++) await fixture(t, `alpha-${i}`, "Alpha League", new Date(day + i * 600_000));
    for (let i = 0; i < 12; i++) await fixture(t, `beta-${i}`, "Beta League", new Date(day + i * 600_000));
    await fixture(t, "alpha-next", "Alpha League", new Date(day + 86_400_000));
    await fixture(t, "beta-next", "Beta League", new Date(day + 86_400_000));
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: keyof typeof OPS, url: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookie[who] } });

  it("filters by league and day, sorts and pages on the server, with the match id on each row", async () => {
    const leagues = (await get("trader", "/api/admin/sports/leagues?sport=football")).json().value
      .leagues as Array<{
      id: number;
      name: string;
    }>;
    // The league list gives ids as the driver reads them (a bigint column: text on PostgreSQL).
    const alpha = Number(leagues.find((l) => l.name === "Alpha League")?.id);
    expect(alpha).toBeGreaterThan(0);

    const first = (
      await get("trader", `/api/admin/sports/matches?league=${alpha}&day=2031-03-10&pageSize=20`)
    ).json().value;
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(20);
    expect(first.items.every((m: { league: string }) => m.league === "Alpha League")).toBe(true);
    // Soonest first by default; ids are numbers the manual settlement can be given.
    const starts = first.items.map((m: { startAt: string }) => Date.parse(m.startAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(typeof first.items[0].id).toBe("number");

    const second = (
      await get("trader", `/api/admin/sports/matches?league=${alpha}&day=2031-03-10&pageSize=20&page=2`)
    ).json().value;
    expect(second.items).toHaveLength(10);
    const ids = new Set([...first.items, ...second.items].map((m: { id: number }) => m.id));
    expect(ids.size).toBe(30);

    const latest = (
      await get("trader", `/api/admin/sports/matches?league=${alpha}&sort=startAt&direction=desc&pageSize=1`)
    ).json().value;
    expect(latest.items[0].home).toBe("alpha-next Home");
    expect(latest.total).toBe(31);

    // Search: by id, and by part of a team's name.
    const byId = (await get("trader", `/api/admin/sports/matches?q=${first.items[3].id}`)).json().value;
    expect(byId.items.map((m: { id: number }) => m.id)).toEqual([first.items[3].id]);
    const byName = (await get("trader", "/api/admin/sports/matches?q=beta-1")).json().value;
    // beta-1, beta-10, beta-11
    expect(byName.total).toBe(3);
    const none = (await get("trader", "/api/admin/sports/matches?status=closed&q=alpha")).json().value;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
  });

  it("pages a match's liability", async () => {
    await feedMatch(t.app, "liab-1");
    const m = (await get("trader", "/api/admin/sports/matches?q=liab-1 Home")).json().value.items[0];
    const page = (await get("trader", `/api/admin/sports/matches/${m.id}/liability?pageSize=3`)).json().value;
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(3);
    const last = (await get("trader", `/api/admin/sports/matches/${m.id}/liability?pageSize=3&page=3`)).json()
      .value;
    expect(last.items).toHaveLength(1);
  });

  it("answers 403 to an operator without sports.read, and the envelope's VALIDATION_ERROR to bad input", async () => {
    const denied = await get("writer", "/api/admin/sports/matches?league=abc");
    expect(denied.statusCode).toBe(403);
    for (const bad of [
      "sort=password",
      "direction=sideways",
      "pageSize=1000",
      "page=0",
      "day=10-03-2031",
      "status=x",
      "league=-1",
    ]) {
      const res = await get("trader", `/api/admin/sports/matches?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      const body = res.json();
      expect(body.code, bad).toBe("VALIDATION_ERROR");
      expect(
        body.details.map((d: { path: string }) => d.path),
        bad,
      ).toContain(bad.split("=")[0]);
    }
  });
});
