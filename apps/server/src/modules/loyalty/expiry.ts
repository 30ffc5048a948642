import type { AppContext } from "../../lib/context.ts";
import { postManyIn } from "../ledger/service.ts";
import { manilaDay, manilaStart } from "../reports/service.ts";
import { PTS, pointsLegs } from "./points.ts";
import { lockExpiryRun, pointsExpiryDays, pointsPastCutoff } from "./repo/points.ts";

/**
 * Points expiry, oldest first. Whatever leaves the points account (a
 * redemption, a conversion, an earlier expiry) is taken from the oldest points, so the points
 * still held from before the cutoff are
 *   expiring = max(0, earned before the cutoff − (spent and expired so far − returned))
 * and no more than the balance. Each member's expiry of a day is one ledger transaction
 * (points_expire, key points:expire:<member>:<day>), so a retried or doubled run expires once.
 */
export function expiringPoints(earnedBeforeCutoff: bigint, consumed: bigint, balance: bigint): bigint {
  const left = earnedBeforeCutoff - consumed;
  if (left <= 0n) return 0n;
  return left < balance ? left : balance;
}

const BATCH = 2000;

export async function expirePoints(ctx: AppContext): Promise<{ members: number; points: string }> {
  const at = ctx.clock.now();
  const s = await pointsExpiryDays(ctx.db);
  if (!s || s.expiry_days <= 0) return { members: 0, points: "0" };
  const day = manilaDay(at);
  // Points earned before the start of the Manila day `expiry_days` ago are past their time.
  const cutoff = new Date(manilaStart(day).getTime() - s.expiry_days * 86_400_000);
  // One run at a time across processes (the transaction's advisory lock): the second run
  // reads the balances the first left, so it finds nothing more to expire.
  return ctx.db.transaction(async (tx) => {
    await lockExpiryRun(tx);
    const due = await pointsPastCutoff(tx, cutoff, PTS);
    const todo = due.filter((d) => BigInt(d.amount) > 0n);
    let total = 0n;
    for (let i = 0; i < todo.length; i += BATCH) {
      const chunk = todo.slice(i, i + BATCH);
      await postManyIn(
        tx,
        chunk.map((d) => ({
          idempotencyKey: `points:expire:${d.member_id}:${day}`,
          type: "points_expire",
          reference: `expire:${day}`,
          memberId: Number(d.member_id),
          legs: pointsLegs(Number(d.member_id), -BigInt(d.amount)),
        })),
      );
      for (const d of chunk) total += BigInt(d.amount);
    }
    return { members: todo.length, points: total.toString() };
  });
}
