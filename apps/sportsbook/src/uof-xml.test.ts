import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  parseFixture,
  parseMarketDescriptions,
  parseUof,
  routingKeyOf,
  setCorrectScoreNames,
  UofParseError,
} from "./uof-xml.ts";

const sample = (name: string) => readFileSync(new URL(`./uof-samples/${name}.xml`, import.meta.url), "utf8");
const feedOf = (name: string) => {
  const m = parseUof(sample(name));
  if (m.kind !== "feed") throw new Error(`not a feed message: ${m.kind}`);
  return m;
};

describe("UOF XML parser", () => {
  it("reads the market descriptions' correct-score names, then an odds_change with status, clock, half-time and markets", () => {
    setCorrectScoreNames(parseMarketDescriptions(sample("markets")));
    const m = feedOf("odds_change");
    expect(m.product).toBe(1);
    expect(m.requestId).toBe(7);
    expect(m.msg).toEqual({
      type: "odds_change",
      event_id: "sr:match:41234567",
      timestamp: 1764000000100,
      sport_event_status: {
        status: 1,
        home_score: 2,
        away_score: 1,
        match_time: 63,
        period: "2nd",
        ht_score: [1, 1],
      },
      markets: [
        {
          id: 1,
          status: 1,
          outcomes: [
            { id: "1", odds: 1.45, active: 1 },
            { id: "2", odds: 4.2, active: 1 },
            { id: "3", odds: 7.5, active: 1 },
          ],
        },
        {
          id: 16,
          specifiers: "hcp=-0.25",
          status: 1,
          outcomes: [
            { id: "1714", odds: 1.92, active: 1 },
            { id: "1715", odds: 1.96, active: 1 },
          ],
        },
        {
          id: 18,
          specifiers: "total=3.5",
          status: -1,
          outcomes: [
            { id: "12", odds: 2.05, active: 1 },
            { id: "13", odds: 1.8, active: 0 },
          ],
        },
        {
          id: 41,
          specifiers: "score=2:1",
          status: 1,
          outcomes: [
            { id: "2:1", odds: 3.1, active: 1 },
            { id: "3:1", odds: 5.5, active: 1 },
          ],
        },
        { id: 68, specifiers: "total=1.5", status: 0, outcomes: [] },
      ],
    });
  });

  it("maps bet_stop groups: all stops every market, a group only its markets", () => {
    expect(feedOf("bet_stop").msg).toEqual({
      type: "bet_stop",
      event_id: "sr:match:41234567",
      timestamp: 1764000000200,
    });
    const g = feedOf("bet_stop_groups").msg;
    expect(g.type === "bet_stop" && g.market_ids?.sort((a, b) => a - b)).toEqual([60, 66, 68]);
  });

  it("reads a bet_settlement with results, void factors (a quarter line's half) and a dead heat", () => {
    const m = feedOf("bet_settlement").msg;
    expect(m).toEqual({
      type: "bet_settlement",
      event_id: "sr:match:41234567",
      timestamp: 1764000000300,
      certainty: 2,
      markets: [
        {
          id: 1,
          outcomes: [
            { id: "1", result: 1 },
            { id: "2", result: 0 },
            { id: "3", result: 0 },
          ],
        },
        {
          id: 16,
          specifiers: "hcp=-0.25",
          outcomes: [
            { id: "1714", result: 0, void_factor: 0.5 },
            { id: "1715", result: 1, void_factor: 0.5 },
          ],
        },
        {
          id: 18,
          specifiers: "total=3.5",
          outcomes: [
            { id: "12", result: 0, void_factor: 1 },
            { id: "13", result: 0, void_factor: 1 },
          ],
        },
        {
          id: 186,
          outcomes: [
            { id: "4", result: 1, dead_heat_factor: 0.5 },
            { id: "5", result: 0 },
          ],
        },
      ],
    });
  });

  it("reads bet_cancel and rollback_bet_cancel with their time ranges, and rollback_bet_settlement", () => {
    expect(feedOf("bet_cancel").msg).toEqual({
      type: "bet_cancel",
      event_id: "sr:match:41234567",
      timestamp: 1764000000400,
      start_time: 1764000000000,
      end_time: 1764000060000,
      superceded_by: "sr:match:41234568",
      markets: [{ id: 1 }, { id: 16, specifiers: "hcp=-0.25" }],
    });
    expect(feedOf("rollback_bet_cancel").msg).toEqual({
      type: "rollback_bet_cancel",
      event_id: "sr:match:41234567",
      timestamp: 1764000000600,
      start_time: 1764000000000,
      end_time: 1764000060000,
      markets: [{ id: 1 }],
    });
    expect(feedOf("rollback_bet_settlement").msg).toEqual({
      type: "rollback_bet_settlement",
      event_id: "sr:match:41234567",
      timestamp: 1764000000500,
      markets: [{ id: 1 }, { id: 16, specifiers: "hcp=-0.25" }],
    });
  });

  it("reads fixture_change, alive and snapshot_complete", () => {
    const f = feedOf("fixture_change");
    expect(f.product).toBe(3);
    expect(f.msg).toEqual({
      type: "fixture_change",
      event_id: "sr:match:41234567",
      timestamp: 1764000000700,
      start_time: 1764003600000,
      change_type: 2,
    });
    expect(parseUof(sample("alive"))).toEqual({
      kind: "alive",
      product: 1,
      timestamp: 1764000000800,
      subscribed: true,
    });
    expect(parseUof(sample("snapshot_complete"))).toEqual({
      kind: "snapshot_complete",
      product: 3,
      timestamp: 1764000000900,
      requestId: 1234,
    });
  });

  it("reads the API's fixture with the URNs of the tournament and the competitors", () => {
    expect(parseFixture(sample("fixture"), 5)).toEqual({
      type: "fixture",
      event_id: "sr:match:41234567",
      timestamp: 5,
      sport: "football",
      tournament: { id: "sr:tournament:17", name: "Premier League", country: "England" },
      competitors: [
        { id: "sr:competitor:17", name: "Manchester City" },
        { id: "sr:competitor:44", name: "Liverpool FC" },
      ],
      scheduled: "2026-11-24T12:00:00.000Z",
    });
  });

  it("refuses malformed messages with a reason", () => {
    const reason = (xml: string) => {
      try {
        parseUof(xml);
      } catch (e) {
        if (e instanceof UofParseError) return e.message;
        throw e;
      }
      return "accepted";
    };
    expect(reason("<odds_change event_id='sr:match:1' timestamp='1' product='1'>")).toMatch(/malformed XML/);
    expect(reason("<bet_settlement event_id='sr:match:1' timestamp='1' product='1'/>")).toMatch(
      /bet_settlement: outcomes/,
    );
    expect(
      reason(
        `<bet_settlement event_id="sr:match:1" timestamp="1" product="1"><outcomes><market id="1"><outcome id="1" result="2"/></market></outcomes></bet_settlement>`,
      ),
    ).toMatch(/result/);
    expect(
      reason(
        `<odds_change event_id="match 1" timestamp="1" product="1"><odds><market id="1" status="1"/></odds></odds_change>`,
      ),
    ).toMatch(/event_id: not a URN/);
    expect(
      reason(
        `<odds_change event_id="sr:match:1" timestamp="1" product="1"><odds><market id="1" status="1"><outcome id="1" odds="-2"/></market></odds></odds_change>`,
      ),
    ).toMatch(/odds: not a number/);
    expect(
      reason(`<bet_cancel event_id="sr:match:1" timestamp="9" product="1" start_time="5" end_time="4"/>`),
    ).toMatch(/end_time before start_time/);
    expect(reason(`<!DOCTYPE x [<!ENTITY a "b">]><alive product="1" timestamp="1" subscribed="1"/>`)).toMatch(
      /DOCTYPE/,
    );
    expect(reason(`<product_down product="1" timestamp="1"/>`)).toMatch(/unknown message type product_down/);
    // A correct-score outcome the descriptions do not name is refused, not guessed.
    expect(
      reason(
        `<odds_change event_id="sr:match:1" timestamp="1" product="1"><odds><market id="45" status="1"><outcome id="999" odds="9"/><outcome id="998" odds="9"/></market></odds></odds_change>`,
      ),
    ).toMatch(/correct-score outcome 999/);
  });

  it("splits a routing key", () => {
    expect(routingKeyOf("hi.-.live.odds_change.1.sr:match.41234567.-")).toEqual({
      priority: "hi",
      interest: "live",
      type: "odds_change",
      sport: "1",
      urnType: "sr:match",
      event: "41234567",
      node: "-",
    });
    expect(routingKeyOf("lo.pre.-.bet_settlement.1.sr:match.41234567.7")).toMatchObject({
      interest: "pre",
      type: "bet_settlement",
      node: "7",
    });
    expect(routingKeyOf("-.-.-.alive.-.-.-.-")?.type).toBe("alive");
    expect(routingKeyOf("bad.key")).toBeNull();
  });
});
