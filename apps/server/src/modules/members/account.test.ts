import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { outbox } from "../../db/schema/messaging.ts";
import { registerMemberEventHandler } from "../../lib/member-events.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { stepOf, totpAt } from "../admin/totp.ts";
import { postAndNotify } from "../ledger/notify.ts";
import { purgeKycDocuments } from "./kyc.ts";

/** The member's securityCenter, KYC and personalProfit, on PGlite and PostgreSQL. */
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const events: Array<{ kind: string; memberId: number; ref: string }> = [];
registerMemberEventHandler(async (_exec, e) => {
  events.push({ kind: e.kind, memberId: e.memberId, ref: e.ref });
});

describe("member account", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let ana = { id: 0, token: "" };
  let ben = { id: 0, token: "" };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const ops = [
      ["kycdesk", "support", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["writer1", "content", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
    ] as const;
    for (const [name, role, secret] of ops) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "Kyc-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: { username: name, password: "Kyc-pass-2026", totp: totpAt(secret, stepOf(nowMs)) },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    ana = await registerMember(t.app, "AnaKyc01", 0n);
    ben = await registerMember(t.app, "BenKyc01", 0n);
  }, 180_000);
  afterAll(async () => t.close());

  const call = (
    who: { token: string },
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.token}`, "x-lang": "EN" },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const admin = (op: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[op] ?? "" },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const login = (username: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      headers: { "x-lang": "EN" },
      payload: { username, password: "secret123", ...extra },
    });

  it("edits the profile, nickname and contact handles; refuses an underage birthday", async () => {
    const res = await call(ana, "PUT", "/wps/member/profile", {
      nickname: "Ana R",
      fullName: "Ana Maria Reyes",
      address: "12 Mabini St, Makati",
      occupation: "Nurse",
      incomeSource: "Salary",
      birthPlace: "Cebu",
      nationality: "Filipino",
      birthday: "1990-05-01",
      contacts: { telegram: "@anar", whatsapp: "+639171110000", qq: "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().value;
    expect(p).toMatchObject({
      nickname: "Ana R",
      fullName: "Ana Maria Reyes",
      birthday: "1990-05-01",
      locked: [],
    });
    expect(p.contacts).toEqual({ telegram: "@anar", whatsapp: "+639171110000" });
    expect((await call(ana, "GET", "/wps/member/info")).json().value.nickname).toBe("Ana R");
    const young = new Date(nowMs - 19 * 365 * 86_400_000).toISOString().slice(0, 10);
    const under = await call(ana, "PUT", "/wps/member/profile", { birthday: young });
    expect(under.json().code).toBe("KYC_UNDERAGE");
    const bad = await call(ana, "PUT", "/wps/member/profile", { nickname: "<b>x</b>" });
    expect(bad.statusCode).toBe(400);
    const odd = await call(ana, "PUT", "/wps/member/profile", { contacts: { myspace: "x" } });
    expect(odd.statusCode).toBe(400);
  });

  it("chooses an avatar from the set or an own upload, never another member's", async () => {
    const preset = await call(ana, "PUT", "/wps/member/avatar", { avatarUrl: "/media/avatar/preset-3.svg" });
    expect(preset.statusCode).toBe(200);
    expect((await call(ana, "GET", "/wps/relay/MCSFE_getPlayerAvatar")).json().value.avatarUrl).toBe(
      "/media/avatar/preset-3.svg",
    );
    expect((await t.app.inject({ method: "GET", url: "/media/avatar/preset-3.svg" })).statusCode).toBe(200);
    const bens = await uploadProof(t.app, ben.token);
    const stolen = await call(ana, "PUT", "/wps/member/avatar", { avatarUrl: bens });
    expect(stolen.json().details[0]).toMatchObject({ path: "avatarUrl", message: "PROOF_NOT_YOURS" });
    const own = await uploadProof(t.app, ana.token);
    expect((await call(ana, "PUT", "/wps/member/avatar", { avatarUrl: own })).statusCode).toBe(200);
    expect((await call(ana, "GET", "/wps/member/info/icon")).json().value.iconUrl).toBe(own);
    expect((await call(ana, "GET", own)).statusCode).toBe(200);
    expect((await call(ben, "GET", own)).statusCode).toBe(404);
  });

  it("changes the mobile number only with the code sent to the new number", async () => {
    const lastCode = async (to: string) => {
      const [row] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, to))
        .orderBy(desc(outbox.id))
        .limit(1);
      return /code .* is (\d{6})/.exec(row?.body ?? "")?.[1] ?? "";
    };
    const sent = await call(ana, "POST", "/wps/member/contact/code", {
      channel: "mobile",
      target: "09175550101",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode("639175550101");
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(ana, "POST", "/wps/member/contact", {
      channel: "mobile",
      target: "09175550101",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.json().details[0].message).toBe("CODE_INVALID");
    // The code is for this number only.
    const other = await call(ana, "POST", "/wps/member/contact", {
      channel: "mobile",
      target: "09175550102",
      code,
    });
    expect(other.statusCode).toBe(400);
    const ok = await call(ana, "POST", "/wps/member/contact", {
      channel: "mobile",
      target: "09175550101",
      code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.mobile).toBe("639175550101");
    // Spent: it works once; and the number is now taken for everyone else.
    expect(
      (await call(ana, "POST", "/wps/member/contact", { channel: "mobile", target: "09175550101", code }))
        .statusCode,
    ).toBe(400);
    const taken = await call(ben, "POST", "/wps/member/contact/code", {
      channel: "mobile",
      target: "09175550101",
    });
    expect(taken.json().code).toBe("MOBILE_TAKEN");
  });

  it("lists sessions and signs out everywhere else", async () => {
    const second = (await login("anakyc01")).json().value.token as string;
    const third = (await login("anakyc01")).json().value.token as string;
    const list = (await call({ token: second }, "GET", "/wps/member/sessions")).json().value;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const out = await call({ token: second }, "DELETE", "/wps/member/sessions");
    expect(out.json().value.ended).toBeGreaterThanOrEqual(2);
    expect((await call({ token: third }, "GET", "/wps/member/info")).statusCode).toBe(401);
    expect((await call(ana, "GET", "/wps/member/info")).statusCode).toBe(401);
    expect((await call({ token: second }, "GET", "/wps/member/info")).statusCode).toBe(200);
    ana = { ...ana, token: second };
  });

  it("turns on TOTP with a real RFC 6238 code, asks it at login, accepts each code once", async () => {
    const setup = (await call(ana, "POST", "/wps/member/totp/setup")).json().value;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Panalo%3Aanakyc01\?secret=[A-Z2-7]+/);
    expect(setup.qrSvg).toContain("<svg");
    const wrong = await call(ana, "POST", "/wps/member/totp/enable", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    const code = totpAt(setup.secret, stepOf(nowMs));
    expect((await call(ana, "POST", "/wps/member/totp/enable", { code })).statusCode).toBe(200);
    expect((await call(ana, "GET", "/wps/member/profile")).json().value.totpEnabled).toBe(true);
    const asked = await login("anakyc01");
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ code: "TOTP_REQUIRED", secondFactor: { channel: "totp" } });
    // The code already used to turn it on is refused (replay); the next step's code works once.
    expect((await login("anakyc01", { secondFactorCode: code })).json().code).toBe("VALIDATION_ERROR");
    nowMs += 30_000;
    const next = totpAt(setup.secret, stepOf(nowMs));
    const ok = await login("anakyc01", { secondFactorCode: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login("anakyc01", { secondFactorCode: next })).statusCode).toBe(400);
    nowMs += 30_000;
    const off = await call(ana, "POST", "/wps/member/totp/disable", {
      code: totpAt(setup.secret, stepOf(nowMs)),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login("anakyc01")).statusCode).toBe(200);
  });

  let caseId = 0;
  let docs: string[] = [];

  it("refuses a KYC-required withdrawal until the operator approves the documents", async () => {
    // The operator's rule: a first withdrawal needs a verified account (audited).
    const set = await admin("kycdesk", "PUT", "/api/admin/kyc/settings", {
      firstWithdrawal: true,
      withdrawalAbove: null,
      depositAbove: "20000.00",
      depositPeriodDays: 30,
      retentionDays: 365,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await admin("writer1", "PUT", "/api/admin/kyc/settings", set.json().value)).statusCode).toBe(403);
    // Ana: money, a payout account and a transaction password.
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "kyc-seed-ana",
      type: "deposit",
      memberId: ana.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -500_000n },
        { account: { member: ana.id, kind: "main", currency: "PHP" }, amount: 500_000n },
      ],
    });
    await call(ana, "PUT", "/wps/member/realName", { realName: "Ana Reyes" });
    const acct = await call(ana, "POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "GCASH",
      accountName: "Ana Reyes",
      accountNumber: "09171112222",
    });
    expect(acct.statusCode, acct.body).toBe(200);
    await call(ana, "PUT", "/wps/member/transactionPassword", { newTransactionPassword: "246810" });
    const withdraw = (requestId: string) =>
      call(ana, "POST", "/wps/withdrawals", {
        amount: "500.00",
        payoutAccountId: acct.json().value.id,
        transactionPassword: "246810",
        requestId,
      });
    const refused = await withdraw("kyc-wd-01");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "KYC_REQUIRED", kyc: true });
    expect(refused.json().message).toContain("verify your identity");

    docs = [
      await uploadProof(t.app, ana.token),
      await uploadProof(t.app, ana.token),
      await uploadProof(t.app, ana.token),
    ];
    const bensDoc = await uploadProof(t.app, ben.token);
    const base = { occupation: "Nurse", incomeSource: "Salary", address: "12 Mabini St, Makati" };
    const stolen = await call(ana, "POST", "/wps/member/kyc", {
      ...base,
      idFront: bensDoc,
      idBack: docs[1],
      selfie: docs[2],
    });
    expect(stolen.json().details[0]).toMatchObject({ path: "idFront", message: "PROOF_NOT_YOURS" });
    const sent = await call(ana, "POST", "/wps/member/kyc", {
      ...base,
      idFront: docs[0],
      idBack: docs[1],
      selfie: docs[2],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    caseId = sent.json().value.id;
    expect(
      (
        await call(ana, "POST", "/wps/member/kyc", {
          ...base,
          idFront: docs[0],
          idBack: docs[1],
          selfie: docs[2],
        })
      ).json().code,
    ).toBe("KYC_PENDING");
    expect((await withdraw("kyc-wd-02")).json().code).toBe("KYC_REQUIRED");

    const queue = (await admin("kycdesk", "GET", "/api/admin/kyc?status=pending")).json().value;
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(caseId);
    const detail = (await admin("kycdesk", "GET", `/api/admin/kyc/${caseId}`)).json().value;
    expect(detail).toMatchObject({
      username: "anakyc01",
      occupation: "Nurse",
      documents: ["idFront", "idBack", "selfie"],
    });

    const more = await admin("kycdesk", "POST", `/api/admin/kyc/${caseId}/decision`, {
      decision: "more_info",
      reason: "The back of the ID is blurred.",
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(events.at(-1)).toEqual({ kind: "kyc.more-info", memberId: ana.id, ref: String(caseId) });
    expect(
      (await admin("kycdesk", "POST", `/api/admin/kyc/${caseId}/decision`, { decision: "approve" })).json()
        .code,
    ).toBe("KYC_NOT_PENDING");
    const again = await call(ana, "POST", "/wps/member/kyc", {
      ...base,
      idFront: docs[0],
      idBack: docs[1],
      selfie: docs[2],
    });
    expect(again.statusCode).toBe(200);
    caseId = again.json().value.id;
    expect(
      (await admin("writer1", "POST", `/api/admin/kyc/${caseId}/decision`, { decision: "approve" }))
        .statusCode,
    ).toBe(403);
    const [approve, twice] = await Promise.all([
      admin("kycdesk", "POST", `/api/admin/kyc/${caseId}/decision`, { decision: "approve" }),
      admin("kycdesk", "POST", `/api/admin/kyc/${caseId}/decision`, {
        decision: "reject",
        reason: "Duplicate",
      }),
    ]);
    expect([approve.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    const decided = approve.statusCode === 200 ? "approve" : "reject";
    if (decided === "reject") {
      // The other click won: send once more and approve.
      const third = await call(ana, "POST", "/wps/member/kyc", {
        ...base,
        idFront: docs[0],
        idBack: docs[1],
        selfie: docs[2],
      });
      caseId = third.json().value.id;
      await admin("kycdesk", "POST", `/api/admin/kyc/${caseId}/decision`, { decision: "approve" });
    }
    expect(events.at(-1)).toEqual({ kind: "kyc.approved", memberId: ana.id, ref: String(caseId) });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, "kyc_case"));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["kyc.more_info", "kyc.approve"]));

    const paid = await withdraw("kyc-wd-03");
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it("locks real name, birthday and nationality once verified; other fields stay editable", async () => {
    const p = (await call(ana, "GET", "/wps/member/profile")).json().value;
    expect(p.kycStatus).toBe("verified");
    expect(p.locked).toEqual(["realName", "birthday", "nationality"]);
    for (const change of [{ realName: "Ana X" }, { birthday: "1991-01-01" }, { nationality: "Japanese" }]) {
      const res = await call(ana, "PUT", "/wps/member/profile", change);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("FIELD_LOCKED");
    }
    // Sending the same value is no change.
    expect(
      (await call(ana, "PUT", "/wps/member/profile", { birthday: "1990-05-01", occupation: "Doctor" }))
        .statusCode,
    ).toBe(200);
  });

  it("shows KYC documents to the member and permitted operators only", async () => {
    const doc = `/api/admin/kyc/${caseId}/documents/idFront`;
    const seen = await admin("kycdesk", "GET", doc);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["cache-control"]).toBe("private, no-store");
    expect((await admin("writer1", "GET", doc)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: doc })).statusCode).toBe(401);
    expect((await call(ana, "GET", docs[0] ?? "")).statusCode).toBe(200);
    expect((await call(ben, "GET", docs[0] ?? "")).statusCode).toBe(404);
    const views = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "kyc.document.view"));
    expect(views.length).toBeGreaterThan(0);
    // The player view carries the KYC state and the profile.
    const pv = (await admin("kycdesk", "GET", `/api/admin/players/${ana.id}/profile`)).json().value;
    expect(pv.kyc).toMatchObject({ status: "verified", latestCase: { id: caseId, status: "approved" } });
    expect(pv.profile).toMatchObject({ nickname: "Ana R", occupation: "Doctor" });
    // Her uploaded avatar, to players.read operators only, through the player's own path.
    expect(pv.profile.avatarUrl).toBe(`/api/admin/players/${ana.id}/avatar`);
    expect((await admin("kycdesk", "GET", pv.profile.avatarUrl)).statusCode).toBe(200);
    expect((await admin("writer1", "GET", pv.profile.avatarUrl)).statusCode).toBe(403);
  });

  it("refuses deposits above the amount in the period for an unverified member", async () => {
    const [ch] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO payment_channels (code, kind, name, min_amount, max_amount)
        VALUES ('KYCBANK', 'bank', 'KYC test bank', 10000, 10000000) RETURNING id`,
    );
    if (!ch) throw new Error("no channel");
    const proof = await uploadProof(t.app, ben.token);
    const dep = (amount: string, requestId: string) =>
      call(ben, "POST", "/wps/deposits", {
        channelId: ch.id,
        amount,
        requestId,
        proofUrl: proof,
        reference: "R1",
      });
    const first = await dep("15000.00", "kyc-dep-1");
    expect(first.statusCode, first.body).toBe(200);
    expect((await dep("15000.00", "kyc-dep-1")).statusCode).toBe(200); // a retry is not counted twice
    expect((await dep("6000.00", "kyc-dep-2")).json().code).toBe("KYC_REQUIRED");
    expect((await dep("5000.00", "kyc-dep-3")).statusCode).toBe(200);
  });

  it("purges documents after the retention period, keeping the case and its decision", async () => {
    expect(await purgeKycDocuments(t.app.ctx)).toBe(0);
    nowMs += 366 * 86_400_000;
    const purged = await purgeKycDocuments(t.app.ctx);
    nowMs -= 366 * 86_400_000;
    expect(purged).toBeGreaterThanOrEqual(2);
    const detail = (await admin("kycdesk", "GET", `/api/admin/kyc/${caseId}`)).json().value;
    expect(detail.documents).toEqual([]);
    expect(detail.status).toBe("approved");
    expect(detail.purgedAt).not.toBeNull();
    expect((await admin("kycdesk", "GET", `/api/admin/kyc/${caseId}/documents/idFront`)).statusCode).toBe(
      404,
    );
    nowMs -= 366 * 86_400_000;
  });

  it("computes personalProfit per day and category from hand-made rounds", async () => {
    const cara = await registerMember(t.app, "CaraPnl1", 0n);
    await t.database.db.execute(sql`INSERT INTO game_vendors
      (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
      VALUES ('TSLOT', 'slot', 1, 'T Slots', '', '', ''), ('TLIVE', 'live', 2, 'T Live', '', '', '')
      ON CONFLICT DO NOTHING`);
    const day1 = "2026-03-02T02:00:00Z"; // 10:00 Manila, 2 March
    const day2 = "2026-03-03T17:30:00Z"; // 01:30 Manila, 4 March
    const rows: Array<[string, string, string, string, number, string | null, string]> = [
      // vendor, tx, kind, round, amount, ref, at
      ["TSLOT", "a1", "bet", "r1", 1000, null, day1],
      ["TSLOT", "a2", "win", "r1", 2500, null, day1],
      ["TSLOT", "a3", "bet", "r2", 2000, null, day1],
      ["TSLOT", "a4", "win", "r2", 0, null, day1],
      ["TLIVE", "b1", "bet", "r3", 5000, null, day1],
      ["TLIVE", "b2", "win", "r3", 9000, null, day1],
      // open round (no win yet): a stake, not a valid bet
      ["TLIVE", "b3", "bet", "r4", 3000, null, day2],
      // rolled back: nothing counts
      ["TSLOT", "a5", "bet", "r5", 700, null, day2],
      ["TSLOT", "a6", "rollback", "r5", 700, "a5", day2],
    ];
    for (const [vendor, tx, kind, round, amount, ref, at] of rows) {
      await t.database.db.execute(sql`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
        VALUES (${vendor}, ${tx}, ${kind}, ${round}, ${cara.id}, ${amount}, ${ref}, ${tx}, ${at}::timestamptz)`);
    }
    const res = await call(cara, "GET", "/wps/member/personalProfit?startDate=2026-03-01&endDate=2026-03-04");
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    // The open round's stake is open, neither won nor lost: the profit counts settled rounds only.
    expect(v.total).toEqual({
      bet: "110.00",
      validBet: "80.00",
      win: "115.00",
      profit: "35.00",
      rounds: 5,
      openBet: "30.00",
      openRounds: 1,
    });
    expect(v.days.map((d: { day: string }) => d.day)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
    ]);
    expect(v.days[1]).toMatchObject({ bet: "80.00", win: "115.00", profit: "35.00", rounds: 3 });
    expect(v.days[3]).toMatchObject({
      bet: "30.00",
      validBet: "0.00",
      profit: "0.00",
      rounds: 2,
      openBet: "30.00",
    });
    const byType = Object.fromEntries(
      v.categories.map((c: { gameType: string; profit: string }) => [c.gameType, c.profit]),
    );
    expect(byType).toEqual({ slot: "-5.00", live: "40.00" });
    // Another member sees none of it; a too-long period is refused.
    const noneRes = await call(
      ben,
      "GET",
      "/wps/member/personalProfit?startDate=2026-03-01&endDate=2026-03-04",
    );
    expect(noneRes.statusCode, noneRes.body).toBe(200);
    const none = noneRes.json().value;
    expect(none.total.rounds).toBe(0);
    expect(
      (await call(cara, "GET", "/wps/member/personalProfit?startDate=2026-01-01&endDate=2026-06-01"))
        .statusCode,
    ).toBe(400);
  });
});
