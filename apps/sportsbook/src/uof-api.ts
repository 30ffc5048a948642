/**
 * The Unified Odds Feed's HTTP API, as the AMQP adapter uses it: recovery requests
 * (POST /v1/{product}/recovery/initiate_request?after=…&request_id=…&node_id=…), a match's
 * fixture and the market descriptions. Every call sends the `x-access-token` header.
 */
export class UofApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UofApiError";
  }
}

/** UOF product ids → their names in the API's paths. */
export const PRODUCT_PATHS: Record<number, string> = {
  1: "liveodds",
  3: "pre",
  4: "betpal",
  5: "premium_cricket",
  6: "vf",
  7: "wns",
  8: "vbl",
  9: "vto",
  10: "vdr",
  11: "vhc",
  12: "vti",
  14: "vci",
};
/** How far back UOF recovers from a timestamp: older than this, a full recovery (no `after`). */
export const RECOVERY_WINDOW_MS = 72 * 3600_000;

export class UofApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call(method: "GET" | "POST", path: string): Promise<string> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: { "x-access-token": this.token, accept: "application/xml" },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok)
      throw new UofApiError(`UOF API ${method} ${path}: ${res.status} ${text.slice(0, 200)}`, res.status);
    return text;
  }

  /**
   * Ask the feed to send again what changed after `after` (ms; null: the whole current state) for
   * one product; the messages come on AMQP with this request id, ended by a snapshot_complete.
   */
  async initiateRecovery(product: number, after: number | null, requestId: number, nodeId?: number) {
    const name = PRODUCT_PATHS[product];
    if (!name) throw new UofApiError(`unknown UOF product ${product}`, 0);
    const q = new URLSearchParams();
    if (after !== null) q.set("after", String(after));
    q.set("request_id", String(requestId));
    if (nodeId !== undefined) q.set("node_id", String(nodeId));
    await this.call("POST", `/v1/${name}/recovery/initiate_request?${q}`);
  }

  fixture(eventUrn: string): Promise<string> {
    return this.call("GET", `/v1/sports/en/sport_events/${encodeURIComponent(eventUrn)}/fixture.xml`);
  }

  marketDescriptions(): Promise<string> {
    return this.call("GET", "/v1/descriptions/en/markets.xml");
  }
}
