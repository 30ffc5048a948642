import type { AdminNotice } from "@panalo/contracts/admin";
import { AnnouncementType } from "@panalo/contracts/content";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { NoticeEditor, noticeTypeLabel, useNoticeTypeOptions } from "./notice-editor.tsx";
import { noticesResource } from "./notice-form.ts";

type Editing = { notice: AdminNotice | null } | null;
const COLUMNS = 7;

export function NoticesPage() {
  const t = useT();
  const typeOptions = useNoticeTypeOptions();
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
        toast.success(t("notices.deleted", { title: deleting.title.EN }));
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t("notices.title")}
        description={t("notices.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="notice-new"
              onClick={() => setEditing({ notice: null })}
            >
              {t("notices.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("resources.type")}
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
          <option value="">{t("notices.allTypes")}</option>
          {typeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {list.data && (
          <span className="toolbar-count">
            {t("notices.count", { n: rows.length, total: list.data.length })}
          </span>
        )}
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("resources.type")}</th>
              <th scope="col">{t("content.titleTY")}</th>
              <th scope="col">{t("content.titleEN")}</th>
              <th scope="col">{t("content.window")}</th>
              <th scope="col" className="num">
                {t("content.order")}
              </th>
              <th scope="col">{t("content.enabled")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("content.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && rows.length === 0 && (
              <EmptyRow columns={COLUMNS} title={type ? t("notices.noneOfType") : t("notices.none")}>
                {canWrite && (
                  <button type="button" className="btn btn--sm" onClick={() => setEditing({ notice: null })}>
                    {t("notices.writeFirst")}
                  </button>
                )}
              </EmptyRow>
            )}
            {rows.map((n) => (
              <tr key={n.id} data-testid={`notice-row-${n.id}`}>
                <td>
                  <span className="badge" title={noticeTypeLabel(n.type)}>
                    {n.type}
                  </span>
                  {n.audience === "agents" && (
                    <span className="badge badge--muted" data-testid={`notice-agents-${n.id}`}>
                      {t("notices.agentsOnly")}
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
                    aria-label={
                      canWrite
                        ? t("notices.editAria", { title: n.title.EN })
                        : t("notices.viewAria", { title: n.title.EN })
                    }
                    onClick={() => setEditing({ notice: n })}
                  >
                    {canWrite ? t("content.edit") : t("content.view")}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      data-testid={`notice-delete-${n.id}`}
                      aria-label={t("notices.deleteAria", { title: n.title.EN })}
                      onClick={() => setDeleting(n)}
                    >
                      {t("content.delete")}
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
          title={t("notices.deleteTitle")}
          message={<p>{t("notices.deleteText", { title: deleting.title.EN })}</p>}
          confirmLabel={t("notices.deleteNotice")}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
