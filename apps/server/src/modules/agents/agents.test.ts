import { manilaToday } from "@panalo/contracts/manila-time";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { members } from "../../db/schema/members.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";
import { post, reconcile } from "../ledger/ledger.ts";

/**
 * The tree, registerCenter, invitation codes, the operator's move,
 * the agent centre's figures and its refusals (IDOR), transfers and chat per spec §6.
 */
describe("agents: tree, agent centre, transfers", () => {
  let t: TestApp;
  let cookie = "";
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const ADMIN = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  let ip = 1;

  const register = async (username: string, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username,
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
        ...extra,
      },
      remoteAddress: `10.15.0.${ip++}`,
    });
    return res.json();
  };
  const login = async (username: string, path: "member" | "agent" = "member") =>
    (
      await t.app.inject({
        method: "POST",
        url: "/wps/session/login",
        payload: { username, password: "secret123", path },
        remoteAddress: `10.15.1.${ip++}`,
      })
    ).json();
  const as = (u: string) => ({ authorization: `Bearer ${tokens[u]}`, "x-lang": "EN" });
  const get = async (u: string, url: string) =>
    (await t.app.inject({ method: "GET", url, headers: as(u) })).json();
  const postAs = async (u: string, url: string, payload: object) =>
    (await t.app.inject({ method: "POST", url, headers: as(u), payload })).json();
  const admin = (method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...ADMIN, cookie }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "ops1",
      role: "owner",
      password: "Owner-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: ADMIN,
      payload: {
        username: "ops1",
        password: "Owner-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  });
  afterAll(async () => t.close());

  it("the operator creates top agents (audited); only agents log in on the agent path", async () => {
    for (const [name, type] of [
      ["topa", 1],
      ["topb", 1],
      ["affil", 41],
    ] as const) {
      const r = await admin("POST", "/api/admin/agents", {
        username: name,
        password: "secret123",
        isAgent: type,
      });
      expect(r.json().success).toBe(true);
      ids[name] = r.json().value.id;
      expect(r.json().value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
      const l = await login(name, "agent");
      expect(l.success).toBe(true);
      // The operator set this password: the agent chooses their own before anything else.
      expect(l.value.mustChangePassword).toBe(true);
      tokens[name] = l.value.token;
      expect((await get(name, "/wps/agent/permission")).code).toBe("PASSWORD_CHANGE_REQUIRED");
      await t.database.db
        .update(members)
        .set({ mustChangePassword: false })
        .where(eq(members.id, ids[name] ?? 0));
    }
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "create_agent"));
    expect(audits.length).toBe(3);

    const player = await register("plainone");
    tokens.plainone = player.value.token;
    ids.plainone = player.value.customerId;
    // Refused with a message that says why (the login call has no language header: Filipino).
    expect(await login("plainone", "agent")).toMatchObject({
      code: "NOT_AN_AGENT",
      message: expect.stringContaining("Hindi ito agent account"),
    });
    // The permission check: a player is refused the agent centre.
    expect((await get("plainone", "/wps/agent/permission")).code).toBe("IN_NEED_TRUE_ACCOUNT");
    const perm = await get("topa", "/wps/agent/permission");
    expect(perm.value.rights.registersAgents).toEqual([1, 2, 41, 42]);
    expect(perm.value.invitePath).toBe(`/a/${perm.value.affiliateCode}`);
  });

  it("registerCenter creates accounts only under the caller, within its type's rights", async () => {
    const a = await postAs("topa", "/wps/agent/registerCenter", {
      username: "subagent1",
      password: "secret123",
      confirmPassword: "secret123",
      isAgent: 2,
      // Not part of the call: an agent cannot choose another upline.
      uplineId: ids.topb,
    });
    expect(a.success).toBe(true);
    ids.subagent1 = a.value.id;
    const m = await postAs("topa", "/wps/agent/registerCenter", {
      username: "teamplayer",
      password: "secret123",
      confirmPassword: "secret123",
    });
    ids.teamplayer = m.value.id;
    const rows = await t.database.db
      .select({
        id: members.id,
        upline: members.uplineId,
        isAgent: members.isAgent,
        must: members.mustChangePassword,
      })
      .from(members)
      .where(sql`${members.id} IN (${ids.subagent1}, ${ids.teamplayer})`);
    expect(rows.every((r) => r.upline === ids.topa && r.must)).toBe(true);

    // Type 2 registers members but no agents; type 41 registers nothing; a taken name is refused.
    const sub = await login("subagent1", "agent");
    tokens.subagent1 = sub.value.token;
    await t.database.db
      .update(members)
      .set({ mustChangePassword: false })
      .where(eq(members.id, ids.subagent1 ?? 0));
    expect(
      (
        await postAs("subagent1", "/wps/agent/registerCenter", {
          username: "deep1",
          password: "secret123",
          confirmPassword: "secret123",
          isAgent: 1,
        })
      ).code,
    ).toBe("AGENT_TYPE_NOT_ALLOWED");
    const deep = await postAs("subagent1", "/wps/agent/registerCenter", {
      username: "deepplayer",
      password: "secret123",
      confirmPassword: "secret123",
    });
    ids.deepplayer = deep.value.id;
    expect(
      (
        await postAs("affil", "/wps/agent/registerCenter", {
          username: "nope1",
          password: "secret123",
          confirmPassword: "secret123",
        })
      ).code,
    ).toBe("AGENT_TYPE_NOT_ALLOWED");
    expect(
      (
        await postAs("topa", "/wps/agent/registerCenter", {
          username: "teamplayer",
          password: "secret123",
          confirmPassword: "secret123",
        })
      ).code,
    ).toBe("USERNAME_TAKEN");
    expect(
      (
        await postAs("plainone", "/wps/agent/registerCenter", {
          username: "x1234",
          password: "secret123",
          confirmPassword: "secret123",
        })
      ).code,
    ).toBe("IN_NEED_TRUE_ACCOUNT");
  });

  it("a player registers with an invitation code and lands under its agent; a wrong code creates nothing", async () => {
    const code = (await get("topb", "/wps/agent/permission")).value.affiliateCode as string;
    const ok = await register("invited1", { affiliateCode: code.toLowerCase() });
    expect(ok.success).toBe(true);
    ids.invited1 = ok.value.customerId;
    tokens.invited1 = ok.value.token;
    const [row] = await t.database.db
      .select({ up: members.uplineId })
      .from(members)
      .where(eq(members.id, ids.invited1 ?? 0));
    expect(row?.up).toBe(ids.topb);
    const bad = await register("invited2", { affiliateCode: "ZZZZ9999" });
    expect(bad.code).toBe("INVITATION_CODE_ERROR");
    expect((await t.database.db.select().from(members).where(eq(members.username, "invited2"))).length).toBe(
      0,
    );
    // The QR of the link is drawn here, only for a code that exists.
    const qr = await t.app.inject({ method: "GET", url: `/media/qr/invite/${code}.svg` });
    expect(qr.headers["content-type"]).toContain("image/svg+xml");
    expect(qr.body).toContain("<svg");
    expect((await t.app.inject({ method: "GET", url: "/media/qr/invite/ZZZZ9999.svg" })).statusCode).toBe(
      404,
    );
  });

  it("never shows another agent's downline (IDOR)", async () => {
    const mine = await get("topb", "/wps/agent/team/members");
    expect(mine.value.items.map((r: { username: string }) => r.username)).toEqual(["invited1"]);
    expect((await get("topb", `/wps/agent/team/members?under=${ids.subagent1}`)).code).toBe(
      "NOT_IN_YOUR_TEAM",
    );
    expect((await get("topb", "/wps/agent/team/members?q=teamplayer")).value.total).toBe(0);
    const period = "startDate=2020-01-01&endDate=2020-01-31";
    expect((await get("topb", `/wps/agent/team/profit?${period}&username=deepplayer`)).value.total).toBe(0);
    // A downline agent sees its own tree, not its upline's.
    const sub = await get("subagent1", "/wps/agent/team/members");
    expect(sub.value.items.map((r: { username: string }) => r.username)).toEqual(["deepplayer"]);
    // Drilling into one's own downline works, with levels counted from the caller.
    const drill = await get("topa", `/wps/agent/team/members?under=${ids.subagent1}`);
    expect(drill.value.items).toMatchObject([{ username: "deepplayer", level: 2, uplineName: "subagent1" }]);
  });

  it("computes the team overview from the round records and the ledger (hand-worked fixture)", async () => {
    const db = t.database.db;
    // Day 1 (2026-03-01 Manila) and day 2; times in UTC (Manila = UTC+8).
    const d1 = "2026-03-01T02:00:00Z";
    const d2 = "2026-03-02T03:00:00Z";
    const outside = "2026-02-28T15:59:59Z"; // 23:59:59 on 28 Feb in Manila: not in the period
    let n = 0;
    const tx = async (
      member: number,
      kind: string,
      amount: number,
      at: string,
      ref: string | null = null,
      id?: string,
    ) => {
      const tid = id ?? `fx${n++}`;
      await db.execute(sql`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
        VALUES ('FXV', ${tid}, ${kind}, ${`r${tid}`}, ${member}, ${amount}, ${ref}, 'x', ${at}::timestamptz)`);
      return tid;
    };
    const tp = ids.teamplayer ?? 0;
    const dp = ids.deepplayer ?? 0;
    await tx(tp, "bet", 10_000, d1); // 100.00
    await tx(tp, "win", 25_000, d1); // 250.00
    const rolled = await tx(dp, "bet", 5_000, d1); // 50.00, later rolled back
    await tx(dp, "rollback", 5_000, d2, rolled);
    await tx(dp, "bet", 20_000, d2); // 200.00
    const held = await tx(dp, "win", 99_900, d2); // held for review: not counted
    await db.execute(sql`INSERT INTO provider_win_reviews (vendor, transaction_id, round_id, member_id, currency, amount, round_bets, round_wins)
      VALUES ('FXV', ${held}, 'rheld', ${dp}, 'PHP', 99900, 20000, 0)`);
    await tx(tp, "bet", 77_700, outside); // outside the period
    await tx(ids.invited1 ?? 0, "bet", 30_000, d1); // another agent's team
    await post(db, {
      idempotencyKey: "fx-dep",
      type: "deposit",
      reference: "D1",
      memberId: tp,
      legs: [
        { account: { house: "clearing:fx", currency: "PHP" }, amount: -50_000n },
        { account: { member: tp, kind: "main", currency: "PHP" }, amount: 50_000n },
      ],
    });
    // Ledger rows are immutable: the deposit keeps today's time and is read below as such.

    const ov = await get("topa", "/wps/agent/team/overview?startDate=2026-03-01&endDate=2026-03-02");
    expect(ov.success).toBe(true);
    // bets 100 + 50 + 200 = 350; refunds 50; valid 300; wins 250; P&L 250 + 50 − 350 = −50.
    expect(ov.value).toMatchObject({
      teamSize: 3,
      activeMembers: 2,
      bets: "350.00",
      validBets: "300.00",
      wins: "250.00",
      profitLoss: "-50.00",
    });
    expect(ov.value.days).toEqual([
      { day: "2026-03-01", bets: "150.00", validBets: "150.00", profitLoss: "100.00", active: 2 },
      { day: "2026-03-02", bets: "200.00", validBets: "150.00", profitLoss: "-150.00", active: 1 },
    ]);
    // The downline agent's own overview holds only its tree.
    const sub = await get("subagent1", "/wps/agent/team/overview?startDate=2026-03-01&endDate=2026-03-02");
    expect(sub.value).toMatchObject({ teamSize: 1, bets: "250.00", validBets: "200.00", wins: "0.00" });
    // The deposit counts on the day it was posted (today).
    const today = manilaToday();
    const now = await get("topa", `/wps/agent/team/overview?startDate=${today}&endDate=${today}`);
    expect(now.value.deposits).toBe("500.00");
    expect(now.value.newMembers).toBe(3);

    const byCat = await get("topa", "/wps/agent/team/bets?startDate=2026-03-01&endDate=2026-03-02&by=member");
    expect(byCat.value.items).toEqual([
      {
        key: "deepplayer",
        rounds: 2,
        bets: "250.00",
        validBets: "200.00",
        wins: "0.00",
        profitLoss: "-200.00",
      },
      {
        key: "teamplayer",
        rounds: 1,
        bets: "100.00",
        validBets: "100.00",
        wins: "250.00",
        profitLoss: "150.00",
      },
    ]);
    const profit = await get("topa", "/wps/agent/team/profit?startDate=2026-03-01&endDate=2026-03-02");
    expect(profit.value.total).toBe(2);
    // The back office reads the same figures, and exports them.
    const adminTeam = await admin(
      "GET",
      `/api/admin/agents/${ids.topa}/team?startDate=2026-03-01&endDate=2026-03-02`,
    );
    expect(adminTeam.json().value.profitLoss).toBe("-50.00");
    const csv = await admin(
      "GET",
      `/api/admin/agents/${ids.topa}/team?startDate=2026-03-01&endDate=2026-03-02&format=csv`,
    );
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[1]).toBe("2026-03-01,150.00,150.00,100.00,2");
  });

  it("answers an agent's token on a back-office call 401 before it reads the call's fields", async () => {
    for (const url of [`/api/admin/agents/${ids.topa}/team`, "/api/admin/agents/not-a-number/team"]) {
      const res = await t.app.inject({ method: "GET", url, headers: as("topa") });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.body).not.toContain("startDate");
    }
  });

  it("moves a member under another agent, audited, and refuses a cycle", async () => {
    const cyc = await admin("POST", `/api/admin/agents/${ids.topa}/move`, {
      uplineId: ids.subagent1,
      reason: "loop test",
    });
    expect(cyc.json().code).toBe("MOVE_CYCLE");
    const notAgent = await admin("POST", `/api/admin/agents/${ids.subagent1}/move`, {
      uplineId: ids.teamplayer,
      reason: "bad upline",
    });
    expect(notAgent.json().code).toBe("UPLINE_NOT_AGENT");
    const ok = await admin("POST", `/api/admin/agents/${ids.subagent1}/move`, {
      uplineId: ids.topb,
      reason: "agent asked",
    });
    expect(ok.json().success).toBe(true);
    const moves = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "move"));
    expect(moves).toHaveLength(1);
    expect(moves[0]?.before).toEqual({ uplineId: ids.topa });
    // The subtree moved whole: topb now sees subagent1 and deepplayer; topa does not.
    const b = await get("topb", "/wps/agent/team/members");
    expect(b.value.items.map((r: { username: string }) => r.username).sort()).toEqual([
      "deepplayer",
      "invited1",
      "subagent1",
    ]);
    const tree = await admin("GET", `/api/admin/agents/tree?parent=${ids.topb}`);
    expect(tree.json().value.path.map((p: { username: string }) => p.username)).toEqual(["topb"]);
    const csv = await admin("GET", "/api/admin/agents/tree?format=csv");
    expect(csv.body.split("\r\n")[0]).toContain("username,isAgent");
    // A support operator without players.write cannot move anyone (permission per route).
  });

  it("a search lists the member named exactly as typed first, then the others in id order", async () => {
    // invited1 was made before "invited": by id it would come first.
    expect((await register("invited")).success).toBe(true);
    const found = await admin("GET", "/api/admin/agents/tree?q=Invited&pageSize=1");
    expect(found.json().value.items.map((r: { username: string }) => r.username)).toEqual(["invited"]);
    const all = await admin("GET", "/api/admin/agents/tree?q=invited");
    expect(all.json().value.items.map((r: { username: string }) => r.username)).toEqual([
      "invited",
      "invited1",
    ]);
  });

  it("transfers follow spec §6: agent → its direct downline, downline → its upline, nothing else", async () => {
    for (const u of ["topb", "subagent1", "invited1", "affil", "plainone"]) {
      if (!tokens[u]) tokens[u] = (await login(u)).value.token;
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/transactionPassword",
        headers: as(u),
        payload: { newTransactionPassword: "246810" },
      });
    }
    await post(t.database.db, {
      idempotencyKey: "fund-topb",
      type: "adjustment",
      reference: "F",
      memberId: ids.topb,
      legs: [
        { account: { house: "adjustments", currency: "PHP" }, amount: -100_000n },
        { account: { member: ids.topb ?? 0, kind: "main", currency: "PHP" }, amount: 100_000n },
      ],
    });
    const send = (u: string, url: string, extra: Record<string, unknown>, req: string) =>
      postAs(u, url, {
        amount: "100.00",
        transactionPassword: "246810",
        requestId: `request-${req}`,
        ...extra,
      });
    const first = await send("topb", "/wps/relay/transferToDownline", { downline: "invited1" }, "a1");
    expect(first.success, JSON.stringify(first)).toBe(true);
    // Not its direct downline: deepplayer, two levels down, is told transfers go to direct
    // downlines only; plainone, in no team of its, is not its downline at all.
    expect((await send("topb", "/wps/relay/transferToDownline", { downline: "deepplayer" }, "a2")).code).toBe(
      "NOT_DIRECT_DOWNLINE",
    );
    expect((await send("topb", "/wps/relay/transferToDownline", { downline: "plainone" }, "a3")).code).toBe(
      "NOT_YOUR_DOWNLINE",
    );
    // An affiliate (41) may not transfer; a player is no agent.
    expect((await send("affil", "/wps/relay/transferToDownline", { downline: "invited1" }, "a4")).code).toBe(
      "AGENTS_ONLY",
    );
    expect(
      (await send("plainone", "/wps/relay/transferToDownline", { downline: "invited1" }, "a5")).code,
    ).toBe("AGENTS_ONLY");
    // The downline sends back to its upline; a player with no upline cannot.
    expect((await send("invited1", "/wps/relay/transferUpline", {}, "b1")).success).toBe(true);
    expect((await send("plainone", "/wps/relay/transferUpline", {}, "b2")).code).toBe("NO_UPLINE");
    // The upline's own transfer shows in its team's transaction details, on the downline's line.
    const today = manilaToday();
    const det = await get(
      "topb",
      `/wps/agent/team/transactions?startDate=${today}&endDate=${today}&type=transfer`,
    );
    expect(det.value.items.map((r: { username: string; amount: string }) => [r.username, r.amount])).toEqual([
      ["invited1", "-100.00"],
      ["invited1", "100.00"],
    ]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("chat refuses agents (in_please_information) and trial accounts (in_need_true_account)", async () => {
    expect((await get("topa", "/wps/relay/CSP_chatUrl")).code).toBe("IN_PLEASE_INFORMATION");
    expect((await get("plainone", "/wps/relay/CSP_chatUrl")).success).toBe(true);
    await writeSetting(t.database.db, "whitelabel", { switches: switchesOf(["USERNAMEREG3", "FREEPLAY3"]) });
    const trial = await t.app.inject({
      method: "POST",
      url: "/wps/session/login/freeplay",
      payload: { humanCheck: await solvedHumanCheck(t.app) },
      remoteAddress: "10.15.9.9",
    });
    tokens.trial = trial.json().value.token;
    expect((await get("trial", "/wps/relay/CSP_chatUrl")).code).toBe("IN_NEED_TRUE_ACCOUNT");
  });
});
