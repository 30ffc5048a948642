import type { Database } from "../../../db/client.ts";

/** One credit of a batch as provider_credits (db/functions/provider_credits.sql) takes it. */
export interface CreditOp {
  tid: string;
  round: string;
  player: number;
  /** minor units, as text */
  amount: string;
  ref: string;
  game: string | null;
  print: string;
}

const CREDITS_SQL = "SELECT provider_credits($1, $2::jsonb, $3::timestamptz) AS r";
const MOVES_SQL = "SELECT provider_moves($1::jsonb, $2::timestamptz) AS r";

/**
 * Apply a batch of one vendor's credits in one transaction (provider_credits: members locked in
 * ascending id order, the common credit set-based, every other one by provider_move). Answers
 * provider_move's result per op, in order. If the batch fails as a whole (a lost connection, a
 * conflict the server broke), it is applied again credit by credit (provider_moves, still in
 * member order) — safe, because every credit is idempotent by its transaction id.
 */
export async function applyCredits(
  database: Pick<Database, "prepared">,
  vendor: string,
  ops: CreditOp[],
  now: Date,
): Promise<unknown[]> {
  if (!ops.length) return [];
  try {
    const [row] = await database.prepared<{ r: unknown[] }>("provider_credits", CREDITS_SQL, [
      vendor,
      JSON.stringify(ops),
      now.toISOString(),
    ]);
    const out = row?.r ?? [];
    if (out.length === ops.length) return out;
  } catch {
    // Nothing of it committed: each credit on its own below answers truly.
  }
  const [row] = await database.prepared<{ r: unknown[] }>("provider_moves", MOVES_SQL, [
    JSON.stringify(
      ops.map((o) => ({
        vendor,
        kind: "win",
        tid: o.tid,
        round: o.round,
        player: o.player,
        amount: o.amount,
        ref: o.ref,
        token: null,
        game: o.game,
        print: o.print,
      })),
    ),
    now.toISOString(),
  ]);
  const out = row?.r ?? [];
  if (out.length !== ops.length) throw new Error("provider_moves answered a short list");
  return out;
}
