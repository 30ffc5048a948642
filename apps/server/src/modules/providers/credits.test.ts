import { parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { providerClients } from "../../db/schema/providers.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { post, reconcile } from "../ledger/ledger.ts";
import { forgetProviderClients, issueLaunchToken, signProvider } from "./service.ts";

/**
 * The protocol's batched `credits` call (provider_credits): each credit as a `credit` alone —
 * idempotent by its own transaction id, every rule of provider_move — many in one request and
 * one transaction.
 */
const SECRET = "vendor-secret-for-credits-0123456789";
const VENDOR = "PNB";

describe("the batched credits call", () => {
  let t: TestApp;
  let seq = 0;
  let players = 0;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(providerClients).values({ vendor: VENDOR, secret: SECRET });
  });
  afterAll(async () => t.close());

  const call = async (name: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ requestId: `r${++seq}`, ...body });
    const res = await t.app.inject({
      method: "POST",
      url: `/provider/${VENDOR}/${name}`,
      headers: { "content-type": "application/json", "x-signature": signProvider(SECRET, raw) },
      payload: raw,
    });
    return res.json();
  };
  const newPlayer = async (balance: string) => {
    const [m] = await t.app.ctx.db
      .insert(members)
      .values({ username: `credits${String(++players).padStart(3, "0")}` })
      .returning({ id: members.id });
    if (!m) throw new Error("member not created");
    const amount = parseMoney(balance) ?? 0n;
    await post(t.app.ctx.db, {
      idempotencyKey: `credits-fund-${m.id}`,
      type: "deposit",
      memberId: m.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -amount },
        { account: { member: m.id, kind: "main", currency: "PHP" }, amount },
      ],
    });
    tokens.set(m.id, await issueLaunchToken(t.app.ctx, m.id, VENDOR));
    return m.id;
  };
  const bet = async (playerId: number, id: string, amount: string) => {
    const r = await call("debit", {
      token: tokens.get(playerId),
      playerId,
      transactionId: `b:${id}`,
      roundId: `round-${id}`,
      amount,
    });
    expect(r.success, JSON.stringify(r)).toBe(true);
  };
  const win = (playerId: number, id: string, amount: string, tid = `w:${id}`) => ({
    playerId,
    transactionId: tid,
    roundId: `round-${id}`,
    betTransactionId: `b:${id}`,
    amount,
    roundClosed: true,
  });
  const credits = (items: Array<Record<string, unknown>>) => call("credits", { credits: items });
  const balanceOf = async (playerId: number) => (await call("balance", { playerId })).value.balance as string;
  const wins = async (tid: string) =>
    (
      await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`SELECT count(*)::int AS n FROM provider_transactions WHERE vendor = ${VENDOR} AND transaction_id = ${tid}`,
      )
    )[0]?.n;
  const balanced = async () => {
    const r = await reconcile(t.app.ctx.db);
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  it("pays each credit of a batch once, answers them in order, and a retried batch moves nothing", async () => {
    const a = await newPlayer("100.00");
    const b = await newPlayer("100.00");
    await bet(a, "a1", "10.00");
    await bet(a, "a2", "10.00");
    await bet(b, "b1", "5.00");
    // b's credit first in the request, a's two after: each answers its own balance after it.
    const items = [win(b, "b1", "0.00"), win(a, "a1", "25.00"), win(a, "a2", "7.50")];
    const first = await credits(items);
    expect(first.success).toBe(true);
    expect(first.value.results).toEqual([
      {
        transactionId: "w:b1",
        success: true,
        value: expect.objectContaining({ playerId: b, balance: "95.00" }),
      },
      {
        transactionId: "w:a1",
        success: true,
        value: expect.objectContaining({ playerId: a, balance: "105.00" }),
      },
      {
        transactionId: "w:a2",
        success: true,
        value: expect.objectContaining({ playerId: a, balance: "112.50" }),
      },
    ]);
    const again = await credits(items);
    expect(again.value.results.map((r: { value: unknown }) => r.value)).toEqual(
      first.value.results.map((r: { value: unknown }) => r.value),
    );
    expect(await balanceOf(a)).toBe("112.50");
    expect(await balanceOf(b)).toBe("95.00");
    expect(await wins("w:a1")).toBe(1);
    // The loss closed b's round: a rollback of the bet is refused now, as after a credit alone.
    const rb = await call("rollback", {
      playerId: b,
      transactionId: "rb:b1",
      roundId: "round-b1",
      refTransactionId: "b:b1",
      amount: "5.00",
    });
    expect(rb).toMatchObject({ success: false, code: "ROLLBACK_NOT_ALLOWED" });
    await balanced();
  });

  it("applies only the new credits of a partly repeated batch; a changed one is DUPLICATE_MISMATCH", async () => {
    const a = await newPlayer("50.00");
    for (const id of ["p1", "p2", "p3"]) await bet(a, id, "10.00");
    const one = await credits([win(a, "p1", "20.00")]);
    expect(one.value.results[0]).toMatchObject({ success: true, value: { balance: "40.00" } });
    const mixed = await credits([
      win(a, "p1", "20.00"),
      win(a, "p2", "15.00"),
      win(a, "p3", "99.00", "w:p1"),
    ]);
    expect(mixed.value.results).toEqual([
      expect.objectContaining({ success: true, value: expect.objectContaining({ balance: "40.00" }) }),
      expect.objectContaining({ success: true, value: expect.objectContaining({ balance: "55.00" }) }),
      expect.objectContaining({ success: false, code: "DUPLICATE_MISMATCH" }),
    ]);
    expect(await balanceOf(a)).toBe("55.00");
    // The same transaction id twice in one batch: paid once, the second answers the first.
    const twice = await credits([win(a, "p3", "5.00"), win(a, "p3", "5.00")]);
    expect(twice.value.results[0]).toMatchObject({ success: true, value: { balance: "60.00" } });
    expect(twice.value.results[1]).toEqual(twice.value.results[0]);
    expect(await balanceOf(a)).toBe("60.00");
    await balanced();
  });

  it("keeps each credit's own refusal inside a batch and pays the others", async () => {
    const a = await newPlayer("50.00");
    const other = await newPlayer("50.00");
    await bet(a, "r1", "10.00");
    await bet(a, "r2", "10.00");
    await bet(other, "r3", "10.00");
    const rb = await call("rollback", {
      playerId: a,
      transactionId: "rb:r2",
      roundId: "round-r2",
      refTransactionId: "b:r2",
      amount: "10.00",
    });
    expect(rb.success).toBe(true);
    const res = await credits([
      win(a, "r1", "12.00"),
      win(a, "r2", "30.00"), // rolled back
      { ...win(a, "r3", "30.00"), transactionId: "w:steal" }, // another player's bet
      { ...win(a, "r1", "1.00"), transactionId: "w:r1-other-round", roundId: "round-x" },
      { ...win(a, "nobet", "1.00") },
    ]);
    expect(res.value.results.map((r: { success: boolean; code?: string }) => r.code ?? "ok")).toEqual([
      "ok",
      "BET_ROLLED_BACK",
      "TRANSACTION_NOT_FOUND",
      "ROUND_MISMATCH",
      "TRANSACTION_NOT_FOUND",
    ]);
    expect(await balanceOf(a)).toBe("52.00");
    // A refusal is kept: the same credit again is refused again.
    const again = await credits([win(a, "r2", "30.00")]);
    expect(again.value.results[0]).toMatchObject({ success: false, code: "BET_ROLLED_BACK" });
    await balanced();
  });

  it("holds a win above the vendor's maximum inside a batch and pays the rest", async () => {
    await t.app.ctx.db.execute(
      sql`UPDATE provider_clients SET max_win_amount = 100000 WHERE vendor = ${VENDOR}`,
    );
    forgetProviderClients(t.app.ctx);
    try {
      const a = await newPlayer("100.00");
      await bet(a, "h1", "10.00");
      await bet(a, "h2", "10.00");
      await bet(a, "h3", "10.00");
      const res = await credits([win(a, "h1", "50.00"), win(a, "h2", "1500.00"), win(a, "h3", "0.00")]);
      expect(res.value.results[0]).toMatchObject({ success: true, value: { balance: "120.00" } });
      expect(res.value.results[1]).toMatchObject({ success: true, value: { held: true } });
      expect(res.value.results[2]).toMatchObject({ success: true });
      // Held: not in the wallet; a review waits for an operator.
      expect(await balanceOf(a)).toBe("120.00");
      const reviews = await queryRows<{ amount: string; status: string }>(
        t.app.ctx.db,
        sql`SELECT amount, status FROM provider_win_reviews WHERE vendor = ${VENDOR} AND transaction_id = 'w:h2'`,
      );
      expect(reviews.map((r) => [Number(r.amount), r.status])).toEqual([[150000, "pending"]]);
      const again = await credits([win(a, "h2", "1500.00")]);
      expect(again.value.results[0]).toMatchObject({ success: true, value: { held: true } });
      expect(
        (
          await queryRows<{ n: number }>(
            t.app.ctx.db,
            sql`SELECT count(*)::int AS n FROM provider_win_reviews WHERE vendor = ${VENDOR}`,
          )
        )[0]?.n,
      ).toBe(1);
      await balanced();
    } finally {
      await t.app.ctx.db.execute(
        sql`UPDATE provider_clients SET max_win_amount = NULL WHERE vendor = ${VENDOR}`,
      );
      forgetProviderClients(t.app.ctx);
    }
  });

  it("refuses a batch above the maximum size or with a malformed credit, moving nothing", async () => {
    const a = await newPlayer("10.00");
    await bet(a, "v1", "1.00");
    const bad = await credits([win(a, "v1", "2.00"), { ...win(a, "v1", "-1.00"), transactionId: "w:neg" }]);
    expect(bad).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(await wins("w:v1")).toBe(0);
    const big = await credits(
      Array.from({ length: 2001 }, (_, i) => ({ ...win(a, "v1", "0.00"), transactionId: `w:v1:${i}` })),
    );
    expect(big).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  });

  it("races: batches over different members crossing each other, and a rollback against a batch's credit", async () => {
    const rounds = process.env.TEST_DATABASE_URL ? 20 : 3;
    const ids = await Promise.all(Array.from({ length: 6 }, () => newPlayer("1000.00")));
    let expected = new Map<number, bigint>(ids.map((id) => [id, 100_000n]));
    for (let round = 0; round < rounds; round++) {
      const bets = ids.flatMap((p, i) => [0, 1].map((k) => ({ p, id: `x${round}:${i}:${k}` })));
      for (const b of bets) await bet(b.p, b.id, "10.00");
      expected = new Map([...expected].map(([p, v]) => [p, v - 2000n]));
      // Batch A names the members ascending, batch B descending, over each one's other bet; a
      // third sends A again. The first bet of member 0 is also rolled back at the same moment.
      const asc = bets.filter((_, n) => n % 2 === 0).map((b) => win(b.p, b.id, "3.00"));
      const desc = bets
        .filter((_, n) => n % 2 === 1)
        .reverse()
        .map((b) => win(b.p, b.id, "4.00"));
      const target = bets[0] as { p: number; id: string };
      const [ra, rb, ra2, rollback] = await Promise.all([
        credits(asc),
        credits(desc),
        credits(asc),
        call("rollback", {
          playerId: target.p,
          transactionId: `rb:${target.id}`,
          roundId: `round-${target.id}`,
          refTransactionId: `b:${target.id}`,
          amount: "10.00",
        }),
      ]);
      expect(rb.value.results.every((r: { success: boolean }) => r.success)).toBe(true);
      const creditWon = ra.value.results[0].success as boolean;
      // Exactly one of the credit and the rollback of that bet took effect.
      expect(creditWon).not.toBe(rollback.success);
      expect(ra2.value.results[0].success).toBe(creditWon);
      expect(ra.value.results.slice(1).every((r: { success: boolean }) => r.success)).toBe(true);
      for (const p of ids) expected.set(p, (expected.get(p) ?? 0n) + 300n + 400n);
      if (!creditWon) expected.set(target.p, (expected.get(target.p) ?? 0n) - 300n + 1000n);
      for (const p of ids)
        expect(parseMoney(await balanceOf(p)), `round ${round} player ${p}`).toBe(expected.get(p));
    }
    await balanced();
  });
});
