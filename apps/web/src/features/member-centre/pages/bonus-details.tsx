import "../../i18n/texts/centre.ts";
import "../../i18n/texts/wallet.ts";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { useBalance } from "../../account/member-api.ts";
import { type BonusView, useBonuses } from "../bonus/bonus-api.ts";
import { money } from "../wallet/money.ts";
import { useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";
import "../bonus/bonus.css";
import { formatDateTime } from "../../../lib/format.ts";

/**
 * bonusDetails (spec §2 member centre): each bonus with its wagering bar, its
 * rules and its history. A balance push (a settled bet) reloads it, so the bar moves as they play.
 */
export default function BonusDetailsPage() {
  const { t } = useTranslation();
  useRefreshOnBalancePush();
  const bonuses = useBonuses();
  const symbol = useBalance().data?.currencySymbol;
  const items = bonuses.data?.items ?? [];
  return (
    <div className="wallet-page" data-testid="bonus-details">
      <h2>{t("member.page.bonusDetails")}</h2>
      {bonuses.isPending && <span className="spinner" aria-hidden="true" />}
      {bonuses.isError && <p role="alert">{t("wallet.loadFailed")}</p>}
      {!bonuses.isPending && items.length === 0 && <EmptyState title={t("bonus.none")} />}
      <ul className="bonus-list">
        {items.map((b) => (
          <BonusCard key={b.id} b={b} symbol={symbol} />
        ))}
      </ul>
    </div>
  );
}

function BonusCard({ b, symbol }: { b: BonusView; symbol: string | undefined }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : "");
  const rates = Object.entries(b.contributions)
    .map(([k, v]) => `${k === "*" ? t("bonus.otherGames") : k} ${v}%`)
    .join(" · ");
  return (
    <li className="bonus-card" data-testid="bonus-card" data-state={b.state}>
      <header>
        <strong>{b.name}</strong>
        <span className={`status-badge status-${b.state}`} data-testid="bonus-state">
          {t(`bonus.state.${b.state}`)}
        </span>
      </header>
      <dl className="bonus-figures">
        <div>
          <dt>{t("bonus.amount")}</dt>
          <dd>{money(symbol, b.amount)}</dd>
        </div>
        {b.balance !== null && (
          <div>
            <dt>{t("bonus.balance")}</dt>
            <dd data-testid="bonus-balance">{money(symbol, b.balance)}</dd>
          </div>
        )}
        {b.released !== null && b.state === "completed" && (
          <div>
            <dt>{t("bonus.released")}</dt>
            <dd data-testid="bonus-released">{money(symbol, b.released)}</dd>
          </div>
        )}
      </dl>
      <div
        className="bonus-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={b.progress}
        aria-label={t("bonus.progress")}
        data-testid="bonus-progress"
      >
        <span style={{ width: `${b.progress}%` }} />
      </div>
      <p className="bonus-progress-text" data-testid="bonus-wagered">
        {t("bonus.wagered", {
          wagered: money(symbol, b.wagered),
          required: money(symbol, b.wageringRequired),
        })}
      </p>
      <details className="bonus-rules">
        <summary>{t("bonus.rules")}</summary>
        <ul>
          <li>{t("bonus.ruleContributions", { rates })}</li>
          {b.maxBet && <li>{t("bonus.ruleMaxBet", { amount: money(symbol, b.maxBet) })}</li>}
          {b.maxConversion && (
            <li>{t("bonus.ruleMaxConversion", { amount: money(symbol, b.maxConversion) })}</li>
          )}
          <li>{t("bonus.ruleExpires", { when: when(b.expiresAt) })}</li>
          {b.forfeitOnWithdrawal && <li>{t("bonus.ruleWithdrawal")}</li>}
        </ul>
      </details>
      <details className="bonus-history">
        <summary>{t("bonus.history")}</summary>
        <ol>
          {b.history.map((h) => (
            <li key={`${h.kind}-${h.time}-${h.wageredAfter}`}>
              <time>{when(h.time)}</time> {t(`bonus.event.${h.kind}`)} {money(symbol, h.amount)}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
