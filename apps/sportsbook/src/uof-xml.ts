import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import type { FeedMessage } from "./feed.ts";
import { FeedMessageSchema } from "./feed-schema.ts";

/**
 * Sportradar Unified Odds Feed messages as XML: the AMQP adapter's parser.
 * Each message is parsed with fast-xml-parser, its shape checked with zod, then mapped to the
 * book's FeedMessage (feed.ts) and checked again with the receiver's schema. Anything malformed
 * throws a UofParseError with the reason; nothing of such a message is applied.
 *
 * Mapping: the event URN (sr:match:…) is the match's ext_id; market ids and specifiers are kept
 * ("16|hcp=-0.25"), outcome ids are mapped by feed.ts (1/2/3, 4/5, 1714/1715, 12/13; correct
 * score by the market descriptions' outcome names, see `setCorrectScoreNames`).
 */
export class UofParseError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = "UofParseError";
  }
}

/** A parsed message: one for the book, or one the adapter itself handles. */
export type UofMessage =
  | { kind: "feed"; product: number; requestId: number | null; msg: FeedMessage }
  | { kind: "alive"; product: number; timestamp: number; subscribed: boolean }
  | { kind: "snapshot_complete"; product: number; timestamp: number; requestId: number };

const ARRAYS = new Set(["market", "outcome", "period_score", "competitor"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

const int = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^-?\d+$/, "not an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const num = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "not a number")
  .transform(Number);
const urn = z.string().regex(/^[a-z]+:[a-z_]+:\d+$/, "not a URN");
const specifiers = z.string().max(200).optional();
const ts = int(1);
const product = int(1, 100);
const requestId = int(0).optional();

const Head = { event_id: urn, timestamp: ts, product, request_id: requestId };

const OddsOutcome = z.object({
  id: z.string().min(1).max(80),
  odds: num.optional(),
  active: z.enum(["0", "1"]).optional(),
});
const OddsMarket = z.object({
  id: int(1, 100_000),
  specifiers,
  // 1 active, 0 inactive, -1 suspended, -2 handed over, -3 settled, -4 cancelled.
  status: int(-4, 1),
  outcome: z.array(OddsOutcome).max(200).optional(),
});
const OddsChange = z.object({
  ...Head,
  sport_event_status: z
    .object({
      // 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed,
      // 7 interrupted, 8 postponed, 9 abandoned.
      status: int(0, 9),
      match_status: int(0, 10_000).optional(),
      home_score: int(0, 1000).optional(),
      away_score: int(0, 1000).optional(),
      clock: z.object({ match_time: z.string().regex(/^\d{1,3}(:\d{2})?$/, "bad clock") }).optional(),
      period_scores: z
        .object({
          period_score: z
            .array(
              z.object({
                number: int(1, 100),
                home_score: int(0, 1000),
                away_score: int(0, 1000),
                match_status_code: int(0, 10_000).optional(),
              }),
            )
            .max(50),
        })
        .optional(),
    })
    .optional(),
  odds: z.object({ market: z.array(OddsMarket).max(1000).optional() }).optional(),
});
const BetStop = z.object({
  ...Head,
  groups: z.string().min(1).max(500),
  market_status: int(-1, 0).optional(),
});
const SettledOutcome = z.object({
  id: z.string().min(1).max(80),
  result: z.enum(["0", "1"]),
  void_factor: z.enum(["0", "0.5", "1", "0.0", "1.0"]).optional(),
  dead_heat_factor: num.pipe(z.number().gt(0).max(1)).optional(),
});
const BetSettlement = z.object({
  ...Head,
  // 1 live scouted, 2 confirmed.
  certainty: int(1, 2).optional(),
  outcomes: z.object({
    market: z
      .array(
        z.object({
          id: int(1, 100_000),
          specifiers,
          void_reason: z.string().optional(),
          outcome: z.array(SettledOutcome).min(1).max(200),
        }),
      )
      .min(1)
      .max(1000),
  }),
});
const MarketRef = z.object({ id: int(1, 100_000), specifiers });
const Cancel = z.object({
  ...Head,
  start_time: ts.optional(),
  end_time: ts.optional(),
  superceded_by: urn.optional(),
  market: z.array(MarketRef).max(1000).optional(),
});
const RollbackSettlement = z.object({ ...Head, market: z.array(MarketRef).min(1).max(1000) });
const FixtureChange = z.object({
  ...Head,
  start_time: ts.optional(),
  change_type: int(0, 1000).optional(),
});
const Alive = z.object({ timestamp: ts, product, subscribed: z.enum(["0", "1"]) });
const SnapshotComplete = z.object({ timestamp: ts, product, request_id: int(0) });

/** UOF sport ids → the book's sport codes (unknown sports are not taken). */
export const SPORT_IDS: Record<string, string> = {
  "sr:sport:1": "football",
  "sr:sport:2": "basketball",
  "sr:sport:3": "baseball",
  "sr:sport:5": "tennis",
  "sr:sport:10": "boxing",
  "sr:sport:23": "volleyball",
  "sr:sport:109": "cs",
  "sr:sport:110": "lol",
  "sr:sport:111": "dota2",
};

/** UOF market groups (market descriptions) of the markets the book takes: what a bet_stop stops. */
export const MARKET_GROUPS: Record<number, string[]> = {
  1: ["all", "score", "regular_play"],
  16: ["all", "score", "regular_play"],
  18: ["all", "score", "regular_play"],
  41: ["all", "score", "regular_play"],
  45: ["all", "score", "regular_play"],
  60: ["all", "1st_half", "score"],
  66: ["all", "1st_half", "score"],
  68: ["all", "1st_half", "score"],
  186: ["all", "score"],
  199: ["all", "score", "regular_play"],
  219: ["all", "score", "incl_ot"],
};

/** Correct-score outcome ids → "h:a" from the market descriptions (`parseMarketDescriptions`). */
const correctScoreNames = new Map<string, string>();
export function setCorrectScoreNames(names: Map<string, string>) {
  for (const [k, v] of names) correctScoreNames.set(k, v);
}
const CORRECT_SCORE = new Set([41, 45, 199]);

function fail(type: string, err: z.ZodError): never {
  const first = err.issues[0];
  throw new UofParseError(
    `${type}: ${first ? `${first.path.join(".") || "(root)"}: ${first.message}` : "invalid"}`,
    err.issues,
  );
}
function check<T extends z.ZodType>(type: string, schema: T, v: unknown): z.output<T> {
  const r = schema.safeParse(v);
  if (!r.success) fail(type, r.error);
  return r.data;
}

function root(xml: string): [string, unknown] {
  if (xml.length > 4 * 1024 * 1024) throw new UofParseError("message too large");
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new UofParseError("DOCTYPE or ENTITY not allowed");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new UofParseError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as Record<string, unknown>;
  const names = Object.keys(doc).filter((k) => k !== "?xml");
  if (names.length !== 1) throw new UofParseError("expected one root element");
  const name = names[0] as string;
  const body = doc[name];
  // An empty element parses as "": it has no attributes, which the schemas refuse.
  return [name, typeof body === "object" && body !== null ? body : {}];
}

/** UOF match_status codes → the book's period names (as the simulator's). */
const PERIODS: Record<number, string> = {
  6: "1st",
  7: "2nd",
  31: "ht",
  100: "ended",
  110: "ended",
  120: "ended",
};
/** "45:00" → 45; "12" → 12. */
const minuteOf = (clock: string) => Number(clock.split(":")[0]);
/** A time range in UOF is in ms; the book keeps it so (bets' placed_at compared as ms). */
const range = (m: { start_time?: number; end_time?: number }) => ({
  ...(m.start_time !== undefined ? { start_time: m.start_time } : {}),
  ...(m.end_time !== undefined ? { end_time: m.end_time } : {}),
});
const refOf = (m: { id: number; specifiers?: string | undefined }) => ({
  id: m.id,
  ...(m.specifiers ? { specifiers: m.specifiers } : {}),
});
function outcomeId(market: number, id: string): string {
  if (!CORRECT_SCORE.has(market) || /^\d+:\d+$/.test(id) || id === "other") return id;
  const name = correctScoreNames.get(`${market}:${id}`);
  if (!name) throw new UofParseError(`market ${market}: correct-score outcome ${id} has no description`);
  return name;
}

/** Parse one UOF message. Throws UofParseError (with the reason) on anything malformed. */
export function parseUof(xml: string): UofMessage {
  const [type, body] = root(xml);
  const feed = (h: { product: number; request_id?: number | undefined }, msg: FeedMessage): UofMessage => {
    const r = FeedMessageSchema.safeParse(msg);
    if (!r.success) fail(type, r.error);
    return { kind: "feed", product: h.product, requestId: h.request_id ?? null, msg: r.data as FeedMessage };
  };
  switch (type) {
    case "alive": {
      const a = check(type, Alive, body);
      return { kind: "alive", product: a.product, timestamp: a.timestamp, subscribed: a.subscribed === "1" };
    }
    case "snapshot_complete": {
      const s = check(type, SnapshotComplete, body);
      return {
        kind: "snapshot_complete",
        product: s.product,
        timestamp: s.timestamp,
        requestId: s.request_id,
      };
    }
    case "odds_change": {
      const o = check(type, OddsChange, body);
      const st = o.sport_event_status;
      const periods = st?.period_scores?.period_score ?? [];
      const first = periods.find((p) => p.number === 1);
      const status = st ? ({ 0: 0, 1: 1, 2: 1, 3: 3, 4: 4 } as const)[st.status as 0] : undefined;
      return feed(o, {
        type: "odds_change",
        event_id: o.event_id,
        timestamp: o.timestamp,
        ...(st && status !== undefined
          ? {
              sport_event_status: {
                status,
                home_score: st.home_score ?? 0,
                away_score: st.away_score ?? 0,
                ...(st.clock ? { match_time: minuteOf(st.clock.match_time) } : {}),
                ...(st.match_status !== undefined ? { period: PERIODS[st.match_status] ?? "" } : {}),
                // The first half's score once a second period has started.
                ...(first && periods.some((p) => p.number > 1)
                  ? { ht_score: [first.home_score, first.away_score] as [number, number] }
                  : {}),
              },
            }
          : {}),
        markets: (o.odds?.market ?? []).map((m) => ({
          ...refOf(m),
          // Active stays active; every other state (inactive, suspended, handed over) is closed to bets.
          status: m.status === 1 ? (1 as const) : m.status === 0 ? (0 as const) : (-1 as const),
          outcomes: (m.outcome ?? []).map((x) => ({
            id: outcomeId(m.id, x.id),
            ...(x.odds !== undefined ? { odds: x.odds } : {}),
            ...(x.active !== undefined ? { active: x.active === "1" ? (1 as const) : (0 as const) } : {}),
          })),
        })),
      });
    }
    case "bet_stop": {
      const b = check(type, BetStop, body);
      const groups = b.groups.split("|");
      const all = groups.includes("all");
      return feed(b, {
        type: "bet_stop",
        event_id: b.event_id,
        timestamp: b.timestamp,
        ...(all
          ? {}
          : {
              market_ids: Object.entries(MARKET_GROUPS)
                .filter(([, g]) => g.some((x) => groups.includes(x)))
                .map(([id]) => Number(id)),
            }),
      });
    }
    case "bet_settlement": {
      const s = check(type, BetSettlement, body);
      return feed(s, {
        type: "bet_settlement",
        event_id: s.event_id,
        timestamp: s.timestamp,
        ...(s.certainty ? { certainty: s.certainty as 1 | 2 } : {}),
        markets: s.outcomes.market.map((m) => ({
          ...refOf(m),
          outcomes: m.outcome.map((x) => {
            const vf = x.void_factor === undefined ? 0 : Number(x.void_factor);
            return {
              id: outcomeId(m.id, x.id),
              result: x.result === "1" ? (1 as const) : (0 as const),
              ...(vf === 1 ? { void_factor: 1 as const } : vf === 0.5 ? { void_factor: 0.5 as const } : {}),
              ...(x.dead_heat_factor !== undefined ? { dead_heat_factor: x.dead_heat_factor } : {}),
            };
          }),
        })),
      });
    }
    case "bet_cancel":
    case "rollback_bet_cancel": {
      const c = check(type, Cancel, body);
      if (c.start_time !== undefined && c.end_time !== undefined && c.end_time < c.start_time)
        throw new UofParseError(`${type}: end_time before start_time`);
      return feed(c, {
        type,
        event_id: c.event_id,
        timestamp: c.timestamp,
        ...range(c),
        ...(c.superceded_by && type === "bet_cancel" ? { superceded_by: c.superceded_by } : {}),
        ...(c.market ? { markets: c.market.map(refOf) } : {}),
      });
    }
    case "rollback_bet_settlement": {
      const r = check(type, RollbackSettlement, body);
      return feed(r, {
        type: "rollback_bet_settlement",
        event_id: r.event_id,
        timestamp: r.timestamp,
        markets: r.market.map(refOf),
      });
    }
    case "fixture_change": {
      const f = check(type, FixtureChange, body);
      return feed(f, {
        type: "fixture_change",
        event_id: f.event_id,
        timestamp: f.timestamp,
        ...(f.start_time !== undefined ? { start_time: f.start_time } : {}),
        ...(f.change_type !== undefined ? { change_type: f.change_type } : {}),
      });
    }
    default:
      throw new UofParseError(`unknown message type ${type}`);
  }
}

const FixtureDoc = z.object({
  fixture: z.object({
    id: urn,
    scheduled: z.string().optional(),
    start_time: z.string().optional(),
    tournament: z.object({
      id: urn,
      name: z.string().min(1).max(120),
      sport: z.object({ id: urn }),
      category: z.object({ name: z.string().max(60) }).optional(),
    }),
    competitors: z.object({
      competitor: z
        .array(z.object({ id: urn, name: z.string().min(1).max(120), qualifier: z.enum(["home", "away"]) }))
        .length(2),
    }),
  }),
});

/** The UOF API's fixture (GET /v1/sports/en/sport_events/{urn}/fixture.xml) as the book's fixture message. */
export function parseFixture(xml: string, timestamp: number): FeedMessage {
  const [type, body] = root(xml);
  if (type !== "fixtures_fixture") throw new UofParseError(`expected fixtures_fixture, got ${type}`);
  const f = check(type, FixtureDoc, body).fixture;
  const sport = SPORT_IDS[f.tournament.sport.id];
  if (!sport) throw new UofParseError(`fixture ${f.id}: sport ${f.tournament.sport.id} not taken`);
  const when = f.start_time ?? f.scheduled;
  const start = when ? new Date(when) : null;
  if (!start || Number.isNaN(start.getTime())) throw new UofParseError(`fixture ${f.id}: no start time`);
  const home = f.competitors.competitor.find((c) => c.qualifier === "home");
  const away = f.competitors.competitor.find((c) => c.qualifier === "away");
  if (!home || !away) throw new UofParseError(`fixture ${f.id}: needs a home and an away competitor`);
  const msg: FeedMessage = {
    type: "fixture",
    event_id: f.id,
    timestamp,
    sport,
    tournament: {
      id: f.tournament.id,
      name: f.tournament.name,
      ...(f.tournament.category ? { country: f.tournament.category.name } : {}),
    },
    competitors: [
      { id: home.id, name: home.name },
      { id: away.id, name: away.name },
    ],
    scheduled: start.toISOString(),
  };
  const r = FeedMessageSchema.safeParse(msg);
  if (!r.success) fail(type, r.error);
  return r.data as FeedMessage;
}

const Descriptions = z.object({
  market: z
    .array(
      z.object({
        id: int(1, 100_000),
        outcomes: z
          .object({ outcome: z.array(z.object({ id: z.string().min(1), name: z.string() })).max(500) })
          .optional(),
      }),
    )
    .max(10_000),
});

/** Correct-score outcome names from the market descriptions (GET /v1/descriptions/en/markets.xml). */
export function parseMarketDescriptions(xml: string): Map<string, string> {
  const [type, body] = root(xml);
  if (type !== "market_descriptions") throw new UofParseError(`expected market_descriptions, got ${type}`);
  const d = check(type, Descriptions, body);
  const out = new Map<string, string>();
  for (const m of d.market) {
    if (!CORRECT_SCORE.has(m.id)) continue;
    for (const o of m.outcomes?.outcome ?? []) {
      const s = /^(\d+)\s*:\s*(\d+)$/.exec(o.name);
      out.set(`${m.id}:${o.id}`, s ? `${s[1]}:${s[2]}` : "other");
    }
  }
  return out;
}

/**
 * A UOF routing key's parts: {priority}.{pre}.{live}.{message_type}.{sport_id}.{urn_type}.{event_id}.{node_id}
 * ("hi.-.live.odds_change.1.sr:match.41234567.-"; system messages "-.-.-.alive.-.-.-.-"). The
 * interest is "pre", "live" or "virt" (virtual sports), whichever of the two slots is set.
 */
export function routingKeyOf(key: string) {
  const p = key.split(".");
  if (p.length !== 8) return null;
  const [priority, pre, live, type, sport, urnType, event, node] = p as [string, ...string[]];
  const interest = pre !== "-" ? pre : live !== "-" ? live : "-";
  return { priority, interest, type, sport, urnType, event, node };
}
