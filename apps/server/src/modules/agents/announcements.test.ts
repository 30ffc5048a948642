import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

/** spec §2 agent centre "announcement": a notice for agents only never reaches the player site. */
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "notice_owner",
  password: "Notice-owner-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const ADMIN = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("agents-only announcements", () => {
  let t: TestApp;
  let cookie = "";
  let ownerId = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    ownerId = (await createOperator(t.database.db, { ...OWNER, role: "content" })).id;
    nowMs += 30_000;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: ADMIN,
      payload: { ...OWNER, totp: totpAt(OWNER.totpSecret, Math.floor(nowMs / 30_000)) },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }, 300_000);
  afterAll(async () => t?.close());

  const notice = (title: string, audience?: "all" | "agents") =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/notices",
      headers: { ...ADMIN, cookie },
      payload: {
        type: "B",
        title: { EN: title, TY: title },
        content: { EN: `<p>${title}</p>`, TY: `<p>${title}</p>` },
        startsAt: null,
        endsAt: null,
        sortOrder: 0,
        enabled: true,
        ...(audience ? { audience } : {}),
      },
    });

  it("shows an agents-only bulletin in the agent centre and never to players", async () => {
    const everyone = await notice("For everyone");
    expect(everyone.json().value).toMatchObject({ audience: "all" });
    const agents = await notice("Agents: new commission table", "agents");
    expect(agents.json().value).toMatchObject({ audience: "agents" });

    const site = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      headers: { "x-lang": "EN" },
      payload: { types: ["B"], execution: true },
    });
    expect(site.json().success, site.body).toBe(true);
    const shown = (site.json().value as Array<{ title: string }>).map((n) => n.title);
    expect(shown).toContain("For everyone");
    expect(shown).not.toContain("Agents: new commission table");

    // An agent made directly (the content role may not make agents through the back office).
    const { createTopAgent } = await import("./service.ts");
    await createTopAgent(
      t.app.ctx,
      { id: ownerId, username: OWNER.username, ip: "127.0.0.1" },
      {
        username: "noticeagent",
        password: "secret123",
        isAgent: 1,
      },
    );
    const login = (
      await t.app.inject({
        method: "POST",
        url: "/wps/session/login",
        payload: { username: "noticeagent", password: "secret123", path: "agent" },
      })
    ).json();
    expect(login.success, JSON.stringify(login)).toBe(true);
    const bearer = { authorization: `Bearer ${login.value.token}`, "x-lang": "EN" };
    // The operator chose the password: the agent changes it before anything else.
    const first = await t.app.inject({ method: "GET", url: "/wps/agent/announcements", headers: bearer });
    expect(first.json().code).toBe("PASSWORD_CHANGE_REQUIRED");
    const changed = await t.app.inject({
      method: "POST",
      url: "/wps/member/password",
      headers: bearer,
      payload: { oldPassword: "secret123", newPassword: "mine2026x", confirmNewPassword: "mine2026x" },
    });
    expect(changed.json().success, changed.body).toBe(true);
    const centre = await t.app.inject({
      method: "GET",
      url: "/wps/agent/announcements",
      headers: bearer,
    });
    expect(centre.json().success, centre.body).toBe(true);
    expect((centre.json().value as Array<{ title: string }>).map((n) => n.title).sort()).toEqual([
      "Agents: new commission table",
      "For everyone",
    ]);
    // Without an agent's session the call is refused.
    const guest = await t.app.inject({ method: "GET", url: "/wps/agent/announcements" });
    expect(guest.json().success).toBe(false);
  });
});
