import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { TINY_PNG, uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { statusOf, takePart } from "./service.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const DAY = 86_400_000;

describe("promotions", () => {
  let t: TestApp;
  let cookie = "";
  let dina = "";
  let eddie = "";
  let dinaId = 0;

  const register = async (username: string, ip: string) =>
    (
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
        remoteAddress: ip,
      })
    ).json().value.token as string;
  const as = (token: string) => ({ authorization: `Bearer ${token}`, "x-lang": "EN" });
  const admin = () => ({ ...H, cookie });

  const promo = (over: Record<string, unknown> = {}) => ({
    type: "daily",
    title: { TY: "Araw-araw na gantimpala", EN: "Daily reward" },
    bannerUrl: null,
    body: { TY: "<p>Kunin</p>", EN: '<p>Claim it<script>alert(1)</script><a href="/help">help</a></p>' },
    audience: "everyone",
    newWithinDays: null,
    vipLevels: [],
    agentIds: [],
    participation: "claim",
    rewardKind: "cash",
    rewardAmount: "25.00",
    bonusRuleId: null,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    sortOrder: 0,
    enabled: true,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/promotions",
      headers: admin(),
      payload: promo(over),
    });
    expect(res.json().success, res.body).toBe(true);
    return res.json().value.id as number;
  };
  const rewardsOf = (memberId: number) =>
    queryRows<{ amount: string; source_key: string; payout: string; ledger_type: string }>(
      t.database.db,
      sql`SELECT amount::text AS amount, source_key, payout, ledger_type FROM member_rewards WHERE member_id = ${memberId}`,
    );
  const memberIdOf = async (username: string) =>
    Number(
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`SELECT id::text AS id FROM members WHERE username = ${username}`,
        )
      )[0]?.id,
    );

  beforeAll(async () => {
    t = await createTestApp();
    dina = await register("Dina2026", "10.6.0.1");
    eddie = await register("Eddie2026", "10.6.0.2");
    dinaId = await memberIdOf("dina2026");
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "marketer",
      role: "marketing",
      password: "Marketer-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "marketer",
        password: "Marketer-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  });
  afterAll(async () => t.close());

  it("lists a promotion for a guest and a member, with its sanitised body and the member's status", async () => {
    const id = await create({
      type: "welcome",
      participation: "join",
      rewardKind: "none",
      rewardAmount: "0.00",
    });
    const guest = (
      await t.app.inject({ method: "GET", url: "/wps/promotions?type=welcome", headers: { "x-lang": "EN" } })
    ).json();
    const card = guest.value.list.find((c: { id: number }) => c.id === id);
    expect(card).toMatchObject({ title: "Daily reward", status: "join", action: "join", rewardAmount: null });
    const detail = (
      await t.app.inject({ method: "GET", url: `/wps/promotions/${id}`, headers: { "x-lang": "EN" } })
    ).json().value;
    expect(detail.body).toContain('<a href="/help">help</a>');
    expect(detail.body).not.toContain("script");
    // Other types are filtered out.
    const daily = (
      await t.app.inject({ method: "GET", url: "/wps/promotions?type=raffle", headers: as(dina) })
    ).json();
    expect(daily.value.list.some((c: { id: number }) => c.id === id)).toBe(false);

    const joined = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/join`,
      headers: as(dina),
    });
    expect(joined.json().value).toEqual({ status: "joined", rewardId: null });
    const mine = (
      await t.app.inject({ method: "GET", url: `/wps/promotions/${id}`, headers: as(dina) })
    ).json().value;
    expect(mine.status).toBe("joined");
    expect(mine.action).toBe("none");
    // Joining is not claiming: the wrong action is refused.
    const wrong = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/claim`,
      headers: as(eddie),
    });
    expect(wrong.json().code).toBe("PROMO_ACTION_NOT_ALLOWED");
  });

  it("offers a claimed reward once through the reward centre, and refuses agents and trial accounts", async () => {
    const id = await create();
    const first = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/claim`,
      headers: as(dina),
    });
    expect(first.json().value.status).toBe("claimed");
    const again = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/claim`,
      headers: as(dina),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("PROMO_ALREADY_TAKEN");
    const rewards = (await rewardsOf(dinaId)).filter(
      (r) => r.source_key === `promotion:${id}:member:${dinaId}`,
    );
    expect(rewards).toEqual([
      {
        amount: "2500",
        source_key: `promotion:${id}:member:${dinaId}`,
        payout: "cash",
        ledger_type: "promotion_reward",
      },
    ]);

    const agentId = await memberIdOf("eddie2026");
    await t.database.db.execute(sql`UPDATE members SET is_agent = 1 WHERE id = ${agentId}`);
    const agent = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/claim`,
      headers: as(eddie),
    });
    expect(agent.json().code).toBe("PROMO_NOT_FOR_AGENTS");
    const shown = (
      await t.app.inject({ method: "GET", url: `/wps/promotions/${id}`, headers: as(eddie) })
    ).json().value;
    expect(shown.status).toBe("close");
    expect(shown.notEligible).toMatch(/agent/);
    await t.database.db.execute(sql`UPDATE members SET is_agent = 4 WHERE id = ${agentId}`);
    const trial = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/claim`,
      headers: as(eddie),
    });
    expect(trial.json().code).toBe("IN_NEED_TRUE_ACCOUNT");
    await t.database.db.execute(sql`UPDATE members SET is_agent = 0 WHERE id = ${agentId}`);
    expect(await rewardsOf(agentId)).toEqual([]);
  });

  it("takes an application with two images; the operator sees them and approves once", async () => {
    const id = await create({ type: "event", participation: "apply", rewardAmount: "88.00" });
    const a = await uploadProof(t.app, dina);
    const b = await uploadProof(t.app, dina, Buffer.concat([TINY_PNG, Buffer.from([1])]));
    const eddieUpload = await uploadProof(t.app, eddie);
    const foreign = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/apply`,
      headers: as(dina),
      payload: { remark: "x", images: [a, eddieUpload] },
    });
    expect(foreign.json().code).toBe("VALIDATION_ERROR");
    const long = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/apply`,
      headers: as(dina),
      payload: { remark: "x".repeat(141), images: [a] },
    });
    expect(long.json().code).toBe("VALIDATION_ERROR");
    const four = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/apply`,
      headers: as(dina),
      payload: { remark: "x", images: [a, b, a, b] },
    });
    expect(four.json().code).toBe("VALIDATION_ERROR");

    const applied = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/apply`,
      headers: as(dina),
      payload: { remark: "My winning screenshot", images: [a, b] },
    });
    expect(applied.json().value).toEqual({ status: "applying", rewardId: null });

    const queue = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/promotions/applications?promotionId=${id}`,
        headers: admin(),
      })
    ).json().value;
    expect(queue.total).toBe(1);
    const app0 = queue.list[0];
    expect(app0).toMatchObject({ username: "dina2026", remark: "My winning screenshot", state: "applying" });
    expect(app0.images).toHaveLength(2);
    const img = await t.app.inject({ method: "GET", url: app0.images[0], headers: admin() });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    // Eddie's upload is named by no application: not served on this path.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/admin/promotions/uploads/${eddieUpload.split("/").pop()}`,
      headers: admin(),
    });
    expect(other.statusCode).toBe(404);

    const approve = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/promotions/applications/${app0.id}/approve`,
        headers: admin(),
        payload: {},
      });
    const ok = await approve();
    expect(ok.json().value.state).toBe("approved");
    const twice = await approve();
    expect(twice.json().code).toBe("APPLICATION_NOT_PENDING");
    const rewards = (await rewardsOf(dinaId)).filter(
      (r) => r.source_key === `promotion:${id}:member:${dinaId}`,
    );
    expect(rewards.map((r) => r.amount)).toEqual(["8800"]);
    const seen = (
      await t.app.inject({ method: "GET", url: `/wps/promotions/${id}`, headers: as(dina) })
    ).json().value;
    expect(seen.status).toBe("issued");
    expect(seen.application.images).toEqual([a, b]);
  });

  it("rejects an application with a reason the player reads", async () => {
    const id = await create({ type: "event", participation: "apply" });
    const a = await uploadProof(t.app, eddie);
    await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${id}/apply`,
      headers: as(eddie),
      payload: { remark: "", images: [a] },
    });
    const [entry] = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/promotions/applications?promotionId=${id}`,
        headers: admin(),
      })
    ).json().value.list;
    const noReason = await t.app.inject({
      method: "POST",
      url: `/api/admin/promotions/applications/${entry.id}/reject`,
      headers: admin(),
      payload: { reason: " " },
    });
    expect(noReason.json().code).toBe("VALIDATION_ERROR");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/promotions/applications/${entry.id}/reject`,
      headers: admin(),
      payload: { reason: "The screenshot is unreadable" },
    });
    const seen = (
      await t.app.inject({ method: "GET", url: `/wps/promotions/${id}`, headers: as(eddie) })
    ).json().value;
    expect(seen.status).toBe("rejected");
    expect(seen.application.reason).toBe("The screenshot is unreadable");
    expect((await rewardsOf(await memberIdOf("eddie2026"))).length).toBe(0);
  });

  it("checks the audience on the server: new members, agents' teams, VIP levels", async () => {
    const agentId = Number(
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`INSERT INTO members (username, is_agent) VALUES ('agent_a', 1) RETURNING id::text AS id`,
        )
      )[0]?.id,
    );
    const [teamMember] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO members (username, upline_id) VALUES ('team_b', ${agentId}) RETURNING id::text AS id`,
    );
    const [old] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO members (username, created_at) VALUES ('old_c', now() - interval '40 days') RETURNING id::text AS id`,
    );
    const ctx = t.app.ctx;
    const team = await create({ audience: "team", agentIds: [agentId] });
    expect((await takePart(ctx, team, Number(teamMember?.id), "claim")).status).toBe("claimed");
    await expect(takePart(ctx, team, dinaId, "claim")).rejects.toMatchObject({ code: "PROMO_AUDIENCE" });
    await expect(takePart(ctx, team, agentId, "claim")).rejects.toMatchObject({
      code: "PROMO_NOT_FOR_AGENTS",
    });
    const fresh = await create({ audience: "new", newWithinDays: 30 });
    expect((await takePart(ctx, fresh, dinaId, "claim")).status).toBe("claimed");
    await expect(takePart(ctx, fresh, Number(old?.id), "claim")).rejects.toMatchObject({
      code: "PROMO_AUDIENCE",
    });
    const vip = await create({ audience: "vip", vipLevels: [3, 4] });
    await expect(takePart(ctx, vip, dinaId, "claim")).rejects.toMatchObject({ code: "PROMO_AUDIENCE" });
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/promotions",
      headers: admin(),
      payload: promo({ audience: "new", newWithinDays: null }),
    });
    expect(missing.json().details[0]).toMatchObject({ path: "newWithinDays", message: "new_days_needed" });
  });

  it("pays once when 20 claims of one promotion race, each of 20 members once (different ids racing)", async () => {
    const id = await create({ rewardAmount: "10.00" });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [r] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO members (username) VALUES (${`racer_${i}`}) RETURNING id::text AS id`,
      );
      ids.push(Number(r?.id));
    }
    const first = ids[0] as number;
    // 20 claims by one member, and 2 claims by each of the 20 members, all at once.
    const calls = [
      ...Array.from({ length: 20 }, () => takePart(t.app.ctx, id, first, "claim")),
      ...ids
        .slice(1)
        .flatMap((m) => [takePart(t.app.ctx, id, m, "claim"), takePart(t.app.ctx, id, m, "claim")]),
    ];
    const results = await Promise.allSettled(calls);
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter(
      (r) =>
        r.status === "rejected" && r.reason instanceof AppError && r.reason.code === "PROMO_ALREADY_TAKEN",
    ).length;
    expect(ok).toBe(20);
    expect(refused).toBe(results.length - 20);
    const [rewards] = await queryRows<{ n: number; members: number; total: string }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT member_id)::int AS members, sum(amount)::text AS total
          FROM member_rewards WHERE source_key LIKE ${`promotion:${id}:member:%`}`,
    );
    expect(rewards).toEqual({ n: 20, members: 20, total: "20000" });
  });

  it("reports cost, players and valid bets within the period, and exports it as CSV", async () => {
    const start = new Date(Date.now() - DAY);
    const id = await create({ rewardAmount: "5.00", startsAt: start.toISOString() });
    const [p1] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO members (username) VALUES ('rep_1') RETURNING id::text AS id`,
    );
    const [p2] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO members (username) VALUES ('rep_2') RETURNING id::text AS id`,
    );
    const [out] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO members (username) VALUES ('rep_3') RETURNING id::text AS id`,
    );
    await takePart(t.app.ctx, id, Number(p1?.id), "claim");
    await takePart(t.app.ctx, id, Number(p2?.id), "claim");
    // The reward centre pays p1's reward (h-rewards owns the claim; its row state is what counts).
    await t.database.db.execute(
      sql`UPDATE member_rewards SET state = 'claimed', claimed_at = now() WHERE source_key = ${`promotion:${id}:member:${p1?.id}`}`,
    );
    const bet = (
      tx: string,
      member: string | undefined,
      amount: number,
      at: Date,
      kind = "bet",
      ref: string | null = null,
    ) =>
      t.database.db.execute(sql`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
        VALUES ('v', ${tx}, ${kind}, ${`r-${tx}`}, ${member}, ${amount}, ${ref}, 'f', ${at})`);
    const inside = new Date();
    await bet(`b1-${id}`, p1?.id, 10_000, inside);
    await bet(`b2-${id}`, p2?.id, 2_500, inside);
    await bet(`b3-${id}`, p2?.id, 7_000, inside); // rolled back below: not a valid bet
    await t.database.db.execute(sql`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
        VALUES ('v', ${`rb3-${id}`}, 'rollback', ${`r-b3-${id}`}, ${p2?.id}, 7000, ${`b3-${id}`}, 'f', ${inside})`);
    await bet(`b4-${id}`, p1?.id, 9_900, new Date(start.getTime() - 1000)); // before the period
    await bet(`b5-${id}`, out?.id, 50_000, inside); // not a participant

    const report = (
      await t.app.inject({ method: "GET", url: "/api/admin/promotions/report", headers: admin() })
    ).json().value;
    const row = report.list.find((r: { promotionId: number }) => r.promotionId === id);
    expect(row).toMatchObject({ players: 2, cost: "5.00", offered: "10.00", turnover: "125.00" });
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/admin/promotions/report/export",
      headers: admin(),
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("promotion_id,title,type,starts_at,ends_at,players,cost,offered,turnover");
    expect(lines.find((l) => l.startsWith(`${id},`))).toMatch(/,2,5\.00,10\.00,125\.00$/);
  });

  it("enrols an eligible member in an automatic promotion once, and shows the period's statuses", async () => {
    const auto = await create({ type: "rebate", participation: "automatic", rewardAmount: "3.00" });
    const soon = await create({
      startsAt: new Date(Date.now() + DAY).toISOString(),
      endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    for (let i = 0; i < 2; i++) {
      const list = (await t.app.inject({ method: "GET", url: "/wps/promotions", headers: as(dina) })).json()
        .value.list;
      expect(list.find((c: { id: number }) => c.id === auto)).toMatchObject({
        status: "issued",
        action: "none",
      });
      expect(list.find((c: { id: number }) => c.id === soon)).toMatchObject({
        status: "coming soon",
        action: "none",
      });
    }
    const guest = (await t.app.inject({ method: "GET", url: `/wps/promotions/${auto}` })).json().value;
    expect(guest.status).toBe("process");
    const offered = (await rewardsOf(dinaId)).filter(
      (r) => r.source_key === `promotion:${auto}:member:${dinaId}`,
    );
    expect(offered.map((r) => r.amount)).toEqual(["300"]);
    const early = await t.app.inject({
      method: "POST",
      url: `/wps/promotions/${soon}/claim`,
      headers: as(dina),
    });
    expect(early.json().code).toBe("PROMO_NOT_OPEN");
    const count = (
      await t.app.inject({ method: "GET", url: "/wps/promotions/available", headers: as(eddie) })
    ).json();
    expect(count.value.count).toBeGreaterThan(0);
  });

  it("offers an action only to an eligible member, without an entry, while the promotion runs (property)", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const when = fc.option(
      fc.integer({ min: -10, max: 10 }).map((d) => new Date(now.getTime() + d * DAY)),
      {
        nil: null,
      },
    );
    fc.assert(
      fc.property(
        when,
        when,
        fc.constantFrom("automatic", "join", "apply", "claim") as fc.Arbitrary<
          "automatic" | "join" | "apply" | "claim"
        >,
        fc.option(
          fc.record({
            state: fc.constantFrom("joined", "applying", "approved", "rejected", "claimed") as fc.Arbitrary<
              "joined" | "applying" | "approved" | "rejected" | "claimed"
            >,
            rewardId: fc.option(fc.nat(), { nil: null }),
          }),
          { nil: undefined },
        ),
        fc.constantFrom(true, false, null),
        (startsAt, endsAt, participation, entry, eligible) => {
          const s = statusOf({ startsAt, endsAt, participation }, entry, eligible, now);
          const running = (!startsAt || startsAt <= now) && (!endsAt || endsAt > now);
          if (s.action !== "none") {
            expect(entry).toBeUndefined();
            expect(running).toBe(true);
            expect(eligible).not.toBe(false);
          }
          if (entry) expect(["joined", "applying", "issued", "rejected", "claimed"]).toContain(s.status);
          if (!entry && !running) expect(["coming soon", "close"]).toContain(s.status);
        },
      ),
    );
  });

  it("refuses the back-office calls to an operator without the marketing permission and keeps the audit", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/promotions/applications", headers: H });
    expect(res.statusCode).toBe(401);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'promotion_application'`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(2);
  });
});
