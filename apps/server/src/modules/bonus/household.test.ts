import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { balances, grant, makeRule } from "../../testing/bonus-kit.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  addressKey,
  DEVICE_COOKIE,
  deviceIdOf,
  householdReasons,
  normaliseAddress,
  stableHints,
} from "../members/household.ts";
import { grantBonus } from "./grant.ts";

/**
 * One bonus per household — a device (the site's first-party cookie id and the
 * browser's stable hints) or a normalised address shared with a member who had a bonus flags the
 * member for review, as a shared payout account does.
 */
const CHROME_130 =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Mobile Safari/537.36";
const CHROME_131 = CHROME_130.replace("130.0.6723.58", "131.0.6778.39");
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

describe("household signals", () => {
  it("keeps a device id across a browser update, not across browsers or cookies", () => {
    const h = (ua: string, v: string) => ({
      "user-agent": ua,
      "sec-ch-ua": `"Chromium";v="${v}", "Google Chrome";v="${v}", "Not?A_Brand";v="99"`,
      "sec-ch-ua-platform": '"Android"',
      "sec-ch-ua-mobile": "?1",
    });
    expect(stableHints(h(CHROME_130, "130"))).toBe(stableHints(h(CHROME_131, "131")));
    const cookie = "AbCdEfGhIjKlMnOpQrStUvWx";
    expect(deviceIdOf(cookie, h(CHROME_130, "130"))).toBe(deviceIdOf(cookie, h(CHROME_131, "131")));
    expect(deviceIdOf(cookie, h(CHROME_130, "130"))).not.toBe(deviceIdOf(cookie, { "user-agent": FIREFOX }));
    expect(deviceIdOf(cookie, { "user-agent": FIREFOX })).not.toBe(
      deviceIdOf("ZyXwVuTsRqPoNmLkJiHgFeDc", { "user-agent": FIREFOX }),
    );
    // The id carries no cookie value in clear.
    expect(deviceIdOf(cookie, { "user-agent": FIREFOX })).not.toContain(cookie);
  });

  it("normalises two spellings of one address alike", () => {
    expect(normaliseAddress("#12 Rizal St., Brgy. San Antonio, Makati")).toBe(
      normaliseAddress("no 12 rizal street barangay san antonio makati"),
    );
    expect(addressKey("Unit 5, Blk 3 Lt 7, Sta. Rosa")).toBe(addressKey("unit 5 block 3 lot 7 santa rosa"));
    expect(addressKey("Pasay  City")).toBe(addressKey("PASAY CITY"));
    expect(addressKey("Pasig City")).not.toBe(addressKey("Pasay City"));
    expect(addressKey(" ,. ")).toBeNull();
  });
});

describe("one bonus per household: device and address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: "true" });
  });
  afterAll(async () => t.close());

  /** Register through the API from a browser (its cookie jar: `cookie`), with an address. */
  async function register(username: string, opts: { cookie?: string; address?: string; ua?: string } = {}) {
    const res = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      headers: {
        "user-agent": opts.ua ?? CHROME_130,
        ...(opts.cookie ? { cookie: `${DEVICE_COOKIE}=${opts.cookie}` } : {}),
      },
      payload: {
        username,
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
        ...(opts.address ? { address: opts.address } : {}),
      },
      remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    const body = res.json();
    expect(body.success).toBe(true);
    const set = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    return {
      id: Number(body.value.customerId),
      token: String(body.value.token),
      cookie: set?.value ?? opts.cookie,
    };
  }

  const flagged = async (memberId: number) => {
    const [m] = await queryRows<{ bonus_review: boolean }>(
      t.database.db,
      sql`SELECT EXISTS (SELECT 1 FROM bonus_reviews WHERE member_id = ${memberId}) AS bonus_review`,
    );
    return m?.bonus_review;
  };

  async function refused(memberId: number, ruleId: number, key: string) {
    // Refused inside a transaction that goes on (as a deposit's credit does): the flag stays.
    await t.database.db.transaction(async (tx) => {
      await expect(
        grantBonus(tx, { memberId, ruleId, amountMinor: 1_000n, sourceKey: key }),
      ).rejects.toMatchObject({ code: "BONUS_NOT_ALLOWED" });
    });
    expect((await balances(t, memberId)).bonus).toBe(0n);
    expect(await flagged(memberId)).toBe(true);
  }

  it("gives a browser its device cookie at registration and keeps the device at each login", async () => {
    const a = await register("Dev0001");
    expect(a.cookie).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    const login = await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      headers: { "user-agent": FIREFOX, cookie: `${DEVICE_COOKIE}=${a.cookie}` },
      payload: { username: "Dev0001", password: "secret123" },
    });
    expect(login.json().success).toBe(true);
    // Same cookie, another kind of browser: a second device; no new cookie is set.
    expect(login.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    const rows = await queryRows<{ device_id: string }>(
      t.database.db,
      sql`SELECT device_id FROM member_devices WHERE member_id = ${a.id} ORDER BY first_seen_at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.device_id).toBe(deviceIdOf(String(a.cookie), { "user-agent": CHROME_130 }));
    expect(rows[1]?.device_id).toBe(deviceIdOf(String(a.cookie), { "user-agent": FIREFOX }));
  });

  it("flags a member registering on the device of a member who had a bonus", async () => {
    const rule = await makeRule(t);
    const a = await register("Dev0002");
    await grant(t, a.id, rule, 1_000n, "test:dev2");
    // Another account from the same browser (same cookie, same kind of browser).
    const b = await register("Dev0003", { cookie: a.cookie });
    expect(await householdReasons(t.database.db, b.id)).toEqual(["device"]);
    await refused(b.id, rule, "test:dev3");
    // Another browser on its own cookie is not that device.
    const c = await register("Dev0004");
    expect(await householdReasons(t.database.db, c.id)).toEqual([]);
    await grant(t, c.id, rule, 1_000n, "test:dev4");
    expect(await flagged(c.id)).toBe(false);
  });

  it("flags a member logging in on such a device later", async () => {
    const rule = await makeRule(t);
    const a = await register("Dev0005");
    await grant(t, a.id, rule, 1_000n, "test:dev5");
    const b = await register("Dev0006");
    expect(await householdReasons(t.database.db, b.id)).toEqual([]);
    await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      headers: { "user-agent": CHROME_131, cookie: `${DEVICE_COOKIE}=${a.cookie}` },
      payload: { username: "Dev0006", password: "secret123" },
    });
    expect(await householdReasons(t.database.db, b.id)).toEqual(["device"]);
    await refused(b.id, rule, "test:dev6");
  });

  it("flags a member whose address, however spelled, is that of a member who had a bonus", async () => {
    const rule = await makeRule(t);
    const a = await register("Addr0001", { address: "#88 Mabini St., Brgy. Poblacion, Makati City" });
    await grant(t, a.id, rule, 1_000n, "test:addr1");
    const b = await register("Addr0002");
    expect(await householdReasons(t.database.db, b.id)).toEqual([]);
    const set = await t.app.inject({
      method: "POST",
      url: "/wps/member/address",
      headers: { authorization: `Bearer ${b.token}` },
      payload: { address: "no. 88 mabini street, barangay poblacion, MAKATI CITY" },
    });
    expect(set.json().success).toBe(true);
    expect(await householdReasons(t.database.db, b.id)).toEqual(["address"]);
    await refused(b.id, rule, "test:addr2");
    // A rule without one_per_household does not look.
    const c = await register("Addr0003", { address: "88 Mabini Street Barangay Poblacion Makati City" });
    await grant(t, c.id, await makeRule(t, { household: false }), 1_000n, "test:addr3");
    expect(await flagged(c.id)).toBe(false);
  });

  it("refuses a malformed address call", async () => {
    const a = await register("Addr0004");
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/member/address",
      headers: { authorization: `Bearer ${a.token}` },
      payload: { address: "x".repeat(201) },
    });
    expect(res.json().success).toBe(false);
  });
});
