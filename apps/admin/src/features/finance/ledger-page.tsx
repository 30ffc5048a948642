import "./finance.css";
import { pageOf } from "@panalo/contracts/list-query";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { type DataColumn, DataTable, ListPager } from "../../components/data-table.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { showAmount } from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { exportHref } from "../../lib/csv.ts";
import { formatDateTimeSeconds } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useListQuery } from "../../lib/use-list-query.ts";
import { movementLabel } from "./ledger-api.ts";

/** GET /api/admin/ledger/transactions: every money movement, newest first by default. */
const Movement = z.object({
  id: z.number().int(),
  time: z.string(),
  type: z.string(),
  reference: z.string().nullable(),
  memberId: z.number().int().nullable(),
  member: z.string().nullable(),
  amount: z.string(),
});
type Movement = z.infer<typeof Movement>;
const Movements = pageOf(Movement);

/** The ledger's movement types (ledger_transactions.type) an operator filters by. */
const TYPES = [
  "deposit",
  "withdrawal_hold",
  "withdrawal_paid",
  "withdrawal_released",
  "bet",
  "win",
  "rollback",
  "transfer",
  "adjustment",
  "bonus",
] as const;

const FILTERS = ["from", "to", "type", "member"] as const;

/**
 * The whole ledger, a page at a time from the server: a range of Manila days, a movement type
 * and a member; the CSV export holds every movement of the same filters and order (the
 * server streams it), not only the page on screen.
 */
export function LedgerPage() {
  const t = useT();
  const list = useListQuery({ filters: FILTERS, defaultSort: "createdAt", defaultDirection: "desc" });
  const q = useQuery({
    queryKey: ["finance", "ledger", list.search],
    queryFn: ({ signal }) => api.get(`/ledger/transactions?${list.search}`, Movements, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<DataColumn<Movement>[]>(
    () => [
      { id: "id", header: t("ledger.id"), cell: (r) => r.id, numeric: true },
      {
        id: "time",
        header: t("ledger.time"),
        cell: (r) => formatDateTimeSeconds(r.time),
        sortKey: "createdAt",
      },
      { id: "type", header: t("ledger.type"), cell: (r) => movementLabel(r.type), sortKey: "type" },
      {
        id: "member",
        header: t("ledger.member"),
        cell: (r) =>
          r.memberId === null ? "—" : <Link to={`/players/${r.memberId}`}>{r.member ?? r.memberId}</Link>,
      },
      { id: "amount", header: t("ledger.amount"), cell: (r) => showAmount(r.amount), numeric: true },
      { id: "reference", header: t("ledger.reference"), cell: (r) => r.reference ?? "—" },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t("ledger.title")}
        description={t("ledger.description")}
        actions={
          <a
            className="btn"
            href={exportHref("/ledger/transactions", list.search)}
            download
            data-testid="ledger-export"
          >
            {t("list.exportCsv")}
          </a>
        }
      />
      <form className="toolbar" onSubmit={(e) => e.preventDefault()} aria-label={t("list.filters")}>
        <label>
          {t("list.from")}{" "}
          <input
            type="date"
            value={list.filters.from}
            onChange={(e) => list.setFilter("from", e.currentTarget.value)}
            data-testid="ledger-from"
          />
        </label>
        <label>
          {t("list.to")}{" "}
          <input
            type="date"
            value={list.filters.to}
            onChange={(e) => list.setFilter("to", e.currentTarget.value)}
            data-testid="ledger-to"
          />
        </label>
        <label>
          {t("ledger.type")}{" "}
          <select
            value={list.filters.type}
            onChange={(e) => list.setFilter("type", e.currentTarget.value)}
            data-testid="ledger-type"
          >
            <option value="">{t("list.all")}</option>
            {TYPES.map((x) => (
              <option key={x} value={x}>
                {movementLabel(x)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("ledger.memberId")}{" "}
          <input
            inputMode="numeric"
            size={8}
            value={list.filters.member}
            onChange={(e) => list.setFilter("member", e.currentTarget.value.replace(/\D/g, ""))}
            data-testid="ledger-member"
          />
        </label>
        <span className="muted" data-testid="ledger-total" aria-live="polite">
          {q.data ? t("list.total", { n: q.data.total }) : null}
        </span>
      </form>
      {q.isError ? (
        <p className="form-error" role="alert">
          {t("list.failed")}
        </p>
      ) : null}
      <DataTable
        rows={q.data?.items}
        columns={columns}
        rowKey={(r) => String(r.id)}
        caption={t("ledger.title")}
        sort={{ key: list.sort, direction: list.direction }}
        onSort={list.toggleSort}
        testId="ledger-table"
        rowTestId={(r) => `ledger-row-${r.id}`}
      />
      <ListPager list={list} total={q.data?.total} label={t("ledger.pages")} />
    </>
  );
}
