import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import amqp, { type Channel, type ChannelModel } from "amqplib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { queryRows } from "./db.ts";
import { placeBet } from "./place.ts";
import { mainBalance, sb } from "./sports-testkit.ts";
import { UofAdapter, type UofSettings } from "./uof-amqp.ts";

/**
 * The UOF adapter against a real RabbitMQ (AMQP_URL; skipped without it): UOF XML published on a
 * topic exchange with UOF routing keys is applied in the database, once, by two consumers; a
 * malformed message is refused with its reason; recovery is asked of a local HTTP stand-in of the
 * UOF API after connecting and when alive messages stop; a dropped connection is reconnected.
 */
const AMQP_URL = process.env.AMQP_URL;
const sample = (name: string) => readFileSync(new URL(`./uof-samples/${name}.xml`, import.meta.url), "utf8");
const TOKEN = "test-token";

describe.skipIf(!AMQP_URL)("UOF AMQP adapter on RabbitMQ", () => {
  let t: TestApp;
  let http: Server;
  const recoveries: Array<{ product: string; params: URLSearchParams; token: string | undefined }> = [];
  let pub: ChannelModel;
  let ch: Channel;
  const exchange = `uof-test-${process.pid}-${Date.now()}`;
  const adapters: UofAdapter[] = [];
  const logs: string[] = [];
  const eventNo = 40_000_000 + Math.floor(Math.random() * 1_000_000);
  const urn = `sr:match:${eventNo}`;
  const T0 = Date.now();

  const settings = (over: Partial<UofSettings>): UofSettings => ({
    amqpUrl: AMQP_URL ?? "",
    exchange,
    declareExchange: true,
    queue: null,
    nodeId: 7,
    products: [1],
    aliveTimeoutMs: 1500,
    apiUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    accessToken: TOKEN,
    ...over,
  });
  const handled = () =>
    adapters.reduce((n, a) => n + a.stats.applied + a.stats.duplicates + a.stats.rejected, 0);
  const publish = (type: string, xml: string) =>
    ch.publish(exchange, `hi.-.live.${type}.1.sr:match.${eventNo}.-`, Buffer.from(xml));
  const at = (xml: string, ts: number) =>
    xml.replaceAll("sr:match:41234567", urn).replace(/timestamp="\d+"/, `timestamp="${ts}"`);

  beforeAll(async () => {
    t = await createTestApp();
    await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
    http = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const token = req.headers["x-access-token"] as string | undefined;
      if (token !== TOKEN) {
        res.writeHead(403).end("<response response_code='FORBIDDEN'/>");
        return;
      }
      const rec = /^\/v1\/(\w+)\/recovery\/initiate_request$/.exec(url.pathname);
      if (req.method === "POST" && rec) {
        recoveries.push({ product: rec[1] ?? "", params: url.searchParams, token });
        res.writeHead(202).end("<response response_code='ACCEPTED'/>");
      } else if (url.pathname === "/v1/descriptions/en/markets.xml") {
        res.writeHead(200).end(sample("markets"));
      } else if (url.pathname === `/v1/sports/en/sport_events/${encodeURIComponent(urn)}/fixture.xml`) {
        res.writeHead(200).end(sample("fixture").replaceAll("sr:match:41234567", urn));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    pub = await amqp.connect(AMQP_URL ?? "");
    ch = await pub.createChannel();
    await ch.assertExchange(exchange, "topic", { durable: true });
    const log = (level: string, msg: string) => logs.push(`${level}: ${msg}`);
    // Two consumers on their own queues, as two servers of the book: each gets every message.
    adapters.push(new UofAdapter(sb(t.app), settings({}), log));
    adapters.push(new UofAdapter(sb(t.app), settings({ products: [] }), log));
    for (const a of adapters) await a.start();
  }, 120_000);

  afterAll(async () => {
    for (const a of adapters) await a.stop();
    await ch?.deleteExchange(exchange).catch(() => undefined);
    await pub?.close();
    await new Promise((r) => http?.close(r));
    await t?.close();
  });

  it("applies published UOF messages once from two consumers, and refuses a malformed one with its reason", async () => {
    // The book does not know the match: the adapter fetches its fixture from the API first.
    publish("odds_change", at(sample("odds_change"), T0 + 100));
    await vi.waitFor(() => expect(handled()).toBe(2), { timeout: 30_000, interval: 50 });
    const outcomes = await queryRows<{ id: string; key: string; code: string; odds: number; name: string }>(
      sb(t.app).db,
      sql`SELECT o.id, mk.ext_key AS key, o.code, o.odds, o.name FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id
          JOIN sportsbook.sb_matches m ON m.id = mk.match_id WHERE m.ext_id = ${urn} ORDER BY o.id`,
    );
    const [match] = await queryRows<{ status: string; score_home: number; minute: number; home: string }>(
      sb(t.app).db,
      sql`SELECT m.status, m.score_home, m.minute, h.name AS home FROM sportsbook.sb_matches m JOIN sportsbook.sb_teams h ON h.id = m.home_id WHERE m.ext_id = ${urn}`,
    );
    expect(match).toEqual({ status: "live", score_home: 2, minute: 63, home: "Manchester City" });
    expect(outcomes.map((o) => `${o.key} ${o.code}`)).toEqual([
      "1 home",
      "1 draw",
      "1 away",
      "16|hcp=-0.25 home",
      "16|hcp=-0.25 away",
      "18|total=3.5 over",
      "18|total=3.5 under",
      "41|score=2:1 2:1",
      "41|score=2:1 3:1",
    ]);
    expect(outcomes.slice(0, 3).map((o) => o.name)).toEqual(["Manchester City", "Draw", "Liverpool FC"]);
    const home = outcomes[0];
    if (!home) throw new Error("no outcome");
    const m = await registerMember(t.app, "uofamqp", 100_000n);
    await placeBet(sb(t.app), m.id, {
      kind: "single",
      legs: [{ outcomeId: Number(home.id), odds: home.odds }],
      stake: 10_000n,
      oddsPolicy: "none",
      idempotencyKey: "uof-1",
    });
    // The settlement twice (a redelivery), each to both consumers: four deliveries, one payment.
    const settlement = at(sample("bet_settlement"), T0 + 300);
    publish("bet_settlement", settlement);
    publish("bet_settlement", settlement);
    await vi.waitFor(() => expect(handled()).toBe(6), { timeout: 30_000, interval: 50 });
    const wins = await queryRows<{ amount: string }>(
      sb(t.app).db,
      sql`SELECT p.amount::text FROM provider_transactions p JOIN sportsbook.sb_bets b ON p.round_id = 'sb-' || b.id
          WHERE b.member_id = ${m.id} AND p.kind = 'win'`,
    );
    const paid = (10_000n * BigInt(home.odds)) / 1000n;
    expect(wins.map((w) => BigInt(w.amount))).toEqual([paid]);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + paid);
    // Malformed (the settlement's outcome without a result): refused, logged, nothing applied.
    publish(
      "bet_settlement",
      `<bet_settlement event_id="${urn}" timestamp="${T0 + 400}" product="1"><outcomes><market id="1"><outcome id="1"/></market></outcomes></bet_settlement>`,
    );
    await vi.waitFor(() => expect(handled()).toBe(8), { timeout: 30_000, interval: 50 });
    const rejects = await queryRows<{ reason: string }>(
      sb(t.app).db,
      sql`SELECT reason FROM sportsbook.sb_feed_rejects WHERE routing_key LIKE ${`%.${eventNo}.-`}`,
    );
    expect(rejects).toHaveLength(2);
    expect(rejects[0]?.reason).toMatch(/^bet_settlement: outcomes\.market\.0\.outcome\.0\.result/);
    expect(logs.some((l) => l.startsWith("warn: UOF message refused: bet_settlement"))).toBe(true);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + paid);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("asks recovery after connecting, completes it on snapshot_complete, and asks again from the last message when alive stops", async () => {
    await vi.waitFor(() => expect(recoveries.length).toBeGreaterThanOrEqual(1), {
      timeout: 30_000,
      interval: 50,
    });
    const first = recoveries[0];
    expect(first?.product).toBe("liveodds");
    expect(first?.params.get("node_id")).toBe("7");
    expect(first?.params.has("after")).toBe(false); // nothing applied before: the whole state
    publish(
      "snapshot_complete",
      `<snapshot_complete request_id="${first?.params.get("request_id")}" timestamp="${Date.now()}" product="1"/>`,
    );
    await vi.waitFor(
      async () => {
        const [st] = await queryRows<{ done: boolean }>(
          sb(t.app).db,
          sql`SELECT recovery_done_at IS NOT NULL AS done FROM sportsbook.sb_feed_state WHERE product = 1`,
        );
        expect(st?.done).toBe(true);
      },
      { timeout: 30_000, interval: 50 },
    );
    ch.publish(
      exchange,
      "-.-.-.alive.-.-.-.-",
      Buffer.from(`<alive product="1" timestamp="${Date.now()}" subscribed="1"/>`),
    );
    // No alive after that one: the watch asks again, from the last message applied (the settlement).
    await vi.waitFor(() => expect(recoveries.length).toBeGreaterThanOrEqual(2), {
      timeout: 30_000,
      interval: 100,
    });
    expect(recoveries[1]?.params.get("after")).toBe(String(T0 + 300));
    expect(recoveries.every((r) => r.token === TOKEN)).toBe(true);
  });

  it("reconnects when the connection drops and goes on applying", async () => {
    const a = adapters[0];
    if (!a) throw new Error("no adapter");
    const connects = a.stats.connects;
    await a.connection?.close();
    await vi.waitFor(() => expect(a.stats.connects).toBe(connects + 1), { timeout: 30_000, interval: 50 });
    const before = a.stats.applied + a.stats.duplicates;
    publish("rollback_bet_settlement", at(sample("rollback_bet_settlement"), T0 + 500));
    await vi.waitFor(() => expect(a.stats.applied + a.stats.duplicates).toBeGreaterThan(before), {
      timeout: 30_000,
      interval: 50,
    });
    const [b] = await queryRows<{ status: string }>(
      sb(t.app).db,
      sql`SELECT b.status FROM sportsbook.sb_bets b JOIN members m ON m.id = b.member_id WHERE m.username = 'uofamqp'`,
    );
    expect(b?.status).toBe("open");
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });
});
