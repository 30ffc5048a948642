import { z } from "zod";
import { intInput } from "./input.ts";
import { addDays, manilaStart } from "./manila-time.ts";
import { amountSchema } from "./money.ts";

/**
 * One shape for every back-office list the server pages: `page` (1-based), `pageSize`, `sort`
 * (one of the list's sortable columns), `direction` (asc or desc) and the list's own filters, all
 * flat in the query string (`?page=2&pageSize=50&sort=startAt&direction=desc&league=4`). The
 * parsed value groups the filters under `filters`, so a repo reads `q.filters.league` and the
 * paging the same way on every list. A sort column outside the list's own set, a page size above
 * its bound or a malformed filter is a VALIDATION_ERROR naming the field (never a silent default
 * and never SQL built from the caller's text: a repo maps each sort key to its own column).
 */
export const SortDirection = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof SortDirection>;

/** The bound of a page: more rows go through the CSV export, which streams all matching rows. */
export const MAX_PAGE_SIZE = 200;

export interface ListQuery<S extends string, F> {
  page: number;
  pageSize: number;
  sort: S;
  direction: SortDirection;
  filters: F;
}

export function listQuery<S extends string, F extends z.ZodRawShape>(spec: {
  sort: readonly [S, ...S[]];
  defaultSort: NoInfer<S>;
  defaultDirection?: SortDirection;
  filters: F;
  defaultPageSize?: number;
  maxPageSize?: number;
}) {
  const max = spec.maxPageSize ?? MAX_PAGE_SIZE;
  return z
    .object({
      page: intInput(1, 100_000).default(1),
      pageSize: intInput(1, max).default(Math.min(spec.defaultPageSize ?? 50, max)),
      sort: z.enum(spec.sort as unknown as [S, ...S[]]).default(spec.defaultSort as never),
      direction: SortDirection.default(spec.defaultDirection ?? "desc"),
      ...spec.filters,
    })
    .transform((v): ListQuery<S, z.output<z.ZodObject<F>>> => {
      const { page, pageSize, sort, direction, ...filters } = v as Record<string, unknown>;
      return {
        page: page as number,
        pageSize: pageSize as number,
        sort: sort as S,
        direction: direction as SortDirection,
        filters: filters as z.output<z.ZodObject<F>>,
      };
    });
}

/** The rows to skip for a page. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** A Manila day "2026-11-29" as a filter value. */
export const DayFilter = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "day_invalid");

/** An optional text search: trimmed, empty means none. */
export const SearchFilter = z
  .string()
  .max(100)
  .transform((s) => s.trim() || undefined)
  .optional();

/** An optional yes/no filter from "true"/"false". */
export const FlagFilter = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

/**
 * An inclusive range of Manila days as the half-open instants a query compares `created_at`
 * with: from the start of `from` to the start of the day after `to` (either side open when
 * absent). The days are the back office's (Manila), whatever the browser's zone.
 */
export function dayRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  return {
    ...(from ? { from: manilaStart(from) } : {}),
    ...(to ? { to: manilaStart(addDays(to, 1)) } : {}),
  };
}

/** The page the server answers: the rows, how many match in all, and the page asked for. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    items: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * The query string of a list query (the inverse of listQuery's parse): empty and absent filters
 * are left out, so the address stays short and the server applies its defaults.
 */
export function listSearch(q: {
  page?: number;
  pageSize?: number;
  sort?: string;
  direction?: SortDirection;
  filters?: Record<string, string | number | boolean | undefined | null>;
}): string {
  const out = new URLSearchParams();
  if (q.page && q.page > 1) out.set("page", String(q.page));
  if (q.pageSize) out.set("pageSize", String(q.pageSize));
  if (q.sort) out.set("sort", q.sort);
  if (q.direction) out.set("direction", q.direction);
  for (const [k, v] of Object.entries(q.filters ?? {})) {
    if (v !== undefined && v !== null && v !== "") out.set(k, String(v));
  }
  return out.toString();
}

// ---------- the lists that use it ----------

/** GET /api/admin/sports/matches: the trading desk's matches. */
export const MATCH_STATUSES = ["not_started", "live", "ended", "closed", "cancelled"] as const;
export const AdminMatchesQuery = listQuery({
  sort: ["startAt", "id", "league", "status"],
  defaultSort: "startAt",
  defaultDirection: "asc",
  filters: {
    /** open = not yet closed; done = closed or cancelled; or one status. */
    status: z.enum(["open", "done", ...MATCH_STATUSES]).default("open"),
    sport: z.string().max(20).optional(),
    league: intInput(1, Number.MAX_SAFE_INTEGER, "id_invalid").optional(),
    /** The Manila day the match starts. */
    day: DayFilter.optional(),
    /** A match id (digits) or part of a team's name. */
    q: SearchFilter,
  },
});
export type AdminMatchesQuery = z.output<typeof AdminMatchesQuery>;

/** GET /api/admin/sports/matches/:id/liability: one match's outcomes, a page at a time. */
export const LiabilityQuery = listQuery({
  sort: ["market", "liability", "stake"],
  defaultSort: "market",
  defaultDirection: "asc",
  filters: {},
});

/** GET /api/admin/ledger/transactions (and /export): every money movement. */
export const AdminLedgerQuery = listQuery({
  sort: ["createdAt", "type"],
  defaultSort: "createdAt",
  filters: {
    from: DayFilter.optional(),
    to: DayFilter.optional(),
    type: z
      .string()
      .regex(/^[a-z_]{2,40}$/, "type_invalid")
      .optional(),
    member: intInput(1, Number.MAX_SAFE_INTEGER, "id_invalid").optional(),
  },
});
export type AdminLedgerQuery = z.output<typeof AdminLedgerQuery>;

/** dayRange of a query's `from` and `to` days, both keys always present (undefined: open). */
export function dayBounds(q: { from?: string | undefined; to?: string | undefined }): {
  from: Date | undefined;
  to: Date | undefined;
} {
  const r = dayRange(q.from, q.to);
  return { from: r.from, to: r.to };
}

/**
 * GET /api/admin/players: search, status, KYC, upline agent, VIP level, main balance range (pesos
 * with two decimals, as the operator types them, both ends included), registration and last
 * sign-in days.
 */
export const AdminPlayersQuery = listQuery({
  sort: ["createdAt", "lastLoginAt", "username", "id", "balance"],
  defaultSort: "createdAt",
  defaultPageSize: 25,
  filters: {
    q: z.string().trim().max(60).default(""),
    status: z.enum(["active", "locked", "closed"]).optional(),
    kyc: z.enum(["none", "pending", "more_info", "verified", "rejected"]).optional(),
    /** The upline agent's member id. */
    agent: intInput(1, Number.MAX_SAFE_INTEGER, "id_invalid").optional(),
    /** A VIP level; 0 is the members loyalty has not raised (or not seen yet). */
    vip: intInput(0, 99).optional(),
    balanceMin: amountSchema({ allowZero: true }).optional(),
    balanceMax: amountSchema({ allowZero: true }).optional(),
    registeredFrom: DayFilter.optional(),
    registeredTo: DayFilter.optional(),
    lastLoginFrom: DayFilter.optional(),
    lastLoginTo: DayFilter.optional(),
  },
});
export type AdminPlayersQuery = z.output<typeof AdminPlayersQuery>;

/**
 * The most players one CSV of the list holds (GET /api/admin/players/export): a bigger list is
 * refused before the file starts, so a file is never silently cut short; the back office says
 * so beside the button instead of offering it.
 */
export const PLAYERS_EXPORT_ROWS_MAX = 100_000;
