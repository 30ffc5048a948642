import "./finance.css";
import { useState } from "react";
import { useCanWrite, useOperator } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  type Approval,
  describeApproval,
  KIND_LABELS,
  useApprovals,
  useDecideApproval,
} from "./approvals-api.ts";
import { StatusBadge } from "./finance-ui.tsx";

type Deciding = { approval: Approval; approve: boolean } | null;

function ApprovalsTable({ status, canWrite }: { status: "" | "pending"; canWrite: boolean }) {
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
        <h2 id={`approvals-${status || "all"}`}>
          {pending ? "Waiting for a second operator" : "All requests"}
        </h2>
        <span className="muted">{list.data ? list.data.total : ""}</span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching} data-testid={`approvals-${status || "all"}`}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Requested</th>
              <th scope="col">What</th>
              <th scope="col">Change</th>
              <th scope="col">{pending ? "Requested by" : "Status"}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={columns} rows={2} />}
            {list.isError && !list.data && <ErrorRow columns={columns} onRetry={() => list.refetch()} />}
            {list.data && items.length === 0 && (
              <EmptyRow
                columns={columns}
                title={pending ? "Nothing waits for approval." : "No requests yet."}
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
                  <td>{KIND_LABELS[a.kind]}</td>
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
                      <span className="muted">Another operator must approve</span>
                    )}
                    {pending && canWrite && !mine && (
                      <>
                        <button
                          type="button"
                          className="btn btn--sm btn--primary"
                          data-testid={`approval-approve-${a.id}`}
                          onClick={() => setDeciding({ approval: a, approve: true })}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn btn--sm btn--danger-ghost"
                          data-testid={`approval-reject-${a.id}`}
                          onClick={() => setDeciding({ approval: a, approve: false })}
                        >
                          Reject
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
          title={`${deciding.approve ? "Approve" : "Reject"} request R${deciding.approval.id}?`}
          message={
            <>
              <p>
                {KIND_LABELS[deciding.approval.kind]}, asked by {deciding.approval.createdByName}:{" "}
                {describeApproval(deciding.approval)}
              </p>
              <p>{deciding.approve ? "It takes effect at once." : "Nothing changes."}</p>
            </>
          }
          confirmLabel={deciding.approve ? "Approve" : "Reject"}
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
                    `Request R${a.id} ${a.status === "applied" ? "approved and applied" : "rejected"}.`,
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
  const canWrite = useCanWrite("approvals");
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Changes that need two operators: new payment channels, enabling one, new secrets or bank account, higher limits and a higher adjustment threshold."
      />
      {!canWrite && <ReadOnlyNote />}
      <ApprovalsTable status="pending" canWrite={canWrite} />
      <ApprovalsTable status="" canWrite={false} />
    </>
  );
}
