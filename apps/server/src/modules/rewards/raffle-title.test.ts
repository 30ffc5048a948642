import { AdminRaffleCreate } from "@panalo/contracts/rewards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
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
