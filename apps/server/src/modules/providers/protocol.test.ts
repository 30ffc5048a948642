import { formatMinor } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchTokens, providerClients } from "../../db/schema/providers.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { BALANCE_CHANNEL, postAndNotify } from "../ledger/notify.ts";
import { issueLaunchToken, LAUNCH_CLAIM_WINDOW_MS, LAUNCH_TOKEN_TTL_MS, signProvider } from "./service.ts";

const SECRET = "vendor-secret-for-tests-0123456789";

describe("provider protocol (platform side)", () => {
  let t: TestApp;
  let playerId = 0;
  let token = "";
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(providerClients).values({ vendor: "PNS", secret: SECRET });
    const v = (
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/register",
        payload: {
          username: "Slotty01",
          password: "secret123",
          confirmPassword: "secret123",
          ageConfirmed: true,
          agree: true,
          humanCheck: await solvedHumanCheck(t.app),
        },
      })
    ).json().value;
    playerId = v.customerId;
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "seed-slotty",
      type: "deposit",
      memberId: playerId,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -10_000n },
        { account: { member: playerId, kind: "main", currency: "PHP" }, amount: 10_000n },
      ],
    });
    token = await issueLaunchToken(t.app.ctx, playerId, "PNS");
  });
  afterAll(async () => t.close());

  const call = async (
    name: string,
    body: Record<string, unknown>,
    opts: { secret?: string; at?: number } = {},
  ) => {
    const raw = JSON.stringify({ requestId: `r${++seq}`, ...body });
    const res = await t.app.inject({
      method: "POST",
      url: `/provider/PNS/${name}`,
      headers: {
        "content-type": "application/json",
        "x-signature": signProvider(opts.secret ?? SECRET, raw, opts.at),
        "x-lang": "EN",
      },
      payload: raw,
    });
    return res.json();
  };
  const bet = (transactionId: string, amount: string, roundId = transactionId) =>
    call("debit", { token, playerId, transactionId, roundId, amount, roundClosed: false });

  it("authenticates the launch token and answers the balance", async () => {
    const a = await call("authenticate", { token });
    expect(a.value).toMatchObject({ playerId, currency: "PHP", balance: "100.00" });
    const bad = await call("authenticate", { token: "not-a-real-token-123" });
    expect(bad).toMatchObject({ success: false, code: "INVALID_TOKEN" });
  });

  it("refuses bad signatures and stale timestamps", async () => {
    expect((await call("balance", { playerId }, { secret: "wrong" })).code).toBe("INVALID_SIGNATURE");
    expect((await call("balance", { playerId }, { at: Math.floor(Date.now() / 1000) - 3600 })).code).toBe(
      "INVALID_SIGNATURE",
    );
    expect((await call("balance", { playerId })).value.balance).toBe("100.00");
  });

  it("applies a bet once, answers a retry with the first answer, and a changed retry with DUPLICATE_MISMATCH", async () => {
    const first = await bet("b-1", "10.00");
    expect(first.value.balance).toBe("90.00");
    const again = await bet("b-1", "10.00");
    expect(again.value).toEqual({ ...first.value, requestId: again.value.requestId });
    const changed = await bet("b-1", "11.00");
    expect(changed).toMatchObject({ success: false, code: "DUPLICATE_MISMATCH", balance: "90.00" });
  });

  it("refuses a bet above the balance, telling the balance", async () => {
    const r = await bet("b-big", "1000.00");
    expect(r).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS", balance: "90.00" });
  });

  it("pays a win against its bet once, and refuses a win for an unknown bet", async () => {
    const win = await call("credit", {
      playerId,
      transactionId: "w-1",
      roundId: "b-1",
      amount: "25.00",
      betTransactionId: "b-1",
      roundClosed: true,
    });
    expect(win.value.balance).toBe("115.00");
    const dup = await call("credit", {
      playerId,
      transactionId: "w-1",
      roundId: "b-1",
      amount: "25.00",
      betTransactionId: "b-1",
      roundClosed: true,
    });
    expect(dup.value.balance).toBe("115.00");
    const orphan = await call("credit", {
      playerId,
      transactionId: "w-2",
      roundId: "x",
      amount: "5.00",
      betTransactionId: "nope",
      roundClosed: true,
    });
    expect(orphan).toMatchObject({ code: "TRANSACTION_NOT_FOUND", balance: "115.00" });
  });

  it("rolls back a bet, and refuses a rollback of a bet already won", async () => {
    await bet("b-2", "15.00");
    const rb = await call("rollback", {
      playerId,
      transactionId: "rb-1",
      roundId: "b-2",
      refTransactionId: "b-2",
      amount: "15.00",
    });
    expect(rb.value.balance).toBe("115.00");
    const won = await call("rollback", {
      playerId,
      transactionId: "rb-2",
      roundId: "b-1",
      refTransactionId: "b-1",
      amount: "10.00",
    });
    expect(won.code).toBe("ROLLBACK_NOT_ALLOWED");
    const winAfter = await call("credit", {
      playerId,
      transactionId: "w-3",
      roundId: "b-2",
      amount: "5.00",
      betTransactionId: "b-2",
      roundClosed: true,
    });
    expect(winAfter.code).toBe("BET_ROLLED_BACK");
  });

  it("reverses a win as far as the balance goes, once; the bet may be rolled back after", async () => {
    // A player of its own (the other tests count on the first one's balance).
    const p = (
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/register",
        payload: {
          username: "Reverser01",
          password: "secret123",
          confirmPassword: "secret123",
          ageConfirmed: true,
          agree: true,
          humanCheck: await solvedHumanCheck(t.app),
        },
      })
    ).json().value.customerId as number;
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "seed-reverser",
      type: "deposit",
      memberId: p,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -10_000n },
        { account: { member: p, kind: "main", currency: "PHP" }, amount: 10_000n },
      ],
    });
    const pToken = await issueLaunchToken(t.app.ctx, p, "PNS");
    const pBet = (transactionId: string, amount: string) =>
      call("debit", {
        token: pToken,
        playerId: p,
        transactionId,
        roundId: transactionId,
        amount,
        roundClosed: false,
      });
    const minor = (text: string) => BigInt(text.replace(".", ""));
    const balanceNow = async () => minor((await call("balance", { playerId: p })).value.balance);
    const start = await balanceNow();
    expect((await pBet("rv-b1", "1.00")).success).toBe(true);
    const win = { playerId: p, roundId: "rv-b1", betTransactionId: "rv-b1", roundClosed: true };
    expect((await call("credit", { ...win, transactionId: "rv-w1", amount: "5.00" })).success).toBe(true);
    // The member spends all but ₱2.00 of it elsewhere before the win is taken back.
    const spend = start + 400n - 200n;
    expect((await pBet("rv-spend", formatMinor(spend))).success).toBe(true);
    const rev = { playerId: p, roundId: "rv-b1", refTransactionId: "rv-w1" };
    const tooMuch = await call("reverse", { ...rev, transactionId: "rv-r0", amount: "5.01" });
    expect(tooMuch).toMatchObject({ success: false, code: "REVERSE_TOO_LARGE" });
    // Never below zero: ₱2.00 is taken, the other ₱3.00 is the vendor's to recover.
    const first = await call("reverse", { ...rev, transactionId: "rv-r1", amount: "5.00" });
    expect(first.value).toMatchObject({ transactionId: "rv-r1", taken: "2.00", balance: "0.00" });
    // A retry answers the same; a second reversal under another id answers the first one's answer.
    expect((await call("reverse", { ...rev, transactionId: "rv-r1", amount: "5.00" })).value).toMatchObject({
      transactionId: "rv-r1",
      taken: "2.00",
    });
    expect((await call("reverse", { ...rev, transactionId: "rv-r2", amount: "5.00" })).value).toMatchObject({
      transactionId: "rv-r1",
      taken: "2.00",
    });
    expect(await balanceNow()).toBe(0n);
    // A reversal names a win or a rollback of the member's round, nothing else.
    const ofBet = await call("reverse", {
      ...rev,
      refTransactionId: "rv-b1",
      transactionId: "rv-r3",
      amount: "1.00",
    });
    expect(ofBet.code).toBe("TRANSACTION_NOT_FOUND");
    // Its win taken back, the bet has no outcome that stands: it may be rolled back (void).
    const rb = await call("rollback", {
      playerId: p,
      transactionId: "rv-rb",
      roundId: "rv-b1",
      refTransactionId: "rv-b1",
    });
    expect(rb.value.balance).toBe("1.00");
    await call("rollback", {
      playerId: p,
      transactionId: "rv-rb2",
      roundId: "rv-spend",
      refTransactionId: "rv-spend",
    });
    expect(await balanceNow()).toBe(start + 300n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("acknowledges a rollback that arrives before its bet, then refuses the late bet", async () => {
    const early = await call("rollback", {
      playerId,
      transactionId: "rb-3",
      roundId: "late",
      refTransactionId: "b-late",
      amount: "20.00",
    });
    expect(early.value.balance).toBe("115.00");
    const late = await bet("b-late", "20.00", "late");
    expect(late).toMatchObject({ success: false, code: "BET_ROLLED_BACK", balance: "115.00" });
  });

  it("accepts wins after the launch token expired (a started round may finish)", async () => {
    await bet("b-3", "5.00");
    await t.database.exec("UPDATE launch_tokens SET expires_at = now() - interval '1 hour'");
    const win = await call("credit", {
      playerId,
      transactionId: "w-4",
      roundId: "b-3",
      amount: "7.50",
      betTransactionId: "b-3",
      roundClosed: true,
    });
    expect(win.value.balance).toBe("117.50");
    expect((await bet("b-4", "1.00")).code).toBe("INVALID_TOKEN");
  });

  it("settles concurrent copies of one bet exactly once", async () => {
    token = await issueLaunchToken(t.app.ctx, playerId, "PNS");
    const copies = await Promise.all(Array.from({ length: 8 }, () => bet("b-race", "2.50")));
    expect(new Set(copies.map((c) => c.value?.balance))).toEqual(new Set(["115.00"]));
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("lets a launch token open one game session only, and only soon after the launch", async () => {
    // A launch left unopened for more than five minutes cannot be opened at all.
    const late = await issueLaunchToken(t.app.ctx, playerId, "PNS");
    await t.database.db
      .update(launchTokens)
      .set({ expiresAt: new Date(Date.now() + LAUNCH_TOKEN_TTL_MS - LAUNCH_CLAIM_WINDOW_MS - 1000) })
      .where(eq(launchTokens.tokenHash, tokenHash(late)));
    expect(await call("authenticate", { token: late })).toMatchObject({
      success: false,
      code: "INVALID_TOKEN",
    });
    // A fresh launch opens once; the session's bets keep presenting its token.
    const fresh = await issueLaunchToken(t.app.ctx, playerId, "PNS");
    expect(await call("authenticate", { token: fresh })).toMatchObject({ success: true });
    expect(await call("authenticate", { token: fresh })).toMatchObject({ code: "INVALID_TOKEN" });
    token = fresh;
    expect(await bet("b-after-claim", "1.00")).toMatchObject({ success: true });
  });
  it("tells the member's screens of a round settled with a 0.00 win, once: its wagering counted", async () => {
    // What this process publishes on the balance channel (delivery is the store's business: a
    // real Redis may deliver late, so the publishes themselves are counted).
    const store = t.app.ctx.store;
    const publish = store.publish.bind(store);
    const news: string[] = [];
    const spy = vi.spyOn(store, "publish").mockImplementation((channel: string, message: string) => {
      if (channel === BALANCE_CHANNEL) news.push(message);
      return publish(channel, message);
    });
    try {
      expect(await bet("b-lost", "1.00")).toMatchObject({ success: true });
      expect(news).toEqual([String(playerId)]); // the bet's own news
      const settle = () =>
        call("credit", {
          playerId,
          transactionId: "w-lost",
          roundId: "b-lost",
          amount: "0.00",
          betTransactionId: "b-lost",
          roundClosed: true,
        });
      expect(await settle()).toMatchObject({ success: true });
      expect(news).toEqual([String(playerId), String(playerId)]);
      // A repeat of the settlement changes nothing and is no news.
      expect(await settle()).toMatchObject({ success: true });
      expect(news).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});
