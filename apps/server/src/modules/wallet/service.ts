import { type AdminLedgerQuery, dayRange, offsetOf } from "@panalo/contracts/list-query";
import { manilaStamp } from "@panalo/contracts/manila-format";
import { addDays, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { readSetting } from "../content/service.ts";
import {
  accountBalancesPage,
  entriesPage,
  type LedgerTransactionRow,
  ledgerTransactionCount,
  ledgerTransactionRows,
  memberAccounts,
  memberBalances,
  newestTransactionId,
} from "../ledger/service.ts";
import { memberRecord, memberUsernames } from "../members/service.ts";
import { payoutLedgerReference, withdrawalStates } from "../payments/service.ts";

/** What the header shows: the main wallet (or play money for trial accounts) with the symbol. */
export async function balanceSummary(ctx: AppContext, memberId: number) {
  const [m, balances, brand] = await Promise.all([
    memberRecord(ctx.db, memberId),
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

/** Whether the member exists (the back office's ledger of a player answers not found otherwise). */
export async function memberExists(exec: Executor, memberId: number): Promise<boolean> {
  return (await memberRecord(exec, memberId)) !== undefined;
}

export interface RecordsQuery {
  /** Manila calendar days, inclusive. */
  startDate: string;
  endDate: string;
  types?: string[] | undefined;
  page: number;
  pageSize: number;
}

/**
 * Account records of the member's own accounts, newest first (spec §7 ODSFE2_MemTransDet).
 * One line per movement the player made: the withdrawal hold is the platform's own
 * bookkeeping, so its account's entries are left out — a withdrawal is the one line that took
 * the money from the main wallet, with the withdrawal's state — and a rejected withdrawal's
 * return to the main wallet is the line that gave it back. The operator's ledger view
 * (/api/admin/players/:id/wallet) keeps every entry.
 */
export async function accountRecords(
  ctx: AppContext,
  memberId: number,
  q: RecordsQuery,
  /** The operator's view: every account's entries, the hold account's too. */
  detail = false,
) {
  // Points are not money: they have their own records (/wps/loyalty/points/records).
  const accounts = await memberAccounts(ctx.db, memberId, detail ? [] : ["hold", "points"]);
  if (accounts.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const byId = new Map(accounts.map((a) => [a.id, a]));
  // Dates are the player's calendar days in Manila time (UTC+8).
  const from = manilaStart(q.startDate);
  const to = manilaStart(addDays(q.endDate, 1));
  const { rows, total } = await entriesPage(ctx.db, {
    accountIds: accounts.map((a) => a.id),
    from,
    to,
    types: q.types,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  // The state of each withdrawal on this page (its reference is W<id>).
  const withdrawalIds = rows.flatMap((r) =>
    r.type === "withdrawal_hold" && /^W\d{1,15}$/.test(r.reference ?? "")
      ? [Number(r.reference?.slice(1))]
      : [],
  );
  const states = new Map(
    (await withdrawalStates(ctx.db, memberId, withdrawalIds)).map((w) => [`W${w.id}`, w]),
  );
  // A withdrawal is one line: its state, and once paid the operator's payout
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
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * A member's ledger for the back office: every entry of every account of theirs (main, bonus,
 * hold, vendors), newest first, all time, paged. The member's own records (accountRecords) are
 * limited to 92 days; the operator looking into a dispute needs the whole history.
 */
export async function memberLedger(
  exec: Executor,
  memberId: number,
  q: { page: number; pageSize: number; type?: string | undefined },
) {
  // Money only: loyalty points (their own currency) have their own record in the
  // back office's loyalty section.
  const accounts = await memberAccounts(exec, memberId, ["points"]);
  if (accounts.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const { rows, total } = await entriesPage(exec, {
    accountIds: accounts.map((a) => a.id),
    types: q.type ? [q.type] : undefined,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
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
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The reconciliation report, account by account: each account's stored balance
 * beside the sum of its entries. House and clearing accounts keep no stored balance (ledger.ts:
 * their balance is the sum of their entries), so they always agree; a member account that does
 * not is a broken ledger. `problems` lists only the accounts that disagree.
 */
export async function accountReconciliation(
  exec: Executor,
  q: { page: number; pageSize: number; problems: boolean },
) {
  const { rows, total } = await accountBalancesPage(exec, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    problems: q.problems,
  });
  const names = await memberUsernames(
    exec,
    rows.flatMap((r) => (r.memberId === null ? [] : [Number(r.memberId)])),
  );
  const money = (minor: string) => formatMinor(BigInt(minor));
  return {
    items: rows.map((r) => ({
      accountId: Number(r.accountId),
      memberId: r.memberId === null ? null : Number(r.memberId),
      username: r.memberId === null ? null : (names.get(Number(r.memberId)) ?? null),
      kind: r.kind,
      currency: r.currency,
      /** null for house accounts: they hold no balance of their own. */
      balance: r.balance === null ? null : money(r.balance),
      entriesSum: money(r.entriesSum),
      entries: Number(r.entries),
      ok: Boolean(r.ok),
    })),
    total,
  };
}

// ---------- the back office's ledger list ----------

const ledgerFilter = (q: AdminLedgerQuery) => ({
  ...dayRange(q.filters.from, q.filters.to),
  type: q.filters.type,
  member: q.filters.member,
});

/** Each movement with its member's name: one look-up for the whole page (no query per row). */
async function withNames(exec: Executor, rows: LedgerTransactionRow[]) {
  const names = await memberUsernames(
    exec,
    rows.flatMap((r) => (r.memberId === null ? [] : [Number(r.memberId)])),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    time: new Date(r.createdAt).toISOString(),
    type: r.type,
    reference: r.reference,
    memberId: r.memberId === null ? null : Number(r.memberId),
    member: r.memberId === null ? null : (names.get(Number(r.memberId)) ?? null),
    amount: formatMinor(BigInt(r.amount)),
  }));
}

/** A page of every movement of the ledger, by the shared list query. */
export async function ledgerTransactions(exec: Executor, q: AdminLedgerQuery) {
  const f = ledgerFilter(q);
  const [rows, total] = await Promise.all([
    ledgerTransactionRows(exec, f, {
      sort: q.sort,
      direction: q.direction,
      limit: q.pageSize,
      offset: offsetOf(q),
    }),
    ledgerTransactionCount(exec, f),
  ]);
  return { items: await withNames(exec, rows), total, page: q.page, pageSize: q.pageSize };
}

/** The CSV columns of the ledger export: amounts in pesos, times as the back office shows them. */
export const LEDGER_CSV_HEADER = [
  "id",
  "time (PHT)",
  "type",
  "member id",
  "member",
  "amount (PHP)",
  "reference",
];

/**
 * Every movement matching the list's filters, in the list's order, as CSV rows a page at a
 * time. Only the movements that existed when the export started are read, so a movement
 * posted meanwhile cannot shift the pages (a row twice or a row missed).
 */
export async function* ledgerExport(exec: Executor, q: AdminLedgerQuery, pageRows = 1000) {
  const f = { ...ledgerFilter(q), maxId: await newestTransactionId(exec) };
  if (f.maxId === 0) return;
  for (let offset = 0; ; offset += pageRows) {
    const rows = await ledgerTransactionRows(exec, f, {
      sort: q.sort,
      direction: q.direction,
      limit: pageRows,
      offset,
    });
    const items = await withNames(exec, rows);
    yield items.map((r) => [
      r.id,
      manilaStamp(new Date(r.time), { seconds: true }),
      r.type,
      r.memberId,
      r.member,
      r.amount,
      r.reference,
    ]);
    if (rows.length < pageRows) return;
  }
}
