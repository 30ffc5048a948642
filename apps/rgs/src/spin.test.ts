import { randomUUID } from "node:crypto";
import { parseMoney } from "@panalo/contracts/money";
import type { RgsSession, RgsSpin } from "@panalo/contracts/rgs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchTokens } from "../../server/src/db/schema/providers.ts";
import { tokenHash } from "../../server/src/lib/passwords.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { isTransferVendor, rgsCatalog } from "./catalog.ts";
import {
  api,
  fundedPlayer,
  GAME,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  transferCall,
} from "./test-platform.ts";

type Env<T> = { success: boolean; code?: string; balance?: string; value: T };

describe("a spin through the real platform", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  const open = async (token: string, gameId = GAME) =>
    api<Env<RgsSession>>(t, "POST", "/rgs/api/session", { token, gameId });
  const spin = (sessionId: string, betPerLine = "0.10", requestId = randomUUID()) =>
    api<Env<RgsSpin>>(t, "POST", "/rgs/api/spin", { sessionId, betPerLine, requestId });

  it("opens a session with the player's balance, the game and the hash of the seed to come", async () => {
    const p = await fundedPlayer(t, 50_00n);
    const s = await open(p.token);
    expect(s.status).toBe(200);
    expect(s.json.value.balance).toBe("50.00");
    expect(s.json.value.currency).toBe("PHP");
    expect(s.json.value.game.lines).toHaveLength(10);
    expect(s.json.value.game.betLevels[0]).toBe("0.01");
    expect(s.json.value.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.json.value.fairness.nonce).toBe(0);
  });

  it("refuses a launch token the platform does not know", async () => {
    const s = await open("not-a-real-token-0000");
    expect(s.status).toBe(401);
    expect(s.json.code).toBe("TOKEN_INVALID");
  });

  it("debits the bet and credits the win, once each, and the platform's ledger reconciles", async () => {
    const p = await fundedPlayer(t, 100_00n);
    const { value: session } = (await open(p.token)).json;
    let expected = 100_00n;
    for (let i = 0; i < 5; i++) {
      const r = await spin(session.sessionId, "0.10");
      expect(r.status).toBe(200);
      const v = r.json.value;
      expect(v.bet).toBe("1.00"); // 0.10 × 10 lines
      expect(v.status).toBe("settled");
      expect(v.fairness.nonce).toBe(i);
      expected = expected - 100n + (parseMoney(v.win) ?? -1n);
      expect(parseMoney(v.balance)).toBe(expected);
    }
    expect(await mainBalance(t, p.id)).toBe(expected);
    const rows = await providerRows(t, p.id);
    expect(rows.filter((r) => r.kind === "bet")).toHaveLength(5);
    expect(rows.filter((r) => r.kind === "win")).toHaveLength(5);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("answers a repeated requestId with the same round and moves money once", async () => {
    const p = await fundedPlayer(t, 10_00n);
    const { value: session } = (await open(p.token)).json;
    const requestId = randomUUID();
    const a = await spin(session.sessionId, "0.01", requestId);
    const b = await spin(session.sessionId, "0.01", requestId);
    expect(b.json.value.roundId).toBe(a.json.value.roundId);
    expect((await providerRows(t, p.id)).filter((r) => r.kind === "bet")).toHaveLength(1);
  });

  it("refuses a bet above the balance with INSUFFICIENT_FUNDS and the balance, moving nothing", async () => {
    const p = await fundedPlayer(t, 50n);
    const { value: session } = (await open(p.token)).json;
    const r = await spin(session.sessionId, "0.10");
    expect(r.status).toBe(409);
    expect(r.json.code).toBe("INSUFFICIENT_FUNDS");
    expect(r.json.balance).toBe("0.50");
    expect(await mainBalance(t, p.id)).toBe(50n);
    const history = await api<Env<{ items: Array<{ status: string }> }>>(
      t,
      "GET",
      `/rgs/api/rounds?sessionId=${session.sessionId}`,
    );
    expect(history.json.value.items[0]?.status).toBe("refused");
  });

  it("refuses a stake that is not a bet level, and bad input, changing nothing", async () => {
    const p = await fundedPlayer(t, 10_00n);
    const { value: session } = (await open(p.token)).json;
    const odd = await spin(session.sessionId, "0.03");
    expect(odd.json.code).toBe("BET_INVALID");
    const bad = await api<Env<null>>(t, "POST", "/rgs/api/spin", { sessionId: "nope", betPerLine: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("VALIDATION_ERROR");
    const unknown = await spin(randomUUID(), "0.10");
    expect(unknown.json.code).toBe("SESSION_EXPIRED");
    expect(await mainBalance(t, p.id)).toBe(10_00n);
    expect(await providerRows(t, p.id)).toHaveLength(0);
  });

  it("answers SESSION_EXPIRED once the platform no longer takes the launch token, moving nothing", async () => {
    const p = await fundedPlayer(t, 10_00n);
    const { value: session } = (await open(p.token)).json;
    await t.database.db
      .update(launchTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(launchTokens.tokenHash, tokenHash(p.token)));
    const r = await spin(session.sessionId, "0.10");
    expect(r.status).toBe(401);
    expect(r.json.code).toBe("SESSION_EXPIRED");
    expect(r.json.balance).toBe("10.00");
    expect(await mainBalance(t, p.id)).toBe(10_00n);
  });

  it("plays every game, a ways game without lines, the bet being its line bets or coins", async () => {
    for (const game of rgsCatalog()) {
      const p = await fundedPlayer(t, 100_00n, game.vendor);
      // A transfer vendor's game plays the wallet the platform transferred into.
      if (isTransferVendor(game.vendor)) {
        const dep = { transferId: randomUUID(), playerId: p.id, currency: "PHP", amount: "100.00" };
        expect((await transferCall(t, "deposit", dep, { vendor: game.vendor })).status).toBe(200);
      }
      const { value: session } = (await open(p.token, game.id)).json;
      expect(session.game.ways).toBe(game.math.ways === true);
      if (session.game.ways) expect(session.game.lines).toEqual([]);
      const level = session.game.betLevels[0] ?? "";
      const r = await spin(session.sessionId, level);
      expect(r.json.value.status).toBe("settled");
      expect(parseMoney(r.json.value.bet)).toBe((parseMoney(level) ?? 0n) * BigInt(session.game.betUnits));
    }
  });

  it("refuses a game that does not exist", async () => {
    const p = await fundedPlayer(t, 10_00n);
    const s = await open(p.token, "no-such-game");
    expect(s.status).toBe(404);
    expect(s.json.code).toBe("GAME_NOT_FOUND");
  });
});
