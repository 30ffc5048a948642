import "../../i18n/texts/wallet.ts";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../../components/tabs.tsx";
import { useBalance, useMemberInfo } from "../../account/member-api.ts";
import { lazy } from "../../i18n/lazy.ts";
import { money } from "../wallet/money.ts";
import { PayoutAccountForm, PayoutAccountList } from "../wallet/payout-accounts.tsx";
import { TxPasswordForm } from "../wallet/tx-password-form.tsx";
import { useFunds, usePayoutAccounts, useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import { WithdrawForm } from "../wallet/withdraw-form.tsx";
import "../wallet/wallet.css";

// The records tab and the real-name form (asked once, before the first payout account) are
// their own chunks, loaded when shown: the page opens on the request form.
const RealNameForm = lazy(() =>
  import("../wallet/real-name-form.tsx").then((m) => ({ default: m.RealNameForm })),
);
const WithdrawalRecords = lazy(() =>
  import("../wallet/withdrawal-records.tsx").then((m) => ({ default: m.WithdrawalRecords })),
);

type Tab = "request" | "accounts" | "password" | "records";

/**
 * withdraw (spec §2, §4): first the real name (once), then a payout account in that
 * name, then requests with the transaction password; the records tab follows each request
 * through the operator's decision to the player's receipt.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const idBase = useId();
  useRefreshOnBalancePush();
  const [tab, setTab] = useState<Tab>("request");
  const [txNotice, setTxNotice] = useState<string | null>(null);
  const info = useMemberInfo();
  const funds = useFunds();
  const accounts = usePayoutAccounts();
  const symbol = useBalance().data?.currencySymbol ?? funds.data?.currencySymbol;
  const realName = info.data?.realName ?? null;

  const request = () => {
    if (info.isPending || accounts.isPending) return <span className="spinner" aria-hidden="true" />;
    if (!realName)
      return (
        <Suspense fallback={null}>
          <RealNameForm />
        </Suspense>
      );
    if ((accounts.data ?? []).length === 0) return <PayoutAccountForm realName={realName} />;
    return (
      <WithdrawForm
        accounts={accounts.data ?? []}
        available={funds.data?.main}
        symbol={symbol}
        onSent={() => setTab("records")}
        onNeedTxPassword={(message) => {
          setTxNotice(message);
          setTab("password");
        }}
      />
    );
  };

  return (
    <div className="wallet-page" data-testid="wallet-withdraw">
      <h2>{t("member.page.withdraw")}</h2>
      {funds.data && (
        <dl className="balance-strip" data-testid="withdraw-balances">
          <div>
            <dt>{t("wallet.funds.available")}</dt>
            <dd data-testid="withdraw-available">{money(symbol, funds.data.main)}</dd>
          </div>
          <div>
            <dt>{t("wallet.funds.held")}</dt>
            <dd data-testid="withdraw-held">{money(symbol, funds.data.held)}</dd>
          </div>
        </dl>
      )}
      <Tabs
        idBase={idBase}
        items={[
          { id: "request", label: t("wallet.withdraw.tabRequest") },
          { id: "accounts", label: t("wallet.withdraw.tabAccounts") },
          { id: "password", label: t("wallet.withdraw.tabPassword") },
          { id: "records", label: t("wallet.withdraw.tabRecords") },
        ]}
        value={tab}
        onChange={setTab}
        label={t("member.page.withdraw")}
        testIdPrefix="withdraw-tab-"
      />
      <TabPanel idBase={idBase} selected={tab} className="wallet-panel">
        {tab === "request" && (
          <>
            {request()}
            {realName && (
              <p className="field-hint">
                {t("wallet.withdraw.txHint")}{" "}
                <button type="button" className="link-btn" onClick={() => setTab("password")}>
                  {t("wallet.withdraw.tabPassword")}
                </button>
              </p>
            )}
          </>
        )}
        {tab === "accounts" &&
          (realName ? (
            <>
              <PayoutAccountList accounts={accounts.data ?? []} />
              <PayoutAccountForm realName={realName} />
            </>
          ) : (
            <Suspense fallback={null}>
              <RealNameForm />
            </Suspense>
          ))}
        {tab === "password" && (
          <TxPasswordForm
            notice={txNotice}
            onDone={() => {
              if (!txNotice) return;
              setTxNotice(null);
              setTab("request");
            }}
          />
        )}
        {tab === "records" && (
          <Suspense fallback={null}>
            <WithdrawalRecords symbol={symbol} />
          </Suspense>
        )}
      </TabPanel>
    </div>
  );
}
