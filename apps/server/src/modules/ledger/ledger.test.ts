import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { type AccountRef, memberBalances, post, reconcile, transfer } from "./ledger.ts";

const PHP = "PHP";
const cash: AccountRef = { house: "cash", currency: PHP };
const main = (member: number): AccountRef => ({ member, kind: "main", currency: PHP });

describe("the ledger", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let ids: number[] = [];
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const rows = await database.db
      .insert(members)
      .values(Array.from({ length: 5 }, (_, i) => ({ username: `ledger${i}` })))
      .returning({ id: members.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => drop());

  const balanceOf = async (member: number) =>
    (await memberBalances(database.db, member)).find((b) => b.kind === "main" && b.currency === PHP)
      ?.balance ?? 0n;

  it("moves money in balanced transactions and never below zero", async () => {
    const [a = 0, b = 0] = ids;
    await transfer(database.db, {
      key: "dep-1",
      type: "deposit",
      from: cash,
      to: main(a),
      amount: 10_000n,
      memberId: a,
    });
    await transfer(database.db, {
      key: "t-1",
      type: "transfer",
      from: main(a),
      to: main(b),
      amount: 2_500n,
      memberId: a,
    });
    expect(await balanceOf(a)).toBe(7_500n);
    expect(await balanceOf(b)).toBe(2_500n);
    await expect(
      transfer(database.db, {
        key: "t-2",
        type: "transfer",
        from: main(b),
        to: main(a),
        amount: 2_501n,
        memberId: b,
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(b)).toBe(2_500n);
    // The refused movement left nothing behind, so its key can be used again once funds exist.
    await transfer(database.db, {
      key: "dep-2",
      type: "deposit",
      from: cash,
      to: main(b),
      amount: 1n,
      memberId: b,
    });
    await transfer(database.db, {
      key: "t-2",
      type: "transfer",
      from: main(b),
      to: main(a),
      amount: 2_501n,
      memberId: b,
    });
    expect(await balanceOf(b)).toBe(0n);
  });

  it("applies a retried key once and refuses the same key with other legs", async () => {
    const [, , c = 0] = ids;
    const dep = { key: "dep-retry", type: "deposit", from: cash, to: main(c), amount: 500n, memberId: c };
    const first = await transfer(database.db, dep);
    const again = await transfer(database.db, dep);
    expect(again.replayed).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect(await balanceOf(c)).toBe(500n);
    await expect(transfer(database.db, { ...dep, amount: 600n })).rejects.toMatchObject({
      code: "DUPLICATE_MISMATCH",
    });
  });

  it("refuses unbalanced, zero and mixed-currency movements", async () => {
    const [a = 0] = ids;
    const bad = (legs: Array<{ account: AccountRef; amount: bigint }>) =>
      post(database.db, { idempotencyKey: `bad-${Math.random()}`, type: "adjustment", legs });
    await expect(
      bad([
        { account: cash, amount: -5n },
        { account: main(a), amount: 4n },
      ]),
    ).rejects.toMatchObject({ code: "LEDGER_UNBALANCED" });
    await expect(
      bad([
        { account: cash, amount: 0n },
        { account: main(a), amount: 0n },
      ]),
    ).rejects.toMatchObject({ code: "LEDGER_UNBALANCED" });
    await expect(
      bad([
        { account: { house: "fun", currency: "FUN" }, amount: -5n },
        { account: main(a), amount: 5n },
      ]),
    ).rejects.toMatchObject({ code: "LEDGER_UNBALANCED" });
  });

  it("keeps every invariant over random sequences of movements (property)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom("deposit", "withdraw", "transfer", "retry"),
            from: fc.nat({ max: 4 }),
            to: fc.nat({ max: 4 }),
            amount: fc.bigInt({ min: 1n, max: 50_000n }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (ops) => {
          run += 1;
          const model = new Map<number, bigint>();
          for (const id of ids) model.set(id, await balanceOf(id));
          let last: Parameters<typeof transfer>[1] | null = null;
          for (const [i, o] of ops.entries()) {
            const from = ids[o.from] ?? 0;
            const to = ids[o.to] ?? 0;
            const key = `p${run}-${i}`;
            let move: Parameters<typeof transfer>[1] | null;
            if (o.op === "deposit")
              move = { key, type: "deposit", from: cash, to: main(to), amount: o.amount, memberId: to };
            else if (o.op === "withdraw")
              move = {
                key,
                type: "withdrawal",
                from: main(from),
                to: cash,
                amount: o.amount,
                memberId: from,
              };
            else if (o.op === "transfer" && from !== to)
              move = {
                key,
                type: "transfer",
                from: main(from),
                to: main(to),
                amount: o.amount,
                memberId: from,
              };
            else move = last; // a retry of the previous movement must change nothing
            if (!move) continue;
            const isRetry = move === last;
            try {
              await transfer(database.db, move);
              if (!isRetry) {
                if ("member" in move.from)
                  model.set(move.from.member, (model.get(move.from.member) ?? 0n) - move.amount);
                if ("member" in move.to)
                  model.set(move.to.member, (model.get(move.to.member) ?? 0n) + move.amount);
              }
            } catch (err) {
              expect((err as { code?: string }).code).toBe("INSUFFICIENT_FUNDS");
            }
            last = move;
          }
          for (const id of ids) {
            const actual = await balanceOf(id);
            expect(actual).toBe(model.get(id));
            expect(actual >= 0n).toBe(true);
          }
          const r = await reconcile(database.db);
          expect(r.ok, JSON.stringify(r)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("lets only as many concurrent withdrawals through as the balance allows", async () => {
    // A fresh member, so the random sequences above cannot change the starting balance.
    const [fresh] = await database.db
      .insert(members)
      .values({ username: "racer" })
      .returning({ id: members.id });
    const e = fresh?.id ?? 0;
    await transfer(database.db, {
      key: "race-dep",
      type: "deposit",
      from: cash,
      to: main(e),
      amount: 10_500n,
      memberId: e,
    });
    const start = await balanceOf(e);
    expect(start).toBe(10_500n);
    const attempts = Array.from({ length: 30 }, (_, i) =>
      transfer(database.db, {
        key: `race-w-${i}`,
        type: "withdrawal",
        from: main(e),
        to: cash,
        amount: 1_000n,
        memberId: e,
      }).then(
        () => "ok",
        (err: { code?: string }) => err.code,
      ),
    );
    const results = await Promise.all(attempts);
    const ok = results.filter((r) => r === "ok").length;
    expect(ok).toBe(Number(start / 1_000n));
    expect(results.filter((r) => r !== "ok").every((r) => r === "INSUFFICIENT_FUNDS")).toBe(true);
    expect(await balanceOf(e)).toBe(start % 1_000n);
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it("refuses to change or delete a ledger row", async () => {
    await expect(database.exec("UPDATE ledger_entries SET amount = amount + 1")).rejects.toThrow(/immutable/);
    await expect(database.exec("DELETE FROM ledger_transactions")).rejects.toThrow(/immutable/);
  });
});
