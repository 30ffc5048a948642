import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { memberBalances, post, reconcile } from "../ledger/ledger.ts";
import { credit, debit, issueLaunchToken } from "./service.ts";

/**
 * Many protocol calls at once go to the database in shared batches (MoveBatcher). Whatever the
 * batching, every call must get the answer it would get alone: each transaction applied once,
 * a refusal in a batch touching nobody else, no balance below zero. On PostgreSQL
 * (TEST_DATABASE_URL) the batches also run side by side and must not deadlock.
 */
describe("provider moves in shared batches", () => {
  let t: TestApp;
  const players: Array<{ id: number; token: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.database.db
      .insert(members)
      .values(Array.from({ length: 12 }, (_, i) => ({ username: `batch${i}` })))
      .returning({ id: members.id });
    for (const r of rows) {
      await post(t.database.db, {
        idempotencyKey: `batch-dep-${r.id}`,
        type: "deposit",
        memberId: r.id,
        legs: [
          { account: { house: "cash", currency: "PHP" }, amount: -1_000n },
          { account: { member: r.id, kind: "main", currency: "PHP" }, amount: 1_000n },
        ],
      });
      players.push({ id: r.id, token: await issueLaunchToken(t.app.ctx, r.id, "PNS") });
    }
  });
  afterAll(async () => t.close());

  it("answers each call as if it were alone, applies each once, and keeps every invariant", async () => {
    const ctx = t.app.ctx;
    // Each player: 15 bets of 1.00 (the balance covers 10), every bet sent twice at once, and a
    // win of 0.50 for each bet — all 12 players at the same time.
    const perPlayer = players.map(async (p) => {
      const bets = Array.from({ length: 15 }, (_, i) => {
        const input = {
          vendor: "PNS",
          playerId: p.id,
          transactionId: `bet-${p.id}-${i}`,
          roundId: `round-${p.id}-${i}`,
          amount: 100n,
          roundClosed: false,
          token: p.token,
        };
        return Promise.allSettled([debit(ctx, input), debit(ctx, input)]);
      });
      const settled = await Promise.all(bets);
      const accepted = settled.filter(([a]) => a.status === "fulfilled").length;
      // Both copies of a bet get the same answer.
      for (const [a, b] of settled) {
        expect(a.status).toBe(b.status);
        if (a.status === "fulfilled" && b.status === "fulfilled") expect(a.value).toEqual(b.value);
        if (a.status === "rejected") expect((a.reason as { code?: string }).code).toBe("INSUFFICIENT_FUNDS");
      }
      const wins = await Promise.all(
        settled.map(([a], i) =>
          a.status === "fulfilled"
            ? credit(ctx, {
                vendor: "PNS",
                playerId: p.id,
                transactionId: `win-${p.id}-${i}`,
                roundId: `round-${p.id}-${i}`,
                amount: 50n,
                roundClosed: true,
                refTransactionId: `bet-${p.id}-${i}`,
              })
            : null,
        ),
      );
      return { id: p.id, accepted, wins: wins.filter(Boolean).length };
    });
    const outcome = await Promise.all(perPlayer);
    for (const o of outcome) {
      // 10.00 covers exactly 10 bets of 1.00 when they all arrive before the wins.
      expect(o.accepted).toBe(10);
      expect(o.wins).toBe(10);
      const main = (await memberBalances(t.database.db, o.id)).find((b) => b.kind === "main");
      expect(main?.balance).toBe(1_000n - 10n * 100n + 10n * 50n);
    }
    const check = await reconcile(t.database.db);
    expect(check.ok).toBe(true);
  });
});
