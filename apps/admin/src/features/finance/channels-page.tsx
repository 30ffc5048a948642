import "./finance.css";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudList } from "../../lib/crud.ts";
import { ChannelEditor } from "./channel-editor.tsx";
import { ADAPTER_LABELS, type Channel, channelsResource } from "./channels-api.ts";
import { money } from "./money.ts";

type Editing = { channel: Channel | null } | null;
const COLUMNS = 7;

/** For a bank channel, the operator's account members pay into; for a gateway, which one. */
function Destination({ c }: { c: Channel }) {
  if (c.kind === "gateway") {
    return (
      <span>{c.adapter ? ADAPTER_LABELS[c.adapter] : <span className="muted">No gateway chosen</span>}</span>
    );
  }
  const { bankName, accountName, accountNumber } = c.details;
  return (
    <div className="payout" data-testid={`channel-account-${c.id}`}>
      <span>{bankName ?? <span className="muted">No bank</span>}</span>
      <span>{accountName}</span>
      <span className="payout-number">{accountNumber}</span>
    </div>
  );
}

export function ChannelsPage() {
  const canWrite = useCanWrite("payment-channels");
  const list = useCrudList(channelsResource);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <PageHeader
        title="Payment channels"
        description="How members deposit: transfers to the operator's bank accounts, checked by hand, and payment gateways. Each has its own smallest and largest deposit."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="channel-new"
              onClick={() => setEditing({ channel: null })}
            >
              New channel
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Bank account or gateway</th>
              <th scope="col" className="num">
                Deposit limits
              </th>
              <th scope="col" className="num">
                Order
              </th>
              <th scope="col">Enabled</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={3} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && (
              <EmptyRow columns={COLUMNS} title="No payment channels: members cannot deposit yet." />
            )}
            {list.data?.map((c) => (
              <tr key={c.id} data-testid={`channel-row-${c.id}`} data-code={c.code}>
                <td>
                  {c.name}
                  <span className="cell-sub muted">{c.code}</span>
                </td>
                <td>{c.kind === "bank" ? "Bank transfer" : "Gateway"}</td>
                <td>
                  <Destination c={c} />
                </td>
                <td className="num cell-nowrap">
                  {money(c.minAmount)} – {money(c.maxAmount)}
                </td>
                <td className="num">{c.sortOrder}</td>
                <td>
                  <StatusPill on={c.enabled} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    data-testid={`channel-edit-${c.id}`}
                    aria-label={`${canWrite ? "Edit" : "View"} ${c.name}`}
                    onClick={() => setEditing({ channel: c })}
                  >
                    {canWrite ? "Edit" : "View"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <ChannelEditor
          key={editing.channel?.id ?? "new"}
          channel={editing.channel}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(fresh) => setEditing({ channel: fresh })}
        />
      )}
    </>
  );
}
