import { randomUUID } from "node:crypto";
import type { RgsFreeSpinGrant, RgsSession, RgsSpin } from "@panalo/contracts/rgs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/src/db/client.ts";
import { AppError } from "../../server/src/lib/errors.ts";
import { hashPassword } from "../../server/src/lib/passwords.ts";
import { post, reconcile } from "../../server/src/modules/ledger/ledger.ts";
import {
  closeExpiredGrant,
  type GrantSender,
  resendGrants,
  rgsGrantSender,
} from "../../server/src/modules/loyalty/free-spins.ts";
import { redeem, undoFreeSpins } from "../../server/src/modules/loyalty/mall.ts";
import { pointsBalance, pointsLegs } from "../../server/src/modules/loyalty/points.ts";
import { createSession } from "../../server/src/modules/members/service.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import type { Transport } from "./protocol-client.ts";
import { rounds } from "./schema.ts";
import { rollbackRound, settlePending } from "./settle.ts";
import { spin as spinDirect } from "./spin.ts";
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

/**
 * Free spins from the points mall: redeem → a grant on the RGS → N spins with
 * no debit of the player's money, each win credited → the N+1st refused; expiry; a retried spin
 * counts once. The races run on PostgreSQL with TEST_DATABASE_URL (PGlite serializes them).
 */
type Env<T> = { success: boolean; code?: string; message?: string; value: T };

let t: TestApp;
let txHash = "";
beforeAll(async () => {
  t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
  await registerInHouseVendors(t);
  txHash = await hashPassword("123456");
}, 180_000);
afterAll(async () => t?.close());

async function player(points: bigint) {
  const p = await fundedPlayer(t, 10_00n);
  await t.database.db.execute(sql`UPDATE members SET tx_password_hash = ${txHash} WHERE id = ${p.id}`);
  if (points > 0n)
    await post(t.database.db, {
      idempotencyKey: `test:fs-points:${p.id}`,
      type: "points_adjust",
      memberId: p.id,
      legs: pointsLegs(p.id, points),
    });
  return p;
}
async function freeSpinItem(spins: number, betPerLine = "10", days = 7) {
  const [r] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO mall_items (kind, names, price_points, fs_vendor, fs_game_code, fs_spins, fs_bet_per_line, fs_expiry_days)
        VALUES ('freespins', '{"EN":"Free spins"}', 100, 'PNG', ${GAME}, ${spins}, ${betPerLine}::bigint, ${days})
        RETURNING id`,
  );
  return Number(r?.id);
}
const redeemSpins = (memberId: number, itemId: number) =>
  redeem(
    t.app.ctx,
    memberId,
    { itemId, requestId: randomUUID(), password: "123456" },
    { sendGrant: rgsGrantSender(t.app, t.app.ctx) },
  );
const open = async (token: string) =>
  (await api<Env<RgsSession>>(t, "POST", "/rgs/api/session", { token, gameId: GAME })).json.value;
const grants = async (sessionId: string) =>
  (await api<Env<RgsFreeSpinGrant[]>>(t, "GET", `/rgs/api/freespins?sessionId=${sessionId}`)).json.value;
const spin = (sessionId: string, grantId: string, requestId = randomUUID()) =>
  api<Env<RgsSpin>>(t, "POST", "/rgs/api/spin", { sessionId, betPerLine: "0.01", requestId, grantId });
const used = async (grantId: string) =>
  Number(
    (
      await queryRows<{ used: number }>(
        t.database.db,
        sql`SELECT used FROM rgs.free_spin_grants WHERE id = ${grantId}`,
      )
    )[0]?.used,
  );

describe("free spins from the points mall", () => {
  it("redeem → grant → N spins without debit, wins credited → N+1 refused; a retry counts once", async () => {
    const p = await player(1000n);
    const item = await freeSpinItem(3);
    const r = await redeemSpins(p.id, item);
    expect(r.status).toBe("approved");
    expect(await pointsBalance(t.database.db, p.id)).toBe(900n);
    const s = await open(p.token);
    const [g] = await grants(s.sessionId);
    expect(g).toMatchObject({
      grantId: `mall:R${r.id}`,
      spins: 3,
      left: 3,
      betPerLine: "0.10",
      gameId: GAME,
    });
    const grantId = g?.grantId ?? "";

    let wins = 0n;
    const firstRequest = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await spin(s.sessionId, grantId, i === 0 ? firstRequest : randomUUID());
      expect(res.status).toBe(200);
      expect(res.json.value.bet).toBe("0.00");
      expect(res.json.value.freeSpin).toEqual({ grantId, left: 2 - i });
      wins += BigInt(Math.round(Number(res.json.value.win) * 100));
      // The same spin again (a client retry): the same round, no spin taken.
      if (i === 0) {
        const again = await spin(s.sessionId, grantId, firstRequest);
        expect(again.json.value.roundId).toBe(res.json.value.roundId);
        expect(await used(grantId)).toBe(1);
      }
    }
    expect(await used(grantId)).toBe(3);
    // Only the wins moved the member's money (10.00 funded, nothing debited).
    expect(await mainBalance(t, p.id)).toBe(10_00n + wins);
    const bets = (await providerRows(t, p.id)).filter((x) => x.kind === "bet");
    expect(bets).toHaveLength(3);
    expect(bets.every((x) => x.amount === 0n)).toBe(true);
    // The platform labels each of the three rounds a free spin (its betting record says so).
    const labelled = await queryRows<{ round_id: string }>(
      t.database.db,
      sql`SELECT round_id FROM provider_free_rounds WHERE member_id = ${p.id} ORDER BY round_id`,
    );
    expect(labelled.map((x) => x.round_id).sort()).toEqual([...new Set(bets.map((x) => x.roundId))].sort());
    expect((await myRedemptions(p.id, "TY")).find((x) => x.id === r.id)?.freeSpins).toMatchObject({
      delivery: "granted",
      played: 3,
    });

    const fourthRequest = randomUUID();
    const fourth = await spin(s.sessionId, grantId, fourthRequest);
    expect(fourth.status).toBe(409);
    expect(fourth.json.code).toBe("FREE_SPINS_USED_UP");
    expect(fourth.json.message).toBe("All your free spins have been played.");
    // The refused spin retried: the same refusal, and still nothing moved.
    const fourthAgain = await spin(s.sessionId, grantId, fourthRequest);
    expect(fourthAgain.status).toBe(409);
    expect(fourthAgain.json.code).toBe("FREE_SPINS_USED_UP");
    expect((await providerRows(t, p.id)).filter((x) => x.kind === "bet")).toHaveLength(3);
    expect(await mainBalance(t, p.id)).toBe(10_00n + wins);
    // A retry of an earlier spin still answers its round after the grant is used up.
    expect((await spin(s.sessionId, grantId, firstRequest)).status).toBe(200);
    expect(await used(grantId)).toBe(3);
    expect(await grants(s.sessionId)).toEqual([]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("refuses a spin after expiry, and someone else's grant", async () => {
    const p = await player(1000n);
    const other = await player(0n);
    const r = await redeemSpins(p.id, await freeSpinItem(5));
    const grantId = `mall:R${r.id}`;
    const s = await open(p.token);
    expect((await spin(s.sessionId, grantId)).status).toBe(200);
    const so = await open(other.token);
    const stolen = await spin(so.sessionId, grantId);
    expect(stolen.status).toBe(404);
    expect(stolen.json.code).toBe("FREE_SPINS_NOT_FOUND");
    await t.database.db.execute(
      sql`UPDATE rgs.free_spin_grants SET expires_at = now() - interval '1 second' WHERE id = ${grantId}`,
    );
    const late = await spin(s.sessionId, grantId);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("FREE_SPINS_EXPIRED");
    expect(await used(grantId)).toBe(1);
    expect(await grants(s.sessionId)).toEqual([]);
  });

  it("an unknown slot is refused by the RGS and nothing is spent", async () => {
    const p = await player(1000n);
    const [bad] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO mall_items (kind, names, price_points, fs_vendor, fs_game_code, fs_spins, fs_bet_per_line, fs_expiry_days)
          VALUES ('freespins', '{"EN":"Bad"}', 100, 'PNG', 'no-such-game', 5, 10, 7) RETURNING id`,
    );
    await expect(redeemSpins(p.id, Number(bad?.id))).rejects.toMatchObject({ code: "FREESPINS_UNAVAILABLE" });
    expect(await pointsBalance(t.database.db, p.id)).toBe(1000n);
    // The redemption is undone (rejected, points and stock returned).
    const [g] = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM mall_redemptions WHERE member_id = ${p.id}`,
    );
    expect(g?.status).toBe("rejected");
  });

  it("races: two spins for the last spin of each of several grants — exactly one plays per grant", async () => {
    const players = await Promise.all([player(1000n), player(1000n), player(1000n)]);
    const item = await freeSpinItem(1);
    const setups = await Promise.all(
      players.map(async (p) => {
        const r = await redeemSpins(p.id, item);
        return { grantId: `mall:R${r.id}`, session: await open(p.token), p };
      }),
    );
    const results = await Promise.all(
      setups.flatMap((x) => [spin(x.session.sessionId, x.grantId), spin(x.session.sessionId, x.grantId)]),
    );
    for (let i = 0; i < setups.length; i++) {
      const pair = [results[2 * i], results[2 * i + 1]];
      expect(pair.filter((x) => x?.status === 200)).toHaveLength(1);
      expect(pair.find((x) => x?.status !== 200)?.json.code).toBe("FREE_SPINS_USED_UP");
      expect(await used(setups[i]?.grantId ?? "")).toBe(1);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("races: a spin against the grant's expiry — it plays before or is refused after, never half", async () => {
    const p = await player(1000n);
    const r = await redeemSpins(p.id, await freeSpinItem(2));
    const grantId = `mall:R${r.id}`;
    const s = await open(p.token);
    const [res] = await Promise.all([
      spin(s.sessionId, grantId),
      t.database.db.execute(sql`UPDATE rgs.free_spin_grants SET expires_at = now() WHERE id = ${grantId}`),
    ]);
    const n = await used(grantId);
    if (res.status === 200) expect(n).toBe(1);
    else {
      expect(res.json.code).toBe("FREE_SPINS_EXPIRED");
      expect(n).toBe(0);
    }
    const bets = (await providerRows(t, p.id)).filter((x) => x.kind === "bet");
    expect(bets).toHaveLength(n);
  });

  /**
   * The RGS dies between storing a free spin's round and hearing the platform's answer to its bet
   * (which the platform applied): a transport that delivers the debit and never answers, the
   * spin's promise left hanging as a dead process leaves it. Answers the round's id.
   */
  async function spinThatDies(sessionId: string, grantId: string): Promise<string> {
    const inner = injectTransport(t);
    const hang: Transport = async (url, body, headers) => {
      const res = await inner(url, body, headers);
      if (url.endsWith("/debit")) return new Promise(() => undefined);
      return res;
    };
    const requestId = randomUUID();
    void spinDirect(testContext(t, hang), { sessionId, betPerLine: "0.01", requestId, grantId });
    for (let i = 0; i < 400; i++) {
      const [r] = await queryRows<{ id: string; n: number }>(
        t.database.db,
        sql`SELECT r.id, (SELECT COUNT(*)::int FROM rgs.protocol_calls c WHERE c.round_id = r.id) AS n
            FROM rgs.rounds r WHERE r.request_id = ${requestId}`,
      );
      const applied = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT 1 AS n FROM provider_transactions WHERE transaction_id = ${`${r?.id}:bet`}`,
      );
      if (r && applied.length === 1) return r.id;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error("the free spin's bet never reached the platform");
  }
  const later = () => new Date(Date.now() + 10 * 60_000);
  const statusOf = async (roundId: string) =>
    (await t.database.db.select().from(rounds).where(eq(rounds.id, roundId)))[0]?.status;

  it("a free spin whose RGS died before its bet's answer is rolled back by the worker, its spin given back once", async () => {
    const p = await player(1000n);
    const r = await redeemSpins(p.id, await freeSpinItem(2));
    const grantId = `mall:R${r.id}`;
    const s = await open(p.token);
    const dead = await spinThatDies(s.sessionId, grantId);
    expect(await used(grantId)).toBe(1);
    expect(await statusOf(dead)).toBe("debit_pending");

    // After the dead spin's lease the worker rolls the round back: the spin is the player's again.
    expect(await settlePending(testContext(t, injectTransport(t), later))).toEqual({ claimed: 1, done: 1 });
    expect(await statusOf(dead)).toBe("rolled_back");
    expect(await used(grantId)).toBe(0);
    expect((await grants(s.sessionId))[0]?.left).toBe(2);
    // The mall record counts no spin played: the rolled-back one went back to the grant.
    const played = async () =>
      (await myRedemptions(p.id, "EN")).find((x) => x.id === r.id)?.freeSpins?.played;
    expect(await played()).toBe(0);

    // One spin played; then the old round's rollback arrives again (a resend): nothing given back.
    expect((await spin(s.sessionId, grantId)).status).toBe(200);
    const round = (await t.database.db.select().from(rounds).where(eq(rounds.id, dead)))[0];
    if (!round) throw new Error("round gone");
    await rollbackRound(testContext(t), { ...round, status: "rollback_pending" });
    expect(await used(grantId)).toBe(1);
    // Both spins can be played, and no third.
    expect((await spin(s.sessionId, grantId)).status).toBe(200);
    expect((await spin(s.sessionId, grantId)).json.code).toBe("FREE_SPINS_USED_UP");
    expect(await played()).toBe(2);
    expect(await mainBalance(t, p.id)).toBeGreaterThanOrEqual(10_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("races: two workers and a resent rollback, for dead free spins of several grants — each spin given back once", async () => {
    const setups = await Promise.all(
      [0, 1, 2].map(async () => {
        const p = await player(1000n);
        const r = await redeemSpins(p.id, await freeSpinItem(3));
        const grantId = `mall:R${r.id}`;
        const s = await open(p.token);
        return { grantId, dead: await spinThatDies(s.sessionId, grantId) };
      }),
    );
    const deadRounds = await t.database.db
      .select()
      .from(rounds)
      .where(
        inArray(
          rounds.id,
          setups.map((x) => x.dead),
        ),
      );
    await Promise.all([
      settlePending(testContext(t, injectTransport(t), later)),
      settlePending(testContext(t, injectTransport(t), later)),
      ...deadRounds.map((round) => rollbackRound(testContext(t), { ...round, status: "rollback_pending" })),
    ]);
    for (const x of setups) {
      expect(await statusOf(x.dead)).toBe("rolled_back");
      expect(await used(x.grantId)).toBe(0);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  const grantState = async (redemptionId: number) =>
    (
      await queryRows<{ state: string; status: string }>(
        t.database.db,
        sql`SELECT g.state, r.status FROM mall_free_spin_grants g JOIN mall_redemptions r ON r.id = g.redemption_id
            WHERE g.redemption_id = ${redemptionId}`,
      )
    )[0];
  const rgsGrants = async (grantId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT COUNT(*)::int AS n FROM rgs.free_spin_grants WHERE id = ${grantId}`,
        )
      )[0]?.n,
    );
  /** The job's next pass is due now (rather than a minute later). */
  const due = (redemptionIds: number[]) =>
    t.database.db.execute(
      sql`UPDATE mall_free_spin_grants SET next_attempt_at = now() - interval '1 second'
          WHERE redemption_id IN (${sql.join(
            redemptionIds.map((x) => sql`${x}`),
            sql`, `,
          )})`,
    );
  const redeemWith = (memberId: number, itemId: number, sendGrant: GrantSender) =>
    redeem(t.app.ctx, memberId, { itemId, requestId: randomUUID(), password: "123456" }, { sendGrant });
  const unknownSlot = async () => {
    const [bad] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO mall_items (kind, names, price_points, fs_vendor, fs_game_code, fs_spins, fs_bet_per_line, fs_expiry_days, stock)
          VALUES ('freespins', '{"EN":"Gone"}', 100, 'PNG', 'retired-slot', 5, 10, 7, 10) RETURNING id`,
    );
    return Number(bad?.id);
  };
  const stock = async (itemId: number) =>
    Number(
      (
        await queryRows<{ stock: number }>(
          t.database.db,
          sql`SELECT stock FROM mall_items WHERE id = ${itemId}`,
        )
      )[0]?.stock,
    );

  it("a grant whose answers are lost keeps the redemption and is sent again until the RGS has it, made once", async () => {
    const p = await player(1000n);
    const real = rgsGrantSender(t.app, t.app.ctx);
    let lose = 2; // the redemption's call and its immediate retry: both made, both answers lost
    const lossy: GrantSender = async (g) => {
      const v = await real(g);
      if (lose-- > 0) throw new AppError("FREESPINS_UNAVAILABLE", 503);
      return v;
    };
    const item = await freeSpinItem(3);
    const before = Date.now();
    const r = await redeemWith(p.id, item, lossy);
    const after = Date.now();
    expect(r.status).toBe("approved");
    // One failed delivery: sent again a minute later.
    const [retry] = await queryRows<{ attempts: number; next_attempt_at: Date | string }>(
      t.database.db,
      sql`SELECT attempts, next_attempt_at FROM mall_free_spin_grants WHERE redemption_id = ${r.id}`,
    );
    expect(retry?.attempts).toBe(1);
    const next = new Date(retry?.next_attempt_at ?? 0).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 60_000);
    expect(next).toBeLessThanOrEqual(after + 60_000);
    expect(await pointsBalance(t.database.db, p.id)).toBe(900n);
    expect(await grantState(r.id)).toEqual({ state: "pending", status: "approved" });
    const grantId = `mall:R${r.id}`;
    expect(await rgsGrants(grantId)).toBe(1);

    // The minute job (with the app's own sender) sends it again: the RGS has it, once.
    await due([r.id]);
    expect(await resendGrants(t.app.ctx, undoFreeSpins)).toEqual({ granted: 1, refused: 0, pending: 0 });
    expect(await grantState(r.id)).toEqual({ state: "granted", status: "approved" });
    expect(await rgsGrants(grantId)).toBe(1);
    expect(await pointsBalance(t.database.db, p.id)).toBe(900n);
    const s = await open(p.token);
    expect((await grants(s.sessionId)).map((g) => [g.grantId, g.left])).toEqual([[grantId, 3]]);
    // Nothing is due any more.
    await due([r.id]);
    expect(await resendGrants(t.app.ctx, undoFreeSpins)).toEqual({ granted: 0, refused: 0, pending: 0 });
  });

  /** The grant expired (on the platform's row and, if it has it, the RGS's). */
  const expire = async (redemptionId: number) => {
    await t.database.db.execute(
      sql`UPDATE mall_free_spin_grants SET expires_at = now() - interval '1 second' WHERE redemption_id = ${redemptionId}`,
    );
    await t.database.db.execute(
      sql`UPDATE rgs.free_spin_grants SET expires_at = now() - interval '1 second' WHERE id = ${`mall:R${redemptionId}`}`,
    );
  };
  const grantOf = (memberId: number, redemptionId: number) => ({
    grantId: `mall:R${redemptionId}`,
    memberId,
    vendor: "PNG",
    gameCode: GAME,
    currency: "PHP",
    spins: 2,
    betPerLine: 10n,
    expiresAt: new Date(Date.now() - 1000),
  });
  const grantBody = (memberId: number, redemptionId: number) => ({
    grantId: `mall:R${redemptionId}`,
    playerId: memberId,
    vendor: "PNG",
    gameId: GAME,
    currency: "PHP",
    spins: 2,
    betPerLine: "0.10",
    expiresAt: new Date(Date.now() - 1000).toISOString(),
  });
  const reason = async (redemptionId: number) =>
    (
      await queryRows<{ reason: string | null }>(
        t.database.db,
        sql`SELECT reason FROM mall_redemptions WHERE id = ${redemptionId}`,
      )
    )[0]?.reason;

  /** The member's own mall record (getRedeemPointList), in a language. */
  const myRedemptions = async (memberId: number, lang: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/wps/relay/getRedeemPointList?pageNo=1",
        headers: {
          authorization: `Bearer ${await createSession(t.app.ctx, memberId, "password", { ip: "10.0.0.1", userAgent: "test" })}`,
          "x-lang": lang,
        },
      })
    ).json().value.list as Array<{
      id: number;
      status: string;
      reason: string | null;
      freeSpins: { delivery: string; played: number } | null;
    }>;

  it("a grant still undelivered at its expiry is closed: never made → points and stock back, a late copy plays nothing; made → granted", async () => {
    const down: GrantSender = async () => {
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    };
    const real = rgsGrantSender(t.app, t.app.ctx);
    const lossy: GrantSender = async (g) => {
      await real(g); // made on the RGS, every answer lost
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    };
    const item = await freeSpinItem(3);
    const a = await player(1000n);
    const b = await player(1000n);
    const never = await redeemWith(a.id, item, down);
    const lost = await redeemWith(b.id, item, lossy);
    expect(await rgsGrants(`mall:R${never.id}`)).toBe(0);
    expect(await rgsGrants(`mall:R${lost.id}`)).toBe(1);
    // The member sees it approved and on its way to the game.
    expect((await myRedemptions(a.id, "EN")).find((x) => x.id === never.id)).toMatchObject({
      status: "approved",
      freeSpins: { delivery: "pending" },
    });
    await expire(never.id);
    await expire(lost.id);
    await due([never.id, lost.id]);
    expect(await resendGrants(t.app.ctx, undoFreeSpins)).toEqual({ granted: 1, refused: 1, pending: 0 });

    // Never made: the redemption is rejected with its points back, told why.
    expect(await grantState(never.id)).toEqual({ state: "refused", status: "rejected" });
    expect(await pointsBalance(t.database.db, a.id)).toBe(1000n);
    expect(await reason(never.id)).toBe("free spins expired before they could be delivered");
    // …and reads why in their language.
    expect((await myRedemptions(a.id, "TY")).find((x) => x.id === never.id)).toMatchObject({
      status: "rejected",
      reason: "Hindi umabot sa laro ang mga free spin bago sila nag-expire; ibinalik ang iyong points.",
      freeSpins: { delivery: "refused" },
    });
    // A late copy of the grant reaching the RGS now makes nothing playable.
    const late = await real({
      grantId: `mall:R${never.id}`,
      memberId: a.id,
      vendor: "PNG",
      gameCode: GAME,
      currency: "PHP",
      spins: 3,
      betPerLine: 10n,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(late.left).toBe(0);
    expect(await grants((await open(a.token)).sessionId)).toEqual([]);
    // Made (its answers lost): the member had the spins until they lapsed; nothing is given back.
    expect(await grantState(lost.id)).toEqual({ state: "granted", status: "approved" });
    expect(await pointsBalance(t.database.db, b.id)).toBe(900n);
    // Nothing is due any more, and undoing the refused one again returns nothing more.
    await due([never.id, lost.id]);
    expect(await resendGrants(t.app.ctx, undoFreeSpins)).toEqual({ granted: 0, refused: 0, pending: 0 });
    await undoFreeSpins(t.app.ctx, never.id);
    expect(await pointsBalance(t.database.db, a.id)).toBe(1000n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("closing an expired grant that gets no answer keeps it pending and returns nothing; an unsigned close is refused", async () => {
    const down: GrantSender = async () => {
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    };
    const closeDown: GrantSender = Object.assign(down, { close: down });
    const p = await player(1000n);
    const r = await redeemWith(p.id, await freeSpinItem(2), down);
    await expire(r.id);
    await due([r.id]);
    const attempts = async () =>
      (
        await queryRows<{ attempts: number }>(
          t.database.db,
          sql`SELECT attempts FROM mall_free_spin_grants WHERE redemption_id = ${r.id}`,
        )
      )[0]?.attempts;
    const before = await attempts();
    // The game server cannot be reached: the grant stays pending, tried later; no points back.
    expect(await closeExpiredGrant(t.app.ctx, r.id, grantOf(p.id, r.id), closeDown, undoFreeSpins)).toBe(
      "pending",
    );
    expect(await grantState(r.id)).toEqual({ state: "pending", status: "approved" });
    expect(await attempts()).toBe((before ?? 0) + 1);
    expect(await pointsBalance(t.database.db, p.id)).toBe(900n);
    expect(await rgsGrants(`mall:R${r.id}`)).toBe(0);
    // A close nobody signed is refused and stores nothing.
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/rgs/admin/freespins/grants/close",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...grantBody(p.id, r.id) }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await rgsGrants(`mall:R${r.id}`)).toBe(0);
    // Once the game server answers, the job closes it and returns the points, once.
    await due([r.id]);
    expect(await resendGrants(t.app.ctx, undoFreeSpins)).toEqual({ granted: 0, refused: 1, pending: 0 });
    expect(await pointsBalance(t.database.db, p.id)).toBe(1000n);
    expect(await rgsGrants(`mall:R${r.id}`)).toBe(1);
  });

  it("races: two job runs over expired undelivered grants across members — each closed once, only the never-made ones refunded, once", async () => {
    const down: GrantSender = async () => {
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    };
    const real = rgsGrantSender(t.app, t.app.ctx);
    const lossy: GrantSender = async (g) => {
      await real(g);
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    };
    const item = await freeSpinItem(2);
    const cases = await Promise.all(
      [down, lossy, down, lossy, down, lossy].map(async (send) => {
        const p = await player(1000n);
        const r = await redeemWith(p.id, item, send);
        return { p, r, made: send === lossy };
      }),
    );
    for (const c of cases) await expire(c.r.id);
    await due(cases.map((c) => c.r.id));
    const runs = await Promise.all([
      resendGrants(t.app.ctx, undoFreeSpins),
      resendGrants(t.app.ctx, undoFreeSpins),
    ]);
    expect(runs.reduce((n, r) => n + r.granted, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.refused, 0)).toBe(3);
    for (const c of cases) {
      expect(await grantState(c.r.id)).toEqual(
        c.made ? { state: "granted", status: "approved" } : { state: "refused", status: "rejected" },
      );
      expect(await pointsBalance(t.database.db, c.p.id)).toBe(c.made ? 900n : 1000n);
      expect(await rgsGrants(`mall:R${c.r.id}`)).toBe(1);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("races: grants made and closed at once on the RGS, across grants — each ends either made or closed, never both", async () => {
    const real = rgsGrantSender(t.app, t.app.ctx);
    const close = real.close;
    if (!close) throw new Error("the RGS sender closes grants");
    const p = await player(0n);
    const requests = Array.from({ length: 6 }, (_, i) => ({
      grantId: `race-close:${randomUUID()}:${i}`,
      memberId: p.id,
      vendor: "PNG",
      gameCode: GAME,
      currency: "PHP",
      spins: 2,
      betPerLine: 10n,
      expiresAt: new Date(Date.now() + 86_400_000),
    }));
    const results = await Promise.all(requests.map(async (g) => Promise.all([real(g), close(g)])));
    for (const [i, [made, closed]] of results.entries()) {
      expect(await rgsGrants(requests[i]?.grantId ?? "")).toBe(1);
      // Made first: the close reports it and leaves it playable; closed first: the grant plays nothing.
      expect(made.left).toBe(closed.made ? 2 : 0);
      expect(closed.used).toBe(0);
    }
    const playable = (await grants((await open(p.token)).sessionId)).map((g) => g.grantId);
    expect(playable.sort()).toEqual(
      requests
        .filter((_, i) => results[i]?.[1].made)
        .map((g) => g.grantId)
        .sort(),
    );
  });

  it("races: two job runs over pending grants — each granted or refused once, the refused ones' points and stock returned once", async () => {
    const down: GrantSender = async () => {
      throw new AppError("FREESPINS_UNAVAILABLE", 503); // the RGS could not be reached
    };
    const good = await freeSpinItem(2);
    const bad = await unknownSlot();
    const cases = await Promise.all(
      [good, bad, good, bad].map(async (item) => {
        const p = await player(1000n);
        const r = await redeemWith(p.id, item, down);
        expect(r.status).toBe("approved");
        return { p, r, item };
      }),
    );
    for (const c of cases) expect(await grantState(c.r.id)).toEqual({ state: "pending", status: "approved" });
    expect(await stock(bad)).toBe(8);
    await due(cases.map((c) => c.r.id));
    const [a, b] = await Promise.all([
      resendGrants(t.app.ctx, undoFreeSpins),
      resendGrants(t.app.ctx, undoFreeSpins),
    ]);
    expect((a?.granted ?? 0) + (b?.granted ?? 0)).toBe(2);
    expect((a?.refused ?? 0) + (b?.refused ?? 0)).toBe(2);
    for (const c of cases) {
      const ok = c.item === good;
      expect(await grantState(c.r.id)).toEqual(
        ok ? { state: "granted", status: "approved" } : { state: "refused", status: "rejected" },
      );
      expect(await pointsBalance(t.database.db, c.p.id)).toBe(ok ? 900n : 1000n);
      expect(await rgsGrants(`mall:R${c.r.id}`)).toBe(ok ? 1 : 0);
    }
    expect(await stock(bad)).toBe(10);
    // A refused grant refused again (a late copy of the job): nothing more returned.
    const late = cases.find((c) => c.item === bad);
    if (!late) throw new Error("no refused case");
    await undoFreeSpins(t.app.ctx, late.r.id);
    expect(await pointsBalance(t.database.db, late.p.id)).toBe(1000n);
    expect(await stock(bad)).toBe(10);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
