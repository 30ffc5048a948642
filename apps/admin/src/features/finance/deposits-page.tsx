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
import { toast } from "../../lib/toast-store.ts";
import { MemberLink, StatusBadge, StatusFilter, statusLabel } from "./finance-ui.tsx";
import { money } from "./money.ts";
import { QueueDatesAndExport, useQueueDates } from "./queue-export.tsx";
import { Age, BulkBar, QueueSearch, reportBulk, useQueueSearch, useSelection } from "./queue-ui.tsx";
import { type Deposit, DepositStatuses, depositQueue } from "./queues-api.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { useListParams } from "./use-list-params.ts";

const PAGE_SIZE = 25;
const TITLE = "Deposits";
const COLUMNS = 10;

type Acting = { deposit: Deposit; action: "approve" | "reject" | "proof" } | null;

/** The member's receipt, large enough to read the amount and the reference on it. */
function ProofDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const url = deposit.proofUrl ?? "";
  return (
    <Dialog
      title={`Receipt for deposit D${deposit.id}`}
      description={`${deposit.username ?? `Player #${deposit.memberId}`} · ${money(deposit.amount, deposit.currency)}${deposit.reference ? ` · reference ${deposit.reference}` : ""}`}
      size="lg"
      onClose={onClose}
      testId="deposit-proof-dialog"
      footer={
        <>
          <a className="btn" href={url} target="_blank" rel="noreferrer">
            Open full size
          </a>
          <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
            Close
          </button>
        </>
      }
    >
      <img className="proof-full" src={url} alt={`Transfer receipt uploaded for deposit D${deposit.id}`} />
    </Dialog>
  );
}

function DepositActions({ deposit, onAct }: { deposit: Deposit; onAct: (a: Acting) => void }) {
  if (deposit.status !== "pending") return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--primary"
        data-testid={`deposit-approve-${deposit.id}`}
        onClick={() => onAct({ deposit, action: "approve" })}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn btn--sm btn--danger-ghost"
        data-testid={`deposit-reject-${deposit.id}`}
        onClick={() => onAct({ deposit, action: "reject" })}
      >
        Reject
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
  return (
    <tr data-testid={`deposit-row-${d.id}`} data-status={d.status}>
      <td className="cell-nowrap">
        {canWrite && d.status === "pending" && (
          <input
            type="checkbox"
            className="row-pick"
            checked={picked}
            onChange={onPick}
            aria-label={`Select D${d.id}`}
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
      <td>{d.channelName ?? `Channel #${d.channelId}`}</td>
      <td className="num cell-nowrap" data-testid={`deposit-amount-${d.id}`}>
        {money(d.amount, d.currency)}
      </td>
      <td className="cell-text">{d.reference ?? d.gatewayRef ?? <span className="muted">—</span>}</td>
      <td>
        {d.proofUrl ? (
          <button
            type="button"
            className="proof-thumb"
            aria-label={`View the receipt of deposit D${d.id}`}
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
        onSuccess: () => toast.success(`Approved D${d.id}: ${money(d.amount, d.currency)} credited.`),
        onSettled: close,
      },
    );
  const reject = (d: Deposit, reason: string) =>
    decide.mutate(
      { id: d.id, approve: false, reason },
      { onSuccess: () => toast.success(`Rejected D${d.id}.`), onSettled: close },
    );

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Bank transfers wait here for a check of the receipt against the bank statement. Approving credits the member at once; gateway deposits settle by themselves."
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="toolbar">
        <StatusFilter
          id={filterId}
          value={status}
          options={DepositStatuses}
          onChange={(s) => set({ status: s })}
          testId="deposit-status-filter"
        />
        <QueueSearch value={q} onChange={setQ} placeholder="D12, member ID or name" testId="deposit-search" />
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
            Approve selected
          </button>
          <button type="button" className="btn btn--sm" onClick={selection.clear}>
            Clear
          </button>
        </BulkBar>
      )}
      <VirtualScroll rows={virtual} label={TITLE}>
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
                    aria-label="Select every pending deposit shown"
                    data-testid="deposit-pick-all"
                  />
                )}
                ID
              </th>
              <th scope="col">Requested</th>
              <th scope="col">Waited</th>
              <th scope="col">Member</th>
              <th scope="col">Channel</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Receipt</th>
              <th scope="col">Status</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
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
                    ? "No deposits wait for a decision."
                    : `No deposits${status ? ` ${statusLabel(status).toLowerCase()}` : ""}.`
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
        label="Deposit pages"
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={(p) => set({ page: p })}
      />

      {bulkConfirm && (
        <ConfirmDialog
          title={`Approve ${selection.selected.length} deposits?`}
          message={
            <>
              <p>{selectedTotal.join(", ")}</p>
              <p>
                Each is credited at once. When together they exceed the amount one operator may move alone
                (Finance → Adjustments), they wait in Approvals for a second operator.
              </p>
            </>
          }
          confirmLabel="Approve and credit"
          tone="primary"
          busy={bulk.isPending}
          onConfirm={approveSelected}
          onCancel={() => setBulkConfirm(false)}
        />
      )}
      {acting?.action === "proof" && <ProofDialog deposit={acting.deposit} onClose={close} />}
      {acting?.action === "approve" && (
        <ConfirmDialog
          title={`Approve deposit D${acting.deposit.id}?`}
          message={
            <p>
              <strong>{money(acting.deposit.amount, acting.deposit.currency)}</strong> goes into the main
              balance of <strong>{acting.deposit.username ?? `player #${acting.deposit.memberId}`}</strong> at
              once. Approve only when the transfer shows on the operator's bank statement.
            </p>
          }
          confirmLabel="Approve and credit"
          tone="primary"
          busy={decide.isPending}
          onConfirm={() => approve(acting.deposit)}
          onCancel={close}
        />
      )}
      {acting?.action === "reject" && (
        <RejectDialog
          title={`Reject deposit D${acting.deposit.id}?`}
          summary={`${money(acting.deposit.amount, acting.deposit.currency)} from ${acting.deposit.username ?? `player #${acting.deposit.memberId}`}. Nothing is credited.`}
          busy={decide.isPending}
          onReject={(reason) => reject(acting.deposit, reason)}
          onClose={close}
        />
      )}
    </>
  );
}
