import "../../i18n/texts/centre.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { formatDate } from "../../../lib/format.ts";
import { useBalance } from "../../account/member-api.ts";
import { useReferral } from "../rewards/rewards-api.ts";
import { useLocale } from "../wallet/locale.ts";
import { money } from "../wallet/money.ts";
import "../wallet/wallet.css";
import "../rewards/rewards.css";

/**
 * referral, invite friends (spec §2): the player's own link and QR code, the
 * rewards for a friend's registration, first deposit and betting target (each paid once, into
 * the reward centre), and the friends invited, their names masked.
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const d = useReferral().data;
  const [copied, setCopied] = useState(false);
  if (!d) return <span className="spinner" aria-hidden="true" />;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(d.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const yes = (b: boolean) => (b ? "✓" : "—");
  return (
    <div className="wallet-page rewards-page" data-testid="referral">
      <h2>{t("member.page.referral")}</h2>
      {!d.enabled && <p className="form-notice">{t("referral.off")}</p>}
      <section className="wallet-section">
        <h3>{t("referral.yourLink")}</h3>
        <div className="referral-link">
          <input readOnly value={d.link} aria-label={t("referral.yourLink")} data-testid="referral-link" />
          <button type="button" className="btn btn-primary" onClick={copy}>
            {copied ? t("referral.copied") : t("referral.copy")}
          </button>
        </div>
        <p>
          {t("referral.code")}: <strong data-testid="referral-code">{d.code}</strong>
        </p>
        <img className="referral-qr" src={d.qrUrl} alt={t("referral.qr")} data-testid="referral-qr" />
      </section>
      <section className="wallet-section">
        <h3>{t("referral.rewards")}</h3>
        <ul>
          <li>{t("referral.onRegister", { amount: money(symbol, d.rewards.register) })}</li>
          <li>
            {t("referral.onDeposit", {
              amount: money(symbol, d.rewards.deposit),
              min: money(symbol, d.rewards.depositMin),
            })}
          </li>
          <li>
            {t("referral.onBets", {
              amount: money(symbol, d.rewards.bet),
              target: money(symbol, d.rewards.betThreshold),
            })}
          </li>
        </ul>
        <p>
          {t("referral.earned")}: <strong data-testid="referral-earned">{money(symbol, d.earned)}</strong>
        </p>
      </section>
      <section className="wallet-section">
        <h3>{t("referral.friends")}</h3>
        {d.friends.length === 0 ? (
          <EmptyState title={t("referral.noFriends")} />
        ) : (
          <table className="rewards-table">
            <thead>
              <tr>
                <th>{t("referral.friend")}</th>
                <th>{t("referral.joined")}</th>
                <th>{t("referral.registered")}</th>
                <th>{t("referral.deposited")}</th>
                <th>{t("referral.betReached")}</th>
              </tr>
            </thead>
            <tbody>
              {d.friends.map((f) => (
                <tr key={`${f.member}-${f.joinedAt}`} data-testid="referral-friend">
                  <td>{f.member}</td>
                  <td>{formatDate(f.joinedAt, locale)}</td>
                  <td>{yes(f.registered)}</td>
                  <td>{yes(f.deposited)}</td>
                  <td>{yes(f.betReached)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
