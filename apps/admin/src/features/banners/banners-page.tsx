import type { AdminBanner } from "@panalo/contracts/admin";
import { BannerGroup } from "@panalo/contracts/content";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { BannerEditor, bannerGroupLabel, useBannerGroupOptions } from "./banner-editor.tsx";
import { bannersResource } from "./banner-form.ts";

type Editing = { banner: AdminBanner | null } | null;
const COLUMNS = 8;

export function BannersPage() {
  const t = useT();
  const groupOptions = useBannerGroupOptions();
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
        toast.success(t("banners.deleted"));
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t("banners.title")}
        description={t("banners.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="banner-new"
              onClick={() => setEditing({ banner: null })}
            >
              {t("banners.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("banners.group")}
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
          <option value="">{t("banners.allGroups")}</option>
          {groupOptions.map((o) => (
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
              <th scope="col">{t("banners.image")}</th>
              <th scope="col">{t("banners.group")}</th>
              <th scope="col">{t("banners.altEN")}</th>
              <th scope="col">{t("banners.link")}</th>
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
              <EmptyRow columns={COLUMNS} title={group ? t("banners.noneInGroup") : t("banners.none")} />
            )}
            {rows.map((b) => (
              <tr key={b.id} data-testid={`banner-row-${b.id}`}>
                <td>
                  <img className="thumb" src={b.imageUrl} alt={b.alt.EN} loading="lazy" />
                </td>
                <td>{bannerGroupLabel(b.groupName)}</td>
                <td className="cell-text">{b.alt.EN}</td>
                <td className="cell-text">
                  {b.linkageType ? (
                    <>
                      <span className="badge">{b.linkageType}</span> {b.linkage}
                    </>
                  ) : (
                    <span className="muted">{t("chatMember.noneRow")}</span>
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
                    aria-label={
                      canWrite
                        ? t("banners.editAria", { alt: b.alt.EN })
                        : t("banners.viewAria", { alt: b.alt.EN })
                    }
                    onClick={() => setEditing({ banner: b })}
                  >
                    {canWrite ? t("content.edit") : t("content.view")}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      aria-label={t("banners.deleteAria", { alt: b.alt.EN })}
                      onClick={() => setDeleting(b)}
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
          title={t("banners.deleteTitle")}
          message={<p>{t("banners.deleteText", { alt: deleting.alt.EN })}</p>}
          confirmLabel={t("banners.deleteBanner")}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
