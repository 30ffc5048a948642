import { verifyRaffle } from "@panalo/game-math/raffle";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { memberBalances, reconcile } from "../ledger/ledger.ts";
import { claimAll, claimOne, expireRewards, unreadCount } from "./center.ts";
import { offerReward } from "./offer.ts";
import { createRaffle, drawRaffleNow } from "./raffle.ts";
import { effectiveRate, rebateOf, runRebateDay } from "./rebate.ts";
import { referralMilestones } from "./referral.ts";

/**
 * Reward centre, rebates, raffles and referrals on the suite's database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL: there the "second scheduler" is a second app
 * on its own pool, so the races below really run at once).
 */
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "test-secret-test-secret-test-secret-42",
  RGS_LOTTERY_INTERVAL_MS: "0",
});
let nowMs = Date.parse("2026-03-05T10:00:00Z");
const clock = { now: () => new Date(nowMs) };

let database: Database;
let second: Database;
let drop: () => Promise<void>;
let a: FastifyInstance;
let b: FastifyInstance;
let ctx: AppContext;
let ctx2: AppContext;

beforeAll(async () => {
  let url = "";
  ({ database, drop, url } = await openTestDatabase());
  second = url ? await openDatabase({ url }) : database;
  a = await buildApp({ config, database, store: memoryStore(), clock });
  b = await buildApp({ config, database: second, store: memoryStore(), clock });
  await Promise.all([a.ready(), b.ready()]);
  ctx = (a as unknown as { ctx: AppContext }).ctx;
  ctx2 = (b as unknown as { ctx: AppContext }).ctx;
}, 180_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== database) await second.close();
  await drop?.();
});

let seq = 0;
async function member(name: string, isAgent = 0) {
  const [r] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO members (username, is_agent) VALUES (${`${name}${++seq}`}, ${isAgent}) RETURNING id`,
  );
  return Number(r?.id);
}
const main = async (id: number) =>
  (await memberBalances(database.db, id)).find((x) => x.kind === "main")?.balance ?? 0n;
const paidTimes = async (key: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        database.db,
        sql`SELECT COUNT(*)::text AS n FROM ledger_transactions WHERE idempotency_key = ${key}`,
      )
    )[0]?.n,
  );

/** A settled round: a bet and its win (0 included), on a game of `gameType`. */
async function round(memberId: number, stake: bigint, win: bigint, at: string, gameCode = "slot1") {
  const r = `r${++seq}`;
  await database.db.execute(sql`INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
    VALUES ('RWD', ${`${r}b`}, 'bet', ${r}, ${memberId}, ${stake}, NULL, 'x', ${at}, ${gameCode}),
      ('RWD', ${`${r}w`}, 'win', ${r}, ${memberId}, ${win}, ${`${r}b`}, 'x', ${at}, ${gameCode})`);
}
async function reward(memberId: number, amount: bigint, extra: { expiresAt?: Date } = {}) {
  return (
    await offerReward(database.db, {
      memberId,
      sourceKind: "promotion",
      sourceKey: `test:${++seq}`,
      title: { EN: "Test reward" },
      payout: "cash",
      ledgerType: "promotion_reward",
      amountMinor: amount,
      currency: "PHP",
      expiresAt: extra.expiresAt ?? null,
    })
  ).id;
}

beforeAll(async () => {
  await database.db.execute(sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('RWD', 'RNG', 1, 'Reward vendor', '', '', '') ON CONFLICT DO NOTHING`);
  await database.db.execute(sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text,
      min_bet, min_line_num, thumbnail)
    VALUES ('RWD', 'slot1', 'RNG', 'SLOT', '{"EN":"Slot"}', 'slot', 100, 1, ''),
      ('RWD', 'live1', 'LIVE', 'BACCARAT', '{"EN":"Live"}', 'live', 100, 1, '')`);
  await database.db.execute(
    sql`INSERT INTO rebate_rates (game_type, rate_ppm) VALUES ('RNG', 5000), ('LIVE', 2500)`,
  );
});

describe("rebates", () => {
  it("computes a rebate in exact centavos: floored, capped, nothing below the minimum", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 100_000 }),
        (bet, ppm) => {
          const r = rebateOf(bet, ppm, 1n, null);
          expect(r * 1_000_000n <= bet * BigInt(ppm)).toBe(true);
          expect((r + 1n) * 1_000_000n > bet * BigInt(ppm) || r === 0n).toBe(true);
          expect(rebateOf(bet, ppm, 1n, 500n) <= 500n).toBe(true);
        },
      ),
    );
    expect(rebateOf(99n, 5000, 1n, null)).toBe(0n);
  });

  it("pays the day's automatic rebate once although two schedulers run it at the same time", async () => {
    await database.db.execute(sql`UPDATE rebate_settings SET mode = 'auto'`);
    const x = await member("rebx");
    const y = await member("reby");
    const agent = await member("rebag", 1);
    // 2026-03-03 in Manila: 100.00 on slots and 40.00 live for x; 10.00 on slots for y.
    await round(x, 10_000n, 0n, "2026-03-03T02:00:00Z");
    await round(x, 4_000n, 9_000n, "2026-03-03T03:00:00Z", "live1");
    await round(y, 1_000n, 500n, "2026-03-03T04:00:00Z");
    await round(agent, 50_000n, 0n, "2026-03-03T04:00:00Z");
    // The next day's round does not count.
    await round(x, 90_000n, 0n, "2026-03-03T16:30:00Z");
    const [r1, r2] = await Promise.all([runRebateDay(ctx, "2026-03-03"), runRebateDay(ctx2, "2026-03-03")]);
    expect(r1.paidMinor).toBe("0.65");
    expect(r2.paidMinor).toBe("0.65");
    // 0.5 % of 100.00 + 0.25 % of 40.00 = 0.60; 0.5 % of 10.00 = 0.05; the agent nothing.
    expect(await main(x)).toBe(60n);
    expect(await main(y)).toBe(5n);
    expect(await main(agent)).toBe(0n);
    expect(await paidTimes(`rebate:${x}:2026-03-03`)).toBe(1);
    await runRebateDay(ctx, "2026-03-03");
    expect(await main(x)).toBe(60n);
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it("finishes a run that died half-way without paying anyone twice", async () => {
    await database.db.execute(sql`UPDATE rebate_settings SET mode = 'auto'`);
    const a = await member("reba");
    const b = await member("rebb");
    await round(a, 10_000n, 0n, "2026-03-01T02:00:00Z");
    await runRebateDay(ctx, "2026-03-01");
    expect(await main(a)).toBe(50n);
    // The state a process leaves when it dies after paying a's batch and before b's: the day's
    // run still 'running', a's line, payout and ledger movement committed, b's not yet.
    await database.db.execute(sql`UPDATE rebate_runs SET status = 'running' WHERE day = '2026-03-01'`);
    await round(b, 20_000n, 0n, "2026-03-01T03:00:00Z");
    const again = await runRebateDay(ctx2, "2026-03-01");
    expect(again.paidMinor).toBe("1.50");
    expect(await main(a)).toBe(50n);
    expect(await main(b)).toBe(100n);
    expect(await paidTimes(`rebate:${a}:2026-03-01`)).toBe(1);
    expect(await paidTimes(`rebate:${b}:2026-03-01`)).toBe(1);
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it("pays a VIP member the level's rebate rate where it beats the category's", async () => {
    await database.db.execute(sql`UPDATE rebate_settings SET mode = 'auto'`);
    // VIP3 rebates 1 % on every category: above slots' 0.5 % and live's 0.25 %.
    await database.db.execute(
      sql`INSERT INTO vip_levels (level, name, rebate_rate_ppm) VALUES (3, 'VIP3', 10000)
          ON CONFLICT (level) DO UPDATE SET rebate_rate_ppm = 10000`,
    );
    const vip = await member("rebvip");
    const plain = await member("rebplain");
    await database.db.execute(sql`INSERT INTO loyalty_members (member_id, vip_level) VALUES (${vip}, 3)`);
    for (const m of [vip, plain]) {
      await round(m, 10_000n, 0n, "2026-02-27T02:00:00Z");
      await round(m, 4_000n, 0n, "2026-02-27T03:00:00Z", "live1");
    }
    await runRebateDay(ctx, "2026-02-27");
    // 1 % of 140.00 for the VIP; 0.5 % of 100.00 + 0.25 % of 40.00 for level 0.
    expect(await main(vip)).toBe(140n);
    expect(await main(plain)).toBe(60n);
    const lines = await queryRows<{ game_type: string; rate_ppm: number }>(
      database.db,
      sql`SELECT game_type, rate_ppm FROM rebate_lines WHERE member_id = ${vip} ORDER BY game_type`,
    );
    expect(lines).toEqual([
      { game_type: "LIVE", rate_ppm: 10000 },
      { game_type: "RNG", rate_ppm: 10000 },
    ]);
    expect(
      effectiveRate({ gameType: "RNG", vipLevel: 0, ratePpm: 20000, minPayout: 5n, maxPayout: 9n }, 10000),
    ).toMatchObject({ ratePpm: 20000 });
    expect(effectiveRate(undefined, 10000)).toEqual({ ratePpm: 10000, minPayout: 0n, maxPayout: null });
    expect(effectiveRate(undefined, undefined)).toBeUndefined();
  });

  it("accrues a manual rebate into the reward centre, claimed once on manualRebate", async () => {
    await database.db.execute(sql`UPDATE rebate_settings SET mode = 'manual'`);
    const x = await member("rebm");
    await round(x, 20_000n, 0n, "2026-03-02T02:00:00Z");
    await runRebateDay(ctx, "2026-03-02");
    expect(await main(x)).toBe(0n);
    const rewards = await queryRows<{ id: string; amount: string; state: string }>(
      database.db,
      sql`SELECT id, amount::text, state FROM member_rewards WHERE member_id = ${x} AND source_kind = 'rebate'`,
    );
    expect(rewards.map((r) => [r.amount, r.state])).toEqual([["100", "waiting"]]);
    expect(await unreadCount(database.db, x, clock.now())).toBe(1);
    const [c1, c2] = await Promise.all([claimAll(ctx, x, "rebate"), claimAll(ctx2, x, "rebate")]);
    expect(c1.claimed + c2.claimed).toBe(1);
    expect(await main(x)).toBe(100n);
    expect(await unreadCount(database.db, x, clock.now())).toBe(0);
  });
});

describe("reward claims", () => {
  it("pays one reward once when 20 claims of it race", async () => {
    const m = await member("race");
    const id = await reward(m, 1_234n);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => claimOne(i % 2 ? ctx2 : ctx, m, id)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected")
        expect((r.reason as { code?: string }).code).toBe("REWARD_ALREADY_CLAIMED");
    }
    expect(await main(m)).toBe(1_234n);
    expect(await paidTimes(`reward:${id}`)).toBe(1);
  });

  it("pays each of several rewards once when claim-all races claim-one on different rewards", async () => {
    const m = await member("mix");
    const ids = [await reward(m, 100n), await reward(m, 200n), await reward(m, 300n), await reward(m, 400n)];
    const races = await Promise.allSettled([
      claimAll(ctx, m),
      claimAll(ctx2, m),
      ...ids.map((id, i) => claimOne(i % 2 ? ctx : ctx2, m, id)),
    ]);
    expect(races.every((r) => r.status === "fulfilled" || r.reason?.code === "REWARD_ALREADY_CLAIMED")).toBe(
      true,
    );
    expect(await main(m)).toBe(1_000n);
    for (const id of ids) expect(await paidTimes(`reward:${id}`)).toBe(1);
  });

  it("either pays or expires a reward whose claim races its expiry, never both", async () => {
    const m = await member("exp");
    const id = await reward(m, 700n, { expiresAt: new Date(nowMs + 1000) });
    nowMs += 2000; // now past the date: the claim refuses it whether or not the job ran first
    const [claim, job] = await Promise.allSettled([claimOne(ctx, m, id), expireRewards(ctx2)]);
    expect(claim.status).toBe("rejected");
    expect(job.status).toBe("fulfilled");
    expect(await main(m)).toBe(0n);
    const [row] = await queryRows<{ state: string }>(
      database.db,
      sql`SELECT state FROM member_rewards WHERE id = ${id}`,
    );
    expect(row?.state).toBe("expired");
  });

  it("never pays an agent", async () => {
    const agent = await member("agentr", 1);
    const id = await reward(agent, 500n);
    await expect(claimOne(ctx, agent, id)).rejects.toMatchObject({ code: "REWARD_NOT_ALLOWED" });
    expect(await main(agent)).toBe(0n);
  });

  it("turns a bonus reward into a bonus under its rule, once, and leaves it waiting while another bonus runs", async () => {
    const [rule] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO bonus_rules (name, kind, percent, min_deposit, wagering_multiple, wagering_base, contributions)
          VALUES ('Reward bonus', 'manual', 100, 0, 3, 'bonus', '{"*": 100}'::jsonb) RETURNING id`,
    );
    const ruleId = Number(rule?.id);
    const offer = (m: number, amountMinor: bigint) =>
      offerReward(database.db, {
        memberId: m,
        sourceKind: "promotion",
        sourceKey: `bonus:${++seq}`,
        title: { EN: "Bonus" },
        payout: "bonus",
        ledgerType: "promotion_reward",
        amountMinor,
        currency: "PHP",
        bonusRuleId: ruleId,
      });
    const bonusBalance = async (id: number) => {
      const [row] = await queryRows<{ balance: string }>(
        database.db,
        sql`SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = ${id} AND kind = 'bonus'`,
      );
      return BigInt(row?.balance ?? "0");
    };
    const m = await member("bon");
    const first = await offer(m, 100_00n);
    const second = await offer(m, 50_00n);
    const paid = await claimOne(ctx, m, first.id);
    expect(paid).toMatchObject({ amountMinor: 100_00n });
    // The bonus account holds it with wagering 3 × 100.00 to go; main is untouched.
    expect(await bonusBalance(m)).toBe(100_00n);
    expect(await main(m)).toBe(0n);
    const [bonus] = await queryRows<{ n: number; required: string }>(
      database.db,
      sql`SELECT count(*)::int AS n, max(wagering_required)::text AS required FROM member_bonuses WHERE member_id = ${m}`,
    );
    expect(bonus).toEqual({ n: 1, required: "30000" });
    // A second bonus while the first runs is refused; the reward stays waiting and nothing moves.
    await expect(claimOne(ctx, m, second.id)).rejects.toMatchObject({ code: "BONUS_ALREADY_ACTIVE" });
    const [waiting] = await queryRows<{ state: string }>(
      database.db,
      sql`SELECT state FROM member_rewards WHERE id = ${second.id}`,
    );
    expect(waiting?.state).toBe("waiting");
    await expect(claimOne(ctx, m, first.id)).rejects.toMatchObject({ code: "REWARD_ALREADY_CLAIMED" });
    expect(await bonusBalance(m)).toBe(100_00n);
    expect((await reconcile(database.db)).ok).toBe(true);
  });
});

describe("raffles", () => {
  it("draws winners anyone can verify from the revealed seed, once, and pays each prize once", async () => {
    const players = [await member("raf"), await member("raf"), await member("raf")];
    for (const [i, p] of players.entries())
      await round(p, BigInt((i + 1) * 10_000), 0n, "2026-03-04T02:00:00Z");
    await round(await member("rafag", 1), 90_000n, 0n, "2026-03-04T02:00:00Z");
    const raffleId = await createRaffle(database.db, {
      title: { EN: "March raffle" },
      currency: "PHP",
      startsAt: new Date("2026-03-04T00:00:00Z"),
      endsAt: new Date("2026-03-05T00:00:00Z"),
      ticketPerDeposit: null,
      ticketPerBet: 5_000n,
      maxTicketsPerMember: 100,
      prizes: [5_000n, 1_000n],
    });
    const [before] = await queryRows<{ seed_hash: string }>(
      database.db,
      sql`SELECT seed_hash FROM raffles WHERE id = ${raffleId}`,
    );
    const draws = await Promise.allSettled([drawRaffleNow(ctx, raffleId), drawRaffleNow(ctx2, raffleId)]);
    expect(draws.filter((d) => d.status === "fulfilled")).toHaveLength(1);
    const [r] = await queryRows<{ server_seed: string; total_tickets: number; seed_hash: string }>(
      database.db,
      sql`SELECT server_seed, total_tickets, seed_hash FROM raffles WHERE id = ${raffleId}`,
    );
    // 2 + 4 + 6 tickets; the agent's bets earn none.
    expect(r?.total_tickets).toBe(12);
    expect(r?.seed_hash).toBe(before?.seed_hash);
    const winners = await queryRows<{ ticket: number; member_id: string; reward_id: string }>(
      database.db,
      sql`SELECT ticket, member_id, reward_id FROM raffle_winners WHERE raffle_id = ${raffleId} ORDER BY rank`,
    );
    expect(winners).toHaveLength(2);
    expect(
      verifyRaffle(r?.server_seed ?? "", raffleId, {
        seedHash: before?.seed_hash ?? "",
        totalTickets: 12,
        winners: winners.map((w) => w.ticket),
      }),
    ).toBe(true);
    // Tickets 1–2 are the first player's, 3–6 the second's, 7–12 the third's.
    for (const w of winners) {
      const owner = w.ticket <= 2 ? players[0] : w.ticket <= 6 ? players[1] : players[2];
      expect(Number(w.member_id)).toBe(owner);
    }
    const first = winners[0];
    if (!first) throw new Error("no winner");
    await Promise.allSettled([
      claimOne(ctx, Number(first.member_id), Number(first.reward_id)),
      claimOne(ctx2, Number(first.member_id), Number(first.reward_id)),
    ]);
    expect(await paidTimes(`reward:${first.reward_id}`)).toBe(1);
  });
});

describe("referrals", () => {
  it("records a friend registering through the link and rewards each milestone once", async () => {
    await database.db.execute(
      sql`UPDATE referral_settings SET register_reward = 1000, deposit_reward = 2000, deposit_min = 10000,
            bet_reward = 3000, bet_threshold = 5000`,
    );
    const referrer = await member("inviter");
    nowMs = Date.now(); // the friend's registration (the database's own time) and the clock agree
    const session = await a.inject({
      method: "PUT",
      url: "/wps/member/register",
      headers: { "accept-language": "en" },
      remoteAddress: "10.77.0.1",
      payload: {
        username: `inviter${++seq}x`,
        password: "secret123",
        confirmPassword: "secret123",
        humanCheck: await solvedHumanCheck(a),
        ageConfirmed: true,
        agree: true,
      },
    });
    expect(session.statusCode, session.body).toBe(200);
    const token = session.json().value.token as string;
    const me = Number(session.json().value.customerId);
    const page = await a.inject({
      method: "GET",
      url: "/wps/referral/info",
      headers: { authorization: `Bearer ${token}` },
    });
    const code = page.json().value.code as string;
    expect(page.json().value.link).toContain(`/register?referralCode=${code}`);
    const qr = await a.inject({ method: "GET", url: `/media/qr/referral/${code}.svg` });
    expect(qr.headers["content-type"]).toContain("image/svg+xml");

    const friend = await a.inject({
      method: "PUT",
      url: "/wps/member/register",
      remoteAddress: "10.77.0.2",
      payload: {
        username: `friend${++seq}x`,
        password: "secret123",
        confirmPassword: "secret123",
        referralCode: code.toLowerCase(),
        humanCheck: await solvedHumanCheck(a),
        ageConfirmed: true,
        agree: true,
      },
    });
    expect(friend.statusCode, friend.body).toBe(200);
    const friendId = Number(friend.json().value.customerId);
    const [link] = await queryRows<{ referrer_id: string; upline_id: string | null }>(
      database.db,
      sql`SELECT f.referrer_id, m.upline_id FROM member_referrals f JOIN members m ON m.id = f.member_id WHERE f.member_id = ${friendId}`,
    );
    expect(Number(link?.referrer_id)).toBe(me);
    expect(link?.upline_id).toBeNull(); // not an agent relationship
    // A first deposit at the minimum and valid bets at the target.
    const [ch] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO payment_channels (code, kind, name, min_amount, max_amount)
          VALUES (${`ref${++seq}`}, 'bank', 'Bank', 100, 10000000) RETURNING id`,
    );
    await database.db.execute(sql`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, decided_at)
      VALUES (${friendId}, ${ch?.id}, 'ref-dep', 10000, 'PHP', 'approved', now())`);
    // The friend's round settles after registering; the pass runs a little later.
    const played = Date.now() + 1000;
    await round(friendId, 6_000n, 0n, new Date(played).toISOString());
    nowMs = played + 60_000;
    await Promise.all([referralMilestones(ctx), referralMilestones(ctx2)]);
    await referralMilestones(ctx);
    const offers = await queryRows<{ source_key: string; amount: string }>(
      database.db,
      sql`SELECT source_key, amount::text FROM member_rewards WHERE member_id = ${me} ORDER BY source_key`,
    );
    const expected = [
      { source_key: `referral:${friendId}:bet`, amount: "3000" },
      { source_key: `referral:${friendId}:deposit`, amount: "2000" },
      { source_key: `referral:${friendId}:register`, amount: "1000" },
    ];
    expect(offers).toEqual(expected);
    const again = await a.inject({
      method: "GET",
      url: "/wps/referral/info",
      headers: { authorization: `Bearer ${token}` },
    });
    const friends = again.json().value.friends;
    expect(friends).toHaveLength(1);
    expect(friends[0].member).toMatch(/\*\*\*/);
    expect(friends[0].registered && friends[0].betReached).toBe(true);
    // An agent with a referral code is never offered a reward.
    const agent = await member("refagent", 1);
    await database.db.execute(
      sql`INSERT INTO referral_codes (member_id, code) VALUES (${agent}, 'AGENTREF')`,
    );
    const viaAgent = await a.inject({
      method: "PUT",
      url: "/wps/member/register",
      remoteAddress: "10.77.0.3",
      payload: {
        username: `friend${++seq}y`,
        password: "secret123",
        confirmPassword: "secret123",
        referralCode: "AGENTREF",
        humanCheck: await solvedHumanCheck(a),
        ageConfirmed: true,
        agree: true,
      },
    });
    expect(viaAgent.statusCode).toBe(200);
    const agentOffers = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT COUNT(*)::text AS n FROM member_rewards WHERE member_id = ${agent}`,
    );
    expect(agentOffers[0]?.n).toBe("0");
    expect(referrer).toBeGreaterThan(0);
  });

  it("lists, badges and claims rewards through the reward centre's calls", async () => {
    const reg = await a.inject({
      method: "PUT",
      url: "/wps/member/register",
      remoteAddress: "10.77.0.9",
      payload: {
        username: `centre${++seq}x`,
        password: "secret123",
        confirmPassword: "secret123",
        humanCheck: await solvedHumanCheck(a),
        ageConfirmed: true,
        agree: true,
      },
    });
    const token = reg.json().value.token as string;
    const me = Number(reg.json().value.customerId);
    const auth = { authorization: `Bearer ${token}`, "accept-language": "en" };
    const id = await reward(me, 2_550n);
    await reward(me, 450n);
    expect(
      (await a.inject({ method: "GET", url: "/wps/rewards/unread", headers: auth })).json().value.count,
    ).toBe(2);
    const list = (await a.inject({ method: "GET", url: "/wps/rewards/list", headers: auth })).json().value;
    expect(list.list.map((r: { amount: string }) => r.amount)).toEqual(["4.50", "25.50"]);
    expect(list.waitingTotal).toBe("30.00");
    await a.inject({ method: "POST", url: "/wps/rewards/seen", headers: auth });
    expect(
      (await a.inject({ method: "GET", url: "/wps/rewards/unread", headers: auth })).json().value.count,
    ).toBe(0);
    const one = await a.inject({ method: "POST", url: "/wps/rewards/claim", headers: auth, payload: { id } });
    expect(one.json().value.amount).toBe("25.50");
    const again = await a.inject({
      method: "POST",
      url: "/wps/rewards/claim",
      headers: auth,
      payload: { id },
    });
    expect(again.json()).toMatchObject({ success: false, code: "REWARD_ALREADY_CLAIMED" });
    const all = await a.inject({ method: "POST", url: "/wps/rewards/claimAll", headers: auth, payload: {} });
    expect(all.json().value).toEqual({ claimed: 1, amount: "4.50", skipped: 0 });
    expect(await main(me)).toBe(3_000n);
  });
});
