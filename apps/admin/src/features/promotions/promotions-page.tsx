import type { AdminPromotion } from "@panalo/contracts/promotions";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { formatWindow } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { PromotionEditor } from "./promotion-editor.tsx";
import { AUDIENCE_LABELS, PARTICIPATION_LABELS, promotionsResource, TYPE_LABELS } from "./promotion-form.ts";

const COLUMNS = 8;

/** The promotions the operator composes, in every site language. */
export function PromotionsPage() {
  const canWrite = useCanWrite("promotions");
  const list = useCrudList(promotionsResource);
  const remove = useCrudDelete(promotionsResource);
  const [editing, setEditing] = useState<{ promotion: AdminPromotion | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminPromotion | null>(null);
  const rows = list.data ?? [];

  return (
    <>
      <PageHeader
        title="Promotions"
        description="What players see on /promotions: title, banner and text in every language, who may take part and how, and the reward."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="promotion-new"
              onClick={() => setEditing({ promotion: null })}
            >
              New promotion
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Title (English)</th>
              <th scope="col">Audience</th>
              <th scope="col">Taking part</th>
              <th scope="col" className="num">
                Reward
              </th>
              <th scope="col">Period</th>
              <th scope="col">Enabled</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data && rows.length === 0 && <EmptyRow columns={COLUMNS} title="No promotions yet." />}
            {rows.map((p) => (
              <tr key={p.id} data-testid={`promotion-row-${p.id}`}>
                <td>
                  <span className="badge">{TYPE_LABELS[p.type]}</span>
                </td>
                <td className="cell-text">{p.title.EN}</td>
                <td>{AUDIENCE_LABELS[p.audience]}</td>
                <td>{PARTICIPATION_LABELS[p.participation].split(" (")[0]}</td>
                <td className="num">
                  {p.rewardKind === "none"
                    ? "—"
                    : `₱${p.rewardAmount}${p.rewardKind === "bonus" ? " bonus" : ""}`}
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
                    {canWrite ? "Edit" : "View"}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      aria-label={`Delete promotion ${p.title.EN}`}
                      onClick={() => setDeleting(p)}
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
          title="Delete promotion?"
          message={
            <p>
              “{deleting.title.EN}” disappears from the site. A promotion players have taken part in cannot be
              deleted: untick Enabled instead.
            </p>
          }
          confirmLabel="Delete promotion"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(`Deleted promotion “${deleting.title.EN}”.`);
                setDeleting(null);
              },
              onError: (err) => {
                toast.error(err instanceof Error ? err.message : "Could not delete.");
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
