import "./finance.css";
import { useState } from "react";
import { useCanWrite, useOperator } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { type Approval, describeApproval, useApprovals, useDecideApproval } from "./approvals-api.ts";
import { StatusBadge } from "./finance-ui.tsx";

type Deciding = { approval: Approval; approve: boolean } | null;

const KIND_KEYS: Record<Approval["kind"], TextKey> = {
  "payment_channel.create": "approvals.kind.channelCreate",
  "payment_channel.update": "approvals.kind.channelUpdate",
  "settings.finance": "approvals.kind.threshold",
  "provider_limits.update": "approvals.kind.limits",
  "queue.bulk_approve": "approvals.kind.bulk",
  "bonus.grant": "approvals.kind.bonus",
  "loyalty.vip_level": "approvals.kind.vip",
};
/** What a request is, in the operator's language (called while rendering). */
const kindLabel = (kind: Approval["kind"]) => t(KIND_KEYS[kind]);

function ApprovalsTable({ status, canWrite }: { status: "" | "pending"; canWrite: boolean }) {
  const t = useT();
  const me = useOperator();
  const list = useApprovals({ status, page: 1, pageSize: 50 });
  const decide = useDecideApproval();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const columns = 6;
  const items = list.data?.items ?? [];
  const pending = status === "pending";
  return (
    <section className="section" aria-labelledby={`approvals-${status || "all"}`}>
      <div className="section-header">
        <h2 id={`approvals-${status || "all"}`}>{pending ? t("approvals.waiting") : t("approvals.all")}</h2>
        <span className="muted">{list.data ? list.data.total : ""}</span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching} data-testid={`approvals-${status || "all"}`}>
          <thead>
            <tr>
              <th scope="col">{t("approvals.id")}</th>
              <th scope="col">{t("approvals.requested")}</th>
              <th scope="col">{t("approvals.what")}</th>
              <th scope="col">{t("approvals.change")}</th>
              <th scope="col">{pending ? t("approvals.requestedBy") : t("approvals.status")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("approvals.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={columns} rows={2} />}
            {list.isError && !list.data && <ErrorRow columns={columns} onRetry={() => list.refetch()} />}
            {list.data && items.length === 0 && (
              <EmptyRow
                columns={columns}
                title={pending ? t("approvals.noneWaiting") : t("approvals.none")}
              />
            )}
            {items.map((a) => {
              const mine = a.createdBy === me.id;
              return (
                <tr
                  key={a.id}
                  data-testid={`approval-${pending ? "pending" : "row"}-${a.id}`}
                  data-status={a.status}
                >
                  <td>R{a.id}</td>
                  <td className="cell-nowrap">{formatDateTime(a.createdAt)}</td>
                  <td>{kindLabel(a.kind)}</td>
                  <td className="cell-text">{describeApproval(a)}</td>
                  <td>
                    {pending ? (
                      (a.createdByName ?? `#${a.createdBy}`)
                    ) : (
                      <>
                        <StatusBadge status={a.status} />
                        <span className="cell-sub muted">
                          {a.createdByName}
                          {a.decidedByName ? ` → ${a.decidedByName}` : ""}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="actions">
                    {pending && canWrite && mine && (
                      <span className="muted">{t("approvals.anotherMust")}</span>
                    )}
                    {pending && canWrite && !mine && (
                      <>
                        <button
                          type="button"
                          className="btn btn--sm btn--primary"
                          data-testid={`approval-approve-${a.id}`}
                          onClick={() => setDeciding({ approval: a, approve: true })}
                        >
                          {t("approvals.approve")}
                        </button>
                        <button
                          type="button"
                          className="btn btn--sm btn--danger-ghost"
                          data-testid={`approval-reject-${a.id}`}
                          onClick={() => setDeciding({ approval: a, approve: false })}
                        >
                          {t("approvals.reject")}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {deciding && (
        <ConfirmDialog
          title={t(deciding.approve ? "approvals.approveTitle" : "approvals.rejectTitle", {
            id: deciding.approval.id,
          })}
          message={
            <>
              <p>
                {t("approvals.askedBy", {
                  what: kindLabel(deciding.approval.kind),
                  name: deciding.approval.createdByName ?? "",
                })}{" "}
                {describeApproval(deciding.approval)}
              </p>
              <p>{deciding.approve ? t("approvals.effect") : t("approvals.noEffect")}</p>
            </>
          }
          confirmLabel={deciding.approve ? t("approvals.approve") : t("approvals.reject")}
          tone={deciding.approve ? "primary" : "danger"}
          busy={decide.isPending}
          onConfirm={() =>
            decide.mutate(
              {
                id: deciding.approval.id,
                approve: deciding.approve,
                reason: deciding.approve ? undefined : "Rejected by a second operator",
              },
              {
                onSuccess: (a) =>
                  toast.success(
                    t(a.status === "applied" ? "approvals.applied" : "approvals.rejected", { id: a.id }),
                  ),
                onError: (err) => toast.error(errorMessage(err)),
                onSettled: () => setDeciding(null),
              },
            )
          }
          onCancel={() => setDeciding(null)}
        />
      )}
    </section>
  );
}

export function ApprovalsPage() {
  const t = useT();
  const canWrite = useCanWrite("approvals");
  return (
    <>
      <PageHeader title={t("approvals.title")} description={t("approvals.description")} />
      {!canWrite && <ReadOnlyNote />}
      <ApprovalsTable status="pending" canWrite={canWrite} />
      <ApprovalsTable status="" canWrite={false} />
    </>
  );
}
