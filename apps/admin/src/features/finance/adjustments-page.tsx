import "./finance.css";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { useId, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCan, useCanWrite, useOperator } from "../../app/operator-context.tsx";
import { MoneyField } from "../../components/amount-fields.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/data-table.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { isApiCode } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t, useT } from "../../lib/i18n.ts";
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
import { MemberIdFilter, QueueDatesAndExport, useMemberFilter, useQueueDates } from "./queue-export.tsx";
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
        // t() runs here, while the form validates: the message is in the language of that moment.
        ctx.addIssue({ code: "custom", message: t("adj.thresholdError") });
        return z.NEVER;
      }
      return formatMinor(minor);
    }),
});

type ThresholdIn = z.input<typeof ThresholdForm>;
type ThresholdOut = z.output<typeof ThresholdForm>;

/** The owner's rule: above this amount an adjustment waits for a second operator. */
function ThresholdPanel() {
  const t = useT();
  const canSet = useCan("system.write");
  const settings = useFinanceSettings();
  const save = useSaveFinanceSettings();
  const form = useForm<ThresholdIn, unknown, ThresholdOut>({
    resolver: zodResolver(ThresholdForm),
    values: settings.data,
  });
  if (!settings.data) return null;
  const current = settings.data.adjustmentApprovalThreshold;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) =>
        toast.success(t("adj.thresholdSaved", { amount: money(saved.adjustmentApprovalThreshold) })),
      onError: (err) => {
        // A higher threshold waits for a second operator (Approvals); the query client says so.
        if (!isApiCode(err, "APPROVAL_PENDING")) applyServerFieldErrors(err, form);
      },
    }),
  );
  return (
    <section className="panel section" aria-labelledby="threshold-heading" data-testid="finance-threshold">
      <h2 id="threshold-heading" className="subheading">
        {t("adj.secondApproval")}
      </h2>
      <p>
        {t("adj.thresholdBefore")}
        <strong data-testid="finance-threshold-value">{money(current)}</strong>
        {t("adj.thresholdAfter")}
      </p>
      {canSet && (
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="threshold-form">
            <MoneyField
              name="adjustmentApprovalThreshold"
              label={t("adj.threshold")}
              hint={t("adj.thresholdHint")}
              testId="finance-threshold-input"
            />
            <button
              type="submit"
              className="btn"
              disabled={save.isPending}
              data-testid="finance-threshold-save"
            >
              {save.isPending ? t("adj.saving") : t("adj.saveThreshold")}
            </button>
          </form>
        </FormProvider>
      )}
    </section>
  );
}

type Deciding = { adjustment: Adjustment; approve: boolean } | null;

/** The columns both lists share: the adjustment, when, whose, how much and why. */
function baseColumns(t: ReturnType<typeof useT>): DataColumn<Adjustment>[] {
  return [
    { id: "id", header: t("adj.id"), cell: (a) => `A${a.id}` },
    {
      id: "requested",
      header: t("adj.requested"),
      className: "cell-nowrap",
      cell: (a) => formatDateTime(a.createdAt),
    },
    {
      id: "member",
      header: t("adj.member"),
      cell: (a) => <MemberLink id={a.memberId} username={a.username} />,
    },
    {
      id: "amount",
      header: t("adj.amount"),
      numeric: true,
      className: "cell-nowrap",
      cell: (a) => <SignedAmount amount={a.amount} currency={a.currency} />,
    },
    { id: "reason", header: t("adj.reason"), className: "cell-text", cell: (a) => a.reason },
  ];
}

/** The failed first load of a list, with a retry (the table then says nothing matches). */
function LoadFailed({ show, onRetry }: { show: boolean; onRetry: () => void }) {
  const t = useT();
  if (!show) return null;
  return (
    <p className="form-error" role="alert">
      {t("list.failed")}{" "}
      <button type="button" className="btn btn--sm" onClick={onRetry}>
        {t("table.retry")}
      </button>
    </p>
  );
}

function PendingApprovals({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const me = useOperator();
  const list = useAdjustments({ status: "pending", page: 1, pageSize: PENDING_PAGE_SIZE });
  const decide = useDecideAdjustment();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const failed = list.isError && !list.data;
  const columns = useMemo<DataColumn<Adjustment>[]>(
    () => [
      ...baseColumns(t),
      {
        id: "requestedBy",
        header: t("adj.requestedBy"),
        cell: (a) => a.createdByName ?? `#${a.createdBy}`,
      },
      {
        id: "actions",
        header: t("adj.actions"),
        hideHeader: true,
        className: "actions",
        cell: (a) => {
          if (!canWrite) return null;
          // The operator who asked cannot approve their own request.
          if (a.createdBy === me.id) return <span className="muted">{t("adj.anotherMust")}</span>;
          return (
            <>
              <button
                type="button"
                className="btn btn--sm btn--primary"
                data-testid={`adjustment-approve-${a.id}`}
                onClick={() => setDeciding({ adjustment: a, approve: true })}
              >
                {t("adj.approve")}
              </button>
              <button
                type="button"
                className="btn btn--sm btn--danger-ghost"
                data-testid={`adjustment-reject-${a.id}`}
                onClick={() => setDeciding({ adjustment: a, approve: false })}
              >
                {t("adj.reject")}
              </button>
            </>
          );
        },
      },
    ],
    [t, canWrite, me.id],
  );

  return (
    <section className="section" aria-labelledby="pending-heading">
      <div className="section-header">
        <h2 id="pending-heading">{t("adj.waiting")}</h2>
        <span className="muted">{list.data ? list.data.total : ""}</span>
      </div>
      <LoadFailed show={failed} onRetry={() => list.refetch()} />
      <DataTable
        rows={list.data?.items ?? (failed ? [] : undefined)}
        columns={columns}
        rowKey={(a) => String(a.id)}
        caption={t("adj.waiting")}
        busy={list.isFetching}
        maxHeight={360}
        empty={t("adj.noneWaiting")}
        testId="adjustments-pending"
        rowTestId={(a) => `adjustment-pending-${a.id}`}
      />
      {deciding && (
        <ConfirmDialog
          title={t(deciding.approve ? "adj.approveTitle" : "adj.rejectTitle", {
            id: deciding.adjustment.id,
          })}
          message={
            <>
              <p>
                <SignedAmount amount={deciding.adjustment.amount} currency={deciding.adjustment.currency} />
                {t("adj.for")}
                <strong>
                  {deciding.adjustment.username ?? t("adj.playerNo", { id: deciding.adjustment.memberId })}
                </strong>
                {t("adj.askedBy", {
                  name: deciding.adjustment.createdByName ?? "",
                  reason: deciding.adjustment.reason,
                })}
              </p>
              <p>{deciding.approve ? t("adj.approveEffect") : t("adj.rejectEffect")}</p>
            </>
          }
          confirmLabel={deciding.approve ? t("adj.approve") : t("adj.reject")}
          tone={deciding.approve ? "primary" : "danger"}
          busy={decide.isPending}
          onConfirm={() =>
            decide.mutate(
              { id: deciding.adjustment.id, approve: deciding.approve },
              {
                onSuccess: (a) =>
                  toast.success(t(a.status === "applied" ? "adj.applied" : "adj.rejected", { id: a.id })),
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

/**
 * Every adjustment, a page at a time from the server: status, a member and a range of Manila
 * days; the CSV export holds every adjustment of the same filters (not only the page).
 */
function History() {
  const t = useT();
  const filterId = useId();
  const { status, page, set } = useListParams(HISTORY_STATUSES, "");
  const dates = useQueueDates();
  const member = useMemberFilter();
  const list = useAdjustments({
    status,
    memberId: member.memberId,
    from: dates.from,
    to: dates.to,
    page,
    pageSize: HISTORY_PAGE_SIZE,
  });
  const total = list.data?.total ?? 0;
  const failed = list.isError && !list.data;
  const columns = useMemo<DataColumn<Adjustment>[]>(
    () => [
      ...baseColumns(t),
      {
        id: "status",
        header: t("adj.status"),
        cell: (a) => (
          <>
            <StatusBadge status={a.status} />
            {a.decidedAt && <span className="cell-sub muted">{formatDateTime(a.decidedAt)}</span>}
          </>
        ),
      },
      {
        id: "by",
        header: t("adj.by"),
        cell: (a) => (
          <>
            {a.createdByName}
            {a.decidedByName && a.decidedByName !== a.createdByName && (
              <span className="cell-sub muted">
                {t(a.status === "rejected" ? "adj.rejectedBy" : "adj.approvedBy", {
                  name: a.decidedByName,
                })}
              </span>
            )}
          </>
        ),
      },
    ],
    [t],
  );
  return (
    <section className="section" aria-labelledby="history-heading">
      <div className="section-header">
        <h2 id="history-heading">{t("adj.all")}</h2>
      </div>
      <div className="toolbar">
        <StatusFilter
          id={filterId}
          value={status}
          options={HISTORY_STATUSES}
          onChange={(s) => set({ status: s })}
          testId="adjustment-status-filter"
        />
        <MemberIdFilter filter={member} testId="adjustments-member" />
        {/* Every adjustment of the filters shown, not only this page (the server streams it). */}
        <QueueDatesAndExport
          path="/adjustments"
          dates={dates}
          filters={{ status, memberId: member.memberId }}
          testId="adjustments"
        />
        <span className="toolbar-count" aria-live="polite">
          {list.data ? rangeText(page, HISTORY_PAGE_SIZE, total) : ""}
        </span>
      </div>
      <LoadFailed show={failed} onRetry={() => list.refetch()} />
      <DataTable
        rows={list.data?.items ?? (failed ? [] : undefined)}
        columns={columns}
        rowKey={(a) => String(a.id)}
        caption={t("adj.all")}
        busy={list.isFetching}
        empty={t("adj.none")}
        testId="adjustments-history"
        rowTestId={(a) => `adjustment-row-${a.id}`}
        rowData={(a) => ({ "data-status": a.status })}
      />
      <Pager
        label={t("adj.pages")}
        page={page}
        pageSize={HISTORY_PAGE_SIZE}
        total={total}
        onPage={(p) => set({ page: p })}
      />
    </section>
  );
}

export function AdjustmentsPage() {
  const t = useT();
  const canWrite = useCanWrite("adjustments");
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t("adj.title")}
        description={t("adj.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="adjustment-new"
              onClick={() => setCreating(true)}
            >
              {t("adj.new")}
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
