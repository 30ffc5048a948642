import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { tokenHash } from "../../lib/passwords.ts";
import {
  balances,
  bonusRow,
  enableVendor,
  fund,
  grant,
  launch,
  makeRule,
  registerPlayer,
} from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { requestWithdrawal, setTxPassword } from "../payments/withdrawals.ts";
import { expireBonuses } from "./service.ts";

/**
 * Bonus races on PostgreSQL: provider_move is called straight, each call on its own pool
 * connection, so only the database's locks decide the order (no in-process batching).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("bonus races on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await enableVendor(t);
  });
  afterAll(async () => t.close());

  type Move = { answer?: { balance: string }; error?: string };
  const move = async (
    kind: "bet" | "win" | "rollback",
    playerId: number,
    tid: string,
    round: string,
    amount: bigint,
    ref: string | null,
    token: string | null,
  ): Promise<Move> => {
    const [row] = await queryRows<{ r: Move }>(
      t.database.db,
      sql`SELECT provider_move('PNS', ${kind}, ${tid}, ${round}, ${playerId}, ${amount.toString()}::bigint, ${ref},
            ${token ? tokenHash(token) : null}, NULL, ${`${kind}:${tid}:${amount}`}, now()) AS r`,
    );
    return row?.r ?? {};
  };

  it("a win racing a rollback of bonus-funded bets gives each bet exactly one outcome, across members", async () => {
    const rule = await makeRule(t, { multiple: 50 });
    const players = [];
    for (let i = 0; i < 6; i++) {
      const p = await registerPlayer(t, `Racer${100 + i}`);
      await fund(t, p.id, 2_000n, `fund-racer-${i}`);
      await grant(t, p.id, rule, 8_000n, `race:grant:${i}`);
      const token = await launch(t, p.id);
      // 20.00 real + 40.00 bonus.
      expect((await move("bet", p.id, `rb-${i}`, `rr-${i}`, 6_000n, null, token)).answer).toBeDefined();
      players.push(p);
    }
    const results = await Promise.all(
      players.flatMap((p, i) => [
        move("win", p.id, `rw-${i}`, `rr-${i}`, 9_000n, `rb-${i}`, null),
        move("rollback", p.id, `rx-${i}`, `rr-${i}`, 0n, `rb-${i}`, null),
      ]),
    );
    for (const [i, p] of players.entries()) {
      const [w, r] = [results[2 * i], results[2 * i + 1]];
      const won = Boolean(w?.answer);
      expect(won).not.toBe(Boolean(r?.answer));
      const b = await balances(t, p.id);
      // Won: 90.00 split by the bet's parts (1/3 real, 2/3 bonus). Rolled back: each part home.
      expect(b).toEqual(
        won ? { main: 3_000n, bonus: 10_000n, hold: 0n } : { main: 2_000n, bonus: 8_000n, hold: 0n },
      );
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("wagering completion racing expiry ends the bonus exactly once", async () => {
    const rule = await makeRule(t, { multiple: 1 });
    const players = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t, `Racer${200 + i}`);
      await grant(t, p.id, rule, 5_000n, `race:expire:${i}`);
      const token = await launch(t, p.id);
      await move("bet", p.id, `eb-${i}`, `er-${i}`, 5_000n, null, token);
      players.push(p);
    }
    await t.database.db.execute(
      sql`UPDATE member_bonuses SET expires_at = now() - interval '1 second'
           WHERE source_key LIKE 'race:expire:%'`,
    );
    await Promise.all([
      expireBonuses(t.app.ctx),
      ...players.map((p, i) => move("win", p.id, `ew-${i}`, `er-${i}`, 6_000n, `eb-${i}`, null)),
    ]);
    for (const p of players) {
      const row = await bonusRow(t, p.id);
      const b = await balances(t, p.id);
      const ends = await queryRows<{ type: string }>(
        t.database.db,
        sql`SELECT type FROM ledger_transactions WHERE member_id = ${p.id} AND type IN ('bonus_release', 'bonus_expire')`,
      );
      expect(ends.length).toBeLessThanOrEqual(1);
      // Completed: the 60.00 won on bonus money became cash. Expired first: the win's bonus
      // share stayed with the house; either way no bonus money is left behind.
      if (row?.state === "completed") expect(b).toEqual({ main: 6_000n, bonus: 0n, hold: 0n });
      else {
        expect(row?.state).toBe("expired");
        expect(b).toEqual({ main: 0n, bonus: 0n, hold: 0n });
      }
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("a withdrawal request racing a bet that needs the bonus: never both", async () => {
    const rule = await makeRule(t, { multiple: 10, forfeit: true });
    const players = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t, `Racer${300 + i}`);
      await fund(t, p.id, 10_000n, `fund-racer-w-${i}`);
      await grant(t, p.id, rule, 5_000n, `race:wd:${i}`);
      await t.database.db.execute(
        sql`INSERT INTO payout_accounts (member_id, kind, provider, account_name, account_number)
            VALUES (${p.id}, 'ewallet', 'gcash', 'Racer', ${`0917000${300 + i}`})`,
      );
      await setTxPassword(t.app.ctx, p.id, undefined, "246810");
      const [acc] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM payout_accounts WHERE member_id = ${p.id}`,
      );
      players.push({ ...p, account: Number(acc?.id), launch: await launch(t, p.id) });
    }
    const outcomes = await Promise.all(
      players.map(async (p, i) => {
        const [w, b] = await Promise.allSettled([
          requestWithdrawal(t.app.ctx, p.id, {
            amount: 10_000n,
            payoutAccountId: p.account,
            transactionPassword: "246810",
            requestId: `race-wd-000${i}`,
          }),
          move("bet", p.id, `wb-${i}`, `wr-${i}`, 12_000n, null, p.launch),
        ]);
        return {
          withdrew: w.status === "fulfilled",
          bet: b.status === "fulfilled" && Boolean(b.value.answer),
        };
      }),
    );
    for (const [i, o] of outcomes.entries()) {
      const p = players[i];
      if (!p) continue;
      expect(o.withdrew && o.bet).toBe(false);
      expect(o.withdrew || o.bet).toBe(true);
      const b = await balances(t, p.id);
      if (o.withdrew) expect(b).toEqual({ main: 0n, bonus: 0n, hold: 10_000n });
      else expect(b).toEqual({ main: 0n, bonus: 3_000n, hold: 0n });
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
