import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.ts";
import { members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { requireOperator } from "../admin/guard.ts";

const Paging = {
  page: PageNo.default(1),
  pageSize: pageSize(100).default(50),
};

/**
 * A member's ledger for the back office: every entry of every account of theirs (main, bonus,
 * hold, vendors), newest first, all time, paged. The member's own records (wallet/routes.ts) are
 * limited to 92 days; the operator looking into a dispute needs the whole history.
 */
export async function memberLedger(
  exec: Executor,
  memberId: number,
  q: { page: number; pageSize: number; type?: string | undefined },
) {
  const accounts = await exec
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    // Money only: loyalty points (their own currency, issue 20) have their own record in the
    // back office's loyalty section.
    .where(and(eq(ledgerAccounts.memberId, memberId), ne(ledgerAccounts.kind, "points")));
  if (accounts.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const where = and(
    inArray(
      ledgerEntries.accountId,
      accounts.map((a) => a.id),
    ),
    q.type ? eq(ledgerTransactions.type, q.type) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    exec
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
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      transactionId: r.transactionId,
      type: r.type,
      wallet: byId.get(r.accountId)?.kind ?? "main",
      currency: byId.get(r.accountId)?.currency ?? "",
      amount: formatMinor(r.amount),
      balanceAfter: r.balanceAfter === null ? null : formatMinor(r.balanceAfter),
      reference: r.reference,
      time: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The reconciliation report, account by account (issue 4 item 7): each account's stored balance
 * beside the sum of its entries. House and clearing accounts keep no stored balance (ledger.ts:
 * their balance is the sum of their entries), so they always agree; a member account that does
 * not is a broken ledger. `problems` lists only the accounts that disagree.
 */
export async function accountReconciliation(
  exec: Executor,
  q: { page: number; pageSize: number; problems: boolean },
) {
  const problem = sql`a.member_id IS NOT NULL AND a.balance IS DISTINCT FROM COALESCE(s.total, 0)`;
  const filter = q.problems ? sql`WHERE ${problem}` : sql``;
  const sums = sql`LEFT JOIN LATERAL (
      SELECT SUM(e.amount) AS total, count(*) AS n FROM ledger_entries e WHERE e.account_id = a.id
    ) s ON true`;
  const page = await exec.execute(sql`
    SELECT a.id AS "accountId", a.member_id AS "memberId", m.username, a.kind, a.currency,
      a.balance::text AS balance, COALESCE(s.total, 0)::text AS "entriesSum", COALESCE(s.n, 0)::int AS entries,
      NOT (${problem}) AS ok
    FROM ledger_accounts a ${sums}
    LEFT JOIN members m ON m.id = a.member_id
    ${filter}
    ORDER BY (a.member_id IS NOT NULL), a.id
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  const count = await exec.execute(sql`
    SELECT count(*)::int AS n FROM ledger_accounts a ${q.problems ? sums : sql``} ${filter}`);
  type Row = {
    accountId: number | string;
    memberId: number | string | null;
    username: string | null;
    kind: string;
    currency: string;
    balance: string | null;
    entriesSum: string;
    entries: number;
    ok: boolean;
  };
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const money = (minor: string) => formatMinor(BigInt(minor));
  return {
    items: rows<Row>(page).map((r) => ({
      accountId: Number(r.accountId),
      memberId: r.memberId === null ? null : Number(r.memberId),
      username: r.username,
      kind: r.kind,
      currency: r.currency,
      /** null for house accounts: they hold no balance of their own. */
      balance: r.balance === null ? null : money(r.balance),
      entriesSum: money(r.entriesSum),
      entries: Number(r.entries),
      ok: Boolean(r.ok),
    })),
    total: rows<{ n: number }>(count)[0]?.n ?? 0,
  };
}

/** Back-office reads of the ledger beyond the summary in wallet/routes.ts. */
export async function walletAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "finance.read")];
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/ledger",
      params: z.object({ id: BigId }),
      query: z.object({
        ...Paging,
        type: z
          .string()
          .regex(/^[a-z_]{2,40}$/)
          .optional(),
      }),
      guards: read,
    },
    async ({ params, query }) => {
      const [m] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, params.id));
      if (!m) throw Errors.notFound("player");
      return memberLedger(ctx.db, params.id, query);
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/accounts",
      query: z.object({
        ...Paging,
        problems: z
          .enum(["true", "false"])
          .default("false")
          .transform((v) => v === "true"),
      }),
      guards: read,
    },
    async ({ query }) => accountReconciliation(ctx.db, query),
  );
}
