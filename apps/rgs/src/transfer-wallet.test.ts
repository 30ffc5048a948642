import { randomUUID } from "node:crypto";
import { parseMoney } from "@panalo/contracts/money";
import type { RgsSession, RgsSpin } from "@panalo/contracts/rgs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { RgsError } from "./context.ts";
import type { ProtocolClient, Transport } from "./protocol-client.ts";
import { rounds, transferWallets, walletMoves } from "./schema.ts";
import { settlePending } from "./settle.ts";
import { spin } from "./spin.ts";
import {
  api,
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
  transferCall,
} from "./test-platform.ts";

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const GAME = "xpress-jeepney-rush"; // PNX, 20 lines, from 0.05 per line

type Env<T> = { success: boolean; code?: string; balance?: string; value: T };
type Done = { transferId: string; status: string; balance: string; version: number };
type Balance = { playerId: number; currency: string; balance: string; version: number };

describe("the transfer wallet of vendor PNX", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  let nextPlayer = 1_000_000;
  const move = (call: "deposit" | "withdraw", playerId: number, amount: string, transferId = randomUUID()) =>
    transferCall<Done>(t, call, { transferId, playerId, currency: "PHP", amount });
  const balance = async (playerId: number) =>
    (await transferCall<Balance>(t, "balance", { playerId, currency: "PHP" })).json.value;

  it("answers 0.00 at version 0 for a player never funded, then the deposit", async () => {
    const playerId = nextPlayer++;
    expect(await balance(playerId)).toEqual({ playerId, currency: "PHP", balance: "0.00", version: 0 });
    const d = await move("deposit", playerId, "25.5");
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ success: true, value: { status: "done", balance: "25.50", version: 1 } });
    expect(await balance(playerId)).toEqual({ playerId, currency: "PHP", balance: "25.50", version: 1 });
  });

  it("answers a repeated deposit with the first answer and moves nothing; other content is DUPLICATE_MISMATCH", async () => {
    const playerId = nextPlayer++;
    const id = randomUUID();
    const first = await move("deposit", playerId, "10.00", id);
    const again = await move("deposit", playerId, "10.00", id);
    expect(again.status).toBe(200);
    expect(again.json.value).toEqual(first.json.value);
    expect(await balance(playerId)).toMatchObject({ balance: "10.00", version: 1 });
    const other = await move("deposit", playerId, "11.00", id);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe("DUPLICATE_MISMATCH");
    const asWithdraw = await move("withdraw", playerId, "10.00", id);
    expect(asWithdraw.json.code).toBe("DUPLICATE_MISMATCH");
    expect(await balance(playerId)).toMatchObject({ balance: "10.00", version: 1 });
  });

  it("refuses a withdrawal above the balance with INSUFFICIENT_FUNDS and the balance, for good", async () => {
    const playerId = nextPlayer++;
    await move("deposit", playerId, "30.00");
    const id = randomUUID();
    const w = await move("withdraw", playerId, "30.01", id);
    expect(w.status).toBe(409);
    expect(w.json).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS", balance: "30.00" });
    expect(await balance(playerId)).toMatchObject({ balance: "30.00", version: 1 });
    // A refusal is an answer too: once the wallet would cover it, the same transfer is still
    // refused alike and moves nothing; its status is failed (and final).
    await move("deposit", playerId, "5.00");
    const again = await move("withdraw", playerId, "30.01", id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS", balance: "35.00" });
    expect(await balance(playerId)).toMatchObject({ balance: "35.00", version: 2 });
    expect((await move("withdraw", playerId, "1.00", id)).json).toMatchObject({ code: "TRANSFER_CANCELLED" });
    const s = await transferCall(t, "status", { transferId: id });
    expect(s.json.value).toEqual({ transferId: id, status: "failed" });
    await move("withdraw", playerId, "5.00");
    const none = await move("withdraw", nextPlayer++, "1.00");
    expect(none.json).toMatchObject({ code: "INSUFFICIENT_FUNDS", balance: "0.00" });
    const ok = await move("withdraw", playerId, "30.00");
    expect(ok.json.value).toMatchObject({ status: "done", balance: "0.00", version: 4 });
  });

  it("answers the status of a done transfer, and of one never seen `failed` for good", async () => {
    const playerId = nextPlayer++;
    const dep = randomUUID();
    await move("deposit", playerId, "40.00", dep);
    await move("withdraw", playerId, "15.00");
    const done = await transferCall(t, "status", { transferId: dep });
    expect(done.json.value).toEqual({
      transferId: dep,
      status: "done",
      kind: "deposit",
      amount: "40.00",
      balance: "40.00",
      version: 1,
    });
    const late = randomUUID();
    const s = await transferCall(t, "status", { transferId: late });
    expect(s.status).toBe(200);
    expect(s.json.value).toEqual({ transferId: late, status: "failed" });
    const d = await move("deposit", playerId, "5.00", late);
    expect(d.status).toBe(409);
    expect(d.json.code).toBe("TRANSFER_CANCELLED");
    expect((await transferCall(t, "status", { transferId: late })).json.value).toEqual({
      transferId: late,
      status: "failed",
    });
    expect(await balance(playerId)).toMatchObject({ balance: "25.00", version: 2 });
  });

  it("refuses a bad signature, a stale timestamp, an unknown vendor and bad input, moving nothing", async () => {
    const playerId = nextPlayer++;
    const body = { transferId: randomUUID(), playerId, currency: "PHP", amount: "5.00" };
    const wrong = await transferCall(t, "deposit", body, { secret: "not-the-secret" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ success: false, code: "INVALID_SIGNATURE" });
    const stale = await transferCall(t, "deposit", body, { at: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(401);
    expect(stale.json.code).toBe("INVALID_SIGNATURE");
    const ahead = await transferCall(t, "deposit", body, { at: Math.floor(Date.now() / 1000) + 301 });
    expect(ahead.json.code).toBe("INVALID_SIGNATURE");
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/rgs/transfer/PNX/deposit",
      payload: JSON.stringify({ requestId: "r", ...body }),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(401);
    const seamless = await transferCall(t, "deposit", body, { vendor: "PNG" });
    expect(seamless.status).toBe(404);
    expect(seamless.json.code).toBe("NOT_FOUND");
    for (const bad of [
      { amount: "0.00" },
      { amount: "5.001" },
      { amount: "-5" },
      { amount: 5 },
      { currency: "php" },
      { playerId: 0 },
      { transferId: "" },
      { transferId: "x".repeat(101) },
    ]) {
      const r = await transferCall(t, "deposit", { ...body, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
    }
    expect(await balance(playerId)).toMatchObject({ balance: "0.00", version: 0 });
    // The signature was fine all along: the same transfer now goes through.
    expect((await transferCall(t, "deposit", body)).json.value).toMatchObject({ balance: "5.00" });
  });

  const open = async (token: string, gameId = GAME) =>
    api<Env<RgsSession>>(t, "POST", "/rgs/api/session", { token, gameId });
  const play = (sessionId: string, betPerLine = "0.10", requestId = randomUUID()) =>
    api<Env<RgsSpin>>(t, "POST", "/rgs/api/spin", { sessionId, betPerLine, requestId });
  const walletOf = async (playerId: number) =>
    (
      await t.database.db
        .select()
        .from(transferWallets)
        .where(and(eq(transferWallets.playerId, playerId), eq(transferWallets.vendor, "PNX")))
    )[0];

  it("plays a PNX session against the transfer wallet, never the platform's debit and credit", async () => {
    const p = await fundedPlayer(t, 50_00n, "PNX");
    await move("deposit", p.id, "5.00");
    const s = await open(p.token);
    expect(s.status).toBe(200);
    expect(s.json.value.balance).toBe("5.00"); // the transfer wallet, not the main wallet's 50.00
    const sessionId = s.json.value.sessionId;
    let expected = 5_00n;
    let spins = 0;
    // 0.10 × 9 lines a spin until the wallet cannot pay one more (wins may stretch it).
    while (expected >= 200n && spins < 40) {
      const r = await play(sessionId);
      expect(r.status).toBe(200);
      expect(r.json.value.bet).toBe("2.00");
      expect(r.json.value.status).toBe("settled");
      expected = expected - 200n + (parseMoney(r.json.value.win) ?? -1n);
      expect(parseMoney(r.json.value.balance)).toBe(expected);
      spins++;
    }
    const w = await walletOf(p.id);
    expect(w?.balance).toBe(expected);
    expect(w?.version).toBe(1 + 2 * spins); // the deposit, then a bet and a win per round
    if (expected > 0n) {
      const left = `${expected / 100n}.${(expected % 100n).toString().padStart(2, "0")}`;
      expect((await move("withdraw", p.id, left)).json.value).toMatchObject({ balance: "0.00" });
    }
    const broke = await play(sessionId);
    expect(broke.status).toBe(409);
    expect(broke.json).toMatchObject({ code: "INSUFFICIENT_FUNDS", balance: "0.00" });
    expect((await walletOf(p.id))?.balance).toBe(0n);
    // The platform saw the session open (authenticate) and no bet, win or rollback at all.
    expect(await providerRows(t, p.id)).toHaveLength(0);
    expect(await mainBalance(t, p.id)).toBe(50_00n);
    const moves = await t.database.db.select().from(walletMoves).where(eq(walletMoves.playerId, p.id));
    expect(moves.filter((m) => m.kind === "bet")).toHaveLength(spins);
    expect(moves.filter((m) => m.kind === "win")).toHaveLength(spins);
  });

  it("sends no protocol call but the session's authenticate to the platform", async () => {
    const p = await fundedPlayer(t, 0n, "PNX");
    await move("deposit", p.id, "1.50");
    const { value: session } = (await open(p.token)).json;
    const seen: string[] = [];
    const spy: Transport = async (url, body, headers) => {
      seen.push(url);
      return injectTransport(t)(url, body, headers);
    };
    const ctx = testContext(t, spy);
    const played = await spin(ctx, {
      sessionId: session.sessionId,
      betPerLine: "0.05",
      requestId: randomUUID(),
    });
    expect(played.status).toBe("settled");
    const again = await spin(ctx, {
      sessionId: session.sessionId,
      betPerLine: "1.00",
      requestId: randomUUID(),
    }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RgsError);
    expect((again as RgsError).code).toBe("INSUFFICIENT_FUNDS");
    expect(seen).toEqual([]);
  });

  it("keeps a PNX round's money right when answers are lost: the retry worker settles it once", async () => {
    const p = await fundedPlayer(t, 0n, "PNX");
    await move("deposit", p.id, "10.00");
    const { value: session } = (await open(p.token)).json;
    const base = testContext(t);
    // The win is applied here but its answer lost, once.
    let lose = true;
    const lossy: ProtocolClient = {
      async call(vendor, call, body) {
        const r = await base.client.call(vendor, call, body);
        if (call === "credit" && lose) {
          lose = false;
          return { kind: "unknown", status: null, reason: "socket hang up" };
        }
        return r;
      },
    };
    const played = await spin(
      { ...base, client: lossy },
      { sessionId: session.sessionId, betPerLine: "0.10", requestId: randomUUID() },
    );
    expect(played.status).toBe("credit_pending");
    const win = parseMoney(played.win) ?? -1n;
    const later = () => new Date(Date.now() + 10 * 60_000);
    await settlePending(testContext(t, injectTransport(t), later));
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.id, played.roundId));
    expect(round?.status).toBe("settled");
    expect((await walletOf(p.id))?.balance).toBe(10_00n - 200n + win);

    // A bet applied but unanswered is rolled back: the stake comes back, once.
    let drop = true;
    const lostBet: ProtocolClient = {
      async call(vendor, call, body) {
        const r = await base.client.call(vendor, call, body);
        if (call === "debit" && drop) {
          drop = false;
          return { kind: "unknown", status: null, reason: "timeout" };
        }
        return r;
      },
    };
    const before = (await walletOf(p.id))?.balance;
    const failed = await spin(
      { ...base, client: lostBet },
      { sessionId: session.sessionId, betPerLine: "0.10", requestId: randomUUID() },
    ).catch((e: unknown) => e);
    expect((failed as RgsError).code).toBe("PLATFORM_UNAVAILABLE");
    expect((await walletOf(p.id))?.balance).toBe(before);
  });

  it("answers a wallet move by the platform's rules: retries, unknown bets, rollbacks before bets", async () => {
    const p = await fundedPlayer(t, 0n, "PNX");
    await move("deposit", p.id, "10.00");
    const { client } = testContext(t);
    const base = { playerId: p.id, roundId: "r1", amount: "2.00" };
    const bet = await client.call("PNX", "debit", { ...base, transactionId: "r1:bet", token: "x" });
    expect(bet).toMatchObject({ kind: "ok", value: { balance: "8.00", currency: "PHP", playerId: p.id } });
    expect(await client.call("PNX", "debit", { ...base, transactionId: "r1:bet", token: "x" })).toEqual(bet);
    const odd = await client.call("PNX", "debit", { ...base, amount: "3.00", transactionId: "r1:bet" });
    expect(odd).toMatchObject({ kind: "refused", code: "DUPLICATE_MISMATCH", balance: "8.00" });
    const ghost = await client.call("PNX", "credit", {
      ...base,
      transactionId: "r9:win",
      betTransactionId: "r9:bet",
    });
    expect(ghost).toMatchObject({ kind: "refused", code: "TRANSACTION_NOT_FOUND", balance: "8.00" });
    const rb = await client.call("PNX", "rollback", {
      ...base,
      transactionId: "r2:rollback",
      refTransactionId: "r2:bet",
    });
    expect(rb).toMatchObject({ kind: "ok", value: { balance: "8.00" } });
    const lateBet = await client.call("PNX", "debit", { ...base, roundId: "r2", transactionId: "r2:bet" });
    expect(lateBet).toMatchObject({ kind: "refused", code: "BET_ROLLED_BACK" });
    const back = await client.call("PNX", "rollback", {
      ...base,
      transactionId: "r1:rollback",
      refTransactionId: "r1:bet",
    });
    expect(back).toMatchObject({ kind: "ok", value: { balance: "10.00" } });
    const winAfter = await client.call("PNX", "credit", {
      ...base,
      transactionId: "r1:win",
      betTransactionId: "r1:bet",
    });
    expect(winAfter).toMatchObject({ kind: "refused", code: "BET_ROLLED_BACK" });
    const big = await client.call("PNX", "debit", {
      ...base,
      roundId: "r3",
      transactionId: "r3:bet",
      amount: "10.01",
    });
    expect(big).toMatchObject({ kind: "refused", code: "INSUFFICIENT_FUNDS", balance: "10.00" });
    expect((await walletOf(p.id))?.balance).toBe(10_00n);
  });

  it.runIf(onServer)(
    "applies exactly 10 of 20 concurrent withdrawals of 10.00 from 100.00 (PostgreSQL)",
    async () => {
      const playerId = nextPlayer++;
      await move("deposit", playerId, "100.00");
      const results = await Promise.all(
        Array.from({ length: 20 }, () => move("withdraw", playerId, "10.00")),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(10);
      for (const r of refused) expect(r.json.code).toBe("INSUFFICIENT_FUNDS");
      expect(await balance(playerId)).toMatchObject({ balance: "0.00", version: 11 });
      // Every version 2…11 was handed out once.
      const versions = results.filter((r) => r.status === 200).map((r) => r.json.value.version);
      expect(new Set(versions).size).toBe(10);
    },
  );

  it.runIf(onServer)(
    "applies concurrent copies of one deposit once, all with the same answer (PostgreSQL)",
    async () => {
      const playerId = nextPlayer++;
      const id = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => move("deposit", playerId, "7.00", id)),
      );
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.json.value).toEqual(results[0]?.json.value);
      }
      expect(await balance(playerId)).toMatchObject({ balance: "7.00", version: 1 });
    },
  );
});
