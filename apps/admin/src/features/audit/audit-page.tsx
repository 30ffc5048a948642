import { AuditPage as AuditPageSchema, type AuditRow } from "@panalo/contracts/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment, useId, useState } from "react";
import type { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { AuditDiffView } from "./audit-diff-view.tsx";

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
  "session",
  "media",
];

function useAudit(page: number, entityType: string) {
  return useQuery({
    queryKey: ["audit", page, PAGE_SIZE, entityType],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      if (entityType) params.set("entityType", entityType);
      return api.get(`/audit?${params}`, AuditPageSchema, signal);
    },
    // The log grows with every change anywhere: always ask again when the page opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

function AuditTableRow({ row }: { row: Row }) {
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
          <span className={`badge badge--action badge--${row.action}`}>{row.action}</span>
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
              {open ? "Hide changes" : "Show changes"}
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
  const [page, setPage] = useState(1);
  const [entityType, setEntityType] = useState("");
  const filterId = useId();
  const audit = useAudit(page, entityType);
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office, newest first. Read-only."
      />
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          Entity
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={entityType}
          onChange={(e) => {
            setEntityType(e.target.value);
            setPage(1); // a new filter starts from its newest entries
          }}
        >
          <option value="">All entities</option>
          {ENTITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <span className="toolbar-count" aria-live="polite">
          {audit.data ? `${first}–${last} of ${total}` : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={audit.isFetching}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Operator</th>
              <th scope="col">Action</th>
              <th scope="col">Entity</th>
              <th scope="col">ID</th>
              <th scope="col">IP</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Changes</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.isPending && <SkeletonRows columns={COLUMNS} rows={10} />}
            {audit.isError && !audit.data && <ErrorRow columns={COLUMNS} onRetry={() => audit.refetch()} />}
            {audit.data?.items.length === 0 && <EmptyRow columns={COLUMNS} title="No audit entries." />}
            {audit.data?.items.map((row) => (
              <AuditTableRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Audit pages">
        <button
          type="button"
          className="btn btn--sm"
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          Newer
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="btn btn--sm"
          disabled={page >= pages}
          onClick={() => setPage((p) => p + 1)}
        >
          Older
        </button>
      </nav>
    </>
  );
}
