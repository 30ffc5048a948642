import { randomUUID } from "node:crypto";
import { parseMoney } from "@panalo/contracts/money";
import type { RgsSession, RgsSpin, RgsVerify } from "@panalo/contracts/rgs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/src/db/client.ts";
import { currentPool, setRules } from "../../server/src/modules/jackpot/service.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { jackpotDraw } from "./fairness.ts";
import { api, fundedPlayer, mainBalance, registerInHouseVendors } from "./test-platform.ts";

type Env<T> = { success: boolean; code?: string; value: T };

describe("the progressive jackpot through a spin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  const open = async (token: string) =>
    (await api<Env<RgsSession>>(t, "POST", "/rgs/api/session", { token, gameId: "panalo-gold" })).json.value;
  const spin = async (sessionId: string) =>
    (
      await api<Env<RgsSpin>>(t, "POST", "/rgs/api/spin", {
        sessionId,
        betPerLine: "1.00",
        requestId: randomUUID(),
      })
    ).json.value;

  it("adds the share of each stake to the pool", async () => {
    const p = await fundedPlayer(t, 100_00n);
    const before = (await currentPool(t.app.ctx)).amount;
    const v = await spin((await open(p.token)).sessionId);
    expect(v.status).toBe("settled");
    // 10.00 staked at the default 1 % share.
    expect((await currentPool(t.app.ctx)).amount).toBe(before + 10n);
  });

  it("pays the pool once, as a PNJ round, when it reaches must-drop-by; the draw is the spin's", async () => {
    const pool = await currentPool(t.app.ctx);
    await setRules(t.app.ctx, {
      sharePpm: pool.sharePpm,
      seedAmount: pool.seedAmount,
      mustDropBy: pool.amount + 5n,
      vendors: [],
    });
    const p = await fundedPlayer(t, 100_00n);
    const v = await spin((await open(p.token)).sessionId);
    expect(v.status).toBe("settled");
    const won = pool.amount + 10n;
    const expected = 100_00n - 10_00n + (parseMoney(v.win) ?? 0n) + won;
    expect(parseMoney(v.balance)).toBe(expected);
    expect(await mainBalance(t, p.id)).toBe(expected);
    const pnj = await queryRows<{ kind: string; amount: string }>(
      t.database.db,
      sql`SELECT kind, amount::text FROM provider_transactions WHERE vendor = 'PNJ' AND member_id = ${p.id}`,
    );
    expect(pnj.map((r) => `${r.kind}:${r.amount}`).sort()).toEqual(["bet:0", `win:${won}`]);
    const [w] = await queryRows<{
      id: string;
      draw: string;
      server_seed: string;
      client_seed: string;
      nonce: number;
      game_code: string;
      paid: boolean;
    }>(
      t.database.db,
      sql`SELECT w.id::text, w.draw, s.server_seed, s.client_seed, w.nonce, w.game_code,
            w.paid_at IS NOT NULL AS paid FROM jackpot_wins w
          JOIN rgs.seeds s ON s.server_seed_hash = w.server_seed_hash WHERE w.member_id = ${p.id}`,
    );
    expect(w?.draw).toBe(jackpotDraw(w?.server_seed ?? "", w?.client_seed ?? "", w?.nonce ?? -1));
    // The game server's PNJ credit was acknowledged: the win shows paid.
    expect(w?.paid).toBe(true);
    // The verify page's call recomputes the same draw from the revealed seed pair.
    const verified = await api<{ value: RgsVerify }>(t, "POST", "/rgs/api/verify", {
      gameId: w?.game_code,
      serverSeed: w?.server_seed,
      clientSeed: w?.client_seed,
      nonce: w?.nonce,
      betPerLine: "1.00",
    });
    expect(verified.json.value.jackpotDraw).toBe(w?.draw);
    expect((await currentPool(t.app.ctx)).amount).toBe(pool.seedAmount);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("pays each win once when two players' spins reach must-drop-by at once", async () => {
    const [p, q] = [await fundedPlayer(t, 100_00n), await fundedPlayer(t, 100_00n)];
    const [sp, sq] = [await open(p.token), await open(q.token)];
    const pool = await currentPool(t.app.ctx);
    // Whichever spin comes first reaches must-drop-by; the other meets the new seed, where its
    // own draw decides (the chance per spin is large with so near a must-drop-by: both may win,
    // each a cycle of its own). pool.test.ts races fixed draws.
    await setRules(t.app.ctx, { ...pool, mustDropBy: pool.amount + 10n });
    await Promise.all([spin(sp.sessionId), spin(sq.sessionId)]);
    const wins = await queryRows<{ cycle: number; amount: string; member_id: string; id: string }>(
      t.database.db,
      sql`SELECT id::text, cycle, amount::text, member_id::text FROM jackpot_wins
          WHERE member_id IN (${p.id}, ${q.id}) ORDER BY cycle`,
    );
    expect(wins.length).toBeGreaterThanOrEqual(1);
    expect(wins[0]?.amount).toBe((pool.amount + 10n).toString());
    if (wins[1]) expect(wins[1].amount).toBe((pool.seedAmount + 10n).toString());
    const paid = await queryRows<{ round_id: string; amount: string }>(
      t.database.db,
      sql`SELECT round_id, amount::text FROM provider_transactions
          WHERE vendor = 'PNJ' AND kind = 'win' AND member_id IN (${p.id}, ${q.id}) ORDER BY round_id`,
    );
    expect(paid.map((r) => `${r.round_id}=${r.amount}`).sort()).toEqual(
      wins.map((w) => `jackpot:${w.id}=${w.amount}`).sort(),
    );
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
