import "../../i18n/texts/wallet.ts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showDialog } from "../../../components/dialogs.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { toast } from "../../../components/toast.tsx";
import { api } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { errorText } from "../../account/form-errors.ts";
import { useLocale } from "./locale.ts";
import { money } from "./money.ts";
import { Pager } from "./pager.tsx";
import { ProofInput } from "./proof-input.tsx";
import { StatusBadge, type Tone } from "./status-badge.tsx";
import { refreshWallet, useWithdrawals, type Withdrawal, type WithdrawalStatus } from "./wallet-api.ts";

const PAGE_SIZE = 10;
const TONE: Record<WithdrawalStatus, Tone> = {
  pending: "wait",
  paid: "wait",
  rejected: "bad",
  received: "ok",
  partly_received: "bad",
  not_received: "bad",
  auto_received: "ok",
};
type Receipt = "received" | "partly_received" | "not_received";

/**
 * The player's withdrawals with their states (spec §4): once paid, the player marks each one
 * received, partly received, or not received with a proof image; unmarked, it counts as
 * received after a while, and such a receipt is final.
 */
export function WithdrawalRecords(props: { symbol: string | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useWithdrawals(page, PAGE_SIZE);
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
  if (data.items.length === 0) return <EmptyState title={t("wallet.withdraw.none")} />;
  return (
    <>
      <ul className="record-cards" data-testid="withdrawal-records">
        {data.items.map((w) => (
          <li key={w.id} className="record-card" data-testid="withdrawal-row" data-id={w.id}>
            <div className="record-head">
              <strong className="record-amount">{money(props.symbol, w.amount)}</strong>
              <StatusBadge
                status={w.status}
                tone={TONE[w.status]}
                label={t(`wallet.withdrawalStatus.${w.status}`)}
                testId="withdrawal-status"
              />
            </div>
            <p className="muted">
              W{w.id} · {formatDateTime(w.createdAt, locale)} · {w.payout.provider} {w.payout.accountNumber}
            </p>
            {w.reason && w.status === "rejected" && <p className="row-note">{w.reason}</p>}
            {w.status === "paid" && <ReceiptActions withdrawal={w} />}
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="withdrawal-pager" />
    </>
  );
}

function ReceiptActions({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const id = useId();
  const [notReceived, setNotReceived] = useState(false);
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const [proofError, setProofError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async (state: Receipt) => {
    setBusy(true);
    try {
      await api<Withdrawal>(`/wps/withdrawals/${withdrawal.id}/receipt`, {
        method: "POST",
        body: { state, proofUrl: state === "not_received" ? proofUrl : null },
      });
      toast(t(`wallet.receipt.done.${state}`), "success");
      await refreshWallet();
    } catch (err) {
      toast(errorText(err, t), "error");
    } finally {
      setBusy(false);
    }
  };
  // Marking a receipt is final (spec §4): the player confirms first.
  const confirm = (state: Receipt) =>
    showDialog({
      icon: state === "received" ? "success" : "warning",
      title: t(`wallet.receipt.${state}`),
      text: t("wallet.receipt.confirm"),
      testId: "receipt-confirm",
      buttons: [
        { label: t("common.cancel") },
        { label: t(`wallet.receipt.${state}`), primary: true, onClick: () => void send(state) },
      ],
    });

  return (
    <div className="receipt-actions" data-testid="receipt-actions">
      <p className="field-hint">{t("wallet.receipt.lead")}</p>
      <div className="cta-row">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => confirm("received")}
          data-testid="receipt-received"
        >
          {t("wallet.receipt.received")}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy}
          onClick={() => confirm("partly_received")}
          data-testid="receipt-partly"
        >
          {t("wallet.receipt.partly_received")}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => setNotReceived((v) => !v)}
          aria-expanded={notReceived}
          data-testid="receipt-not"
        >
          {t("wallet.receipt.not_received")}
        </button>
      </div>
      {notReceived && (
        <div className="not-received">
          <ProofInput
            id={`${id}-proof`}
            label={t("wallet.receipt.proof")}
            onUploaded={(url) => {
              setProofUrl(url);
              setProofError(undefined);
            }}
            error={proofError}
            testId="receipt-proof"
          />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => (proofUrl ? confirm("not_received") : setProofError(t("wallet.proof.required")))}
            data-testid="receipt-not-submit"
          >
            {t("wallet.receipt.sendNotReceived")}
          </button>
        </div>
      )}
    </div>
  );
}
