import { randomUUID } from "node:crypto";
import type {
  RgsRoundDetail,
  RgsRounds,
  RgsSeed,
  RgsSession,
  RgsSpin,
  RgsVerify,
} from "@panalo/contracts/rgs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueLaunchToken } from "../../server/src/modules/providers/service.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { fairWords, seedHash } from "./fairness.ts";
import { api, fundedPlayer, GAME, registerInHouseVendors } from "./test-platform.ts";

type Env<T> = { success: boolean; code?: string; value: T };

describe("provably fair rounds and game recall", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  const open = async (token: string) =>
    (await api<Env<RgsSession>>(t, "POST", "/rgs/api/session", { token, gameId: GAME })).json.value;
  const spin = async (sessionId: string, betPerLine = "0.05") =>
    (await api<Env<RgsSpin>>(t, "POST", "/rgs/api/spin", { sessionId, betPerLine, requestId: randomUUID() }))
      .json.value;

  it("draws words that depend on every part of the seed pair and the nonce", () => {
    const first = (s: string, c: string, n: number) => {
      const next = fairWords(s, c, n);
      return Array.from({ length: 12 }, () => next());
    };
    const seed = "a".repeat(64);
    expect(first(seed, "c", 0)).toEqual(first(seed, "c", 0));
    expect(first(seed, "c", 0)).not.toEqual(first(seed, "c", 1));
    expect(first(seed, "c", 0)).not.toEqual(first(seed, "d", 0));
    expect(first(seed, "c", 0)).not.toEqual(first("b".repeat(64), "c", 0));
  });

  it("reveals the server seed on rotation, and verify recomputes every round played on it", async () => {
    const p = await fundedPlayer(t, 100_00n);
    const session = await open(p.token);
    const shownBefore = session.fairness.serverSeedHash;
    const played = [
      await spin(session.sessionId),
      await spin(session.sessionId),
      await spin(session.sessionId),
    ];
    expect(played.map((r) => r.fairness.nonce)).toEqual([0, 1, 2]);
    // Before rotation the seed stays secret.
    const hidden = await api<Env<RgsRoundDetail>>(
      t,
      "GET",
      `/rgs/api/rounds/${played[0]?.roundId}?sessionId=${session.sessionId}`,
    );
    expect(hidden.json.value.serverSeed).toBeNull();

    const rotated = (
      await api<Env<RgsSeed>>(t, "POST", "/rgs/api/seed", {
        sessionId: session.sessionId,
        clientSeed: "my-lucky",
      })
    ).json.value;
    expect(rotated.revealedServerSeedHash).toBe(shownBefore);
    expect(seedHash(rotated.revealedServerSeed)).toBe(shownBefore);
    expect(rotated.serverSeedHash).not.toBe(shownBefore);
    expect(rotated.clientSeed).toBe("my-lucky");
    expect(rotated.nonce).toBe(0);

    for (const round of played) {
      const detail = (
        await api<Env<RgsRoundDetail>>(
          t,
          "GET",
          `/rgs/api/rounds/${round.roundId}?sessionId=${session.sessionId}`,
        )
      ).json.value;
      expect(detail.serverSeed).toBe(rotated.revealedServerSeed);
      expect(detail.outcome).toEqual(round.outcome);
      const v = (
        await api<Env<RgsVerify>>(t, "POST", "/rgs/api/verify", {
          gameId: GAME,
          serverSeed: detail.serverSeed,
          clientSeed: detail.clientSeed,
          nonce: detail.nonce,
          betPerLine: detail.betPerLine,
        })
      ).json.value;
      expect(v.serverSeedHash).toBe(shownBefore);
      expect(v.outcome).toEqual(round.outcome);
      expect(v.win).toBe(round.win);
      // The game as its own screen shows it, so the verify page names symbols alike.
      const roles = (g: RgsVerify["game"]) => ({
        id: g.id,
        wild: g.wild,
        scatter: g.scatter,
        symbols: g.symbols,
      });
      expect(roles(v.game)).toEqual(roles(session.game));
    }
    // The next round is on the new pair, with the player's client seed.
    const next = await spin(session.sessionId);
    expect(next.fairness).toEqual({
      serverSeedHash: rotated.serverSeedHash,
      clientSeed: "my-lucky",
      nonce: 0,
    });
  });

  it("refuses to verify a malformed seed or an unknown game", async () => {
    const bad = await api<Env<null>>(t, "POST", "/rgs/api/verify", {
      gameId: GAME,
      serverSeed: "xyz",
      clientSeed: "c",
      nonce: 0,
      betPerLine: "0.01",
    });
    expect(bad.json.code).toBe("VALIDATION_ERROR");
    const game = await api<Env<null>>(t, "POST", "/rgs/api/verify", {
      gameId: "nope",
      serverSeed: "a".repeat(64),
      clientSeed: "c",
      nonce: 0,
      betPerLine: "0.01",
    });
    expect(game.json.code).toBe("GAME_NOT_FOUND");
  });

  it("pages the player's rounds across sessions, newest first", async () => {
    const p = await fundedPlayer(t, 100_00n);
    const s1 = await open(p.token);
    // Each launch token opens one session: the second session comes from a second launch.
    const s2 = await open(await issueLaunchToken(t.app.ctx, p.id, "PNG"));
    for (let i = 0; i < 12; i++) await spin(s1.sessionId, "0.01");
    for (let i = 0; i < 11; i++) await spin(s2.sessionId, "0.01");
    const page1 = (await api<Env<RgsRounds>>(t, "GET", `/rgs/api/rounds?sessionId=${s2.sessionId}&page=1`))
      .json.value;
    const page2 = (await api<Env<RgsRounds>>(t, "GET", `/rgs/api/rounds?sessionId=${s1.sessionId}&page=2`))
      .json.value;
    expect(page1.totalPages).toBe(2);
    expect(page1.items).toHaveLength(20);
    expect(page2.items).toHaveLength(3);
    expect(page1.items[0]?.nonce).toBe(22);
    expect(page2.items.at(-1)?.nonce).toBe(0);
    const ids = new Set([...page1.items, ...page2.items].map((r) => r.roundId));
    expect(ids.size).toBe(23);
  });

  it("never shows one player's round to another", async () => {
    const a = await fundedPlayer(t, 10_00n);
    const b = await fundedPlayer(t, 10_00n);
    const sa = await open(a.token);
    const sb = await open(b.token);
    const round = await spin(sa.sessionId);
    const peek = await api<Env<null>>(t, "GET", `/rgs/api/rounds/${round.roundId}?sessionId=${sb.sessionId}`);
    expect(peek.status).toBe(404);
    expect(peek.json.code).toBe("ROUND_NOT_FOUND");
    const list = (await api<Env<RgsRounds>>(t, "GET", `/rgs/api/rounds?sessionId=${sb.sessionId}`)).json
      .value;
    expect(list.items).toHaveLength(0);
    expect(list.totalPages).toBe(0);
  });
});
