import { createHash } from "node:crypto";
import { settleOutcome } from "@panalo/game-math/sportsbook/settle";
import { sql } from "drizzle-orm";
import { applyFeedMessage } from "./book.ts";
import type { SportsContext } from "./context.ts";
import { queryRows } from "./db.ts";
import type { FeedMessage, UofOutcome, UofSettledOutcome } from "./feed.ts";
import { finalDist, lineOdds, oddsOf } from "./sim-model.ts";

/**
 * The simulator feed: fixtures for every sport on a fixed schedule, odds that
 * move before and during play, live score and minute, and results — as UOF messages through the
 * same adapter as the real feed, so the whole book runs on a fresh install and in tests. It is
 * a function of time: a match's events come from a seed of its id, so any process, any run and
 * any test computes the same match; `simulate(ctx, at)` is one tick at `at`.
 */
export const SIM_SOURCE = "sim";
/** A match lasts this long in real time (the shown minute is the sport's clock, scaled). */
export const SIM_MATCH_MS = 30 * 60_000;
const SLOT_MS = 90 * 60_000;
const HORIZON_MS = 36 * 3600_000;
const DRIFT_MS = 5 * 60_000;

interface SportModel {
  code: string;
  /** How often a match starts (default SLOT_MS): e-sports start more often, so some are always live. */
  slotMs?: number;
  /** Mean final score per side at equal strength. */
  rate: number;
  twoWay: boolean;
  minutes: number;
  hcp: number[];
  totals: number[];
  leagues: Array<{ id: string; name: string; country: string; teams: string[] }>;
}

const ESPORT_LINES = {
  rate: 1.3,
  twoWay: true,
  minutes: 120,
  hcp: [-1.5],
  totals: [2.5],
  slotMs: 45 * 60_000,
};
export const SIM_SPORTS: SportModel[] = [
  {
    code: "football",
    rate: 1.35,
    twoWay: false,
    minutes: 90,
    hcp: [-0.25, -0.5, -0.75, -1],
    totals: [2.25, 2.5, 2.75],
    leagues: [
      {
        id: "sim:t:epl",
        name: "Premier League",
        country: "England",
        teams: [
          "Arsenal",
          "Liverpool",
          "Manchester City",
          "Chelsea",
          "Tottenham Hotspur",
          "Newcastle United",
          "Aston Villa",
          "Manchester United",
        ],
      },
      {
        id: "sim:t:pfl",
        name: "Philippines Football League",
        country: "Philippines",
        teams: [
          "Kaya FC-Iloilo",
          "Stallion Laguna",
          "Dynamic Herb Cebu",
          "Manila Digger",
          "One Taguig",
          "Loyola",
        ],
      },
    ],
  },
  {
    code: "basketball",
    rate: 98,
    twoWay: true,
    minutes: 48,
    hcp: [-4.5, -7.5],
    totals: [195.5],
    leagues: [
      {
        id: "sim:t:pba",
        name: "PBA Philippine Cup",
        country: "Philippines",
        teams: [
          "San Miguel Beermen",
          "Barangay Ginebra",
          "TNT Tropang Giga",
          "Magnolia Hotshots",
          "Meralco Bolts",
          "Rain or Shine",
          "NLEX Road Warriors",
          "Converge FiberXers",
        ],
      },
      {
        id: "sim:t:nba",
        name: "NBA",
        country: "USA",
        teams: [
          "Los Angeles Lakers",
          "Golden State Warriors",
          "Boston Celtics",
          "Denver Nuggets",
          "Miami Heat",
          "Dallas Mavericks",
        ],
      },
    ],
  },
  {
    code: "baseball",
    rate: 4.3,
    twoWay: true,
    minutes: 9,
    hcp: [-1.5],
    totals: [8.5],
    leagues: [
      {
        id: "sim:t:mlb",
        name: "MLB",
        country: "USA",
        teams: [
          "Los Angeles Dodgers",
          "New York Yankees",
          "New York Mets",
          "Atlanta Braves",
          "Houston Astros",
          "San Diego Padres",
        ],
      },
    ],
  },
  {
    code: "tennis",
    rate: 1.2,
    twoWay: true,
    minutes: 3,
    hcp: [-1.5],
    totals: [2.5],
    leagues: [
      {
        id: "sim:t:atp",
        name: "ATP Tour",
        country: "",
        teams: [
          "J. Sinner",
          "C. Alcaraz",
          "N. Djokovic",
          "A. Zverev",
          "D. Medvedev",
          "T. Fritz",
          "A. Eala",
          "C. Ruud",
        ],
      },
    ],
  },
  {
    code: "volleyball",
    rate: 2.2,
    twoWay: true,
    minutes: 5,
    hcp: [-1.5],
    totals: [3.5],
    leagues: [
      {
        id: "sim:t:pvl",
        name: "Premier Volleyball League",
        country: "Philippines",
        teams: [
          "Creamline Cool Smashers",
          "Choco Mucho Flying Titans",
          "Petro Gazz Angels",
          "Cignal HD Spikers",
          "PLDT High Speed Hitters",
          "Akari Chargers",
        ],
      },
    ],
  },
  {
    code: "boxing",
    rate: 0.6,
    twoWay: true,
    minutes: 12,
    hcp: [],
    totals: [],
    leagues: [
      {
        id: "sim:t:box",
        name: "World Title Fights",
        country: "",
        teams: [
          "N. Inoue",
          "J. Casimero",
          "D. Bivol",
          "A. Beterbiev",
          "O. Usyk",
          "T. Fury",
          "S. Alvarez",
          "M. Nietes",
        ],
      },
    ],
  },
  {
    code: "dota2",
    ...ESPORT_LINES,
    leagues: [
      {
        id: "sim:t:dpc",
        name: "Dota 2 Pro Circuit SEA",
        country: "",
        teams: [
          "Team Liquid",
          "Gaimin Gladiators",
          "Team Spirit",
          "Tundra Esports",
          "Talon Esports",
          "Blacklist Rivalry",
        ],
      },
    ],
  },
  {
    code: "lol",
    ...ESPORT_LINES,
    leagues: [
      {
        id: "sim:t:lol",
        name: "LoL World Championship",
        country: "",
        teams: ["T1", "Gen.G", "G2 Esports", "Fnatic", "JD Gaming", "Bilibili Gaming"],
      },
    ],
  },
  {
    code: "cs",
    ...ESPORT_LINES,
    leagues: [
      {
        id: "sim:t:cs",
        name: "CS Major",
        country: "",
        teams: ["Natus Vincere", "FaZe Clan", "Team Vitality", "MOUZ", "G2 Esports", "Team Spirit"],
      },
    ],
  },
  {
    code: "mlbb",
    ...ESPORT_LINES,
    leagues: [
      {
        id: "sim:t:mpl",
        name: "MPL Philippines",
        country: "Philippines",
        teams: [
          "Blacklist International",
          "ECHO Philippines",
          "RSG Philippines",
          "Smart Omega",
          "ONIC Philippines",
          "AP Bren",
          "TNC Pro Team",
          "Falcons AP.Bren",
        ],
      },
    ],
  },
  {
    code: "valorant",
    ...ESPORT_LINES,
    leagues: [
      {
        id: "sim:t:vct",
        name: "VCT Pacific",
        country: "",
        teams: ["Paper Rex", "Team Secret", "DRX", "Gen.G", "T1", "Talon Esports"],
      },
    ],
  },
];

/** A fixed random stream from a text seed. */
function rng(seed: string): () => number {
  let h = createHash("sha256").update(seed).digest();
  let i = 0;
  return () => {
    if (i + 4 > h.length) {
      h = createHash("sha256").update(h).digest();
      i = 0;
    }
    const v = h.readUInt32BE(i) / 2 ** 32;
    i += 4;
    return v;
  };
}

interface SimMatch {
  extId: string;
  sport: SportModel;
  league: SportModel["leagues"][number];
  home: string;
  away: string;
  start: number;
  strength: [number, number];
  /** Score events: [fraction of the match 0..1, side 0 home 1 away]. */
  events: Array<[number, 0 | 1]>;
  hot: boolean;
}

export function simMatch(sport: SportModel, slot: number): SimMatch {
  const r = rng(`${sport.code}:${slot}`);
  const league = sport.leagues[slot % sport.leagues.length] ?? sport.leagues[0];
  if (!league) throw new Error("sim league");
  const n = league.teams.length;
  const hi = Math.floor(r() * n);
  const ai = (hi + 1 + Math.floor(r() * (n - 1))) % n;
  const strength: [number, number] = [0.7 + r() * 0.6, 0.7 + r() * 0.6];
  const events: Array<[number, 0 | 1]> = [];
  for (const side of [0, 1] as const) {
    const lambda = sport.rate * (strength[side] ?? 1) * (side === 0 ? 1.05 : 0.95);
    // Poisson count by inversion, then uniform times.
    let k = 0;
    let p = Math.exp(-Math.min(lambda, 700));
    let s = p;
    const u = r();
    if (lambda > 30) k = Math.max(0, Math.round(lambda + Math.sqrt(lambda) * (r() + r() + r() - 1.5) * 2));
    else
      while (u > s && k < 200) {
        k++;
        p = (p * lambda) / k;
        s += p;
      }
    for (let i = 0; i < k; i++) events.push([r(), side]);
  }
  events.sort((a, b) => a[0] - b[0]);
  // Two-way sports end with a winner (overtime, a deciding set or map): the last event settles it.
  if (sport.twoWay) {
    const h = events.filter((e) => e[1] === 0).length;
    const a = events.length - h;
    if (h === a) events.push([0.999, strength[0] >= strength[1] ? 0 : 1]);
  }
  const offset = SIM_SPORTS.indexOf(sport) * 9 * 60_000;
  return {
    extId: `sim:m:${sport.code}:${slot}`,
    sport,
    league,
    home: league.teams[hi] ?? "Home",
    away: league.teams[ai] ?? "Away",
    start: slot * (sport.slotMs ?? SLOT_MS) + offset,
    strength,
    events,
    hot: slot % 4 === 0,
  };
}

function scoreAt(m: SimMatch, frac: number): [number, number] {
  let h = 0;
  let a = 0;
  for (const [f, side] of m.events) {
    if (f > frac) break;
    if (side === 0) h++;
    else a++;
  }
  return [h, a];
}

const q = (line: number) => Math.round(line * 4);

/**
 * A match's lines: fixed for low-scoring sports; for high-scoring ones (basketball) around the
 * teams' expected margin and total, so both sides are priced near evens. Fixed per match.
 */
function linesOf(m: SimMatch): { hcp: number[]; totals: number[] } {
  if (m.sport.rate <= 10) return { hcp: m.sport.hcp, totals: m.sport.totals };
  const home = m.sport.rate * m.strength[0] * 1.05;
  const away = m.sport.rate * m.strength[1] * 0.95;
  return { hcp: [-(Math.floor(home - away) + 0.5)], totals: [Math.floor(home + away) + 0.5] };
}
const spec = (line: number) => String(line);

/** The match's markets priced at `frac` of the match from `score`. */
function markets(m: SimMatch, frac: number, score: [number, number], wobble: number, status: 1 | -1) {
  const left = Math.max(0, 1 - frac);
  const remH = m.sport.rate * m.strength[0] * 1.05 * left * wobble;
  const remA = m.sport.rate * m.strength[1] * 0.95 * left * (2 - wobble);
  const football = m.sport.code === "football";
  const d = finalDist(score, remH, remA, football);
  const P = (f: (x: number) => boolean) => [...d.margin].reduce((s, [x, p]) => (f(x) ? s + p : s), 0);
  const out: Array<{ id: number; specifiers?: string; status: 1 | -1; outcomes: UofOutcome[] }> = [];
  const win = P((x) => x > 0);
  const draw = P((x) => x === 0);
  const loss = P((x) => x < 0);
  if (football) {
    out.push({
      id: 1,
      status,
      outcomes: [
        { id: "1", odds: oddsOf(win), name: m.home },
        { id: "2", odds: oddsOf(draw), name: "Draw" },
        { id: "3", odds: oddsOf(loss), name: m.away },
      ],
    });
    if (frac < 0.5) {
      const h1 = finalDist(
        score,
        (remH * Math.max(0, 0.5 - frac)) / left || 0,
        (remA * Math.max(0, 0.5 - frac)) / left || 0,
        false,
      );
      const P1 = (f: (x: number) => boolean) => [...h1.margin].reduce((s, [x, p]) => (f(x) ? s + p : s), 0);
      out.push({
        id: 60,
        status,
        outcomes: [
          { id: "1", odds: oddsOf(P1((x) => x > 0)), name: m.home },
          { id: "2", odds: oddsOf(P1((x) => x === 0)), name: "Draw" },
          { id: "3", odds: oddsOf(P1((x) => x < 0)), name: m.away },
        ],
      });
    }
    const cs = new Map<string, number>();
    let other = 0;
    for (const [h, a, p] of d.grid) {
      if (h <= 4 && a <= 4) cs.set(`${h}:${a}`, (cs.get(`${h}:${a}`) ?? 0) + p);
      else other += p;
    }
    const top = [...cs].sort((x, y) => y[1] - x[1]).slice(0, 12);
    const rest =
      other +
      [...cs]
        .slice(0)
        .filter((e) => !top.includes(e))
        .reduce((s, e) => s + e[1], 0);
    out.push({
      id: 199,
      status,
      outcomes: [
        ...top.map(([k, p]) => ({ id: k, odds: oddsOf(p), name: k })),
        { id: "other", odds: oddsOf(rest), name: "Other" },
      ],
    });
  } else {
    out.push({
      id: 186,
      status,
      outcomes: [
        { id: "4", odds: oddsOf(win + draw / 2), name: m.home },
        { id: "5", odds: oddsOf(loss + draw / 2), name: m.away },
      ],
    });
  }
  for (const h of linesOf(m).hcp) {
    out.push({
      id: 16,
      specifiers: `hcp=${spec(h)}`,
      status,
      outcomes: [
        { id: "1714", odds: lineOdds(d.margin, q(h), 1), name: m.home },
        { id: "1715", odds: lineOdds(d.margin, -q(h), -1), name: m.away },
      ],
    });
  }
  for (const t of linesOf(m).totals) {
    out.push({
      id: 18,
      specifiers: `total=${spec(t)}`,
      status,
      outcomes: [
        { id: "12", odds: lineOdds(d.total, -q(t), 1), name: "Over" },
        { id: "13", odds: lineOdds(d.total, q(t), -1), name: "Under" },
      ],
    });
  }
  return out;
}

/** What the simulator's final score makes of each market's outcomes. */
function results(
  m: SimMatch,
  period: "ft" | "1h",
): Array<{ id: number; specifiers?: string; outcomes: UofSettledOutcome[] }> {
  const s = scoreAt(m, period === "1h" ? 0.5 : 1);
  const score = { home: s[0], away: s[1] };
  const asUof = (r: ReturnType<typeof settleOutcome>, id: string): UofSettledOutcome => ({
    id,
    result: r.won ? 1 : 0,
    ...(r.voidPermille === 1000
      ? { void_factor: 1 as const }
      : r.voidPermille === 500
        ? { void_factor: 0.5 as const }
        : {}),
  });
  if (period === "1h") {
    return m.sport.code === "football"
      ? [
          {
            id: 60,
            outcomes: ["home", "draw", "away"].map((o, i) =>
              asUof(settleOutcome("1x2", null, o, score), String(i + 1)),
            ),
          },
        ]
      : [];
  }
  const out: Array<{ id: number; specifiers?: string; outcomes: UofSettledOutcome[] }> = [];
  if (m.sport.code === "football") {
    out.push({
      id: 1,
      outcomes: ["home", "draw", "away"].map((o, i) =>
        asUof(settleOutcome("1x2", null, o, score), String(i + 1)),
      ),
    });
    const key = `${s[0]}:${s[1]}`;
    out.push({ id: 199, outcomes: [{ id: key, result: 1 }] });
  } else {
    out.push({
      id: 186,
      outcomes: [
        asUof(settleOutcome("moneyline", null, "home", score), "4"),
        asUof(settleOutcome("moneyline", null, "away", score), "5"),
      ],
    });
  }
  for (const h of linesOf(m).hcp) {
    out.push({
      id: 16,
      specifiers: `hcp=${spec(h)}`,
      outcomes: [
        asUof(settleOutcome("handicap", q(h), "home", score), "1714"),
        asUof(settleOutcome("handicap", q(h), "away", score), "1715"),
      ],
    });
  }
  for (const t of linesOf(m).totals) {
    out.push({
      id: 18,
      specifiers: `total=${spec(t)}`,
      outcomes: [
        asUof(settleOutcome("total", q(t), "over", score), "12"),
        asUof(settleOutcome("total", q(t), "under", score), "13"),
      ],
    });
  }
  return out;
}

/** The messages of one match at time `at` (ms), given the status the book has for it. */
export function matchMessages(
  m: SimMatch,
  at: number,
  known: string | undefined,
  tickMs: number,
  force = false,
): FeedMessage[] {
  const msgs: FeedMessage[] = [];
  const end = m.start + SIM_MATCH_MS;
  if (known === "closed" || known === "cancelled") return msgs;
  if (!known) {
    msgs.push({
      type: "fixture",
      event_id: m.extId,
      timestamp: m.start - HORIZON_MS,
      sport: m.sport.code,
      tournament: { id: m.league.id, name: m.league.name, country: m.league.country },
      competitors: [
        { id: `sim:c:${m.sport.code}:${m.home}`, name: m.home },
        { id: `sim:c:${m.sport.code}:${m.away}`, name: m.away },
      ],
      scheduled: new Date(m.start).toISOString(),
      hot: m.hot,
    });
  }
  if (at < m.start) {
    const bucket = Math.floor(at / DRIFT_MS);
    // Before play, prices drift a little every few minutes (sent when the bucket turns over).
    if (!known || force || Math.floor((at - tickMs) / DRIFT_MS) !== bucket) {
      // A forced tick (the test hook) moves the prices off the bucket's, so they change.
      const wobble = 1 + (rng(`${m.extId}:${bucket}:${force ? at : ""}`)() - 0.5) * 0.08;
      msgs.push({
        type: "odds_change",
        event_id: m.extId,
        timestamp: at,
        sport_event_status: { status: 0, home_score: 0, away_score: 0 },
        markets: markets(m, 0, [0, 0], wobble, 1),
      });
    }
    return msgs;
  }
  const frac = Math.min(1, (at - m.start) / SIM_MATCH_MS);
  if (frac >= 0.5 && m.sport.code === "football") {
    msgs.push({
      type: "bet_settlement",
      event_id: m.extId,
      timestamp: m.start + SIM_MATCH_MS / 2,
      markets: results(m, "1h"),
    });
  }
  if (at >= end) {
    const s = scoreAt(m, 1);
    msgs.push({
      type: "odds_change",
      event_id: m.extId,
      timestamp: end,
      sport_event_status: {
        status: 3,
        home_score: s[0],
        away_score: s[1],
        match_time: m.sport.minutes,
        period: "ended",
      },
    });
    msgs.push({ type: "bet_settlement", event_id: m.extId, timestamp: end + 1, markets: results(m, "ft") });
    msgs.push({
      type: "odds_change",
      event_id: m.extId,
      timestamp: end + 2,
      sport_event_status: {
        status: 4,
        home_score: s[0],
        away_score: s[1],
        match_time: m.sport.minutes,
        period: "ended",
      },
    });
    return msgs;
  }
  const score = scoreAt(m, frac);
  // A score since the last tick: the markets are suspended on this tick and reopen on the next.
  const scored = m.events.some(([f]) => f <= frac && f > (at - tickMs - m.start) / SIM_MATCH_MS);
  const ht = m.sport.code === "football" && frac >= 0.5 ? scoreAt(m, 0.5) : undefined;
  msgs.push({
    type: "odds_change",
    event_id: m.extId,
    timestamp: at,
    sport_event_status: {
      status: 1,
      home_score: score[0],
      away_score: score[1],
      match_time: Math.floor(frac * m.sport.minutes),
      period: frac < 0.5 ? "1st" : "2nd",
      ...(ht ? { ht_score: ht } : {}),
    },
    markets: markets(m, frac, score, 1, scored ? -1 : 1),
  });
  return msgs;
}

/** The simulated matches whose time window holds `at`. */
export function simMatchesAt(at: number, only?: string, perSport?: number): SimMatch[] {
  const out: SimMatch[] = [];
  for (const sport of SIM_SPORTS) {
    const offset = SIM_SPORTS.indexOf(sport) * 9 * 60_000;
    const slotMs = sport.slotMs ?? SLOT_MS;
    const first = Math.ceil((at - offset - SIM_MATCH_MS - 2 * slotMs) / slotMs);
    const horizon = Math.floor((at - offset + HORIZON_MS) / slotMs);
    const last = perSport ? Math.min(horizon, Math.floor((at - offset) / slotMs) + perSport) : horizon;
    for (let slot = first; slot <= last; slot++) {
      const m = simMatch(sport, slot);
      if (!only || m.extId === only) out.push(m);
    }
  }
  return out;
}

/**
 * One tick of the simulator at `at` (default: now). `only` limits it to one match (tests and the
 * back office's test hook move one match without touching the others).
 */
export async function simulate(
  ctx: SportsContext,
  opts: { at?: Date; only?: string; tickMs?: number; perSport?: number } = {},
): Promise<number> {
  const at = (opts.at ?? ctx.clock.now()).getTime();
  const tickMs = opts.tickMs ?? 5_000;
  // One match by its id: its slot is in the id, wherever its start is from `at`.
  const one = /^sim:m:([a-z0-9]+):(-?\d+)$/.exec(opts.only ?? "");
  const matches = opts.only
    ? SIM_SPORTS.filter((s) => s.code === one?.[1]).map((s) => simMatch(s, Number(one?.[2])))
    : simMatchesAt(at, undefined, opts.perSport);
  const known = new Map(
    (
      await queryRows<{ ext_id: string; status: string }>(
        ctx.db,
        sql`SELECT ext_id, status FROM sportsbook.sb_matches WHERE ext_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(matches.map((m) => m.extId))}::jsonb))`,
      )
    ).map((r) => [r.ext_id, r.status]),
  );
  let sent = 0;
  for (const m of matches) {
    for (const msg of matchMessages(m, at, known.get(m.extId), tickMs, Boolean(opts.only))) {
      await applyFeedMessage(ctx, SIM_SOURCE, msg);
      sent++;
    }
  }
  return sent;
}
