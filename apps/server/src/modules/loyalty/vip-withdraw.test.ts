import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { postAndNotify } from "../ledger/notify.ts";

/**
 * A VIP level's daily withdrawal limits (amount and count, Manila day) refuse
 * a request above them in the player's language, hold under the member's lock when requests
 * race (on PostgreSQL with TEST_DATABASE_URL they really run at once), and the limits call shows them.
 */
const nowMs = Date.parse("2026-03-05T04:00:00Z");
const clock = { now: () => new Date(nowMs) };

describe("VIP withdrawal limits", () => {
  let t: TestApp;
  const players: Record<string, { token: string; id: number; account: number }> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await t.database.db.execute(
      sql`INSERT INTO vip_levels (level, name, withdraw_daily_max, withdraw_daily_count)
          VALUES (2, 'Silver', 500000, 2)`,
    );
    for (const [i, username] of ["Vipwd01", "Vipwd02", "Vipwd03", "Plainwd1"].entries()) {
      const v = (
        await t.app.inject({
          method: "PUT",
          url: "/wps/member/register",
          payload: {
            username,
            password: "secret123",
            confirmPassword: "secret123",
            ageConfirmed: true,
            agree: true,
            humanCheck: await solvedHumanCheck(t.app),
          },
          remoteAddress: `10.9.0.${i + 1}`,
        })
      ).json().value;
      const id = Number(v.customerId);
      const h = { authorization: `Bearer ${v.token}`, "x-lang": "EN" };
      await postAndNotify(t.app.ctx, {
        idempotencyKey: `seed-dep-${id}`,
        type: "deposit",
        memberId: id,
        legs: [
          { account: { house: "cash", currency: "PHP" }, amount: -2_000_000n },
          { account: { member: id, kind: "main", currency: "PHP" }, amount: 2_000_000n },
        ],
      });
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/realName",
        headers: h,
        payload: { realName: "Vip Player" },
      });
      const acc = await t.app.inject({
        method: "POST",
        url: "/wps/member/payoutAccounts",
        headers: h,
        payload: {
          kind: "ewallet",
          provider: "GCASH",
          accountName: "Vip Player",
          accountNumber: `0917000${i}000`,
        },
      });
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/transactionPassword",
        headers: h,
        payload: { newTransactionPassword: "123456" },
      });
      players[username] = { token: v.token, id, account: acc.json().value.id };
      if (username !== "Plainwd1") {
        await t.database.db.execute(
          sql`INSERT INTO loyalty_members (member_id, vip_level) VALUES (${id}, 2)`,
        );
      }
    }
  }, 180_000);
  afterAll(async () => t.close());

  let seq = 0;
  const withdraw = (u: string, amount: string, lang = "EN") =>
    t.app
      .inject({
        method: "POST",
        url: "/wps/withdrawals",
        headers: { authorization: `Bearer ${players[u]?.token}`, "x-lang": lang },
        payload: {
          amount,
          payoutAccountId: players[u]?.account,
          transactionPassword: "123456",
          requestId: `vipwd-${++seq}-req`,
        },
      })
      .then((r) => r.json());
  const limits = (u: string) =>
    t.app
      .inject({
        method: "GET",
        url: "/wps/withdrawals/limits",
        headers: { authorization: `Bearer ${players[u]?.token}` },
      })
      .then((r) => r.json().value);

  const yesterday = (u: string) =>
    t.database.db.execute(
      sql`UPDATE withdrawals SET created_at = created_at - interval '1 day' WHERE member_id = ${players[u]?.id}`,
    );

  it("shows the level's daily limits and what today has used", async () => {
    expect(await limits("Vipwd01")).toMatchObject({
      vipLevel: 2,
      vipName: "Silver",
      dailyMax: "5000.00",
      dailyCount: 2,
      usedToday: "0.00",
      countToday: 0,
    });
    expect(await limits("Plainwd1")).toMatchObject({ vipLevel: 0, dailyMax: null, dailyCount: null });
  });

  it("refuses above the day's amount in the player's language; level 0 has no daily limit", async () => {
    expect((await withdraw("Vipwd01", "3000.00")).success).toBe(true);
    const over = await withdraw("Vipwd01", "2500.00");
    expect(over).toMatchObject({
      success: false,
      code: "WITHDRAW_DAILY_MAX",
      message: "Your level Silver may withdraw up to ₱5,000.00 a day; ₱2,000.00 is left today.",
    });
    const ty = await withdraw("Vipwd01", "2500.00", "TY");
    expect(ty.code).toBe("WITHDRAW_DAILY_MAX");
    expect(ty.message).toContain("₱2,000.00");
    expect(ty.message).not.toBe(over.message);
    expect((await withdraw("Vipwd01", "2000.00")).success).toBe(true);
    expect(await limits("Vipwd01")).toMatchObject({ usedToday: "5000.00", countToday: 2 });
    // Level 0 sets no daily limit.
    expect((await withdraw("Plainwd1", "6000.00")).success).toBe(true);
    expect((await withdraw("Plainwd1", "6000.00")).success).toBe(true);
    expect((await withdraw("Plainwd1", "6000.00")).success).toBe(true);
  });

  it("refuses a third withdrawal of the day, and allows it again the next Manila day", async () => {
    expect((await withdraw("Vipwd02", "100.00")).success).toBe(true);
    expect((await withdraw("Vipwd02", "100.00")).success).toBe(true);
    expect(await withdraw("Vipwd02", "100.00")).toMatchObject({
      code: "WITHDRAW_DAILY_COUNT",
      message: "Your level Silver may make 2 withdrawals a day; try again tomorrow.",
    });
    // Yesterday's withdrawals (moved back a Manila day) do not count today.
    await yesterday("Vipwd02");
    expect((await withdraw("Vipwd02", "100.00")).success).toBe(true);
  });

  it("lets exactly one of two racing requests through when together they pass the day's max", async () => {
    // Two members at once, each with two requests of 3,000 against a 5,000 day.
    await yesterday("Vipwd01");
    const runs = await Promise.all(
      // Vipwd01's earlier ones moved to yesterday too.
      ["Vipwd03", "Vipwd01"].map((u) => Promise.all([withdraw(u, "3000.00"), withdraw(u, "3000.00")])),
    );
    for (const pair of runs) {
      expect(
        pair.filter((r) => r.success),
        JSON.stringify(pair),
      ).toHaveLength(1);
      expect(pair.find((r) => !r.success)?.code).toBe("WITHDRAW_DAILY_MAX");
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
