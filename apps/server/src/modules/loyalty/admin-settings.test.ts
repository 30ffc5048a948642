import {
  AdminLoyaltySettings,
  AdminVipLevel,
  partsToPercent,
  percentToParts,
} from "@panalo/contracts/loyalty";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

/**
 * Loyalty's back office takes amounts in pesos and rates in percent (never centavos or ppm),
 * answers them as typed, audits each change, and holds a VIP bonus raised above the finance
 * threshold for a second operator.
 */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const LEVEL = {
  level: 7,
  name: "Ruby",
  minValidBet: "1000",
  minDeposit: "250.5",
  rebateRatePercent: "0",
  withdrawDailyMax: "50000.00",
  withdrawDailyCount: 5,
  birthdayBonus: "0",
  upgradeBonus: "0.00",
};

describe("loyalty settings in pesos and percent", () => {
  it("reads pesos with up to two decimals and percentages, and refuses centavo-like or odd text", () => {
    const v = AdminVipLevel.parse({ ...LEVEL, rebateRatePercent: "0.5" });
    expect(v).toMatchObject({ minValidBet: 100_000n, minDeposit: 25_050n, rebateRatePpm: 5000 });
    expect(v.withdrawDailyMax).toBe(5_000_000n);
    const issues = (body: object) =>
      AdminVipLevel.safeParse({ ...LEVEL, ...body }).error?.issues.map((i) => `${i.path}:${i.message}`);
    // The server keeps the strict form: the back office drops thousands separators before sending.
    expect(issues({ minValidBet: "1,000.00" })).toEqual(["minValidBet:amount_format"]);
    expect(issues({ minDeposit: "10.005" })).toEqual(["minDeposit:amount_decimals"]);
    expect(issues({ rebateRatePercent: "0.12345" })).toEqual(["rebateRatePercent:rate_invalid"]);
    expect(issues({ rebateRatePercent: "10.5" })).toEqual(["rebateRatePercent:rate_invalid"]);
    expect(issues({ rebateRatePercent: "5000" })).toEqual(["rebateRatePercent:rate_invalid"]);
    const s = AdminLoyaltySettings.parse({
      depositRatePercent: "100",
      expiryDays: 0,
      convertPoints: 100,
      convertAmount: "1",
      convertMinPoints: 100,
      vipWindowDays: 30,
      vipReviewDays: 30,
      rankDays: 30,
    });
    // 100 % = 1 point per ₱1 = 10,000 millionths of a point per centavo.
    expect(s).toMatchObject({ depositRatePpm: 10_000, convertMinor: 100n });
    expect(percentToParts("0.35", 4, 10_000)).toBe(3500);
    expect(partsToPercent(3500, 4, 10_000)).toBe("0.35");
    expect(partsToPercent(10_000, 2, 100)).toBe("100");
    expect(percentToParts("1e2", 2, 100)).toBeNull();
  });

  describe("through the back office", () => {
    let t: TestApp;
    const cookies: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp();
      const ops = [
        ["mkt1", "marketing", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
        ["own1", "owner", "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U"],
      ] as const;
      for (const [name, role, secret] of ops) {
        await createOperator(t.database.db, {
          username: name,
          role,
          password: "Loyalty-pass-2026",
          totpSecret: secret,
        });
        const res = await t.app.inject({
          method: "POST",
          url: "/api/admin/session",
          headers: H,
          payload: {
            username: name,
            password: "Loyalty-pass-2026",
            totp: totpAt(secret, Math.floor(Date.now() / 30000)),
          },
        });
        cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
      }
    });
    afterAll(async () => t?.close());
    const call = (op: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { ...H, cookie: cookies[op] ?? "" },
        ...(payload ? { payload } : {}),
      });
    const level7 = async () =>
      (await call("mkt1", "GET", "/api/admin/loyalty/vip-levels"))
        .json()
        .value.list.find((l: { level: number }) => l.level === 7);

    it("saves a VIP level as typed, audits it, and holds a bonus above the threshold for a second operator", async () => {
      expect((await call("mkt1", "PUT", "/api/admin/loyalty/vip-levels", LEVEL)).statusCode).toBe(200);
      expect(await level7()).toEqual({
        ...LEVEL,
        minValidBet: "1000.00",
        minDeposit: "250.50",
        birthdayBonus: "0.00",
      });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "vip_level"), eq(auditLog.entityId, "7")));
      expect(audits.map((a) => a.after)).toEqual([expect.objectContaining({ minValidBet: "1000.00" })]);

      // An upgrade bonus above the finance threshold (₱10,000.00) waits for a second operator.
      const raise = await call("mkt1", "PUT", "/api/admin/loyalty/vip-levels", {
        ...LEVEL,
        upgradeBonus: "15000",
      });
      expect(raise.statusCode).toBe(202);
      expect(raise.json().code).toBe("APPROVAL_PENDING");
      expect((await level7()).upgradeBonus).toBe("0.00");
      const approved = await call("own1", "POST", `/api/admin/approvals/${raise.json().approvalId}/approve`);
      expect(approved.json().value.status).toBe("applied");
      expect((await level7()).upgradeBonus).toBe("15000.00");
      // A rate, a threshold or a bonus within the threshold applies at once.
      const atOnce = await call("mkt1", "PUT", "/api/admin/loyalty/vip-levels", {
        ...LEVEL,
        minValidBet: "2000",
        rebateRatePercent: "0.25",
        birthdayBonus: "500",
        upgradeBonus: "15000",
      });
      expect(atOnce.statusCode).toBe(200);
      expect(await level7()).toMatchObject({
        minValidBet: "2000.00",
        rebateRatePercent: "0.25",
        birthdayBonus: "500.00",
        upgradeBonus: "15000.00",
      });
    });

    it("saves points rates and the rules in percent and pesos", async () => {
      const rate = await call("mkt1", "PUT", "/api/admin/loyalty/rates", {
        gameType: "RNG",
        vipLevel: 7,
        ratePercent: "1.5",
      });
      expect(rate.statusCode).toBe(200);
      const rules = async () => (await call("mkt1", "GET", "/api/admin/loyalty/settings")).json().value;
      expect((await rules()).rates).toContainEqual({ gameType: "RNG", vipLevel: 7, ratePercent: "1.5" });
      const before = (await rules()).settings;
      const changed = await call("mkt1", "PUT", "/api/admin/loyalty/settings", {
        ...before,
        depositRatePercent: "2.5",
        convertAmount: "1.50",
        rankDays: 14,
      });
      expect(changed.statusCode).toBe(200);
      expect((await rules()).settings).toEqual({
        ...before,
        depositRatePercent: "2.5",
        convertAmount: "1.50",
        rankDays: 14,
      });
    });
  });
});
