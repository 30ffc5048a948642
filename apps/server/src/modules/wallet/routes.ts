import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { and, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.ts";
import { withdrawals } from "../../db/schema/payments.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { requireOperator } from "../admin/guard.ts";
import { dailyReports } from "../ledger/daily-reconciliation.ts";
import { reconcile } from "../ledger/ledger.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { payoutLedgerReference } from "../payments/withdrawals.ts";
import { addDays, manilaDay } from "../reports/days.ts";
import { walletAdminRoutes } from "./admin-routes.ts";
import { balanceSummary } from "./service.ts";

const RecordsRequest = z
  .object({
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    types: z
      .array(z.string().regex(/^[a-z_]{2,40}$/))
      .max(20)
      .optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .refine((v) => v.startDate <= v.endDate, { path: ["endDate"], message: "end_before_start" })
  .refine((v) => Date.parse(v.endDate) - Date.parse(v.startDate) <= 92 * 86_400_000, {
    path: ["endDate"],
    message: "range_too_long",
  });

/**
 * Account records of the member's own accounts, newest first (spec §7 ODSFE2_MemTransDet).
 * One line per movement the player made (issue 14): the withdrawal hold is the platform's own
 * bookkeeping, so its account's entries are left out — a withdrawal is the one line that took
 * the money from the main wallet, with the withdrawal's state — and a rejected withdrawal's
 * return to the main wallet is the line that gave it back. The operator's ledger view
 * (/api/admin/players/:id/wallet) keeps every entry.
 */
async function accountRecords(
  ctx: AppContext,
  memberId: number,
  q: z.infer<typeof RecordsRequest>,
  /** The operator's view: every account's entries, the hold account's too. */
  detail = false,
) {
  const accounts = await ctx.db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.memberId, memberId),
        detail ? undefined : ne(ledgerAccounts.kind, "hold"),
        // Points (issue 20) are not money: they have their own records (/wps/loyalty/points/records).
        detail ? undefined : ne(ledgerAccounts.kind, "points"),
      ),
    );
  if (accounts.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const byId = new Map(accounts.map((a) => [a.id, a]));
  // Dates are the player's calendar days in Manila time (UTC+8).
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(Date.parse(`${q.endDate}T00:00:00+08:00`) + 86_400_000);
  const where = and(
    inArray(
      ledgerEntries.accountId,
      accounts.map((a) => a.id),
    ),
    gte(ledgerEntries.createdAt, from),
    lt(ledgerEntries.createdAt, to),
    q.types?.length ? inArray(ledgerTransactions.type, q.types) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: ledgerEntries.id,
        accountId: ledgerEntries.accountId,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        type: ledgerTransactions.type,
        reference: ledgerTransactions.reference,
        transactionId: ledgerTransactions.id,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  // The state of each withdrawal on this page (its reference is W<id>).
  const withdrawalIds = rows.flatMap((r) =>
    r.type === "withdrawal_hold" && /^W\d{1,15}$/.test(r.reference ?? "")
      ? [Number(r.reference?.slice(1))]
      : [],
  );
  const states = new Map(
    withdrawalIds.length === 0
      ? []
      : (
          await ctx.db
            .select({
              id: withdrawals.id,
              status: withdrawals.status,
              payoutReference: withdrawals.payoutReference,
            })
            .from(withdrawals)
            .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.id, withdrawalIds)))
        ).map((w) => [`W${w.id}`, w]),
  );
  // A withdrawal is one line (issue 14): its state, and once paid the operator's payout
  // reference beside its own, as the paid ledger line carries it.
  const lineReference = (type: string, reference: string | null) => {
    const w = type === "withdrawal_hold" ? states.get(reference ?? "") : undefined;
    return w?.payoutReference ? payoutLedgerReference(w.id, w.payoutReference) : reference;
  };
  return {
    items: rows.map((r) => ({
      id: r.id,
      state: r.type === "withdrawal_hold" ? (states.get(r.reference ?? "")?.status ?? null) : null,
      transactionId: r.transactionId,
      type: r.type,
      wallet: byId.get(r.accountId)?.kind ?? "main",
      currency: byId.get(r.accountId)?.currency ?? "",
      amount: formatMinor(r.amount),
      balanceAfter: r.balanceAfter === null ? null : formatMinor(r.balanceAfter),
      reference: lineReference(r.type, r.reference),
      time: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Balance calls (spec §7 "Wallet") and account records. */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Trial accounts play with play money inside the games; the wallet calls are real-account only.
  const member = [requireMember(ctx, { realOnly: true })];
  route(app, { method: "GET", url: "/wps/v2/wallets/balance", guards: member }, async ({ req }) =>
    balanceSummary(ctx, memberOf(req).id),
  );
  route(app, { method: "GET", url: "/wps/member/info/funds/consolidated", guards: member }, async ({ req }) =>
    balanceSummary(ctx, memberOf(req).id),
  );
  route(app, { method: "POST", url: "/wps/relay/GCS_merchantWallet", guards: member }, async ({ req }) => {
    const s = await balanceSummary(ctx, memberOf(req).id);
    return { currency: s.currency, balance: s.main };
  });
  route(
    app,
    { method: "POST", url: "/wps/relay/ODSFE2_MemTransDet", body: RecordsRequest, guards: member },
    async ({ req, body }) => accountRecords(ctx, memberOf(req).id, body),
  );

  // ---- back office ----
  await walletAdminRoutes(app, ctx);
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/reconciliation",
      guards: [requireOperator(ctx, "finance.read")],
    },
    async () => reconcile(ctx.db),
  );
  // The daily reconciliation job's runs (jobs/catalog.ts), newest first.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/reconciliation/daily",
      guards: [requireOperator(ctx, "finance.read")],
    },
    async () => ({ reports: await dailyReports(ctx.db) }),
  );
  const PlayerLedger = z.object({ id: BigId });
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/wallet",
      params: PlayerLedger,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params }) => {
      const summary = await balanceSummary(ctx, params.id).catch(() => null);
      if (!summary) throw Errors.notFound("player");
      // The last 90 days in Manila time, as the records count days (a UTC date missed the
      // entries of 00:00–08:00 Manila: they fall on the next Manila day).
      const today = manilaDay(ctx.clock.now());
      const records = await accountRecords(
        ctx,
        params.id,
        {
          startDate: addDays(today, -90),
          endDate: today,
          page: 1,
          pageSize: 100,
        },
        true,
      );
      return { summary, records };
    },
  );
}
