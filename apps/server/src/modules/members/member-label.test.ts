import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * spec §3 memberLabel: the name of the member's VIP level above level 0, else null — on sign-in
 * and on the member's info, read from the loyalty module's levels.
 */
describe("member label", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => t.close());

  it("is null at level 0 and the VIP level's name above it, on sign-in and on the member's info", async () => {
    const reg = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username: "Label01",
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
      },
      remoteAddress: "10.78.0.1",
    });
    const token = reg.json().value.token as string;
    const info = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: "/wps/member/info",
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().value.memberLabel;
    expect(await info()).toBeNull();

    // The operator's level 2 (only level 0 ships with a fresh database).
    const level = { level: 2, name: "Gintong Miyembro" };
    await t.database.db.execute(
      sql`INSERT INTO vip_levels (level, name) VALUES (${level.level}, ${level.name})`,
    );
    await t.database.db.execute(sql`INSERT INTO loyalty_members (member_id, vip_level)
      SELECT id, ${level.level} FROM members WHERE lower(username) = 'label01'`);
    expect(await info()).toBe(level.name);
    const login = await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: { username: "Label01", password: "secret123" },
      remoteAddress: "10.78.0.1",
    });
    expect(login.json().value.memberLabel).toBe(level.name);
  });
});
