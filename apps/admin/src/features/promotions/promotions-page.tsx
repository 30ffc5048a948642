import type { AdminPromotion } from "@panalo/contracts/promotions";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  AUDIENCE_KEYS,
  PARTICIPATION_KEYS,
  PROMOTION_TYPE_KEYS,
  PromotionEditor,
} from "./promotion-editor.tsx";
import { promotionsResource } from "./promotion-form.ts";

const COLUMNS = 8;

/** The promotions the operator composes, in every site language. */
export function PromotionsPage() {
  const t = useT();
  const canWrite = useCanWrite("promotions");
  const list = useCrudList(promotionsResource);
  const remove = useCrudDelete(promotionsResource);
  const [editing, setEditing] = useState<{ promotion: AdminPromotion | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminPromotion | null>(null);
  const rows = list.data ?? [];

  return (
    <>
      <PageHeader
        title={t("promotions.title")}
        description={t("promotions.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="promotion-new"
              onClick={() => setEditing({ promotion: null })}
            >
              {t("promotions.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("resources.type")}</th>
              <th scope="col">{t("content.titleEN")}</th>
              <th scope="col">{t("notices.audience")}</th>
              <th scope="col">{t("promotions.takingPart")}</th>
              <th scope="col" className="num">
                {t("promotions.reward")}
              </th>
              <th scope="col">{t("missions.period")}</th>
              <th scope="col">{t("content.enabled")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("content.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && rows.length === 0 && <EmptyRow columns={COLUMNS} title={t("promotions.none")} />}
            {rows.map((p) => (
              <tr key={p.id} data-testid={`promotion-row-${p.id}`}>
                <td>
                  <span className="badge">{t(PROMOTION_TYPE_KEYS[p.type])}</span>
                </td>
                <td className="cell-text">{p.title.EN}</td>
                <td>{t(AUDIENCE_KEYS[p.audience])}</td>
                <td>{t(PARTICIPATION_KEYS[p.participation].short)}</td>
                <td className="num">
                  {p.rewardKind === "none"
                    ? "—"
                    : p.rewardKind === "bonus"
                      ? t("promotions.rewardAsBonus", { amount: p.rewardAmount })
                      : `₱${p.rewardAmount}`}
                </td>
                <td className="cell-nowrap">{formatWindow(p.startsAt, p.endsAt)}</td>
                <td>
                  <StatusPill on={p.enabled} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    data-testid={`promotion-edit-${p.id}`}
                    onClick={() => setEditing({ promotion: p })}
                  >
                    {canWrite ? t("content.edit") : t("content.view")}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      aria-label={t("promotions.deleteAria", { title: p.title.EN })}
                      onClick={() => setDeleting(p)}
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
        <PromotionEditor
          key={editing.promotion?.id ?? "new"}
          promotion={editing.promotion}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(promotion) => setEditing({ promotion })}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t("promotions.deleteTitle")}
          message={<p>{t("promotions.deleteText", { title: deleting.title.EN })}</p>}
          confirmLabel={t("promotions.deletePromotion")}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t("promotions.deleted", { title: deleting.title.EN }));
                setDeleting(null);
              },
              onError: (err) => {
                toast.error(err instanceof Error ? err.message : t("promotions.deleteError"));
                setDeleting(null);
              },
            })
          }
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
