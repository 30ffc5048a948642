import { formatMinor } from "@panalo/contracts/money";
import { eq } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { readSetting } from "../content/settings.ts";
import { memberBalances } from "../ledger/ledger.ts";

/** What the header shows: the main wallet (or play money for trial accounts) with the symbol. */
export async function balanceSummary(ctx: AppContext, memberId: number) {
  const [[m], balances, brand] = await Promise.all([
    ctx.db.select({ currency: members.currency }).from(members).where(eq(members.id, memberId)),
    memberBalances(ctx.db, memberId),
    readSetting(ctx.db, "brand"),
  ]);
  const currency = m?.currency ?? brand.currency;
  const mine = balances.filter((b) => b.currency === currency);
  const kind = (k: string) => mine.find((b) => b.kind === k)?.balance ?? 0n;
  const vendors = mine.filter((b) => b.kind.startsWith("vendor:"));
  const main = currency === "FUN" ? kind("play") : kind("main");
  const total = main + kind("bonus") + vendors.reduce((s, v) => s + v.balance, 0n);
  return {
    currency,
    currencySymbol: currency === "FUN" ? "FUN" : brand.currencySymbol,
    /** spec §7 sumBalance: everything the member can play with. */
    sumBalance: formatMinor(total),
    main: formatMinor(main),
    bonus: formatMinor(kind("bonus")),
    /** Money held for pending withdrawals: not available. */
    held: formatMinor(kind("hold")),
    vendors: vendors.map((v) => ({
      vendor: v.kind.slice("vendor:".length),
      balance: formatMinor(v.balance),
    })),
  };
}
