import "./finance.css";
import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
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
import { Age, BulkBar, QueueSearch, reportBulk, useQueueSearch, useSelection } from "./queue-ui.tsx";
import { type Deposit, DepositStatuses, depositQueue } from "./queues-api.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { useListParams } from "./use-list-params.ts";

const PAGE_SIZE = 25;
const COLUMNS = 10;

type Acting = { deposit: Deposit; action: "approve" | "reject" | "proof" } | null;

/** The member's receipt, large enough to read the amount and the reference on it. */
function ProofDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const t = useT();
  const url = deposit.proofUrl ?? "";
  return (
    <Dialog
      title={t("dep.receiptTitle", { id: deposit.id })}
      description={`${deposit.username ?? t("dep.playerNo", { id: deposit.memberId })} · ${money(deposit.amount, deposit.currency)}${deposit.reference ? t("dep.withReference", { ref: deposit.reference }) : ""}`}
      size="lg"
      onClose={onClose}
      testId="deposit-proof-dialog"
      footer={
        <>
          <a className="btn" href={url} target="_blank" rel="noreferrer">
            {t("dep.fullSize")}
          </a>
          <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
            {t("dialog.close")}
          </button>
        </>
      }
    >
      <img className="proof-full" src={url} alt={t("dep.receiptAlt", { id: deposit.id })} />
    </Dialog>
  );
}

function DepositActions({ deposit, onAct }: { deposit: Deposit; onAct: (a: Acting) => void }) {
  const t = useT();
  if (deposit.status !== "pending") return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--primary"
        data-testid={`deposit-approve-${deposit.id}`}
        onClick={() => onAct({ deposit, action: "approve" })}
      >
        {t("dep.approve")}
      </button>
      <button
        type="button"
        className="btn btn--sm btn--danger-ghost"
        data-testid={`deposit-reject-${deposit.id}`}
        onClick={() => onAct({ deposit, action: "reject" })}
      >
        {t("dep.reject")}
      </button>
    </>
  );
}

function DepositRow({
  d,
  canWrite,
  onAct,
  picked,
  onPick,
}: {
  d: Deposit;
  canWrite: boolean;
  onAct: (a: Acting) => void;
  picked: boolean;
  onPick: () => void;
}) {
  const t = useT();
  return (
    <tr data-testid={`deposit-row-${d.id}`} data-status={d.status}>
      <td className="cell-nowrap">
        {canWrite && d.status === "pending" && (
          <input
            type="checkbox"
            className="row-pick"
            checked={picked}
            onChange={onPick}
            aria-label={t("dep.selectOne", { id: d.id })}
            data-testid={`deposit-pick-${d.id}`}
          />
        )}
        D{d.id}
      </td>
      <td className="cell-nowrap">{formatDateTime(d.createdAt)}</td>
      <td className="cell-nowrap">
        <Age seconds={d.ageSeconds} waiting={d.status === "pending"} testId={`deposit-age-${d.id}`} />
      </td>
      <td>
        <MemberLink id={d.memberId} username={d.username} />
      </td>
      <td>{d.channelName ?? t("dep.channelNo", { id: d.channelId })}</td>
      <td className="num cell-nowrap" data-testid={`deposit-amount-${d.id}`}>
        {money(d.amount, d.currency)}
      </td>
      <td className="cell-text">{d.reference ?? d.gatewayRef ?? <span className="muted">—</span>}</td>
      <td>
        {d.proofUrl ? (
          <button
            type="button"
            className="proof-thumb"
            aria-label={t("dep.viewReceipt", { id: d.id })}
            data-testid={`deposit-proof-${d.id}`}
            onClick={() => onAct({ deposit: d, action: "proof" })}
          >
            <img src={d.proofUrl} alt="" loading="lazy" />
          </button>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <StatusBadge status={d.status} />
        {d.reason && <span className="cell-sub muted cell-text">{d.reason}</span>}
        {d.decidedAt && <span className="cell-sub muted">{formatDateTime(d.decidedAt)}</span>}
      </td>
      <td className="actions">{canWrite && <DepositActions deposit={d} onAct={onAct} />}</td>
    </tr>
  );
}

export function DepositsPage() {
  const t = useT();
  const title = t("dep.title");
  const canWrite = useCanWrite("deposits");
  const filterId = useId();
  const { status, page, set } = useListParams(DepositStatuses, "pending");
  const [q, setQ] = useQueueSearch();
  const dates = useQueueDates();
  const list = depositQueue.useList({ status, q, from: dates.from, to: dates.to, page, pageSize: PAGE_SIZE });
  const virtual = useVirtualRows(list.data?.items.length ?? 0);
  const decide = depositQueue.useDecide();
  const bulk = depositQueue.useBulkApprove();
  const pendingIds = (list.data?.items ?? []).filter((d) => d.status === "pending").map((d) => d.id);
  const selection = useSelection(pendingIds);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const approveSelected = () =>
    bulk.mutate(
      selection.selected.map((id) => ({ id })),
      {
        onSuccess: (r) => reportBulk(r, (id) => `D${id}`),
        onSettled: () => {
          selection.clear();
          setBulkConfirm(false);
        },
      },
    );
  const selectedTotal = (list.data?.items ?? [])
    .filter((d) => selection.selected.includes(d.id))
    .map((d) => `D${d.id} ${money(d.amount, d.currency)}`);
  const [acting, setActing] = useState<Acting>(null);
  const total = list.data?.total ?? 0;

  const close = () => setActing(null);
  const approve = (d: Deposit) =>
    decide.mutate(
      { id: d.id, approve: true },
      {
        onSuccess: () => toast.success(t("dep.approved", { id: d.id, amount: money(d.amount, d.currency) })),
        onSettled: close,
      },
    );
  const reject = (d: Deposit, reason: string) =>
    decide.mutate(
      { id: d.id, approve: false, reason },
      { onSuccess: () => toast.success(t("dep.rejected", { id: d.id })), onSettled: close },
    );

  return (
    <>
      <PageHeader title={title} description={t("dep.description")} />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <StatusFilter
          id={filterId}
          value={status}
          options={DepositStatuses}
          onChange={(s) => set({ status: s })}
          testId="deposit-status-filter"
        />
        <QueueSearch value={q} onChange={setQ} placeholder={t("dep.searchHint")} testId="deposit-search" />
        <QueueDatesAndExport path="/deposits" dates={dates} filters={{ status, q }} testId="deposits" />
        <span className="toolbar-count" aria-live="polite">
          {list.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      {canWrite && (
        <BulkBar count={selection.selected.length}>
          <button
            type="button"
            className="btn btn--sm btn--primary"
            data-testid="deposit-bulk-approve"
            onClick={() => setBulkConfirm(true)}
          >
            {t("dep.approveSelected")}
          </button>
          <button type="button" className="btn btn--sm" onClick={selection.clear}>
            {t("dep.clear")}
          </button>
        </BulkBar>
      )}
      <VirtualScroll rows={virtual} label={title}>
        <table className="table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">
                {canWrite && pendingIds.length > 0 && (
                  <input
                    type="checkbox"
                    className="row-pick"
                    checked={selection.all}
                    onChange={selection.toggleAll}
                    aria-label={t("dep.selectAll")}
                    data-testid="deposit-pick-all"
                  />
                )}
                {t("dep.id")}
              </th>
              <th scope="col">{t("dep.requested")}</th>
              <th scope="col">{t("dep.waited")}</th>
              <th scope="col">{t("dep.member")}</th>
              <th scope="col">{t("dep.channel")}</th>
              <th scope="col" className="num">
                {t("dep.amount")}
              </th>
              <th scope="col">{t("dep.reference")}</th>
              <th scope="col">{t("dep.receipt")}</th>
              <th scope="col">{t("dep.status")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("dep.actions")}</span>
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
                    ? t("dep.noneWaiting")
                    : status
                      ? t("dep.noneOf", { status: statusLabel(status).toLowerCase() })
                      : t("dep.none")
                }
              />
            )}
            <SpacerRow height={virtual.top} columns={COLUMNS} />
            {virtual.indexes
              .map((n) => list.data?.items[n])
              .filter((x) => x !== undefined)
              .map((d) => (
                <DepositRow
                  key={d.id}
                  d={d}
                  canWrite={canWrite}
                  onAct={setActing}
                  picked={selection.isPicked(d.id)}
                  onPick={() => selection.toggle(d.id)}
                />
              ))}
            <SpacerRow height={virtual.bottom} columns={COLUMNS} />
          </tbody>
        </table>
      </VirtualScroll>
      <Pager
        label={t("dep.pages")}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={(p) => set({ page: p })}
      />

      {bulkConfirm && (
        <ConfirmDialog
          title={t("dep.bulkTitle", { n: selection.selected.length })}
          message={
            <>
              <p>{selectedTotal.join(", ")}</p>
              <p>{t("dep.bulkText")}</p>
            </>
          }
          confirmLabel={t("dep.approveCredit")}
          tone="primary"
          busy={bulk.isPending}
          onConfirm={approveSelected}
          onCancel={() => setBulkConfirm(false)}
        />
      )}
      {acting?.action === "proof" && <ProofDialog deposit={acting.deposit} onClose={close} />}
      {acting?.action === "approve" && (
        <ConfirmDialog
          title={t("dep.approveTitle", { id: acting.deposit.id })}
          message={
            <p>
              <strong>{money(acting.deposit.amount, acting.deposit.currency)}</strong>
              {t("dep.approveMiddle")}
              <strong>
                {acting.deposit.username ?? t("dep.playerNoLower", { id: acting.deposit.memberId })}
              </strong>
              {t("dep.approveEnd")}
            </p>
          }
          confirmLabel={t("dep.approveCredit")}
          tone="primary"
          busy={decide.isPending}
          onConfirm={() => approve(acting.deposit)}
          onCancel={close}
        />
      )}
      {acting?.action === "reject" && (
        <RejectDialog
          title={t("dep.rejectTitle", { id: acting.deposit.id })}
          summary={t("dep.rejectSummary", {
            amount: money(acting.deposit.amount, acting.deposit.currency),
            name: acting.deposit.username ?? t("dep.playerNoLower", { id: acting.deposit.memberId }),
          })}
          busy={decide.isPending}
          onReject={(reason) => reject(acting.deposit, reason)}
          onClose={close}
        />
      )}
    </>
  );
}
