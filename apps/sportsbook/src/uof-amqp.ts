import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from "amqplib";
import { sql } from "drizzle-orm";
import { applyFeedMessage } from "./book.ts";
import type { SportsConfig, SportsContext } from "./context.ts";
import { queryRows } from "./db.ts";
import { RECOVERY_WINDOW_MS, UofApi } from "./uof-api.ts";
import {
  parseFixture,
  parseMarketDescriptions,
  parseUof,
  setCorrectScoreNames,
  UofParseError,
} from "./uof-xml.ts";

/**
 * The Unified Odds Feed's AMQP adapter. It binds a queue to the feed's topic
 * exchange with the UOF routing keys ({priority}.{pre}.{live}.{message_type}.{sport_id}.{urn_type}
 * .{event_id}.{node_id}: every message for all nodes, "…-", and those for this node), handles one
 * message at a time in delivery order, and acks a message only once it is applied in the database:
 * applying is idempotent by the message's key (source, event, kind, timestamp — sb_feed_messages),
 * so a redelivery, a second consumer or a recovery's copy changes nothing twice.
 *
 * A malformed message is refused with its reason (sb_feed_rejects, the log) and acked: it would
 * never parse. A database failure nacks it back to the queue and the consumer reconnects.
 *
 * Recovery: after each (re)connection, and when a product's alive messages stop for
 * UOF_ALIVE_TIMEOUT_S (or say subscribed=0), the adapter asks the API to send again what changed
 * after the last message applied for that product (sb_feed_state.last_ts; older than 72 hours, or
 * none: the whole state); the feed ends it with a snapshot_complete naming the request.
 */
export const UOF_SOURCE = "UOF";

export interface UofSettings {
  amqpUrl: string;
  exchange: string;
  /** Declare the exchange (a local broker); Sportradar's exists and is only checked. */
  declareExchange: boolean;
  queue: string | null;
  nodeId: number | undefined;
  products: number[];
  aliveTimeoutMs: number;
  apiUrl: string;
  accessToken: string;
}

export function uofSettings(config: SportsConfig): UofSettings | null {
  if (!config.UOF_AMQP_URL) return null;
  const url = new URL(config.UOF_AMQP_URL);
  // Sportradar's virtual host is /unifiedfeed/{bookmaker id}, its user the access token.
  if ((url.pathname === "" || url.pathname === "/") && config.UOF_BOOKMAKER_ID > 0)
    url.pathname = `/${encodeURIComponent(`/unifiedfeed/${config.UOF_BOOKMAKER_ID}`)}`;
  if (!url.username && config.UOF_ACCESS_TOKEN) url.username = config.UOF_ACCESS_TOKEN;
  return {
    amqpUrl: url.toString(),
    exchange: config.UOF_EXCHANGE,
    declareExchange: false,
    queue: config.UOF_QUEUE ?? null,
    nodeId: config.UOF_NODE_ID,
    products: config.UOF_PRODUCTS.split(",").map(Number),
    aliveTimeoutMs: config.UOF_ALIVE_TIMEOUT_S * 1000,
    apiUrl: config.UOF_API_URL,
    accessToken: config.UOF_ACCESS_TOKEN,
  };
}

type Log = (level: "info" | "warn" | "error", msg: string, detail?: unknown) => void;

export class UofAdapter {
  private model: ChannelModel | null = null;
  private stopped = false;
  private chain: Promise<void> = Promise.resolve();
  private watchdog: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private lastAlive = new Map<number, number>();
  /** A product's recovery asked and not yet completed: its request id and when it was asked. */
  private recovering = new Map<number, { id: number; at: number }>();
  private nextRequestId = Date.now() % 1_000_000_000;
  readonly api: UofApi;
  /** Counts for the log and the tests. */
  readonly stats = { applied: 0, duplicates: 0, rejected: 0, recoveries: 0, connects: 0 };

  constructor(
    private readonly ctx: SportsContext,
    private readonly s: UofSettings,
    private readonly log: Log,
  ) {
    this.api = new UofApi(s.apiUrl, s.accessToken);
  }

  async start(): Promise<void> {
    try {
      setCorrectScoreNames(parseMarketDescriptions(await this.api.marketDescriptions()));
    } catch (err) {
      // Without them, correct-score outcomes the feed names by number are refused (not guessed).
      this.log("warn", "UOF market descriptions not loaded", err);
    }
    await this.connect();
    this.watchdog = setInterval(() => void this.checkAlive(), Math.max(250, this.s.aliveTimeoutMs / 4));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.chain.catch(() => undefined);
    await this.model?.close().catch(() => undefined);
    this.model = null;
  }

  /** The live connection (tests drop it to see the adapter reconnect). */
  get connection(): ChannelModel | null {
    return this.model;
  }

  private async connect(): Promise<void> {
    const url = new URL(this.s.amqpUrl);
    if (!url.searchParams.has("heartbeat")) url.searchParams.set("heartbeat", "30");
    const model = await amqp.connect(url.toString());
    model.on("error", (err) => this.log("warn", "UOF AMQP connection error", err));
    model.on("close", () => {
      if (this.model === model) this.model = null;
      if (!this.stopped) this.scheduleReconnect(1000);
    });
    const ch = await model.createChannel();
    ch.on("error", (err) => this.log("warn", "UOF AMQP channel error", err));
    if (this.s.declareExchange) await ch.assertExchange(this.s.exchange, "topic", { durable: true });
    else await ch.checkExchange(this.s.exchange);
    const q = this.s.queue
      ? await ch.assertQueue(this.s.queue, { durable: true })
      : await ch.assertQueue("", { exclusive: true, autoDelete: true });
    // Messages for every node end in "-"; recoveries this node asked end in its id.
    const keys = this.s.nodeId === undefined ? ["#"] : ["#.-", `#.${this.s.nodeId}`];
    for (const k of keys) await ch.bindQueue(q.queue, this.s.exchange, k);
    await ch.prefetch(100);
    this.model = model;
    this.stats.connects++;
    await ch.consume(q.queue, (m) => {
      if (!m) return;
      this.chain = this.chain.then(() => this.handle(ch, m));
    });
    this.log("info", `UOF AMQP consuming ${this.s.exchange} (${keys.join(", ")})`);
    // After every (re)connection: what was missed meanwhile is asked again.
    for (const p of this.s.products) void this.recover(p, "connected");
  }

  private scheduleReconnect(ms: number) {
    if (this.reconnectTimer || this.stopped) return;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.connect();
      } catch (err) {
        this.log("warn", "UOF AMQP reconnect failed", err);
        this.scheduleReconnect(Math.min(ms * 2, 30_000));
      }
    }, ms);
  }

  private async handle(ch: Channel, m: ConsumeMessage): Promise<void> {
    const body = m.content.toString("utf8");
    let parsed: ReturnType<typeof parseUof>;
    try {
      parsed = parseUof(body);
    } catch (err) {
      const reason = err instanceof UofParseError ? err.message : String(err);
      this.stats.rejected++;
      this.log("warn", `UOF message refused: ${reason}`, { routingKey: m.fields.routingKey });
      try {
        await this.ctx.db.execute(sql`INSERT INTO sportsbook.sb_feed_rejects (source, routing_key, reason, body)
            VALUES (${UOF_SOURCE}, ${m.fields.routingKey}, ${reason.slice(0, 1000)}, ${body.slice(0, 20_000)})`);
        ch.ack(m);
      } catch (dbErr) {
        await this.requeue(ch, m, dbErr);
      }
      return;
    }
    try {
      if (parsed.kind === "alive") {
        this.lastAlive.set(parsed.product, Date.now());
        await this.ctx.db.execute(sql`INSERT INTO sportsbook.sb_feed_state (product, last_alive_at) VALUES (${parsed.product}, now())
            ON CONFLICT (product) DO UPDATE SET last_alive_at = now(), updated_at = now()`);
        if (!parsed.subscribed) void this.recover(parsed.product, "alive subscribed=0");
      } else if (parsed.kind === "snapshot_complete") {
        await this.ctx.db.execute(sql`UPDATE sportsbook.sb_feed_state SET recovery_done_at = now(), updated_at = now()
            WHERE product = ${parsed.product} AND recovery_request_id = ${parsed.requestId}`);
        if (this.recovering.get(parsed.product)?.id === parsed.requestId)
          this.recovering.delete(parsed.product);
      } else {
        const msg = parsed.msg;
        if (msg.type === "odds_change" || msg.type === "fixture_change")
          await this.ensureFixture(msg.event_id);
        // Keyed by product too: two products may send the same event, kind and millisecond.
        const applied = await applyFeedMessage(this.ctx, `${UOF_SOURCE}:${parsed.product}`, msg);
        if (applied.duplicate) this.stats.duplicates++;
        else this.stats.applied++;
        await this.ctx.db.execute(sql`INSERT INTO sportsbook.sb_feed_state (product, last_ts) VALUES (${parsed.product}, ${msg.timestamp})
            ON CONFLICT (product) DO UPDATE SET last_ts = GREATEST(sb_feed_state.last_ts, EXCLUDED.last_ts), updated_at = now()`);
      }
      ch.ack(m);
    } catch (err) {
      await this.requeue(ch, m, err);
    }
  }

  /** Not applied (the database failed): back to the queue, to be delivered again. */
  private async requeue(ch: Channel, m: ConsumeMessage, err: unknown) {
    this.log("error", "UOF message not applied; requeued", err);
    // A second's back-off (this consumer's queue waits) so a failing database is not hammered.
    await new Promise((r) => setTimeout(r, 1000));
    try {
      ch.nack(m, false, true);
    } catch {
      // The channel is gone: the broker redelivers what was not acked.
    }
  }

  /** A match the book does not know yet: its fixture from the API first (the feed names only its URN). */
  private async ensureFixture(eventUrn: string): Promise<void> {
    if (!eventUrn.startsWith("sr:match:")) return;
    const [known] = await queryRows(
      this.ctx.db,
      sql`SELECT 1 FROM sportsbook.sb_matches WHERE ext_id = ${eventUrn}`,
    );
    if (known) return;
    try {
      const fixture = parseFixture(await this.api.fixture(eventUrn), 1);
      await applyFeedMessage(this.ctx, UOF_SOURCE, fixture);
    } catch (err) {
      // Not a match the book takes (sport, shape): its messages then change nothing.
      this.log("warn", `UOF fixture of ${eventUrn} not taken`, err);
    }
  }

  private async checkAlive(): Promise<void> {
    const now = Date.now();
    for (const p of this.s.products) {
      const last = this.lastAlive.get(p);
      if (last !== undefined && now - last > this.s.aliveTimeoutMs) {
        this.lastAlive.delete(p);
        await this.recover(p, "alive messages stopped");
      }
    }
  }

  /** Ask the feed for what this product's messages missed since the last one applied. */
  async recover(product: number, why: string): Promise<number | null> {
    const busy = this.recovering.get(product);
    // One at a time per product; one never completed is asked again after five minutes.
    if (this.stopped || (busy && Date.now() - busy.at < 300_000)) return null;
    const requestId = ++this.nextRequestId;
    this.recovering.set(product, { id: requestId, at: Date.now() });
    try {
      const [st] = await queryRows<{ last_ts: string }>(
        this.ctx.db,
        sql`SELECT last_ts FROM sportsbook.sb_feed_state WHERE product = ${product}`,
      );
      const last = Number(st?.last_ts ?? 0);
      const after = last > 0 && Date.now() - last < RECOVERY_WINDOW_MS ? last : null;
      await this.ctx.db.execute(sql`INSERT INTO sportsbook.sb_feed_state (product, recovery_request_id, recovery_after, recovery_asked_at)
          VALUES (${product}, ${requestId}, ${after}, now())
          ON CONFLICT (product) DO UPDATE SET recovery_request_id = EXCLUDED.recovery_request_id,
            recovery_after = EXCLUDED.recovery_after, recovery_asked_at = now(), recovery_done_at = NULL, updated_at = now()`);
      await this.api.initiateRecovery(product, after, requestId, this.s.nodeId);
      this.stats.recoveries++;
      this.log("info", `UOF recovery ${requestId} of product ${product} after ${after ?? "(full)"}: ${why}`);
      // Until its snapshot_complete, alive messages restart the watch.
      this.lastAlive.set(product, Date.now());
      return requestId;
    } catch (err) {
      this.recovering.delete(product);
      this.log("error", `UOF recovery of product ${product} failed`, err);
      return null;
    }
  }
}

/** Start the adapter when the settings name a broker (main.ts); null otherwise. */
export async function startUofAdapter(ctx: SportsContext, log: Log): Promise<UofAdapter | null> {
  const s = uofSettings(ctx.config);
  if (!s) return null;
  const adapter = new UofAdapter(ctx, s, log);
  await adapter.start();
  return adapter;
}
