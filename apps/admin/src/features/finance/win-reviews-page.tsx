import "./finance.css";
import { useId, useMemo, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput } from "../../components/amount-fields.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/data-table.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { amountText, amountToMinor } from "../../lib/amounts.ts";
import { errorMessage, isApiCode } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { MemberLink, StatusBadge, StatusFilter } from "./finance-ui.tsx";
import { AmountInput, money } from "./money.ts";
import { MemberIdFilter, QueueDatesAndExport, useMemberFilter, useQueueDates } from "./queue-export.tsx";
import { RejectDialog } from "./reject-dialog.tsx";
import { useListParams } from "./use-list-params.ts";
import {
  useDecideWinReview,
  useProviderLimits,
  useSaveProviderLimits,
  useWinReviews,
  type VendorLimits,
  type WinReview,
} from "./win-reviews-api.ts";

const PAGE_SIZE = 25;
const STATUSES = ["pending", "approved", "rejected"] as const;

/** What the limit was when the win was held, in words (called while rendering). */
function limitText(r: WinReview): string {
  const parts = [];
  if (r.maxWinMultiple !== null) parts.push(t("wins.multiple", { n: r.maxWinMultiple }));
  if (r.maxWinAmount !== null) parts.push(money(r.maxWinAmount, r.currency));
  return parts.join(t("wins.or"));
}

/** Limits in words, for a change waiting for approval (called while rendering). */
function limitsText(l: { maxWinMultiple: number | null; maxWinAmount: string | null }): string {
  const multiple =
    l.maxWinMultiple === null ? t("wins.noMultiple") : t("wins.multiple", { n: l.maxWinMultiple });
  const amount = l.maxWinAmount === null ? t("wins.noAmount") : l.maxWinAmount;
  return `${multiple}, ${amount}`;
}

/** One vendor's limits: empty fields mean no limit of that kind. */
function LimitsRow({ v, canWrite }: { v: VendorLimits; canWrite: boolean }) {
  const t = useT();
  const save = useSaveProviderLimits();
  const [multiple, setMultiple] = useState(v.maxWinMultiple === null ? "" : String(v.maxWinMultiple));
  const [amount, setAmount] = useState(amountText(v.maxWinAmount));
  const [error, setError] = useState<string | null>(null);
  const onSave = () => {
    const m = multiple.trim();
    if (m && !/^[1-9]\d{0,6}$/.test(m)) return setError(t("wins.multipleError"));
    const a = amount.trim() ? AmountInput.safeParse(amount) : null;
    if (a && !a.success) return setError(a.error.issues[0]?.message ?? t("wins.enterAmount"));
    setError(null);
    save.mutate(
      { vendor: v.vendor, maxWinMultiple: m ? Number(m) : null, maxWinAmount: a?.success ? a.data : null },
      {
        onSuccess: () => toast.success(t("wins.limitsSaved", { vendor: v.vendor })),
        onError: (err) => {
          // Raising a limit (or removing one) waits for a second operator: nothing changed yet.
          // The query client shows the server's notice once; only the fields go back here.
          if (isApiCode(err, "APPROVAL_PENDING")) {
            setMultiple(v.maxWinMultiple === null ? "" : String(v.maxWinMultiple));
            setAmount(amountText(v.maxWinAmount));
            return;
          }
          setError(errorMessage(err));
        },
      },
    );
  };
  return (
    <tr data-testid={`limits-row-${v.vendor}`}>
      <td>
        {v.vendor}
        {!v.enabled && <span className="cell-sub muted">{t("wins.disabled")}</span>}
        {v.pending && (
          <span className="cell-sub muted" data-testid={`limits-pending-${v.vendor}`}>
            {t("wins.pendingChange", { id: v.pending.id, limits: limitsText(v.pending) })}
          </span>
        )}
      </td>
      <td>
        <input
          className="input"
          aria-label={t("wins.multipleAria", { vendor: v.vendor })}
          inputMode="numeric"
          value={multiple}
          disabled={!canWrite}
          placeholder={t("wins.none")}
          onChange={(e) => setMultiple(e.target.value)}
          data-testid={`limits-multiple-${v.vendor}`}
        />
      </td>
      <td>
        <MoneyInput
          label={t("wins.amountAria", { vendor: v.vendor })}
          hideLabel
          optional
          value={amount}
          disabled={!canWrite}
          onChange={setAmount}
          saved={amountToMinor(v.maxWinAmount)}
          testId={`limits-amount-${v.vendor}`}
        />
      </td>
      <td className="actions">
        {canWrite && (
          <button
            type="button"
            className="btn btn--sm"
            disabled={save.isPending}
            onClick={onSave}
            data-testid={`limits-save-${v.vendor}`}
          >
            {save.isPending ? t("wins.saving") : t("wins.save")}
          </button>
        )}
        {error && (
          <span className="cell-sub field-error" role="alert">
            {error}
          </span>
        )}
      </td>
    </tr>
  );
}

function LimitsPanel({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const limits = useProviderLimits();
  const vendors = limits.data?.vendors ?? [];
  return (
    <section className="section" aria-labelledby="limits-heading" data-testid="provider-limits">
      <div className="section-header">
        <h2 id="limits-heading">{t("wins.limitsTitle")}</h2>
      </div>
      <p className="muted">{t("wins.limitsHelp")}</p>
      <div className="table-wrap">
        <table className="table" aria-busy={limits.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("wins.vendor")}</th>
              <th scope="col">{t("wins.timesBets")}</th>
              <th scope="col">{t("wins.amount")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("wins.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {limits.isPending && <SkeletonRows columns={4} rows={2} />}
            {limits.isError && !limits.data && <ErrorRow columns={4} onRetry={() => limits.refetch()} />}
            {limits.data && vendors.length === 0 && <EmptyRow columns={4} title={t("wins.noVendors")} />}
            {vendors.map((v) => (
              <LimitsRow
                key={`${v.vendor}:${v.maxWinMultiple}:${v.maxWinAmount}:${v.pending?.id ?? ""}`}
                v={v}
                canWrite={canWrite}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type Deciding = { review: WinReview; approve: boolean } | null;

/** The held-win list's columns; Pay and Reject open the decision (for an operator who may write). */
function useColumns(canWrite: boolean, decide: (d: NonNullable<Deciding>) => void) {
  const t = useT();
  return useMemo<DataColumn<WinReview>[]>(
    () => [
      { id: "id", header: t("wins.id"), cell: (r) => `W${r.id}` },
      {
        id: "held",
        header: t("wins.held"),
        className: "cell-nowrap",
        cell: (r) => formatDateTime(r.createdAt),
      },
      {
        id: "member",
        header: t("wins.member"),
        cell: (r) => <MemberLink id={r.memberId} username={r.username} />,
      },
      {
        id: "vendorRound",
        header: t("wins.vendorRound"),
        className: "cell-text",
        cell: (r) => (
          <>
            {r.vendor}
            <span className="cell-sub muted">{r.roundId}</span>
          </>
        ),
      },
      {
        id: "win",
        header: t("wins.win"),
        numeric: true,
        className: "cell-nowrap",
        cell: (r) => money(r.amount, r.currency),
      },
      {
        id: "roundBefore",
        header: t("wins.roundBefore"),
        className: "cell-text",
        cell: (r) => (
          <>
            {t("wins.roundFigures", {
              bets: money(r.roundBets, r.currency),
              wins: money(r.roundWins, r.currency),
            })}
            <span className="cell-sub muted">{t("wins.limit", { limit: limitText(r) })}</span>
          </>
        ),
      },
      {
        id: "status",
        header: t("wins.status"),
        cell: (r) => (
          <>
            <StatusBadge status={r.status} />
            {r.decidedAt && (
              <span className="cell-sub muted">
                {r.decidedByName ?? `#${r.decidedBy}`}, {formatDateTime(r.decidedAt)}
              </span>
            )}
            {r.note && <span className="cell-sub">“{r.note}”</span>}
          </>
        ),
      },
      {
        id: "actions",
        header: t("wins.actions"),
        hideHeader: true,
        className: "actions",
        cell: (r) =>
          canWrite && r.status === "pending" ? (
            <>
              <button
                type="button"
                className="btn btn--sm btn--primary"
                data-testid={`win-review-approve-${r.id}`}
                onClick={() => decide({ review: r, approve: true })}
              >
                {t("wins.pay")}
              </button>
              <button
                type="button"
                className="btn btn--sm btn--danger-ghost"
                data-testid={`win-review-reject-${r.id}`}
                onClick={() => decide({ review: r, approve: false })}
              >
                {t("wins.reject")}
              </button>
            </>
          ) : null,
      },
    ],
    [t, canWrite, decide],
  );
}

/**
 * Held wins, a page at a time from the server: status, a range of Manila days and a member;
 * the rows are drawn by the virtualised DataTable, and the CSV export holds every held win of
 * the same filters (not only the page).
 */
export function WinReviewsPage() {
  const t = useT();
  const canWrite = useCanWrite("win-reviews");
  const filterId = useId();
  const { status, page, set } = useListParams(STATUSES, "pending");
  const dates = useQueueDates();
  const member = useMemberFilter();
  const list = useWinReviews({
    status,
    from: dates.from,
    to: dates.to,
    memberId: member.memberId,
    page,
    pageSize: PAGE_SIZE,
  });
  const decide = useDecideWinReview();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const columns = useColumns(canWrite, setDeciding);
  const total = list.data?.total ?? 0;
  const onDecide = (d: NonNullable<Deciding>, note?: string) =>
    decide.mutate(
      { id: d.review.id, approve: d.approve, note },
      {
        onSuccess: (r) =>
          toast.success(t(r.status === "approved" ? "wins.paid" : "wins.returned", { id: r.id })),
        onError: (err) => toast.error(errorMessage(err)),
        onSettled: () => setDeciding(null),
      },
    );
  return (
    <>
      <PageHeader title={t("wins.title")} description={t("wins.description")} />
      {!canWrite && <ReadOnlyNote />}
      <section className="section" aria-labelledby="held-heading">
        <div className="section-header">
          <h2 id="held-heading">{t("wins.title")}</h2>
          <span className="muted" data-testid="win-reviews-pending">
            {list.data ? t("wins.waiting", { n: list.data.pending }) : ""}
          </span>
        </div>
        <div className="toolbar">
          <StatusFilter
            id={filterId}
            value={status}
            options={STATUSES}
            onChange={(s) => set({ status: s })}
            testId="win-review-status-filter"
          />
          <MemberIdFilter filter={member} testId="win-reviews-member" />
          <QueueDatesAndExport
            path="/win-reviews"
            dates={dates}
            filters={{ status, memberId: member.memberId }}
            testId="win-reviews"
          />
          <span className="toolbar-count" aria-live="polite">
            {list.data ? rangeText(page, PAGE_SIZE, total) : ""}
          </span>
        </div>
        {list.isError && !list.data ? (
          <p className="form-error" role="alert">
            {t("list.failed")}{" "}
            <button type="button" className="btn btn--sm" onClick={() => list.refetch()}>
              {t("table.retry")}
            </button>
          </p>
        ) : null}
        <DataTable
          rows={list.data?.items ?? (list.isError ? [] : undefined)}
          columns={columns}
          rowKey={(r) => String(r.id)}
          caption={t("wins.title")}
          busy={list.isFetching}
          empty={status === "pending" ? t("wins.noneWaiting") : t("wins.noneAtAll")}
          testId="win-reviews"
          rowTestId={(r) => `win-review-${r.id}`}
          rowData={(r) => ({ "data-status": r.status })}
        />
        <Pager
          label={t("wins.pages")}
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          onPage={(p) => set({ page: p })}
        />
      </section>
      <LimitsPanel canWrite={canWrite} />
      {deciding?.approve && (
        <ConfirmDialog
          title={t("wins.payTitle", { id: deciding.review.id })}
          message={
            <p>
              {t("wins.payBefore", { amount: money(deciding.review.amount, deciding.review.currency) })}
              <strong>
                {deciding.review.username ?? t("wins.playerNo", { id: deciding.review.memberId })}
              </strong>
              {t("wins.payAfter")}
            </p>
          }
          confirmLabel={t("wins.pay")}
          tone="primary"
          busy={decide.isPending}
          onConfirm={() => onDecide(deciding)}
          onCancel={() => setDeciding(null)}
        />
      )}
      {deciding && !deciding.approve && (
        <RejectDialog
          title={t("wins.rejectTitle", { id: deciding.review.id })}
          summary={t("wins.rejectSummary", {
            amount: money(deciding.review.amount, deciding.review.currency),
          })}
          hint={t("wins.rejectHint")}
          busy={decide.isPending}
          onReject={(reason) => onDecide(deciding, reason)}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}
