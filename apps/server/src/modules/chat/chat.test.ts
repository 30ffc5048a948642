import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { forgetSiteSources } from "../../lib/security-headers.ts";
import { ADMIN_HEADERS, chatMember, chatOn, chatOperator } from "../../testing/chat-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { readSetting, writeSetting } from "../content/settings.ts";
import { DEFAULT_CHAT_SETTINGS, isOpenAt } from "./hours.ts";
import { chatTeamFor } from "./service.ts";

/** Customer-service chat: the rules of spec §4 and §6, assignment, hours, images. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

describe("customer-service chat", () => {
  let t: TestApp;
  const ops: Record<string, { id: number; cookie: string }> = {};
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await chatOn(t.database.db);
    for (const [name, role] of [
      ["cs1", "support"],
      ["cs2", "support"],
      ["csvip", "support"],
      ["fin", "finance"],
      ["boss", "owner"],
    ] as const) {
      ops[name] = await chatOperator(t.database.db, name, role);
    }
  }, 180_000);
  afterAll(async () => t.close());

  const member = (opts: { isAgent?: number; language?: string } = {}) =>
    chatMember(t.app, `chatm${++n}`, opts);
  const setVipLevel = (memberId: number, level: number) =>
    t.database.db.execute(sql`INSERT INTO loyalty_members (member_id, vip_level) VALUES (${memberId}, ${level})
      ON CONFLICT (member_id) DO UPDATE SET vip_level = EXCLUDED.vip_level`);
  const asMember = async (token: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    (
      await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, "x-lang": "EN" },
        ...(payload ? { payload } : {}),
      })
    ).json();
  const asOp = async (op: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...ADMIN_HEADERS, cookie: ops[op]?.cookie ?? "" },
      ...(payload ? { payload } : {}),
    });
  const say = (token: string, body: string, clientId = `c${Math.random().toString(36).slice(2, 12)}`) =>
    asMember(token, "POST", "/wps/chat/messages", { clientId, body });
  const convOf = async (memberId: number) =>
    (
      await queryRows<{ id: number; operatorId: number | null; team: string }>(
        t.database.db,
        sql`SELECT id::float8 AS id, operator_id AS "operatorId", team FROM chat_conversations
            WHERE member_id = ${memberId} AND status = 'open'`,
      )
    )[0];

  it("opens only for a logged-in member who is not an agent (spec §4, §6)", async () => {
    const anon = await t.app.inject({
      method: "GET",
      url: "/wps/relay/CSP_chatUrl?b2c=1&title=Chat&language=EN",
    });
    expect(anon.statusCode).toBe(401);
    const agent = await member({ isAgent: 1 });
    expect((await asMember(agent.token, "GET", "/wps/relay/CSP_chatUrl?b2c=1")).code).toBe(
      "IN_PLEASE_INFORMATION",
    );
    expect((await say(agent.token, "hello")).code).toBe("IN_PLEASE_INFORMATION");
    const trial = await member({ isAgent: 4 });
    expect((await say(trial.token, "hello")).code).toBe("IN_NEED_TRUE_ACCOUNT");
    const m = await member();
    const url = await asMember(
      m.token,
      "GET",
      "/wps/relay/CSP_chatUrl?b2c=1&title=Chat&language=EN&headerColor=%23123",
    );
    expect(url.value).toEqual({ chatUrl: "/chat", mode: "inhouse" });
    expect((await asMember(m.token, "GET", "/wps/relay/CSP_chatUnreadCount")).value).toEqual({
      unReadCount: 0,
    });
  });

  it("sends the outside chat page when the operator set one, the VIP one above level 4 (spec §6)", async () => {
    const brand = await readSetting(t.database.db, "brand");
    await writeSetting(t.database.db, "brand", {
      ...brand,
      customerServiceUrl: "https://chat.example.com/panalo",
      vipServiceUrl: "https://vip.example.com/panalo",
    });
    try {
      const plain = await member();
      expect((await asMember(plain.token, "GET", "/wps/relay/CSP_chatUrl")).value).toEqual({
        chatUrl: "https://chat.example.com/panalo",
        mode: "outside",
      });
      // The look the site asks for goes to the outside page (spec §7); nothing else does.
      const look = await asMember(
        plain.token,
        "GET",
        "/wps/relay/CSP_chatUrl?b2c=1&title=Help%20desk&language=JA&headerColor=%23c9a227",
      );
      expect(look.value.chatUrl).toBe(
        "https://chat.example.com/panalo?title=Help+desk&language=JA&headerColor=%23c9a227",
      );
      const bad = await asMember(plain.token, "GET", "/wps/relay/CSP_chatUrl?headerColor=red%22%3E%3Cx");
      expect(bad).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      // The site may frame that origin (and only the configured ones): the CSP's frame-src.
      forgetSiteSources();
      const csp = String(
        (await t.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"],
      );
      const frames = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
      expect(frames).toContain("https://chat.example.com");
      expect(frames).toContain("https://vip.example.com");
      expect(frames.some((f) => f.includes("/panalo"))).toBe(false);
      // The in-house chat is off while an outside page is set.
      expect((await say(plain.token, "hi")).code).toBe("CHAT_OFF");
      // The loyalty module's VIP level routes the member.
      const vip = await member();
      await setVipLevel(vip.id, 5);
      expect((await asMember(vip.token, "GET", "/wps/relay/CSP_chatUrl")).value.chatUrl).toBe(
        "https://vip.example.com/panalo",
      );
    } finally {
      await writeSetting(t.database.db, "brand", brand);
    }
    expect([chatTeamFor(0), chatTeamFor(4), chatTeamFor(5)]).toEqual(["general", "general", "vip"]);
  });

  it("assigns new conversations by load, routes VIP members to the VIP team, takes and transfers", async () => {
    await asOp("csvip", "GET", "/api/admin/chat/me");
    expect(
      (await asOp("boss", "PUT", `/api/admin/chat/operators/${ops.csvip?.id}`, { team: "vip", maxOpen: 5 }))
        .statusCode,
    ).toBe(200);
    for (const op of ["cs1", "cs2"]) {
      expect((await asOp(op, "PUT", "/api/admin/chat/me", { available: true })).statusCode).toBe(200);
    }
    const ms = [await member(), await member(), await member(), await member()];
    for (const m of ms) expect((await say(m.token, "I need help")).success).toBe(true);
    const holders = await Promise.all(ms.map(async (m) => (await convOf(m.id))?.operatorId));
    expect(holders).toEqual([ops.cs1?.id, ops.cs2?.id, ops.cs1?.id, ops.cs2?.id]);
    // A VIP member waits for the VIP team (nobody of it available yet), not the general one.
    const vip = await member();
    await setVipLevel(vip.id, 6);
    await say(vip.token, "VIP here");
    const vipConv = await convOf(vip.id);
    expect(vipConv).toMatchObject({ team: "vip", operatorId: null });
    const queue = (await asOp("csvip", "GET", "/api/admin/chat/conversations?scope=queue")).json().value
      .items;
    expect(queue.map((c: { id: number }) => c.id)).toContain(vipConv?.id);
    // The VIP operator comes online: the waiting conversation is theirs.
    await asOp("csvip", "PUT", "/api/admin/chat/me", { available: true });
    expect((await convOf(vip.id))?.operatorId).toBe(ops.csvip?.id);

    // Answering needs the conversation; a transfer moves it, audited.
    const c0 = await convOf(ms[0]?.id ?? 0);
    const wrong = await asOp("cs2", "POST", `/api/admin/chat/conversations/${c0?.id}/messages`, {
      clientId: "wrong-op-1",
      body: "hi",
    });
    expect(wrong.json().code).toBe("CHAT_NOT_ASSIGNED");
    const moved = await asOp("cs1", "POST", `/api/admin/chat/conversations/${c0?.id}/transfer`, {
      operatorId: ops.cs2?.id,
    });
    expect(moved.statusCode).toBe(200);
    expect((await convOf(ms[0]?.id ?? 0))?.operatorId).toBe(ops.cs2?.id);
    const mine = (await asOp("cs2", "GET", "/api/admin/chat/conversations?scope=mine")).json().value.items;
    expect(mine).toHaveLength(3);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE entity_type = 'chat' AND entity_id = ${String(c0?.id)}`,
    );
    expect(audit.map((a) => a.action)).toContain("chat.transfer");
    // A finance operator has no console.
    expect((await asOp("fin", "GET", "/api/admin/chat/conversations")).statusCode).toBe(403);
    // The operator answers; the member's unread count and the member panel.
    const reply = await asOp("cs2", "POST", `/api/admin/chat/conversations/${c0?.id}/messages`, {
      clientId: "answer-0001",
      body: "How can I help?",
    });
    expect(reply.json().value).toMatchObject({ sender: "operator", operatorName: "cs2", seq: 2 });
    const again = await asOp("cs2", "POST", `/api/admin/chat/conversations/${c0?.id}/messages`, {
      clientId: "answer-0001",
      body: "How can I help?",
    });
    expect(again.json().value.seq).toBe(2); // the same client id is the same message
    const token = ms[0]?.token ?? "";
    expect((await asMember(token, "GET", "/wps/relay/CSP_chatUnreadCount")).value.unReadCount).toBe(1);
    expect((await asMember(token, "POST", "/wps/chat/read", { seq: 2 })).value).toEqual({
      seq: 2,
      unReadCount: 0,
    });
    const side = (await asOp("cs2", "GET", `/api/admin/chat/conversations/${c0?.id}/member`)).json().value;
    // A support operator sees the member, not the money (as on the player page).
    expect(side).toMatchObject({ memberId: ms[0]?.id, money: null });
    expect(side.player).toMatchObject({ status: "active" });
  });

  it("answers outside business hours with the away message in the member's language, once", async () => {
    const boss = (url: string, body: unknown) => asOp("boss", "PUT", url, body);
    const closed = { ...DEFAULT_CHAT_SETTINGS, hours: [] };
    expect((await boss("/api/admin/chat/settings", closed)).statusCode).toBe(200);
    try {
      const m = await member({ language: "JA" });
      await say(m.token, "anyone there?");
      await say(m.token, "hello?");
      const conv = (await asMember(m.token, "GET", "/wps/chat/conversation")).value;
      expect(conv.open).toBe(false);
      expect(conv.messages.map((x: { sender: string; body: string }) => [x.sender, x.body])).toEqual([
        ["member", "anyone there?"],
        ["system", DEFAULT_CHAT_SETTINGS.away.JA],
        ["member", "hello?"],
      ]);
    } finally {
      await boss("/api/admin/chat/settings", DEFAULT_CHAT_SETTINGS);
    }
    // Monday 09:00–18:00 Manila: open at 10:00 Manila (02:00 UTC), closed at 19:00 Manila.
    const weekday = { ...DEFAULT_CHAT_SETTINGS, hours: [{ day: 1, open: "09:00", close: "18:00" }] };
    expect(isOpenAt(weekday, new Date("2026-11-23T02:00:00Z"))).toBe(true);
    expect(isOpenAt(weekday, new Date("2026-11-23T11:00:00Z"))).toBe(false);
    expect(isOpenAt(weekday, new Date("2026-11-24T02:00:00Z"))).toBe(false);
  });

  it("serves a chat image only to the conversation's member and to chat operators", async () => {
    const owner = await member();
    const other = await member();
    const upload = async (token: string, bytes: Buffer, type: string) => {
      const boundary = "----chat-boundary";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return (
        await t.app.inject({
          method: "POST",
          url: "/wps/chat/images",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        })
      ).json();
    };
    expect((await upload(owner.token, Buffer.from("<html>not an image</html>"), "image/png")).code).toBe(
      "MEDIA_TYPE",
    );
    const { imageId } = (await upload(owner.token, PNG, "image/png")).value;
    const sent = await asMember(owner.token, "POST", "/wps/chat/messages", {
      clientId: "img-message-1",
      imageId,
    });
    expect(sent.value).toMatchObject({ imageId, body: "" });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: `/wps/chat/images/${imageId}`, headers });
    const mine = await get({ authorization: `Bearer ${owner.token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect((await get({ authorization: `Bearer ${other.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/wps/chat/images/${imageId}` })).statusCode).toBe(401);
    // Another member cannot post someone else's image into their own conversation.
    expect(
      (await asMember(other.token, "POST", "/wps/chat/messages", { clientId: "img-steal-1", imageId })).code,
    ).toBe("VALIDATION_ERROR");
    expect((await asOp("cs1", "GET", `/api/admin/chat/images/${imageId}`)).statusCode).toBe(200);
    expect((await asOp("fin", "GET", `/api/admin/chat/images/${imageId}`)).statusCode).toBe(403);
  });
});
