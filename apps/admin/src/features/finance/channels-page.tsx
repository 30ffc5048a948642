import "./finance.css";
import { useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudList } from "../../lib/crud.ts";
import { useT } from "../../lib/i18n.ts";
import { ChannelEditor } from "./channel-editor.tsx";
import { ADAPTER_LABELS, type Channel, channelsResource } from "./channels-api.ts";
import { money } from "./money.ts";

type Editing = { channel: Channel | null } | null;
const COLUMNS = 7;

/** For a bank channel, the operator's account members pay into; for a gateway, which one. */
function Destination({ c }: { c: Channel }) {
  const t = useT();
  if (c.kind === "gateway") {
    return (
      <span>
        {c.adapter ? t(ADAPTER_LABELS[c.adapter]) : <span className="muted">{t("channels.noGateway")}</span>}
      </span>
    );
  }
  const { bankName, accountName, accountNumber } = c.details;
  return (
    <div className="payout" data-testid={`channel-account-${c.id}`}>
      <span>{bankName ?? <span className="muted">{t("channels.noBank")}</span>}</span>
      <span>{accountName}</span>
      <span className="payout-number">{accountNumber}</span>
    </div>
  );
}

export function ChannelsPage() {
  const t = useT();
  const canWrite = useCanWrite("payment-channels");
  const list = useCrudList(channelsResource);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <PageHeader
        title={t("channels.title")}
        description={t("channels.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="channel-new"
              onClick={() => setEditing({ channel: null })}
            >
              {t("channels.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("channels.name")}</th>
              <th scope="col">{t("channels.kind")}</th>
              <th scope="col">{t("channels.destination")}</th>
              <th scope="col" className="num">
                {t("channels.limits")}
              </th>
              <th scope="col" className="num">
                {t("channels.order")}
              </th>
              <th scope="col">{t("channels.enabled")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("channels.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={3} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={COLUMNS} title={t("channels.none")} />}
            {list.data?.map((c) => (
              <tr key={c.id} data-testid={`channel-row-${c.id}`} data-code={c.code}>
                <td>
                  {c.name}
                  <span className="cell-sub muted">{c.code}</span>
                </td>
                <td>{c.kind === "bank" ? t("channels.bankTransfer") : t("channels.gateway")}</td>
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
                    aria-label={t(canWrite ? "channels.editAria" : "channels.viewAria", { name: c.name })}
                    onClick={() => setEditing({ channel: c })}
                  >
                    {canWrite ? t("channels.edit") : t("channels.view")}
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
