import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedHumanCheck } from "../testing/human.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { rewriteSpecAlias, SPEC_ALIASES } from "./spec-aliases.ts";

/**
 * The spec's names for calls served under another name answer exactly as the existing call:
 * the same status and the same envelope, for a member and for a visitor.
 */
describe("spec call aliases", () => {
  let t: TestApp;
  let token = "";

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username: "Alias01",
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
      },
      remoteAddress: "10.77.0.1",
    });
    token = res.json().value.token;
    expect(token).toBeTruthy();
  });

  afterAll(async () => {
    await t?.close();
  });

  it("keeps the query string and leaves other calls alone", () => {
    expect(rewriteSpecAlias("/wps/relay/ODSFE2_getWinnerBoard?limitNum=5")).toBe(
      "/wps/relay/GCSGAME_getRankList?limitNum=5",
    );
    expect(rewriteSpecAlias("/wps/relay/GCSGAME_gameList")).toBe("/wps/relay/GCSGAME_gameList");
    expect(rewriteSpecAlias("/wps/relay/MCS2_getPointConfigX")).toBe("/wps/relay/MCS2_getPointConfigX");
  });

  const calls: Array<{ alias: string; method: "GET" | "POST"; query?: string; body?: object }> = [
    { alias: "/wps/relay/MCS2_getPointReward", method: "GET" },
    { alias: "/wps/relay/MCS2_getRedeemPointList", method: "GET", query: "?pageNo=1&pageSize=10" },
    { alias: "/wps/relay/MCS2_getPointConfig", method: "GET" },
    { alias: "/wps/relay/MCSFE_getMissionLeaderboard", method: "GET" },
    { alias: "/wps/relay/GCSGAME_newGameVendor", method: "POST", body: { gameType: "RNG" } },
    { alias: "/wps/relay/MCSFE_addFavoriteGameV2", method: "POST", body: { nodeId: 987654 } },
    { alias: "/wps/relay/MCSFE_removeFavoriteGameV2", method: "POST", body: { nodeId: 987654 } },
    { alias: "/wps/relay/ODSFE2_getWinnerBoard", method: "GET", query: "?gameCategory=ALL&limitNum=20" },
    { alias: "/wps/relay/CBS_launchChat", method: "GET" },
  ];

  it("covers every alias", () => {
    expect(calls.map((c) => c.alias).sort()).toEqual(Object.keys(SPEC_ALIASES).sort());
  });

  for (const c of calls) {
    const target = SPEC_ALIASES[c.alias] ?? "";
    it(`${c.alias} answers as ${target}`, async () => {
      for (const headers of [{ authorization: `Bearer ${token}`, "x-lang": "EN" }, { "x-lang": "EN" }]) {
        const ask = (url: string) =>
          t.app.inject({ method: c.method, url: url + (c.query ?? ""), headers, payload: c.body });
        const [viaAlias, direct] = await Promise.all([ask(c.alias), ask(target)]);
        expect(viaAlias.statusCode, c.alias).toBe(direct.statusCode);
        expect(viaAlias.json(), c.alias).toEqual(direct.json());
        expect(typeof viaAlias.json().success).toBe("boolean");
      }
    });
  }

  it("answers a member's point config and vendor list with the documented shapes", async () => {
    const headers = { authorization: `Bearer ${token}`, "x-lang": "EN" };
    const config = (
      await t.app.inject({ method: "GET", url: "/wps/relay/MCS2_getPointConfig", headers })
    ).json();
    expect(config.success).toBe(true);
    const vendors = (
      await t.app.inject({
        method: "POST",
        url: "/wps/relay/GCSGAME_newGameVendor",
        headers,
        payload: { gameType: "RNG" },
      })
    ).json();
    expect(vendors.success).toBe(true);
    expect(Array.isArray(vendors.value)).toBe(true);
  });
});
