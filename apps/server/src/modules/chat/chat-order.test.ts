import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { ChatMessage } from "@panalo/contracts/chat";
import { type ChatList, emptyChatList, mergeChat, orderedChat } from "@panalo/contracts/chat-order";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { memoryStore, redisStore, type SharedStore } from "../../lib/shared-store.ts";
import { ADMIN_HEADERS, chatMember, chatOn, chatOperator } from "../../testing/chat-kit.ts";
import { openTestDatabase } from "../../testing/test-app.ts";

/**
 * "200 chat messages across two server processes arrive in order". Two app instances
 * share the database and the shared store (PostgreSQL and Redis when TEST_DATABASE_URL and
 * REDIS_URL are set: two connection pools, two Redis clients, as two processes have). The member
 * is connected to one and sends through it; the operator is connected to the other and answers
 * through it, both at once. Each side's page list (contracts/chat-order.ts, what the site and
 * the console use) ends with seqs 1…200, each once, each sender's messages in the order sent.
 */
const EACH = 100;

describe("chat across two server processes", () => {
  const apps: FastifyInstance[] = [];
  const stores: SharedStore[] = [];
  const extraDbs: Database[] = [];
  let drop: () => Promise<void> = async () => {};
  const base: string[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = loadConfig({
      NODE_ENV: "test",
      SEED_DEMO: "false",
      APP_SECRET: "test-secret-test-secret-test-secret-42",
      RGS_LOTTERY_INTERVAL_MS: "0",
    });
    const prefix = `panalo-chat-${randomBytes(4).toString("hex")}:`;
    const shared = memoryStore();
    for (let i = 0; i < 2; i++) {
      let database = opened.database;
      if (opened.url && i > 0) {
        database = await openDatabase({ url: opened.url });
        extraDbs.push(database);
      }
      const store = process.env.REDIS_URL ? redisStore(process.env.REDIS_URL, prefix) : shared;
      if (process.env.REDIS_URL) stores.push(store);
      const app = await buildApp({ config, database, store });
      await app.listen({ port: 0, host: "127.0.0.1" });
      apps.push(app);
      base.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await chatOn(opened.database.db);
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const s of stores) await s.close();
    for (const d of extraDbs) await d.close();
    await drop();
  });

  it("delivers 200 messages from both sides, through both processes, each once and in order", async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error("two apps");
    const member = await chatMember(a, "orderm1");
    const op = await chatOperator(a.ctx.db, "orderop", "support");
    const opHeaders = { ...ADMIN_HEADERS, cookie: op.cookie, "content-type": "application/json" };
    const opFetch = (url: string, method: string, body?: unknown) =>
      fetch(`http://${base[1]}${url}`, {
        method,
        headers: opHeaders,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await opFetch("/api/admin/chat/me", "PUT", { available: true })).status).toBe(200);

    let memberList: ChatList<ChatMessage> = emptyChatList();
    let opList: ChatList<ChatMessage> = emptyChatList();
    const memberWs = new WebSocket(`ws://${base[0]}/ws`);
    const opWs = new WebSocket(`ws://${base[1]}/admin/ws`, { headers: { cookie: op.cookie } });
    const ready = Promise.all([
      new Promise<void>((resolve, reject) => {
        memberWs.on("open", () => memberWs.send(JSON.stringify({ type: "auth", token: member.token })));
        memberWs.on("message", (raw) => {
          const m = JSON.parse(String(raw)) as { type: string; message?: ChatMessage };
          if (m.type === "balance") resolve();
          if (m.type === "chat.message" && m.message) memberList = mergeChat(memberList, [m.message]);
        });
        memberWs.on("error", reject);
      }),
      new Promise<void>((resolve, reject) => {
        opWs.on("message", (raw) => {
          const m = JSON.parse(String(raw)) as { type: string; message?: ChatMessage };
          if (m.type === "ready") resolve();
          if (m.type === "chat.message" && m.message) opList = mergeChat(opList, [m.message]);
        });
        opWs.on("error", reject);
      }),
    ]);
    await ready;

    // The member's first message opens the conversation, assigned to the only available operator.
    const send = async (i: number) => {
      const res = await fetch(`http://${base[0]}/wps/chat/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
        body: JSON.stringify({ clientId: `member-${i}-x`, body: `m${i}` }),
      });
      expect(res.status).toBe(200);
    };
    await send(0);
    const convId = (
      (await (await opFetch("/api/admin/chat/conversations?scope=mine", "GET")).json()) as {
        value: { items: Array<{ id: number }> };
      }
    ).value.items[0]?.id;
    expect(convId).toBeGreaterThan(0);
    const answer = async (i: number) => {
      const res = await opFetch(`/api/admin/chat/conversations/${convId}/messages`, "POST", {
        clientId: `op-${i}-xxxx`,
        body: `o${i}`,
      });
      expect(res.status).toBe(200);
    };
    // Both sides at once, each in its own order; a send retried (same client id) is one message.
    await Promise.all([
      (async () => {
        for (let i = 1; i < EACH; i++) await send(i);
        await send(EACH - 1);
      })(),
      (async () => {
        for (let i = 0; i < EACH; i++) await answer(i);
      })(),
    ]);

    // Wait for the pushes (a poll on state, not a timing margin); a page that saw a gap would
    // fetch it over HTTP — here every push must arrive.
    const deadline = Date.now() + 60_000;
    while ((memberList.contiguous < 2 * EACH || opList.contiguous < 2 * EACH) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const list of [memberList, opList]) {
      const ordered = orderedChat(list);
      expect(ordered.map((m) => m.seq)).toEqual(Array.from({ length: 2 * EACH }, (_, i) => i + 1));
      expect(list.bySeq.size).toBe(2 * EACH);
      expect(ordered.filter((m) => m.sender === "member").map((m) => m.body)).toEqual(
        Array.from({ length: EACH }, (_, i) => `m${i}`),
      );
      expect(ordered.filter((m) => m.sender === "operator").map((m) => m.body)).toEqual(
        Array.from({ length: EACH }, (_, i) => `o${i}`),
      );
    }
    // What a page fetches after a reconnect is the same list.
    const fetched = (await (
      await fetch(`http://${base[1]}/wps/chat/conversation?after=150`, {
        headers: { authorization: `Bearer ${member.token}` },
      })
    ).json()) as { value: { messages: ChatMessage[] } };
    expect(fetched.value.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 151 + i));
    memberWs.close();
    opWs.close();
  }, 300_000);
});
