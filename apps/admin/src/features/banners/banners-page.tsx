import type { AdminBanner } from "@panalo/contracts/admin";
import { BannerGroup } from "@panalo/contracts/content";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { BannerEditor } from "./banner-editor.tsx";
import { BANNER_GROUP_LABELS, BANNER_GROUP_OPTIONS, bannersResource } from "./banner-form.ts";

type Editing = { banner: AdminBanner | null } | null;
const COLUMNS = 8;

export function BannersPage() {
  const canWrite = useCanWrite("banners");
  const list = useCrudList(bannersResource);
  const remove = useCrudDelete(bannersResource);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const [group, setGroup] = useState<BannerGroup | "">("");
  const filterId = useId();
  const rows = (list.data ?? []).filter((b) => !group || b.groupName === group);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Deleted banner.");
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Banners"
        description="Images per banner group, with their links, order and publication window."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="banner-new"
              onClick={() => setEditing({ banner: null })}
            >
              New banner
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          Group
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={group}
          onChange={(e) => {
            const picked = BannerGroup.safeParse(e.target.value);
            setGroup(picked.success ? picked.data : "");
          }}
        >
          <option value="">All groups</option>
          {BANNER_GROUP_OPTIONS.map((o) => (
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
              <th scope="col">Image</th>
              <th scope="col">Group</th>
              <th scope="col">Alt text (English)</th>
              <th scope="col">Link</th>
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
              <EmptyRow columns={COLUMNS} title={group ? "No banners in this group." : "No banners yet."} />
            )}
            {rows.map((b) => (
              <tr key={b.id} data-testid={`banner-row-${b.id}`}>
                <td>
                  <img className="thumb" src={b.imageUrl} alt={b.alt.EN} loading="lazy" />
                </td>
                <td>{BANNER_GROUP_LABELS[b.groupName]}</td>
                <td className="cell-text">{b.alt.EN}</td>
                <td className="cell-text">
                  {b.linkageType ? (
                    <>
                      <span className="badge">{b.linkageType}</span> {b.linkage}
                    </>
                  ) : (
                    <span className="muted">None</span>
                  )}
                </td>
                <td className="cell-nowrap">{formatWindow(b.startsAt, b.endsAt)}</td>
                <td className="num">{b.sortOrder}</td>
                <td>
                  <StatusPill on={b.enabled} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    data-testid={`banner-edit-${b.id}`}
                    aria-label={`${canWrite ? "Edit" : "View"} banner ${b.alt.EN}`}
                    onClick={() => setEditing({ banner: b })}
                  >
                    {canWrite ? "Edit" : "View"}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      aria-label={`Delete banner ${b.alt.EN}`}
                      onClick={() => setDeleting(b)}
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
        <BannerEditor
          key={editing.banner?.id ?? "new"}
          banner={editing.banner}
          defaultGroup={group || "home"}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(banner) => setEditing({ banner })}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete banner?"
          message={<p>“{deleting.alt.EN}” leaves the site at once. This cannot be undone.</p>}
          confirmLabel="Delete banner"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
