import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { registerMemberGate } from "../../lib/member-gates.ts";
import { HUB_MEMBER_CHANNEL, HUB_TOPIC_CHANNEL } from "../../realtime/bus.ts";
import { grant, makeRule } from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { createSession } from "../members/service.ts";

/**
 * Member messages, the badge and feedback, through the API, on the
 * suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let nowMs = Date.UTC(2026, 10, 24, 8, 0, 0);
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "msgowner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

let t: TestApp;
let cookie = "";
let seq = 0;

async function member(opts: { language?: string; isAgent?: number; createdAt?: string } = {}) {
  const [r] = await queryRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO members (username, is_agent, language, created_at)
        VALUES (${`msg${++seq}`}, ${opts.isAgent ?? 0}, ${opts.language ?? "TY"},
                ${opts.createdAt ?? new Date(nowMs - 86_400_000).toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = Number(r?.id);
  const token = await createSession(t.app.ctx, id, "password", { ip: "10.0.0.1", userAgent: "test" });
  return { id, token, username: `msg${seq}` };
}

type Who = { token: string };
const call = (who: Who, method: "GET" | "POST" | "PUT", url: string, payload?: unknown, lang = "EN") =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}`, "x-lang": lang },
    payload: payload as object,
  });
const count = async (who: Who) =>
  (await call(who, "GET", "/wps/relay/CSP_unreadCount")).json().value.count as number;
const inbox = async (who: Who, lang = "EN") =>
  (await call(who, "GET", "/wps/messages", undefined, lang)).json().value as {
    list: Array<{
      id: number;
      title: string;
      body: string;
      read: boolean;
      kind: string | null;
      category: string;
    }>;
    unread: number;
  };
const admin = (method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...H, cookie }, payload: payload as object });
const texts = (title: string, body = "Body") => ({ EN: { title, body } });

/** Live pushes as the hub would deliver them: every member push and topic push of this app. */
const pushed: Array<{ memberId?: number; topic?: string }> = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await createOperator(t.database.db, { ...OWNER, role: "owner" });
  nowMs += 30_000;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: H,
    payload: {
      username: OWNER.username,
      password: OWNER.password,
      totp: totpAt(OWNER.totpSecret, Math.floor(nowMs / 30_000)),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  await t.store.subscribe(HUB_MEMBER_CHANNEL, (m) => pushed.push({ memberId: JSON.parse(m).memberId }));
  await t.store.subscribe(HUB_TOPIC_CHANNEL, (m) => pushed.push({ topic: JSON.parse(m).topic }));
}, 180_000);
afterAll(async () => t?.close());

const waitFor = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

describe("member messages", () => {
  it("sends to one member, who reads and deletes it; the badge follows; it is pushed live", async () => {
    const a = await member();
    const b = await member();
    const sent = await admin("POST", "/api/admin/messages", {
      audience: "member",
      username: a.username,
      texts: texts("Hello A", "<script>alert(1)</script> stays text"),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.recipients).toBe(1);
    await waitFor(() => pushed.some((p) => p.memberId === a.id));
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
    const list = await inbox(a);
    const msg = list.list[0];
    expect(msg).toMatchObject({ title: "Hello A", read: false, category: "service" });
    // Plain text: stored and answered as written; the pages show it as text, never as HTML.
    expect(msg?.body).toBe("<script>alert(1)</script> stays text");

    // Another member can neither open, read nor delete it.
    expect((await call(b, "GET", `/wps/messages/${msg?.id}`)).statusCode).toBe(404);
    expect((await call(b, "POST", "/wps/messages/read", { ids: [msg?.id] })).json().value.changed).toBe(0);
    expect((await call(b, "POST", "/wps/messages/delete", { ids: [msg?.id] })).json().value.changed).toBe(0);
    expect(await count(a)).toBe(1);

    const opened = await call(a, "GET", `/wps/messages/${msg?.id}`);
    expect(opened.json().value).toMatchObject({ read: true, unread: 0 });
    expect(await count(a)).toBe(0);
    const del = await call(a, "POST", "/wps/messages/delete", { ids: [msg?.id] });
    expect(del.json().value.changed).toBe(1);
    expect((await inbox(a)).list).toHaveLength(0);
    expect((await call(a, "GET", `/wps/messages/${msg?.id}`)).statusCode).toBe(404);
  });

  it("sends to a segment resolved at send time, with the preview's count", async () => {
    const vi1 = await member({ language: "VI" });
    const vi2 = await member({ language: "VI" });
    const viAgent = await member({ language: "VI", isAgent: 1 });
    const en = await member({ language: "EN" });
    const segment = { accountType: "player", languages: ["VI"] };
    const preview = await admin("POST", "/api/admin/messages/preview", { audience: "segment", segment });
    expect(preview.json().value.count).toBe(2);
    const sent = await admin("POST", "/api/admin/messages", {
      audience: "segment",
      segment,
      texts: texts("Chào"),
    });
    expect(sent.json().value.recipients).toBe(2);
    expect(await count(vi1)).toBe(1);
    expect(await count(vi2)).toBe(1);
    expect(await count(viAgent)).toBe(0);
    expect(await count(en)).toBe(0);
    // Members who join the segment later are not in it: it was resolved when sent.
    const late = await member({ language: "VI" });
    expect(await count(late)).toBe(0);

    const list = await admin("GET", "/api/admin/messages");
    const row = list.json().value.list.find((r: { id: number }) => r.id === sent.json().value.id);
    expect(row).toMatchObject({ audience: "segment", recipients: 2, reads: 0 });
    await call(vi1, "POST", "/wps/messages/read", { all: true });
    const again = await admin("GET", "/api/admin/messages");
    expect(again.json().value.list.find((r: { id: number }) => r.id === row.id).reads).toBe(1);
  });

  it("renders each message in the reader's language", async () => {
    const m = await member({ language: "VI" });
    await t.database.db.transaction((tx) =>
      emitMemberEvent(tx, {
        kind: "deposit.credited",
        memberId: m.id,
        ref: "D-lang-1",
        params: { id: "D77", amount: "123450", currency: "PHP" },
      }),
    );
    await admin("POST", "/api/admin/messages", {
      audience: "member",
      username: m.username,
      texts: { EN: { title: "News", body: "English" }, VI: { title: "Tin tức", body: "Tiếng Việt" } },
    });
    const vi = await inbox(m, "VI");
    expect(vi.list.map((x) => x.title)).toEqual(["Tin tức", "Nạp tiền thành công"]);
    expect(vi.list[1]?.body).toContain("1,234.50 PHP");
    const en = await inbox(m, "EN");
    expect(en.list.map((x) => x.title)).toEqual(["News", "Deposit credited"]);
    // A language the operator did not write falls back to English.
    const ja = await inbox(m, "JA");
    expect(ja.list.map((x) => x.title)).toEqual(["News", "入金が反映されました"]);
  });

  it("writes one message for an event emitted twice, and one per bonus granted", async () => {
    const m = await member();
    const event = {
      kind: "withdrawal.paid",
      memberId: m.id,
      ref: "W-dup-1",
      params: { id: "W1", amount: "500", currency: "PHP", reference: "GC-1" },
    };
    await t.database.db.transaction((tx) => emitMemberEvent(tx, event));
    await t.database.db.transaction((tx) => emitMemberEvent(tx, event));
    // A rolled-back emit leaves nothing.
    await t.database.db
      .transaction(async (tx) => {
        await emitMemberEvent(tx, { ...event, ref: "W-dup-2" });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM member_messages WHERE member_id = ${m.id}`,
    );
    expect(rows[0]?.n).toBe(1);
    await waitFor(() => pushed.some((p) => p.memberId === m.id));

    // The real emit point: a bonus granted twice under one key is one bonus and one message.
    const ruleId = await makeRule(t, { multiple: 1 });
    await grant(t, m.id, ruleId, 1000n, "bonus:test:msg");
    await grant(t, m.id, ruleId, 1000n, "bonus:test:msg");
    const list = await inbox(m);
    expect(list.list.filter((x) => x.kind === "bonus.granted")).toHaveLength(1);
    expect(list.list.find((x) => x.kind === "bonus.granted")?.body).toContain("10.00 PHP");
  });

  it("keeps marketing from a member the marketing gate refuses; service messages still arrive", async () => {
    const excluded = await member({ language: "EN" });
    const other = await member({ language: "EN" });
    registerMemberGate("marketing", async (_exec, id) => (id === excluded.id ? "RG_SELF_EXCLUDED" : null));
    const segment = { accountType: "player", languages: ["EN"] };
    await admin("POST", "/api/admin/messages", {
      audience: "segment",
      segment,
      marketing: true,
      texts: texts("Promo seg"),
    });
    await admin("POST", "/api/admin/messages", {
      audience: "everyone",
      marketing: true,
      texts: texts("Promo all"),
    });
    await admin("POST", "/api/admin/messages", { audience: "everyone", texts: texts("Maintenance tonight") });
    const mine = await inbox(excluded);
    expect(mine.list.map((x) => x.title)).toEqual(["Maintenance tonight"]);
    expect(await count(excluded)).toBe(1);
    // Reading "all" does not touch what it cannot see.
    await call(excluded, "POST", "/wps/messages/read", { all: true });
    expect(await count(excluded)).toBe(0);
    const theirs = await inbox(other);
    expect(theirs.list.map((x) => x.title).slice(0, 3)).toEqual([
      "Maintenance tonight",
      "Promo all",
      "Promo seg",
    ]);
  });

  it("a broadcast to 100,000 members writes one row, and marks only for those who act", async () => {
    await t.database.db.execute(
      sql`INSERT INTO members (username, created_at)
          SELECT 'bulk' || g, ${new Date(nowMs - 86_400_000).toISOString()}::timestamptz FROM generate_series(1, 100000) g`,
    );
    const reader = await member();
    const rowsBefore = await queryRows<{ messages: number; marks: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM member_messages) AS messages, (SELECT count(*)::int FROM member_message_marks) AS marks`,
    );
    const sent = await admin("POST", "/api/admin/messages", {
      audience: "everyone",
      texts: texts("For everyone"),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.recipients).toBeGreaterThanOrEqual(100_000);
    await waitFor(() => pushed.some((p) => p.topic === "messages:all"));
    const rowsAfter = await queryRows<{ messages: number; marks: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM member_messages) AS messages, (SELECT count(*)::int FROM member_message_marks) AS marks`,
    );
    expect(rowsAfter[0]?.messages).toBe((rowsBefore[0]?.messages ?? 0) + 1);
    expect(rowsAfter[0]?.marks).toBe(rowsBefore[0]?.marks);
    const before = await count(reader);
    const id = sent.json().value.id as number;
    await call(reader, "POST", "/wps/messages/read", { ids: [id] });
    expect(await count(reader)).toBe(before - 1);
    const marks = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM member_message_marks WHERE message_id = ${id}`,
    );
    expect(marks[0]?.n).toBe(1);
    // Someone registered after the broadcast does not get it.
    const newcomer = await member({ createdAt: new Date(nowMs + 60_000).toISOString() });
    expect((await inbox(newcomer)).list.some((x) => x.id === id)).toBe(false);
  }, 300_000);
});

describe("feedback", () => {
  it("takes 140 characters at most, from visitors too, and a member's own screenshot only", async () => {
    const m = await member();
    const other = await member();
    const long = await t.app.inject({
      method: "PUT",
      url: "/wps/feedback",
      payload: { content: "x".repeat(141) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe("VALIDATION_ERROR");
    const visitor = await t.app.inject({
      method: "PUT",
      url: "/wps/feedback",
      payload: { content: "y".repeat(140) },
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const shot = await uploadProof(t.app, other.token);
    const stolen = await call(m, "PUT", "/wps/feedback", { content: "Look", screenshotUrl: shot });
    expect(stolen.statusCode).toBe(400);
    const guestShot = await t.app.inject({
      method: "PUT",
      url: "/wps/feedback",
      payload: { content: "Look", screenshotUrl: shot },
    });
    expect(guestShot.statusCode).toBe(400);
    const own = await uploadProof(t.app, m.token);
    const ok = await call(m, "PUT", "/wps/feedback", {
      content: "The spin button is slow",
      screenshotUrl: own,
      page: "/games/rng",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const queue = (await admin("GET", "/api/admin/feedback?state=new")).json().value;
    const item = queue.list.find((f: { id: number }) => f.id === ok.json().value.id);
    expect(item).toMatchObject({
      username: m.username,
      content: "The spin button is slow",
      page: "/games/rng",
    });
    const pic = await admin("GET", item.screenshot);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers["cache-control"]).toContain("no-store");
  });

  it("delivers the operator's reply as the member's message, once", async () => {
    const m = await member({ language: "EN" });
    const sent = await call(m, "PUT", "/wps/feedback", { content: "Please add more slots" });
    const id = sent.json().value.id as number;
    const reply = await admin("POST", `/api/admin/feedback/${id}/reply`, {
      reply: "Thank you! New slots arrive next week.",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().value.delivered).toBe(true);
    const again = await admin("POST", `/api/admin/feedback/${id}/reply`, { reply: "Twice" });
    expect(again.statusCode).toBe(409);
    // (Broadcasts of the tests above are in this member's list too.)
    const replies = (await inbox(m)).list.filter((x) => x.kind === "feedback.replied");
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ title: "Reply to your feedback", read: false, category: "service" });
    expect(replies[0]?.body).toContain("Thank you! New slots arrive next week.");
    expect(replies[0]?.body).toContain("Please add more slots");
    const replied = (await admin("GET", "/api/admin/feedback?state=replied")).json().value;
    expect(replied.list.find((f: { id: number }) => f.id === id)).toMatchObject({
      state: "replied",
      repliedBy: OWNER.username,
    });
    const closed = await admin("POST", `/api/admin/feedback/${id}/close`);
    expect(closed.statusCode).toBe(200);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE entity_type = 'feedback' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["reply", "close"]);
  });
});
