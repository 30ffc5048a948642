import "../../i18n/texts/centre.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { failureText } from "../../../lib/api.ts";
import { useBalance } from "../../account/member-api.ts";
import { useClaim, useRebatePage } from "../rewards/rewards-api.ts";
import { money } from "../wallet/money.ts";
import "../wallet/wallet.css";
import "../rewards/rewards.css";

/**
 * manualRebate (spec §2): the rebate rates per game category, what closed
 * days have accrued (claimed here, once), today's valid bets and the estimate so far, and the
 * days paid. In automatic mode the days are paid by the platform and only listed.
 */
export default function ManualRebatePage() {
  const { t } = useTranslation();
  const symbol = useBalance().data?.currencySymbol;
  const page = useRebatePage();
  const claim = useClaim();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const d = page.data;
  const onClaim = () => {
    setNotice(null);
    setError(null);
    claim.mutate(
      { kind: "rebate" },
      {
        onSuccess: (r) =>
          setNotice(t("rewards.claimed", { amount: money(symbol, r.amount), count: r.claimed })),
        onError: (err) => setError(failureText(err, t("errors.unknown"), t("errors.network"))),
      },
    );
  };
  return (
    <div className="wallet-page rewards-page" data-testid="manual-rebate">
      <h2>{t("member.page.manualRebate")}</h2>
      {page.isLoading && <span className="spinner" aria-hidden="true" />}
      {d && (
        <>
          <p className="muted">{t(d.mode === "auto" ? "rebate.autoLead" : "rebate.manualLead")}</p>
          <section className="wallet-section">
            <h3>{t("rebate.waiting")}</h3>
            <div className="rewards-summary">
              <strong data-testid="rebate-waiting">{money(symbol, d.waitingTotal)}</strong>
              <button
                type="button"
                className="btn btn-primary"
                disabled={claim.isPending || d.waiting.length === 0}
                onClick={onClaim}
                data-testid="rebate-claim"
              >
                {t("rebate.claim")}
              </button>
            </div>
            {notice && (
              <p className="form-notice" role="status" data-testid="rebate-notice">
                {notice}
              </p>
            )}
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
          </section>
          <section className="wallet-section">
            <h3>{t("rebate.today")}</h3>
            {d.today.length === 0 ? (
              <EmptyState title={t("rebate.noBets")} />
            ) : (
              <table className="rewards-table">
                <thead>
                  <tr>
                    <th>{t("rebate.category")}</th>
                    <th>{t("rebate.validBet")}</th>
                    <th>{t("rebate.estimate")}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.today.map((r) => (
                    <tr key={r.gameType}>
                      <td>{t(`category.${r.gameType}`, { defaultValue: r.gameType })}</td>
                      <td>{money(symbol, r.validBet)}</td>
                      <td>{money(symbol, r.estimate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="wallet-section">
            <h3>{t("rebate.rates")}</h3>
            <table className="rewards-table">
              <tbody>
                {d.rates.map((r) => (
                  <tr key={r.gameType}>
                    <td>{t(`category.${r.gameType}`, { defaultValue: r.gameType })}</td>
                    <td data-testid={`rebate-rate-${r.gameType}`}>{r.rate}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {d.history.length > 0 && (
            <section className="wallet-section">
              <h3>{t("rebate.history")}</h3>
              <table className="rewards-table">
                <tbody>
                  {d.history.map((h) => (
                    <tr key={h.day}>
                      <td>{h.day}</td>
                      <td>{money(symbol, h.amount)}</td>
                      <td>{t(h.claimed ? "rebate.paid" : "rebate.notClaimed")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </div>
  );
}
