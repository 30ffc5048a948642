import "./finance.css";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { SpacerRow, useVirtualRows, VirtualScroll } from "../../components/virtual-rows.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { MemberLink, StatusBadge, StatusFilter, statusLabel } from "./finance-ui.tsx";
import { money } from "./money.ts";
import { QueueDatesAndExport, useQueueDates } from "./queue-export.tsx";
import {
  Age,
  BulkBar,
  PayoutReferenceDialog,
  QueueSearch,
  reportBulk,
  useQueueSearch,
  useSelection,
} from "./queue-ui.tsx";
import { type Withdrawal, WithdrawalStatuses, withdrawalQueue } from "./queues-api.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { useListParams } from "./use-list-params.ts";

const PAGE_SIZE = 25;
const COLUMNS = 8;

type Acting = { withdrawal: Withdrawal; action: "approve" | "reject" } | null;

/** Where the money goes: the member's own account, in their verified real name. */
function Payout({ w }: { w: Withdrawal }) {
  const t = useT();
  const p = w.payout;
  return (
    <div className="payout" data-testid={`withdrawal-payout-${w.id}`}>
      <span>
        <span className="badge badge--muted">{p.kind === "ewallet" ? t("wd.ewallet") : t("wd.bank")}</span>{" "}
        {p.provider}
      </span>
      <span>{p.accountName}</span>
      <span>
        <span className="payout-number">{p.accountNumber}</span>{" "}
        <CopyButton value={p.accountNumber} label={t("wd.accountNumber")} />
      </span>
    </div>
  );
}

function WithdrawalRow({
  w,
  canWrite,
  onAct,
  picked,
  onPick,
}: {
  w: Withdrawal;
  canWrite: boolean;
  onAct: (a: Acting) => void;
  picked: boolean;
  onPick: () => void;
}) {
  const t = useT();
  return (
    <tr data-testid={`withdrawal-row-${w.id}`} data-status={w.status}>
      <td className="cell-nowrap">
        {canWrite && w.status === "pending" && (
          <input
            type="checkbox"
            className="row-pick"
            checked={picked}
            onChange={onPick}
            aria-label={t("wd.selectOne", { id: w.id })}
            data-testid={`withdrawal-pick-${w.id}`}
          />
        )}
        W{w.id}
      </td>
      <td className="cell-nowrap">{formatDateTime(w.createdAt)}</td>
      <td className="cell-nowrap">
        <Age seconds={w.ageSeconds} waiting={w.status === "pending"} testId={`withdrawal-age-${w.id}`} />
      </td>
      <td>
        <MemberLink id={w.memberId} username={w.username} />
      </td>
      <td className="num cell-nowrap" data-testid={`withdrawal-amount-${w.id}`}>
        {money(w.amount, w.currency)}
      </td>
      <td>
        <Payout w={w} />
      </td>
      <td>
        <StatusBadge status={w.status} />
        {w.reason && <span className="cell-sub muted cell-text">{w.reason}</span>}
        {w.decidedAt && <span className="cell-sub muted">{formatDateTime(w.decidedAt)}</span>}
        {w.payoutReference && (
          <span className="cell-sub" data-testid={`withdrawal-reference-${w.id}`}>
            {t("wd.ref", { ref: w.payoutReference })}
          </span>
        )}
        {w.proofUrl && (
          <a className="cell-sub" href={w.proofUrl} target="_blank" rel="noreferrer">
            {t("wd.memberProof")}
          </a>
        )}
      </td>
      <td className="actions">
        {canWrite && w.status === "pending" && (
          <>
            <button
              type="button"
              className="btn btn--sm btn--primary"
              data-testid={`withdrawal-approve-${w.id}`}
              onClick={() => onAct({ withdrawal: w, action: "approve" })}
            >
              {t("wd.markPaid")}
            </button>
            <button
              type="button"
              className="btn btn--sm btn--danger-ghost"
              data-testid={`withdrawal-reject-${w.id}`}
              onClick={() => onAct({ withdrawal: w, action: "reject" })}
            >
              {t("wd.reject")}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

export function WithdrawalsPage() {
  const t = useT();
  const title = t("wd.title");
  const canWrite = useCanWrite("withdrawals");
  const filterId = useId();
  const { status, page, set } = useListParams(WithdrawalStatuses, "pending");
  const [q, setQ] = useQueueSearch();
  const dates = useQueueDates();
  const list = withdrawalQueue.useList({
    status,
    q,
    from: dates.from,
    to: dates.to,
    page,
    pageSize: PAGE_SIZE,
  });
  const virtual = useVirtualRows(list.data?.items.length ?? 0);
  const decide = withdrawalQueue.useDecide();
  const bulk = withdrawalQueue.useBulkApprove();
  const pending = (list.data?.items ?? []).filter((w) => w.status === "pending");
  const selection = useSelection(pending.map((w) => w.id));
  const [bulkOpen, setBulkOpen] = useState(false);
  const payoutLine = (w: Withdrawal) =>
    t("wd.payoutLine", {
      id: w.id,
      amount: money(w.amount, w.currency),
      provider: w.payout.provider,
      number: w.payout.accountNumber,
      name: w.payout.accountName,
    });
  const [acting, setActing] = useState<Acting>(null);
  const total = list.data?.total ?? 0;
  const close = () => setActing(null);
  const who = (w: Withdrawal) => w.username ?? t("wd.playerNo", { id: w.memberId });

  return (
    <>
      <PageHeader title={title} description={t("wd.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <StatusFilter
          id={filterId}
          value={status}
          options={WithdrawalStatuses}
          onChange={(s) => set({ status: s })}
          testId="withdrawal-status-filter"
        />
        <QueueSearch value={q} onChange={setQ} placeholder={t("wd.searchHint")} testId="withdrawal-search" />
        <QueueDatesAndExport path="/withdrawals" dates={dates} filters={{ status, q }} testId="withdrawals" />
        <span className="toolbar-count" aria-live="polite">
          {list.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      {canWrite && (
        <BulkBar count={selection.selected.length}>
          <button
            type="button"
            className="btn btn--sm btn--primary"
            data-testid="withdrawal-bulk-paid"
            onClick={() => setBulkOpen(true)}
          >
            {t("wd.markSelected")}
          </button>
          <button type="button" className="btn btn--sm" onClick={selection.clear}>
            {t("wd.clear")}
          </button>
        </BulkBar>
      )}
      <VirtualScroll rows={virtual} label={title}>
        <table className="table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">
                {canWrite && pending.length > 0 && (
                  <input
                    type="checkbox"
                    className="row-pick"
                    checked={selection.all}
                    onChange={selection.toggleAll}
                    aria-label={t("wd.selectAll")}
                    data-testid="withdrawal-pick-all"
                  />
                )}
                {t("wd.id")}
              </th>
              <th scope="col">{t("wd.requested")}</th>
              <th scope="col">{t("wd.waited")}</th>
              <th scope="col">{t("wd.member")}</th>
              <th scope="col" className="num">
                {t("wd.amount")}
              </th>
              <th scope="col">{t("wd.payTo")}</th>
              <th scope="col">{t("wd.status")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("wd.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody ref={virtual.bodyRef}>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {list.isError && !list.data && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.items.length === 0 && (
              <EmptyRow
                columns={COLUMNS}
                title={
                  status === "pending"
                    ? t("wd.noneWaiting")
                    : status
                      ? t("wd.noneOf", { status: statusLabel(status).toLowerCase() })
                      : t("wd.none")
                }
              />
            )}
            <SpacerRow height={virtual.top} columns={COLUMNS} />
            {virtual.indexes
              .map((n) => list.data?.items[n])
              .filter((x) => x !== undefined)
              .map((w) => (
                <WithdrawalRow
                  key={w.id}
                  w={w}
                  canWrite={canWrite}
                  onAct={setActing}
                  picked={selection.isPicked(w.id)}
                  onPick={() => selection.toggle(w.id)}
                />
              ))}
            <SpacerRow height={virtual.bottom} columns={COLUMNS} />
          </tbody>
        </table>
      </VirtualScroll>
      <Pager
        label={t("wd.pages")}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={(p) => set({ page: p })}
      />

      {acting?.action === "approve" && (
        <PayoutReferenceDialog
          title={t("wd.markTitle", { id: acting.withdrawal.id })}
          items={[{ id: acting.withdrawal.id, summary: payoutLine(acting.withdrawal) }]}
          busy={decide.isPending}
          onSubmit={([ref]) =>
            decide.mutate(
              { id: acting.withdrawal.id, approve: true, payoutReference: ref?.payoutReference },
              {
                onSuccess: () => toast.success(t("wd.marked", { id: acting.withdrawal.id })),
                onSettled: close,
              },
            )
          }
          onClose={close}
        />
      )}
      {bulkOpen && (
        <PayoutReferenceDialog
          title={t("wd.bulkTitle", { n: selection.selected.length })}
          items={pending
            .filter((w) => selection.selected.includes(w.id))
            .map((w) => ({ id: w.id, summary: payoutLine(w) }))}
          busy={bulk.isPending}
          onSubmit={(items) =>
            bulk.mutate(items, {
              onSuccess: (r) => reportBulk(r, (id) => `W${id}`),
              onSettled: () => {
                selection.clear();
                setBulkOpen(false);
              },
            })
          }
          onClose={() => setBulkOpen(false)}
        />
      )}
      {acting?.action === "reject" && (
        <RejectDialog
          title={t("wd.rejectTitle", { id: acting.withdrawal.id })}
          summary={t("wd.rejectSummary", {
            amount: money(acting.withdrawal.amount, acting.withdrawal.currency),
            name: who(acting.withdrawal),
          })}
          busy={decide.isPending}
          onReject={(reason) =>
            decide.mutate(
              { id: acting.withdrawal.id, approve: false, reason },
              {
                onSuccess: () => toast.success(t("wd.rejected", { id: acting.withdrawal.id })),
                onSettled: close,
              },
            )
          }
          onClose={close}
        />
      )}
    </>
  );
}
