import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { TabPanel, Tabs } from "../../../components/tabs.tsx";
import { useBalance } from "../../account/member-api.ts";
import { DepositForm, type DepositSent } from "../wallet/deposit-form.tsx";
import { DepositRecords } from "../wallet/deposit-records.tsx";
import { money } from "../wallet/money.ts";
import { useDepositChannels, useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";

type Tab = "new" | "records";

/**
 * depositv2 (spec §2, issue 4): the operator's channels with their limits, a deposit through
 * the chosen one, and the player's deposit records with their states.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const idBase = useId();
  useRefreshOnBalancePush();
  const [tab, setTab] = useState<Tab>("new");
  const symbol = useBalance().data?.currencySymbol;
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<number | null>(null);
  const [sent, setSent] = useState<DepositSent | null>(null);
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
          <DepositRecords channels={list} symbol={symbol} />
        ) : channels.isPending ? (
          <span className="spinner" aria-hidden="true" />
        ) : channels.isError ? (
          <p className="form-error" role="alert">
            {t("wallet.loadFailed")}
          </p>
        ) : !channel ? (
          <EmptyState title={t("wallet.deposit.noChannels")} />
        ) : sent ? (
          <SentPanel
            sent={sent}
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

function SentPanel(props: { sent: DepositSent; onAgain: () => void; onRecords: () => void }) {
  const { t } = useTranslation();
  const { sent } = props;
  const bank = sent.kind === "bank";
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
