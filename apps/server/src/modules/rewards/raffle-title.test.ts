import { AdminRaffleCreate } from "@panalo/contracts/rewards";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { createRaffle, raffleViews } from "./raffle.ts";

/**
 * A raffle needs its title in Filipino or English only; the other languages fall back (the
 * member's language, else English, else Filipino), as promotions and notices do.
 */
const raffle = (title: unknown) => ({
  title,
  startsAt: "2026-03-04T00:00:00+08:00",
  endsAt: "2026-03-11T00:00:00+08:00",
  ticketPerDeposit: "500.00",
  prizes: ["1000.00"],
});

describe("raffle titles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("accepts a Filipino or English title alone and refuses one without either", () => {
    expect(AdminRaffleCreate.parse(raffle({ TY: "Pa-raffle ng Marso" })).title).toEqual({
      TY: "Pa-raffle ng Marso",
    });
    // A language left blank is dropped, not stored as an empty title.
    expect(AdminRaffleCreate.parse(raffle({ EN: "March raffle", TY: " " })).title).toEqual({
      EN: "March raffle",
    });
    const refused = AdminRaffleCreate.safeParse(raffle({ CN: "三月抽奖", EN: "" }));
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["title_ty_or_en_needed"]);
    expect(AdminRaffleCreate.safeParse(raffle({ XX: "?" })).success).toBe(false);
  });

  it("creates one through the back office with a Filipino title and a ticket rule, audited in pesos", async () => {
    const secret = "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U";
    await createOperator(t.database.db, {
      username: "raffles1",
      role: "marketing",
      password: "Raffle-pass-2026",
      totpSecret: secret,
    });
    const headers = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
    const session = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers,
      payload: {
        username: "raffles1",
        password: "Raffle-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    const cookie = `panalo_admin=${session.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/rewards/raffles",
      headers: { ...headers, cookie },
      payload: raffle({ TY: "Pa-raffle ng opisina" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ title: "Pa-raffle ng opisina", ticketPerDeposit: "500.00" });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "raffle"), eq(auditLog.entityId, String(res.json().value.id))));
    expect(audit?.after).toMatchObject({ ticketPerDeposit: "500.00", prizes: ["1000.00"] });
  });

  it("shows every language the Filipino title when it is the only one, and English before it", async () => {
    const only = AdminRaffleCreate.parse(raffle({ TY: "Pa-raffle ng Marso" }));
    const both = AdminRaffleCreate.parse(raffle({ TY: "Pa-raffle ng Abril", EN: "April raffle" }));
    const ids: number[] = [];
    for (const b of [only, both])
      ids.push(
        await createRaffle(t.database.db, {
          title: b.title,
          currency: b.currency,
          startsAt: new Date(b.startsAt),
          endsAt: new Date(b.endsAt),
          ticketPerDeposit: b.ticketPerDeposit ?? null,
          ticketPerBet: b.ticketPerBet ?? null,
          maxTicketsPerMember: b.maxTicketsPerMember,
          prizes: b.prizes,
        }),
      );
    const titles = async (lang: string) =>
      (await raffleViews(t.database.db, null, lang)).filter((r) => ids.includes(r.id)).map((r) => r.title);
    expect(await titles("EN")).toEqual(["April raffle", "Pa-raffle ng Marso"]);
    expect(await titles("JA")).toEqual(["April raffle", "Pa-raffle ng Marso"]);
    expect(await titles("TY")).toEqual(["Pa-raffle ng Abril", "Pa-raffle ng Marso"]);
  });
});
