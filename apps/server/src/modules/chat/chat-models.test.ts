import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMember, chatOn } from "../../testing/chat-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { readSetting, writeSetting } from "../content/service.ts";

/**
 * The customer-service channels a member is offered (CBS_modelList): the general team's chat as
 * the chat URL call opens it, the VIP service when the operator set one, available and opened
 * above VIP level 4; agents are refused as for the chat itself.
 */
describe("customer-service channels", () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await chatOn(t.database.db);
  }, 180_000);
  afterAll(async () => t.close());

  const member = (opts: { isAgent?: number } = {}) => chatMember(t.app, `chmod${++n}`, opts);
  const ask = async (token: string, url: string) =>
    (
      await t.app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${token}`, "x-lang": "EN" },
      })
    ).json();
  const setVipLevel = (memberId: number, level: number) =>
    t.database.db.execute(sql`INSERT INTO loyalty_members (member_id, vip_level) VALUES (${memberId}, ${level})
      ON CONFLICT (member_id) DO UPDATE SET vip_level = EXCLUDED.vip_level`);

  it("lists the in-house chat alone when no outside page is set; refuses visitors and agents", async () => {
    expect((await t.app.inject({ method: "GET", url: "/wps/relay/CBS_modelList" })).statusCode).toBe(401);
    const agent = await member({ isAgent: 1 });
    expect((await ask(agent.token, "/wps/relay/CBS_modelList")).code).toBe("IN_PLEASE_INFORMATION");
    const m = await member();
    expect((await ask(m.token, "/wps/relay/CBS_modelList")).value).toEqual({
      list: [{ model: "general", mode: "inhouse", chatUrl: "/chat", available: true, current: true }],
    });
  });

  it("offers the VIP service above level 4, and marks current what the chat URL call opens", async () => {
    const brand = await readSetting(t.database.db, "brand");
    await writeSetting(t.database.db, "brand", {
      ...brand,
      customerServiceUrl: "https://chat.example.com/panalo",
      vipServiceUrl: "https://vip.example.com/panalo",
    });
    try {
      const plain = await member();
      const vip = await member();
      await setVipLevel(vip.id, 5);
      for (const [who, vipOpen] of [
        [plain, false],
        [vip, true],
      ] as const) {
        const { list } = (await ask(who.token, "/wps/relay/CBS_modelList")).value;
        expect(list).toEqual([
          {
            model: "general",
            mode: "outside",
            chatUrl: "https://chat.example.com/panalo",
            available: true,
            current: !vipOpen,
          },
          {
            model: "vip",
            mode: "outside",
            chatUrl: "https://vip.example.com/panalo",
            available: vipOpen,
            current: vipOpen,
          },
        ]);
        const opened = (await ask(who.token, "/wps/relay/CSP_chatUrl")).value.chatUrl;
        expect(list.find((c: { current: boolean }) => c.current).chatUrl).toBe(opened);
      }
    } finally {
      await writeSetting(t.database.db, "brand", brand);
    }
  });
});
