import { randomUUID } from "node:crypto";
import { parseMoney } from "@panalo/contracts/money";
import type { RgsSession } from "@panalo/contracts/rgs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { RgsError } from "./context.ts";
import type { ProtocolCall, Transport } from "./protocol-client.ts";
import { protocolCalls, rounds } from "./schema.ts";
import { settlePending } from "./settle.ts";
import { spin } from "./spin.ts";
import {
  api,
  fundedPlayer,
  GAME,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "./test-platform.ts";

/** drop: the call never reaches the platform; lose: it is applied but the answer is lost. */
type Fault = "drop" | "lose";

describe("settling rounds the platform did not acknowledge", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  /** A transport that fails the named calls once each, the way the network can. */
  const flaky = (faults: Partial<Record<ProtocolCall, Fault>>): Transport => {
    const inner = injectTransport(t);
    const left = { ...faults };
    return async (url, body, headers) => {
      const call = url.split("/").pop() as ProtocolCall; // the path ends in the call's name
      const fault = left[call];
      if (fault) delete left[call];
      if (fault === "drop") throw new Error("connect ECONNREFUSED");
      const res = await inner(url, body, headers);
      if (fault === "lose") throw new Error("socket hang up");
      return res;
    };
  };
  const later = () => new Date(Date.now() + 10 * 60_000);
  const session = async (token: string) =>
    (await api<{ value: RgsSession }>(t, "POST", "/rgs/api/session", { token, gameId: GAME })).json.value;
  const roundOf = async (id: string) =>
    (await t.database.db.select().from(rounds).where(eq(rounds.id, id)))[0];

  it.each(["drop", "lose"] as const)(
    "re-sends a win whose answer never came (%s) until it is paid, once",
    async (fault) => {
      const p = await fundedPlayer(t, 20_00n);
      const s = await session(p.token);
      const played = await spin(testContext(t, flaky({ credit: fault })), {
        sessionId: s.sessionId,
        betPerLine: "0.10",
        requestId: randomUUID(),
      });
      expect(played.status).toBe("credit_pending");
      expect(played.balance).toBe("19.00"); // the bet is confirmed, the win not yet
      expect((await roundOf(played.roundId))?.status).toBe("credit_pending");

      // Within its lease nobody else takes the round; after it, the worker settles it.
      expect((await settlePending(testContext(t))).claimed).toBe(0);
      expect(await settlePending(testContext(t, injectTransport(t), later))).toEqual({ claimed: 1, done: 1 });
      expect((await roundOf(played.roundId))?.status).toBe("settled");
      expect(await settlePending(testContext(t, injectTransport(t), later))).toEqual({ claimed: 0, done: 0 });

      const win = parseMoney(played.win) ?? -1n;
      expect(await mainBalance(t, p.id)).toBe(20_00n - 100n + win);
      expect((await providerRows(t, p.id)).filter((r) => r.kind === "win")).toHaveLength(1);
      expect((await reconcile(t.database.db)).ok).toBe(true);
    },
  );

  it.each(["drop", "lose"] as const)("rolls back a bet whose outcome is unknown (%s)", async (fault) => {
    const p = await fundedPlayer(t, 20_00n);
    const s = await session(p.token);
    const err = await spin(testContext(t, flaky({ debit: fault })), {
      sessionId: s.sessionId,
      betPerLine: "0.10",
      requestId: randomUUID(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RgsError);
    expect((err as RgsError).code).toBe("PLATFORM_UNAVAILABLE"); // checked just above
    expect((err as RgsError).balance).toBe("20.00");
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.sessionId, s.sessionId));
    expect(round?.status).toBe("rolled_back");
    expect(await mainBalance(t, p.id)).toBe(20_00n);
    const kinds = (await providerRows(t, p.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(fault === "lose" ? ["bet", "rollback"] : ["rollback", "rollback_tombstone"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("keeps rolling back until the platform acknowledges", async () => {
    const p = await fundedPlayer(t, 20_00n);
    const s = await session(p.token);
    await spin(testContext(t, flaky({ debit: "lose", rollback: "drop" })), {
      sessionId: s.sessionId,
      betPerLine: "0.10",
      requestId: randomUUID(),
    }).catch(() => undefined);
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.sessionId, s.sessionId));
    expect(round?.status).toBe("rollback_pending");
    expect(await mainBalance(t, p.id)).toBe(19_00n);
    expect(await settlePending(testContext(t, injectTransport(t), later))).toEqual({ claimed: 1, done: 1 });
    expect(await mainBalance(t, p.id)).toBe(20_00n);
    const calls = await t.database.db
      .select()
      .from(protocolCalls)
      .where(eq(protocolCalls.roundId, round?.id ?? ""));
    expect(calls.map((c) => `${c.call}:${c.result}`)).toEqual([
      "debit:unknown",
      "rollback:unknown",
      "rollback:ok",
    ]);
  });

  it("lets two workers at once claim each round once", async () => {
    const p = await fundedPlayer(t, 50_00n);
    const s = await session(p.token);
    for (let i = 0; i < 4; i++) {
      await spin(testContext(t, flaky({ credit: "drop" })), {
        sessionId: s.sessionId,
        betPerLine: "0.10",
        requestId: randomUUID(),
      });
    }
    const [a, b] = await Promise.all([
      settlePending(testContext(t, injectTransport(t), later)),
      settlePending(testContext(t, injectTransport(t), later)),
    ]);
    expect((a?.claimed ?? 0) + (b?.claimed ?? 0)).toBe(4);
    const credits = await t.database.db.select().from(protocolCalls).where(eq(protocolCalls.call, "credit"));
    const mine = new Set(
      (await t.database.db.select().from(rounds).where(eq(rounds.sessionId, s.sessionId))).map((r) => r.id),
    );
    expect(credits.filter((c) => c.roundId && mine.has(c.roundId) && c.result === "ok")).toHaveLength(4);
    expect((await providerRows(t, p.id)).filter((r) => r.kind === "win")).toHaveLength(4);
  });
});
