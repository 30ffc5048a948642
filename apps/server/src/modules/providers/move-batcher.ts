import type { Database } from "../../db/client.ts";

/** One provider operation as provider_move (migration 0510) takes it. */
export interface MoveOp {
  vendor: string;
  kind: "bet" | "win" | "rollback" | "reverse";
  tid: string;
  round: string;
  player: number;
  /** minor units, as text */
  amount: string;
  ref: string | null;
  token: string | null;
  game: string | null;
  print: string;
}

const ONE_SQL =
  "SELECT provider_move($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9, $10, $11::timestamptz) AS r";
const MANY_SQL = "SELECT provider_moves($1::jsonb, $2::timestamptz) AS r";

/** At most this many operations share a transaction (a batch holds its member rows until it commits). */
export const MAX_BATCH = 48;
/** Batches in flight at once, each on its own connection. */
const MAX_IN_FLIGHT = 2;

interface Pending {
  op: MoveOp;
  resolve: (r: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Application-level group commit for provider operations: calls that arrive while earlier ones
 * are in the database wait and then go together, in one call of provider_moves and one commit.
 * No call waits for a timer: a lone call goes at once. Each operation keeps its own rules and
 * answer (provider_moves runs provider_move for each, in member order so that batches lock
 * member rows in ascending order and never deadlock). If a batch fails as a whole (a lost
 * connection, a deadlock the server broke), every operation in it is run again on its own —
 * safe, because each one is idempotent by its transaction id.
 */
export class MoveBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly database: Pick<Database, "prepared">,
    private readonly now: () => Date,
  ) {}

  run(op: MoveOp): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [p] = batch;
      if (p) await this.one(p);
      return;
    }
    let results: unknown[];
    try {
      const [row] = await this.database.prepared<{ r: unknown[] }>("provider_moves", MANY_SQL, [
        JSON.stringify(batch.map((p) => p.op)),
        this.now().toISOString(),
      ]);
      results = row?.r ?? [];
      if (results.length !== batch.length) throw new Error("provider_moves answered a short list");
    } catch {
      // Nothing of the batch committed (or all of it did): each one alone answers truly.
      await Promise.all(batch.map((p) => this.one(p)));
      return;
    }
    batch.forEach((p, i) => {
      p.resolve(results[i]);
    });
  }

  private async one(p: Pending): Promise<void> {
    const o = p.op;
    try {
      const [row] = await this.database.prepared<{ r: unknown }>("provider_move", ONE_SQL, [
        o.vendor,
        o.kind,
        o.tid,
        o.round,
        o.player,
        o.amount,
        o.ref,
        o.token,
        o.game,
        o.print,
        this.now().toISOString(),
      ]);
      p.resolve(row?.r);
    } catch (err) {
      p.reject(err);
    }
  }
}
