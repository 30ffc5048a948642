import "../../i18n/texts/centre.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { failureText } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useBalance } from "../../account/member-api.ts";
import { RaffleList } from "../rewards/raffle-list.tsx";
import { markRewardsSeen, useClaim, useRewardList } from "../rewards/rewards-api.ts";
import { useLocale } from "../wallet/locale.ts";
import { money } from "../wallet/money.ts";
import "../wallet/wallet.css";
import "../rewards/rewards.css";

/**
 * rewardCenter (spec §2): every reward waiting for the player — promotions,
 * rebates, raffle prizes, invite rewards — claimed one by one or all at once, and the history.
 * Opening the page marks the waiting ones seen, which clears the menu badge.
 */
export default function RewardCenterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const [tab, setTab] = useState<"waiting" | "history">("waiting");
  const [page, setPage] = useState(1);
  const list = useRewardList(tab, page);
  const claim = useClaim();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void markRewardsSeen().catch(() => undefined);
  }, []);

  const run = (target: Parameters<typeof claim.mutate>[0]) => {
    setNotice(null);
    setError(null);
    claim.mutate(target, {
      onSuccess: (r) =>
        setNotice(t("rewards.claimed", { amount: money(symbol, r.amount), count: r.claimed })),
      onError: (err) => setError(failureText(err, t("errors.unknown"), t("errors.network"))),
    });
  };

  const rows = list.data?.list ?? [];
  return (
    <div className="wallet-page rewards-page" data-testid="reward-center">
      <h2>{t("member.page.rewardCenter")}</h2>
      <div className="rewards-tabs" role="tablist">
        {(["waiting", "history"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? "rewards-tab active" : "rewards-tab"}
            onClick={() => {
              setTab(k);
              setPage(1);
            }}
            data-testid={`rewards-tab-${k}`}
          >
            {t(`rewards.tab.${k}`)}
          </button>
        ))}
      </div>
      {tab === "waiting" && list.data && rows.length > 0 && (
        <div className="rewards-summary">
          <span>
            {t("rewards.waitingTotal")}:{" "}
            <strong data-testid="rewards-total">{money(symbol, list.data.waitingTotal)}</strong>
          </span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={claim.isPending}
            onClick={() => run({ kind: "all" })}
            data-testid="rewards-claim-all"
          >
            {t("rewards.claimAll")}
          </button>
        </div>
      )}
      {notice && (
        <p className="form-notice" role="status" data-testid="rewards-notice">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="rewards-error">
          {error}
        </p>
      )}
      {list.isLoading && <span className="spinner" aria-hidden="true" />}
      {list.data && rows.length === 0 && (
        <EmptyState title={t(tab === "waiting" ? "rewards.emptyWaiting" : "rewards.emptyHistory")} />
      )}
      <ul className="rewards-list">
        {rows.map((r) => (
          <li key={r.id} className="reward-card" data-testid="reward-item">
            <div className="reward-main">
              <span className="reward-source">{t(`rewards.source.${r.source}`)}</span>
              <strong className="reward-title">{r.title}</strong>
              <span className="muted">
                {r.expiresAt && r.state === "waiting"
                  ? t("rewards.expires", { date: formatDateTime(r.expiresAt, locale) })
                  : formatDateTime(r.claimedAt ?? r.createdAt, locale)}
              </span>
            </div>
            <div className="reward-side">
              <span className="reward-amount" data-testid="reward-amount">
                {money(symbol, r.amount)}
              </span>
              {r.state === "waiting" ? (
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={claim.isPending}
                  onClick={() => run({ kind: "one", id: r.id })}
                  data-testid="reward-claim"
                >
                  {t("rewards.claim")}
                </button>
              ) : (
                <span className={`status-badge status-${r.state}`}>{t(`rewards.state.${r.state}`)}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {list.data && list.data.totalPages > 1 && (
        <div className="rewards-pager">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("rewards.prev")}
          </button>
          <span>
            {page} / {list.data.totalPages}
          </span>
          <button
            type="button"
            className="btn"
            disabled={page >= list.data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t("rewards.next")}
          </button>
        </div>
      )}
      <RaffleList onClaim={(raffleId) => run({ kind: "raffle", raffleId })} busy={claim.isPending} />
    </div>
  );
}
