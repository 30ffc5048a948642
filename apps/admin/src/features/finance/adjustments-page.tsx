import "./finance.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCan, useCanWrite, useOperator } from "../../app/operator-context.tsx";
import { MoneyField } from "../../components/amount-fields.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { isApiCode } from "../../lib/api.ts";
import { exportHref } from "../../lib/csv.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { AdjustmentDialog } from "./adjustment-dialog.tsx";
import {
  type Adjustment,
  useAdjustments,
  useDecideAdjustment,
  useFinanceSettings,
  useSaveFinanceSettings,
} from "./adjustments-api.ts";
import { MemberLink, SignedAmount, StatusBadge, StatusFilter } from "./finance-ui.tsx";
import { money } from "./money.ts";
import { useListParams } from "./use-list-params.ts";

const PENDING_PAGE_SIZE = 50;
const HISTORY_PAGE_SIZE = 25;
const HISTORY_STATUSES = ["applied", "rejected", "pending"] as const;

/** The threshold may be zero (every adjustment then needs a second operator). */
const ThresholdForm = z.object({
  adjustmentApprovalThreshold: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const clean = text.replace(/,/g, "");
      const minor = /^\d{1,13}(\.\d{1,2})?$/.test(clean) ? parseMoney(clean) : null;
      if (minor === null) {
        ctx.addIssue({ code: "custom", message: "An amount of 0 or more, up to two decimals" });
        return z.NEVER;
      }
      return formatMinor(minor);
    }),
});

/** The owner's rule: above this amount an adjustment waits for a second operator. */
function ThresholdPanel() {
  const canSet = useCan("system.write");
  const settings = useFinanceSettings();
  const save = useSaveFinanceSettings();
  const form = useForm<z.input<typeof ThresholdForm>, unknown, z.output<typeof ThresholdForm>>({
    resolver: zodResolver(ThresholdForm),
    values: settings.data,
  });
  if (!settings.data) return null;
  const current = settings.data.adjustmentApprovalThreshold;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) =>
        toast.success(`Saved: above ${money(saved.adjustmentApprovalThreshold)} needs a second operator.`),
      onError: (err) => {
        // A higher threshold waits for a second operator (Approvals); the query client says so.
        if (!isApiCode(err, "APPROVAL_PENDING")) applyServerFieldErrors(err, form);
      },
    }),
  );
  return (
    <section className="panel section" aria-labelledby="threshold-heading" data-testid="finance-threshold">
      <h2 id="threshold-heading" className="subheading">
        Second approval
      </h2>
      <p>
        An adjustment of more than <strong data-testid="finance-threshold-value">{money(current)}</strong>{" "}
        (credit or debit) changes nothing until a different operator approves it.
      </p>
      {canSet && (
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="threshold-form">
            <MoneyField
              name="adjustmentApprovalThreshold"
              label="Threshold"
              hint="0 makes every adjustment wait for a second operator."
              testId="finance-threshold-input"
            />
            <button
              type="submit"
              className="btn"
              disabled={save.isPending}
              data-testid="finance-threshold-save"
            >
              {save.isPending ? "Saving…" : "Save threshold"}
            </button>
          </form>
        </FormProvider>
      )}
    </section>
  );
}

type Deciding = { adjustment: Adjustment; approve: boolean } | null;

function PendingApprovals({ canWrite }: { canWrite: boolean }) {
  const me = useOperator();
  const list = useAdjustments({ status: "pending", page: 1, pageSize: PENDING_PAGE_SIZE });
  const decide = useDecideAdjustment();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const columns = 7;
  const items = list.data?.items ?? [];

  return (
    <section className="section" aria-labelledby="pending-heading">
      <div className="section-header">
        <h2 id="pending-heading">Waiting for approval</h2>
        <span className="muted">{list.data ? list.data.total : ""}</span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching} data-testid="adjustments-pending">
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Requested</th>
              <th scope="col">Member</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Reason</th>
              <th scope="col">Requested by</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={columns} rows={2} />}
            {list.isError && !list.data && <ErrorRow columns={columns} onRetry={() => list.refetch()} />}
            {list.data && items.length === 0 && (
              <EmptyRow columns={columns} title="No adjustments wait for approval." />
            )}
            {items.map((a) => {
              const mine = a.createdBy === me.id;
              return (
                <tr key={a.id} data-testid={`adjustment-pending-${a.id}`}>
                  <td>A{a.id}</td>
                  <td className="cell-nowrap">{formatDateTime(a.createdAt)}</td>
                  <td>
                    <MemberLink id={a.memberId} username={a.username} />
                  </td>
                  <td className="num cell-nowrap">
                    <SignedAmount amount={a.amount} currency={a.currency} />
                  </td>
                  <td className="cell-text">{a.reason}</td>
                  <td>{a.createdByName ?? `#${a.createdBy}`}</td>
                  <td className="actions">
                    {canWrite && mine && <span className="muted">Another operator must approve</span>}
                    {canWrite && !mine && (
                      <>
                        <button
                          type="button"
                          className="btn btn--sm btn--primary"
                          data-testid={`adjustment-approve-${a.id}`}
                          onClick={() => setDeciding({ adjustment: a, approve: true })}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn btn--sm btn--danger-ghost"
                          data-testid={`adjustment-reject-${a.id}`}
                          onClick={() => setDeciding({ adjustment: a, approve: false })}
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
          title={`${deciding.approve ? "Approve" : "Reject"} adjustment A${deciding.adjustment.id}?`}
          message={
            <>
              <p>
                <SignedAmount amount={deciding.adjustment.amount} currency={deciding.adjustment.currency} />{" "}
                for{" "}
                <strong>{deciding.adjustment.username ?? `player #${deciding.adjustment.memberId}`}</strong>,
                asked by {deciding.adjustment.createdByName}: “{deciding.adjustment.reason}”
              </p>
              <p>
                {deciding.approve
                  ? "The member's main balance changes at once."
                  : "Nothing changes on the member's balance."}
              </p>
            </>
          }
          confirmLabel={deciding.approve ? "Approve" : "Reject"}
          tone={deciding.approve ? "primary" : "danger"}
          busy={decide.isPending}
          onConfirm={() =>
            decide.mutate(
              { id: deciding.adjustment.id, approve: deciding.approve },
              {
                onSuccess: (a) =>
                  toast.success(
                    `Adjustment A${a.id} ${a.status === "applied" ? "approved and applied" : "rejected"}.`,
                  ),
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

function History() {
  const t = useT();
  const filterId = useId();
  const { status, page, set } = useListParams(HISTORY_STATUSES, "");
  const list = useAdjustments({ status, page, pageSize: HISTORY_PAGE_SIZE });
  const total = list.data?.total ?? 0;
  const columns = 7;
  return (
    <section className="section" aria-labelledby="history-heading">
      <div className="section-header">
        <h2 id="history-heading">All adjustments</h2>
      </div>
      <div className="toolbar">
        <StatusFilter
          id={filterId}
          value={status}
          options={HISTORY_STATUSES}
          onChange={(s) => set({ status: s })}
          testId="adjustment-status-filter"
        />
        <span className="toolbar-count">{list.data ? rangeText(page, HISTORY_PAGE_SIZE, total) : ""}</span>
        {/* Every adjustment of the status shown, not only this page (the server streams it). */}
        <a
          className="btn btn--sm"
          href={exportHref("/adjustments", status ? `status=${status}` : "")}
          download
          data-testid="adjustments-export"
        >
          {t("list.exportCsv")}
        </a>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Requested</th>
              <th scope="col">Member</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Reason</th>
              <th scope="col">Status</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={columns} />}
            {list.isError && !list.data && <ErrorRow columns={columns} onRetry={() => list.refetch()} />}
            {list.data?.items.length === 0 && <EmptyRow columns={columns} title="No adjustments yet." />}
            {list.data?.items.map((a) => (
              <tr key={a.id} data-testid={`adjustment-row-${a.id}`} data-status={a.status}>
                <td>A{a.id}</td>
                <td className="cell-nowrap">{formatDateTime(a.createdAt)}</td>
                <td>
                  <MemberLink id={a.memberId} username={a.username} />
                </td>
                <td className="num cell-nowrap">
                  <SignedAmount amount={a.amount} currency={a.currency} />
                </td>
                <td className="cell-text">{a.reason}</td>
                <td>
                  <StatusBadge status={a.status} />
                  {a.decidedAt && <span className="cell-sub muted">{formatDateTime(a.decidedAt)}</span>}
                </td>
                <td>
                  {a.createdByName}
                  {a.decidedByName && a.decidedByName !== a.createdByName && (
                    <span className="cell-sub muted">
                      {a.status === "rejected" ? "rejected" : "approved"} by {a.decidedByName}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Adjustment pages"
        page={page}
        pageSize={HISTORY_PAGE_SIZE}
        total={total}
        onPage={(p) => set({ page: p })}
      />
    </section>
  );
}

export function AdjustmentsPage() {
  const canWrite = useCanWrite("adjustments");
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Adjustments"
        description="Manual credits and debits of a member's main balance, each with its reason. Large ones need a second operator."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="adjustment-new"
              onClick={() => setCreating(true)}
            >
              New adjustment
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <ThresholdPanel />
      <PendingApprovals canWrite={canWrite} />
      <History />
      {creating && <AdjustmentDialog onClose={() => setCreating(false)} />}
    </>
  );
}
