import "../../i18n/texts/wallet.ts";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { openMemberCentre } from "../../account/account-ui.ts";
import { money } from "../wallet/money.ts";
import { useTransferVendors, VendorTransferForm } from "../wallet/vendor-transfer-form.tsx";
import { useFunds, useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";

/**
 * transferFund, the wallet (spec §2, §7 consolidated funds): the total the player can play
 * with and what makes it up — the main wallet, the bonus wallet and each game vendor's own
 * wallet — beside the money held for withdrawals waiting for the operator.
 */
export default function TransferFundPage() {
  const { t } = useTranslation();
  useRefreshOnBalancePush();
  const { data, isPending, isError, isFetching, refetch } = useFunds();
  const transferVendors = useTransferVendors();
  // Every vendor wallet the member has, and the transfer-wallet vendors not used yet at 0.00.
  const wallets = data
    ? [
        ...data.vendors,
        ...(transferVendors.data ?? [])
          .filter((tv) => !data.vendors.some((v) => v.vendor === tv.vendor))
          .map((tv) => ({ vendor: tv.vendor, balance: "0.00" })),
      ]
    : [];
  const nameOf = (code: string) => transferVendors.data?.find((v) => v.vendor === code)?.name ?? code;
  const symbol = data?.currencySymbol;

  return (
    <div className="wallet-page" data-testid="wallet-funds">
      <h2>{t("member.page.transferFund")}</h2>
      {isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : isError ? (
        <p className="form-error" role="alert">
          {t("wallet.loadFailed")}{" "}
          <button type="button" className="link-btn" onClick={() => void refetch()}>
            {t("common.retry")}
          </button>
        </p>
      ) : (
        <>
          <div className="funds-total">
            <div>
              <p className="muted">{t("wallet.funds.total")}</p>
              <p className="funds-total-amount" data-testid="funds-total">
                {money(symbol, data.sumBalance)}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void refetch()}
              disabled={isFetching}
              data-testid="funds-refresh"
            >
              {t("wallet.funds.refresh")}
            </button>
          </div>
          <div className="funds-grid">
            <FundCard
              label={t("wallet.walletName.main")}
              amount={money(symbol, data.main)}
              testId="funds-main"
            />
            <FundCard
              label={t("wallet.walletName.bonus")}
              amount={money(symbol, data.bonus)}
              testId="funds-bonus"
            />
            <FundCard
              label={t("wallet.funds.held")}
              amount={money(symbol, data.held)}
              note={t("wallet.funds.heldNote")}
              testId="funds-held"
            />
          </div>
          <h3>{t("wallet.funds.vendors")}</h3>
          {wallets.length === 0 ? (
            <EmptyState
              icon="gamepad"
              title={t("wallet.funds.noVendors")}
              text={t("wallet.funds.noVendorsText")}
            />
          ) : (
            <ul className="vendor-wallets" data-testid="funds-vendors">
              {wallets.map((v) => (
                <li key={v.vendor} className="vendor-wallet" data-testid={`funds-vendor-${v.vendor}`}>
                  <span>{nameOf(v.vendor)}</span>
                  <strong>{money(symbol, v.balance)}</strong>
                </li>
              ))}
            </ul>
          )}
          {transferVendors.data && transferVendors.data.length > 0 && (
            <section className="wallet-section">
              <h3>{t("wallet.vendorTransfer.title")}</h3>
              <p className="muted">{t("wallet.vendorTransfer.lead")}</p>
              <VendorTransferForm vendors={transferVendors.data} funds={data} />
            </section>
          )}
          <div className="cta-row">
            <button type="button" className="btn btn-gold" onClick={() => openMemberCentre("depositv2")}>
              {t("member.page.depositv2")}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => openMemberCentre("withdraw")}>
              {t("member.page.withdraw")}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => openMemberCentre("transactionHistory")}
            >
              {t("member.page.transactionHistory")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function FundCard(props: { label: string; amount: string; note?: string; testId: string }) {
  return (
    <div className="fund-card">
      <p className="muted">{props.label}</p>
      <p className="fund-amount" data-testid={props.testId}>
        {props.amount}
      </p>
      {props.note && <p className="field-hint">{props.note}</p>}
    </div>
  );
}
