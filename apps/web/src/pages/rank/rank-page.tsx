import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { useRanking } from "../../features/loyalty/loyalty-api.ts";
import { formatMoneyString } from "../../lib/format.ts";
import "../shared/pages.css";

/** spec §9 / §2: the top-20 deposit and top-20 valid-bet rankings. */
const RANK_SIZE = 20;

/**
 * spec §2 /deposit-rank and /bet-rank. The top menu links here only when the operator has the
 * ranking's banner group (w_deposit20 / w_bet20), shown in the banner area above. The list is
 * the platform's snapshot (refreshed on a schedule), names masked.
 */
export default function RankPage() {
  const { t } = useTranslation();
  const deposit = useLocation().pathname === "/deposit-rank";
  const rank = useRanking(deposit ? "deposit" : "bet");
  const rows = rank.data?.rows ?? [];
  return (
    <div className="page container" data-testid="page-rank" data-rank={deposit ? "deposit" : "bet"}>
      <PageTitle
        title={t(deposit ? "title.depositRank" : "title.betRank")}
        lead={t("rank.lead", { n: RANK_SIZE })}
      />
      <div className="card table-card table-wrap">
        <table className="table">
          <caption className="sr-only">{t(deposit ? "title.depositRank" : "title.betRank")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rank.position")}</th>
              <th scope="col">{t("rank.player")}</th>
              <th scope="col">{t(deposit ? "rank.deposit" : "rank.validBet")}</th>
            </tr>
          </thead>
          <tbody data-testid="rank-rows">
            {rows.map((r) => (
              <tr key={r.rank}>
                <td>{r.rank}</td>
                <td>{r.name}</td>
                <td>{formatMoneyString(r.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <EmptyState icon="trophy" title={t("rank.empty")} />}
      </div>
    </div>
  );
}
