import "../../i18n/texts/wallet.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openMemberCentre } from "../../account/account-ui.ts";
import { useBalance, useMemberInfo } from "../../account/member-api.ts";
import { AGENT_TYPES, useSession } from "../../session/session-store.ts";
import { money } from "../wallet/money.ts";
import { TransferForm } from "../wallet/transfer-form.tsx";
import { useFunds, useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";

/**
 * transferUpline (spec §2, §6): a downline sends main-wallet money to its upline; an agent
 * also sends to its own downlines. The platform alone knows whether the player has an upline,
 * so a player without one learns it from the first answer and the form gives way to the reason.
 */
export default function TransferUplinePage() {
  const { t } = useTranslation();
  useRefreshOnBalancePush();
  const agent = useSession((s) => s.isAgent !== null && AGENT_TYPES.includes(s.isAgent));
  const funds = useFunds();
  const symbol = useBalance().data?.currencySymbol ?? funds.data?.currencySymbol;
  const available = funds.data?.main;
  const [noUpline, setNoUpline] = useState<string | null>(null);
  const hasUpline = useMemberInfo().data?.hasUpline !== false;

  return (
    <div className="wallet-page" data-testid="wallet-transfer-upline">
      <h2>{t("member.page.transferUpline")}</h2>
      {funds.data && (
        <dl className="balance-strip">
          <div>
            <dt>{t("wallet.funds.available")}</dt>
            <dd data-testid="transfer-available">{money(symbol, funds.data.main)}</dd>
          </div>
        </dl>
      )}
      {hasUpline && (
        <section className="wallet-section">
          <h3>{t("wallet.transfer.toUplineTitle")}</h3>
          {noUpline ? (
            <p className="form-notice" role="status" data-testid="transfer-no-upline">
              {noUpline}
            </p>
          ) : (
            <>
              <p className="muted">{t("wallet.transfer.uplineLead")}</p>
              <TransferForm
                direction="upline"
                available={available}
                symbol={symbol}
                onRefused={setNoUpline}
              />
            </>
          )}
        </section>
      )}
      {agent && (
        <section className="wallet-section">
          <h3>{t("wallet.transfer.toDownlineTitle")}</h3>
          <p className="muted">{t("wallet.transfer.downlineLead")}</p>
          <TransferForm direction="downline" available={available} symbol={symbol} />
        </section>
      )}
      <p className="field-hint">
        {t("wallet.transfer.txHint")}{" "}
        <button type="button" className="link-btn" onClick={() => openMemberCentre("withdraw")}>
          {t("member.page.withdraw")}
        </button>
      </p>
    </div>
  );
}
