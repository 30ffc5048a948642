import type { AdminNotice } from "@panalo/contracts/admin";
import { AnnouncementType } from "@panalo/contracts/content";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { NoticeEditor } from "./notice-editor.tsx";
import { NOTICE_TYPE_LABELS, NOTICE_TYPE_OPTIONS, noticesResource } from "./notice-form.ts";

type Editing = { notice: AdminNotice | null } | null;
const COLUMNS = 7;

export function NoticesPage() {
  const canWrite = useCanWrite("notices");
  const list = useCrudList(noticesResource);
  const remove = useCrudDelete(noticesResource);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminNotice | null>(null);
  const [type, setType] = useState<AnnouncementType | "">("");
  const filterId = useId();

  // The server's order (type, then sort order) is kept, so the table matches what players see.
  const rows = (list.data ?? []).filter((n) => !type || n.type === type);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Deleted notice “${deleting.title.EN}”.`);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Notices"
        description="Bulletins, pop-ups, promotions and the home marquee, in every site language."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="notice-new"
              onClick={() => setEditing({ notice: null })}
            >
              New notice
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          Type
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={type}
          onChange={(e) => {
            const picked = AnnouncementType.safeParse(e.target.value);
            setType(picked.success ? picked.data : "");
          }}
        >
          <option value="">All types</option>
          {NOTICE_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {list.data && (
          <span className="toolbar-count">
            {rows.length} of {list.data.length}
          </span>
        )}
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Title (Filipino)</th>
              <th scope="col">Title (English)</th>
              <th scope="col">Window</th>
              <th scope="col" className="num">
                Order
              </th>
              <th scope="col">Enabled</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && rows.length === 0 && (
              <EmptyRow columns={COLUMNS} title={type ? "No notices of this type." : "No notices yet."}>
                {canWrite && (
                  <button type="button" className="btn btn--sm" onClick={() => setEditing({ notice: null })}>
                    Write the first notice
                  </button>
                )}
              </EmptyRow>
            )}
            {rows.map((n) => (
              <tr key={n.id} data-testid={`notice-row-${n.id}`}>
                <td>
                  <span className="badge" title={NOTICE_TYPE_LABELS[n.type]}>
                    {n.type}
                  </span>
                  {n.audience === "agents" && (
                    <span className="badge badge--muted" data-testid={`notice-agents-${n.id}`}>
                      Agents only
                    </span>
                  )}
                </td>
                <td className="cell-text">{n.title.TY}</td>
                <td className="cell-text">{n.title.EN}</td>
                <td className="cell-nowrap">{formatWindow(n.startsAt, n.endsAt)}</td>
                <td className="num">{n.sortOrder}</td>
                <td>
                  <StatusPill on={n.enabled} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    data-testid={`notice-edit-${n.id}`}
                    aria-label={`${canWrite ? "Edit" : "View"} notice ${n.title.EN}`}
                    onClick={() => setEditing({ notice: n })}
                  >
                    {canWrite ? "Edit" : "View"}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      data-testid={`notice-delete-${n.id}`}
                      aria-label={`Delete notice ${n.title.EN}`}
                      onClick={() => setDeleting(n)}
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <NoticeEditor
          key={editing.notice?.id ?? "new"}
          notice={editing.notice}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(notice) => setEditing({ notice })}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete notice?"
          message={
            <p>
              “{deleting.title.EN}” will disappear from the site at once. This cannot be undone; to hide it
              for a while, untick Enabled instead.
            </p>
          }
          confirmLabel="Delete notice"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
