import { AuditPage as AuditPageSchema, type AuditRow } from "@panalo/contracts/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import type { z } from "zod";
import { type DataColumn, DataTable } from "../../components/data-table.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useListQuery } from "../../lib/use-list-query.ts";
import { AuditDiffView } from "./audit-diff-view.tsx";
import { auditActionLabel } from "./audit-labels.ts";

type Row = z.infer<typeof AuditRow>;

const PAGE_SIZE = 50;

/** The entity types the server writes (crud.ts `entity`, settings.<key>, operator, session, media). */
const ENTITY_TYPES = [
  "notice",
  "banner",
  "help-category",
  "help-article",
  "resource",
  "seo",
  "settings.maintenance",
  "settings.region",
  "settings.brand",
  "settings.whitelabel",
  "settings.security",
  "settings.oidc",
  "settings.finance",
  "player",
  "operator",
  "role",
  "session",
  "media",
  "adjustment",
  "deposit",
  "withdrawal",
  "win_review",
  "provider_limits",
  "payment-channel",
  "agent_contract",
  "agent_settlement_run",
  "kyc_case",
  "kyc_settings",
  "bonus",
  "sb_manual_action",
  "sb_match",
];
const FILTERS = ["entityType", "entityId", "operator", "from", "to"] as const;

function useAudit(search: string) {
  return useQuery({
    queryKey: ["audit", search],
    queryFn: ({ signal }) => api.get(`/audit?${search}`, AuditPageSchema, signal),
    // The log grows with every change anywhere: always ask again when the page opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The log's columns; "Show changes" opens the entry's before and after under its row. */
function useColumns(opened: ReadonlySet<number>, toggle: (id: number) => void, detailId: (r: Row) => string) {
  const t = useT();
  return useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: "time",
        header: t("audit.time"),
        sortKey: "at",
        className: "cell-nowrap",
        cell: (r) => <time dateTime={r.at}>{formatDateTime(r.at)}</time>,
      },
      { id: "operator", header: t("audit.operator"), cell: (r) => r.operator },
      {
        id: "action",
        header: t("audit.action"),
        cell: (r) => (
          <span className={`badge badge--action badge--${r.action}`}>{auditActionLabel(r.action)}</span>
        ),
      },
      { id: "entity", header: t("audit.entity"), cell: (r) => <code>{r.entityType}</code> },
      {
        id: "entityId",
        header: t("audit.id"),
        className: "cell-text",
        cell: (r) => r.entityId ?? <span className="muted">—</span>,
      },
      { id: "ip", header: t("audit.ip"), className: "cell-nowrap muted", cell: (r) => r.ip ?? "—" },
      {
        id: "changes",
        header: t("audit.changes"),
        hideHeader: true,
        className: "actions",
        cell: (r) =>
          r.before != null || r.after != null ? (
            <button
              type="button"
              className="btn btn--xs"
              aria-expanded={opened.has(r.id)}
              aria-controls={opened.has(r.id) ? detailId(r) : undefined}
              onClick={() => toggle(r.id)}
            >
              {opened.has(r.id) ? t("audit.hideChanges") : t("audit.showChanges")}
            </button>
          ) : null,
      },
    ],
    [t, opened, toggle, detailId],
  );
}

/**
 * The audit log, a page at a time from the server: operator, entity type and id, a range of
 * Manila days; ordered by time (a click on Time turns the order). The rows are drawn by the
 * virtualised DataTable; an entry's changes open under its row.
 */
export function AuditPage() {
  const t = useT();
  const list = useListQuery({
    filters: FILTERS,
    defaultSort: "at",
    defaultDirection: "desc",
    pageSize: PAGE_SIZE,
  });
  const page = list.page;
  const setPage = (f: (p: number) => number) => list.setPage(f(page));
  const filterId = useId();
  const detailBase = useId();
  const audit = useAudit(list.search);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpened((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const detailId = useCallback((r: Row) => `${detailBase}-${r.id}`, [detailBase]);
  const columns = useColumns(opened, toggle, detailId);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <>
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("audit.entity")}
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={list.filters.entityType}
          onChange={(e) => list.setFilter("entityType", e.target.value)}
          data-testid="audit-entity"
        >
          <option value="">{t("audit.allEntities")}</option>
          {ENTITY_TYPES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
        <label>
          {t("audit.entityId")}{" "}
          <input
            className="input input--auto"
            size={10}
            defaultValue={list.filters.entityId}
            onBlur={(e) => list.setFilter("entityId", e.currentTarget.value.trim())}
            onKeyDown={(e) => {
              if (e.key === "Enter") list.setFilter("entityId", e.currentTarget.value.trim());
            }}
            data-testid="audit-entity-id"
          />
        </label>
        <label>
          {t("audit.operator")}{" "}
          <input
            className="input input--auto"
            size={12}
            defaultValue={list.filters.operator}
            onBlur={(e) => list.setFilter("operator", e.currentTarget.value.trim())}
            onKeyDown={(e) => {
              if (e.key === "Enter") list.setFilter("operator", e.currentTarget.value.trim());
            }}
            data-testid="audit-operator"
          />
        </label>
        <label>
          {t("list.from")}{" "}
          <input
            type="date"
            className="input input--auto"
            value={list.filters.from}
            onChange={(e) => list.setFilter("from", e.currentTarget.value)}
            data-testid="audit-from"
          />
        </label>
        <label>
          {t("list.to")}{" "}
          <input
            type="date"
            className="input input--auto"
            value={list.filters.to}
            onChange={(e) => list.setFilter("to", e.currentTarget.value)}
            data-testid="audit-to"
          />
        </label>
        <span className="toolbar-count" aria-live="polite">
          {audit.data ? t("audit.range", { first, last, total }) : ""}
        </span>
      </div>
      {audit.isError && !audit.data ? (
        <p className="form-error" role="alert">
          {t("list.failed")}{" "}
          <button type="button" className="btn btn--sm" onClick={() => audit.refetch()}>
            {t("table.retry")}
          </button>
        </p>
      ) : null}
      <DataTable
        rows={audit.data?.items ?? (audit.isError ? [] : undefined)}
        columns={columns}
        rowKey={(r) => String(r.id)}
        caption={t("audit.title")}
        sort={{ key: list.sort, direction: list.direction }}
        onSort={list.toggleSort}
        busy={audit.isFetching}
        empty={t("audit.none")}
        testId="audit-table"
        rowTestId={() => "audit-row"}
        rowData={(r) => ({ "data-entity": r.entityType, "data-action": r.action })}
        detail={(r) => (opened.has(r.id) ? <AuditDiffView before={r.before} after={r.after} /> : null)}
        detailId={detailId}
      />
      <nav className="pager" aria-label={t("audit.pages")}>
        <button
          type="button"
          className="btn btn--sm"
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          {t("audit.newer")}
        </button>
        <span>{t("audit.pageOf", { page, pages })}</span>
        <button
          type="button"
          className="btn btn--sm"
          disabled={page >= pages}
          onClick={() => setPage((p) => p + 1)}
        >
          {t("audit.older")}
        </button>
      </nav>
    </>
  );
}
