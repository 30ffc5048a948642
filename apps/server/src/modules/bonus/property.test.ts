import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { tokenHash } from "../../lib/passwords.ts";
import {
  balances,
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
 * Random sequences of deposits, bets, wins, rollbacks, claims, expiries and withdrawals
 * against a model of the bonus rules written down in migration 0801: after every
 * step the member's main, bonus and hold balances are exactly the model's, the ledger
 * reconciles, and main never holds bonus money that was not released by completed wagering.
 */
type Op =
  | { k: "deposit"; a: number }
  | { k: "claim"; a: number }
  | { k: "bet"; a: number }
  | { k: "win"; bet: number; a: number }
  | { k: "rollback"; bet: number }
  | { k: "expire" }
  | { k: "withdraw"; a: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant("deposit" as const), a: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ k: fc.constant("claim" as const), a: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ k: fc.constant("bet" as const), a: fc.integer({ min: 1, max: 25_000 }) }),
  fc.record({ k: fc.constant("win" as const), bet: fc.nat(9), a: fc.integer({ min: 0, max: 60_000 }) }),
  fc.record({ k: fc.constant("rollback" as const), bet: fc.nat(9) }),
  fc.constant({ k: "expire" as const }),
  fc.record({ k: fc.constant("withdraw" as const), a: fc.integer({ min: 10_000, max: 40_000 }) }),
);

interface ModelBet {
  tid: string;
  amount: bigint;
  bonusPart: bigint;
  bonusId: number | null;
  won: boolean;
  rolledBack: boolean;
}
interface ModelBonus {
  id: number;
  state: "active" | "completed" | "expired" | "forfeited";
  required: bigint;
  wagered: bigint;
}

describe("bonus wallet against its model (fast-check)", () => {
  let t: TestApp;
  let rule = 0;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await enableVendor(t);
    // Wagering 2× the bonus, every game at 100 %, a cap of 150.00 on what a bonus turns into.
    rule = await makeRule(t, { multiple: 2, maxConversion: 15_000n, forfeit: true, household: false });
  });
  afterAll(async () => t.close());

  const move = async (
    kind: string,
    playerId: number,
    tid: string,
    amount: bigint,
    ref: string | null,
    token: string | null,
  ) => {
    const [row] = await queryRows<{ r: { answer?: unknown; error?: string } }>(
      t.database.db,
      sql`SELECT provider_move('PNS', ${kind}, ${tid}, ${`round-${ref ?? tid}`}, ${playerId}, ${amount.toString()}::bigint,
            ${ref}, ${token ? tokenHash(token) : null}, NULL, ${`${kind}:${tid}:${amount}`}, now()) AS r`,
    );
    return row?.r ?? {};
  };

  it("keeps the ledger's invariants and never lets bonus money out as cash before wagering is met", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const run = ++n;
        const p = await registerPlayer(t, `Prop${String(run).padStart(5, "0")}`);
        const token = await launch(t, p.id);
        await setTxPassword(t.app.ctx, p.id, undefined, "246810");
        await t.database.db.execute(
          sql`INSERT INTO payout_accounts (member_id, kind, provider, account_name, account_number)
              VALUES (${p.id}, 'ewallet', 'gcash', 'Prop', ${`0918${run}`})`,
        );
        const [acc] = await queryRows<{ id: string }>(
          t.database.db,
          sql`SELECT id FROM payout_accounts WHERE member_id = ${p.id}`,
        );
        const m = { main: 0n, bonus: 0n, hold: 0n };
        const bets: ModelBet[] = [];
        const bonuses: ModelBonus[] = [];
        const active = () => bonuses.find((b) => b.state === "active");
        const settleBonusShare = (b: ModelBonus | undefined, share: bigint) => {
          if (b?.state === "active") m.bonus += share;
          else if (b?.state === "completed") m.main += share;
        };
        let step = 0;
        for (const o of ops) {
          step++;
          const key = `${run}-${step}`;
          if (o.k === "deposit") {
            await fund(t, p.id, BigInt(o.a), `prop-fund-${key}`);
            m.main += BigInt(o.a);
          } else if (o.k === "claim") {
            const had = active();
            const out = await grant(t, p.id, rule, BigInt(o.a), `prop:${key}`).catch(
              (e: { code?: string }) => e.code,
            );
            if (had) expect(out).toBe("BONUS_ALREADY_ACTIVE");
            else if (typeof out === "object") {
              bonuses.push({ id: out.bonusId, state: "active", required: 2n * BigInt(o.a), wagered: 0n });
              m.bonus += BigInt(o.a);
            }
          } else if (o.k === "bet") {
            const a = BigInt(o.a);
            const b = active();
            const r = await move("bet", p.id, `pb-${key}`, a, null, token);
            const fits = m.main + (b ? m.bonus : 0n) >= a;
            expect(Boolean(r.answer)).toBe(fits);
            if (fits) {
              const mainPart = m.main < a ? m.main : a;
              const bonusPart = b ? a - mainPart : 0n;
              m.main -= mainPart;
              m.bonus -= bonusPart;
              bets.push({
                tid: `pb-${key}`,
                amount: a,
                bonusPart,
                bonusId: b?.id ?? null,
                won: false,
                rolledBack: false,
              });
            }
          } else if (o.k === "win") {
            const bet = bets[o.bet % Math.max(bets.length, 1)];
            if (!bet) continue;
            const a = BigInt(o.a);
            const r = await move("win", p.id, `pw-${key}`, a, bet.tid, null);
            expect(Boolean(r.answer)).toBe(!bet.rolledBack);
            if (bet.rolledBack) continue;
            const share = bet.bonusPart > 0n ? (a * bet.bonusPart) / bet.amount : 0n;
            m.main += a - share;
            settleBonusShare(
              bonuses.find((x) => x.id === bet.bonusId),
              share,
            );
            const b = active();
            if (!bet.won && b && b.id === bet.bonusId) {
              b.wagered += bet.amount;
              if (b.wagered >= b.required) {
                const release = m.bonus < 15_000n ? m.bonus : 15_000n;
                m.main += release;
                m.bonus = 0n;
                b.state = "completed";
              }
            }
            bet.won = true;
          } else if (o.k === "rollback") {
            const bet = bets[o.bet % Math.max(bets.length, 1)];
            if (!bet) continue;
            const r = await move("rollback", p.id, `pr-${key}`, 0n, bet.tid, null);
            expect(Boolean(r.answer)).toBe(!bet.won);
            if (bet.won || bet.rolledBack) continue;
            m.main += bet.amount - bet.bonusPart;
            settleBonusShare(
              bonuses.find((x) => x.id === bet.bonusId),
              bet.bonusPart,
            );
            bet.rolledBack = true;
          } else if (o.k === "expire") {
            await t.database.db.execute(
              sql`UPDATE member_bonuses SET expires_at = now() - interval '1 second' WHERE member_id = ${p.id} AND state = 'active'`,
            );
            await expireBonuses(t.app.ctx);
            const b = active();
            if (b) {
              b.state = "expired";
              m.bonus = 0n;
            }
          } else {
            const a = BigInt(o.a);
            const ok = await requestWithdrawal(t.app.ctx, p.id, {
              amount: a,
              payoutAccountId: Number(acc?.id),
              transactionPassword: "246810",
              requestId: `prop-wd-${key}`,
            }).then(
              () => true,
              () => false,
            );
            // Refused for funds: nothing happened, the forfeit neither (one transaction).
            expect(ok).toBe(m.main >= a);
            if (ok) {
              const b = active();
              if (b && b.wagered < b.required) {
                b.state = "forfeited";
                m.bonus = 0n;
              }
              m.main -= a;
              m.hold += a;
            }
          }
          expect(await balances(t, p.id)).toEqual(m);
        }
        // Cash out of main: only deposits, real money's share of wins and rollbacks, and
        // completed bonuses' releases ever fed it — the model above is exactly that.
        expect((await reconcile(t.database.db)).ok).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
