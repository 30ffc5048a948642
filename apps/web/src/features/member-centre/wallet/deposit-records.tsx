import "../../i18n/texts/wallet.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useLocale } from "./locale.ts";
import { money } from "./money.ts";
import { Pager } from "./pager.tsx";
import { StatusBadge, type Tone } from "./status-badge.tsx";
import { type DepositChannel, type DepositStatus, useDeposits } from "./wallet-api.ts";

const PAGE_SIZE = 10;
const TONE: Record<DepositStatus, Tone> = {
  pending: "wait",
  awaiting_payment: "wait",
  approved: "ok",
  paid: "ok",
  rejected: "bad",
  failed: "bad",
};

/** The player's deposits, newest first, with their states (waiting, credited, refused). */
export function DepositRecords(props: { channels: DepositChannel[]; symbol: string | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useDeposits(page, PAGE_SIZE);
  const channelName = (id: number) => props.channels.find((c) => c.id === id)?.name ?? `#${id}`;
  if (isPending) return <span className="spinner" aria-hidden="true" />;
  if (isError)
    return (
      <p className="form-error" role="alert">
        {t("wallet.loadFailed")}{" "}
        <button type="button" className="link-btn" onClick={() => void refetch()}>
          {t("common.retry")}
        </button>
      </p>
    );
  if (data.items.length === 0) return <EmptyState title={t("wallet.deposit.none")} />;
  return (
    <>
      <div className="table-scroll">
        <table className="table wallet-table" data-testid="deposit-records">
          <thead>
            <tr>
              <th>{t("wallet.col.time")}</th>
              <th>{t("wallet.col.method")}</th>
              <th className="num">{t("wallet.col.amount")}</th>
              <th>{t("wallet.col.reference")}</th>
              <th>{t("wallet.col.status")}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((d) => (
              <tr key={d.id} data-testid="deposit-row" data-id={d.id}>
                <td data-label={t("wallet.col.time")}>{formatDateTime(d.createdAt, locale)}</td>
                <td data-label={t("wallet.col.method")}>{channelName(d.channelId)}</td>
                <td data-label={t("wallet.col.amount")} className="num">
                  {money(props.symbol, d.amount)}
                </td>
                <td data-label={t("wallet.col.reference")}>{d.reference ?? `D${d.id}`}</td>
                <td data-label={t("wallet.col.status")}>
                  <StatusBadge
                    status={d.status}
                    tone={TONE[d.status]}
                    label={t(`wallet.depositStatus.${d.status}`)}
                    testId="deposit-status"
                  />
                  {d.reason && d.status === "rejected" && <p className="row-note">{d.reason}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="deposit-pager" />
    </>
  );
}
