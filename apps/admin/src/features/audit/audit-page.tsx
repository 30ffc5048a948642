import { AuditPage as AuditPageSchema, type AuditRow } from "@panalo/contracts/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment, useId, useState } from "react";
import type { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useListQuery } from "../../lib/use-list-query.ts";
import { AuditDiffView } from "./audit-diff-view.tsx";
import { auditActionLabel } from "./audit-labels.ts";

type Row = z.infer<typeof AuditRow>;

const PAGE_SIZE = 50;
const COLUMNS = 7;

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
  "player",
  "operator",
  "role",
  "session",
  "media",
  "adjustment",
  "deposit",
  "withdrawal",
  "win_review",
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

function AuditTableRow({ row }: { row: Row }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const hasData = row.before != null || row.after != null;
  return (
    <Fragment>
      <tr data-testid="audit-row" data-entity={row.entityType} data-action={row.action}>
        <td className="cell-nowrap">
          <time dateTime={row.at}>{formatDateTime(row.at)}</time>
        </td>
        <td>{row.operator}</td>
        <td>
          <span className={`badge badge--action badge--${row.action}`}>{auditActionLabel(row.action)}</span>
        </td>
        <td>
          <code>{row.entityType}</code>
        </td>
        <td className="cell-text">{row.entityId ?? <span className="muted">—</span>}</td>
        <td className="cell-nowrap muted">{row.ip ?? "—"}</td>
        <td className="actions">
          {hasData && (
            <button
              type="button"
              className="btn btn--xs"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t("audit.hideChanges") : t("audit.showChanges")}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr id={detailId} className="detail-row">
          <td colSpan={COLUMNS}>
            <AuditDiffView before={row.before} after={row.after} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

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
  const audit = useAudit(list.search);
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
          />
        </label>
        <label>
          {t("list.to")}{" "}
          <input
            type="date"
            className="input input--auto"
            value={list.filters.to}
            onChange={(e) => list.setFilter("to", e.currentTarget.value)}
          />
        </label>
        <span className="toolbar-count" aria-live="polite">
          {audit.data ? t("audit.range", { first, last, total }) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={audit.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("audit.time")}</th>
              <th scope="col">{t("audit.operator")}</th>
              <th scope="col">{t("audit.action")}</th>
              <th scope="col">{t("audit.entity")}</th>
              <th scope="col">{t("audit.id")}</th>
              <th scope="col">{t("audit.ip")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("audit.changes")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.isPending && <SkeletonRows columns={COLUMNS} rows={10} />}
            {audit.isError && !audit.data && <ErrorRow columns={COLUMNS} onRetry={() => audit.refetch()} />}
            {audit.data?.items.length === 0 && <EmptyRow columns={COLUMNS} title={t("audit.none")} />}
            {audit.data?.items.map((row) => (
              <AuditTableRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
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
