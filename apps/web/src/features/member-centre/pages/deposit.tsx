import "../../i18n/texts/rg.ts";
import "../../i18n/texts/wallet.ts";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { TabPanel, Tabs } from "../../../components/tabs.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useAccountUi } from "../../account/account-ui.ts";
import { useBalance } from "../../account/member-api.ts";
import { lazy } from "../../i18n/lazy.ts";
import { useRgState } from "../../responsible-gaming/rg-api.ts";
import { DepositForm, type DepositSent } from "../wallet/deposit-form.tsx";
import { money } from "../wallet/money.ts";
import {
  depositOutcome,
  useDeposit,
  useDepositChannels,
  useRefreshOnBalancePush,
} from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";

// The records tab is its own chunk, loaded when opened: the page opens on the deposit form.
const DepositRecords = lazy(() =>
  import("../wallet/deposit-records.tsx").then((m) => ({ default: m.DepositRecords })),
);

type Tab = "new" | "records";

/**
 * depositv2 (spec §2): the operator's channels with their limits, a deposit through
 * the chosen one, and the player's deposit records with their states.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const idBase = useId();
  useRefreshOnBalancePush();
  const [tab, setTab] = useState<Tab>("new");
  const symbol = useBalance().data?.currencySymbol;
  const channels = useDepositChannels();
  const blocked = useRgState().data?.blocked;
  const [chosen, setChosen] = useState<number | null>(null);
  const [sent, setSent] = useState<DepositSent | null>(null);
  // Opened by a gateway's return address (/depositv2?deposit=N): that deposit's outcome first.
  const returned = useAccountUi((s) => (s.modal?.kind === "memberCentre" ? s.modal.deposit : undefined));
  const [showReturned, setShowReturned] = useState(returned !== undefined);
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === chosen) ?? list[0];

  return (
    <div className="wallet-page" data-testid="wallet-deposit">
      <h2>{t("member.page.depositv2")}</h2>
      <Tabs
        idBase={idBase}
        items={[
          { id: "new", label: t("wallet.deposit.tabNew") },
          { id: "records", label: t("wallet.deposit.tabRecords") },
        ]}
        value={tab}
        onChange={setTab}
        label={t("member.page.depositv2")}
        testIdPrefix="deposit-tab-"
      />
      <TabPanel idBase={idBase} selected={tab} className="wallet-panel">
        {tab === "records" ? (
          <Suspense fallback={null}>
            <DepositRecords channels={list} symbol={symbol} />
          </Suspense>
        ) : blocked ? (
          // A self-excluded or cooling-off member is told why, instead of a form the platform refuses.
          <div className="wallet-closed" role="status" data-testid="deposit-closed" data-kind={blocked.kind}>
            <h3>{t("wallet.deposit.closedTitle")}</h3>
            <p>
              {t(blocked.kind === "self_exclusion" ? "rg.blockedSelf" : "rg.blockedCooling", {
                date: formatDateTime(blocked.until, navigator.language),
              })}
            </p>
          </div>
        ) : channels.isPending ? (
          <span className="spinner" aria-hidden="true" />
        ) : channels.isError ? (
          <p className="form-error" role="alert">
            {t("wallet.loadFailed")}
          </p>
        ) : !channel ? (
          <EmptyState title={t("wallet.deposit.noChannels")} />
        ) : showReturned && returned !== undefined ? (
          <OutcomePanel
            depositId={returned}
            symbol={symbol}
            onAgain={() => setShowReturned(false)}
            onRecords={() => {
              setShowReturned(false);
              setTab("records");
            }}
          />
        ) : sent ? (
          <SentPanel
            sent={sent}
            symbol={symbol}
            onAgain={() => setSent(null)}
            onRecords={() => {
              setSent(null);
              setTab("records");
            }}
          />
        ) : (
          <>
            <fieldset className="channel-list">
              <legend className="field-label">{t("wallet.deposit.channel")}</legend>
              {list.map((c) => (
                <label
                  key={c.id}
                  className={c.id === channel.id ? "channel-card active" : "channel-card"}
                  data-testid={`deposit-channel-${c.code}`}
                >
                  <input
                    type="radio"
                    name={`${idBase}-channel`}
                    checked={c.id === channel.id}
                    onChange={() => setChosen(c.id)}
                  />
                  <span className="channel-name">{c.name}</span>
                  <span className="channel-kind">{t(`wallet.deposit.kind.${c.kind}`)}</span>
                  <span className="channel-limits">
                    {money(symbol, c.minAmount)} – {money(symbol, c.maxAmount)}
                  </span>
                </label>
              ))}
            </fieldset>
            {/* A new form per channel: its limits, fields and request id are the channel's own. */}
            <DepositForm key={channel.id} channel={channel} symbol={symbol} onSent={setSent} />
          </>
        )}
      </TabPanel>
    </div>
  );
}

/**
 * A gateway deposit's outcome: credited, failed or still pending, followed live — the
 * status is asked again while pending and on every balance push — so the panel never stays on
 * "payment page opened" after the gateway has answered.
 */
function OutcomePanel(props: {
  depositId: number;
  symbol: string | undefined;
  checkoutUrl?: string | null;
  onAgain: () => void;
  onRecords: () => void;
}) {
  const { t } = useTranslation();
  const deposit = useDeposit(props.depositId);
  const d = deposit.data;
  const outcome = d ? depositOutcome(d.status) : "pending";
  const ref = `D${props.depositId}`;
  return (
    <div
      className={`sent-panel outcome-${outcome}`}
      role="status"
      aria-live="polite"
      data-testid="deposit-outcome"
      data-outcome={deposit.isError ? "unknown" : outcome}
    >
      {deposit.isError ? (
        <p className="form-error">{t("wallet.loadFailed")}</p>
      ) : (
        <>
          <p className="sent-title">{t(`wallet.deposit.outcome.${outcome}`)}</p>
          <p className="muted">
            {t(`wallet.deposit.outcome.${outcome}Text`, {
              ref,
              amount: d ? money(props.symbol, d.amount) : "",
            })}
          </p>
        </>
      )}
      <div className="cta-row">
        {outcome === "pending" && props.checkoutUrl && (
          <a className="btn btn-outline" href={props.checkoutUrl} target="_blank" rel="noopener noreferrer">
            {t("wallet.deposit.openCheckout")}
          </a>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onRecords}
          data-testid="deposit-to-records"
        >
          {t("wallet.deposit.tabRecords")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onAgain} data-testid="deposit-again">
          {t("wallet.deposit.again")}
        </button>
      </div>
    </div>
  );
}

function SentPanel(props: {
  sent: DepositSent;
  symbol: string | undefined;
  onAgain: () => void;
  onRecords: () => void;
}) {
  const { t } = useTranslation();
  const { sent } = props;
  const bank = sent.kind === "bank";
  if (!bank)
    return (
      <OutcomePanel
        depositId={sent.deposit.id}
        symbol={props.symbol}
        checkoutUrl={sent.checkoutUrl}
        onAgain={props.onAgain}
        onRecords={props.onRecords}
      />
    );
  return (
    <div className="sent-panel" role="status" data-testid="deposit-sent">
      <p className="sent-title">{t(bank ? "wallet.deposit.bankSent" : "wallet.deposit.gatewaySent")}</p>
      <p className="muted">
        {t(bank ? "wallet.deposit.bankSentText" : "wallet.deposit.gatewaySentText", {
          ref: `D${sent.deposit.id}`,
        })}
      </p>
      <div className="cta-row">
        {sent.checkoutUrl && (
          <a className="btn btn-outline" href={sent.checkoutUrl} target="_blank" rel="noopener noreferrer">
            {t("wallet.deposit.openCheckout")}
          </a>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onRecords}
          data-testid="deposit-to-records"
        >
          {t("wallet.deposit.tabRecords")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onAgain}>
          {t("wallet.deposit.again")}
        </button>
      </div>
    </div>
  );
}
