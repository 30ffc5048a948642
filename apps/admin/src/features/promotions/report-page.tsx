import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatWindow } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { PROMOTION_TYPE_KEYS } from "./promotion-editor.tsx";
import { REPORT_EXPORT_URL, usePromotionReport } from "./promotions-api.ts";

const COLUMNS = 7;

/**
 * Per promotion, its cost (rewards the players claimed), what was offered,
 * its players and the wagering they turned over (valid bets during the promotion's period).
 */
export function PromotionReportPage() {
  const t = useT();
  const report = usePromotionReport();
  return (
    <>
      <PageHeader
        title={t("promoReport.title")}
        description={t("promoReport.description")}
        actions={
          <a className="btn" href={REPORT_EXPORT_URL} download data-testid="promotion-report-export">
            {t("promoReport.export")}
          </a>
        }
      />
      <div className="table-wrap">
        <table className="table" aria-busy={report.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("applications.promotion")}</th>
              <th scope="col">{t("resources.type")}</th>
              <th scope="col">{t("missions.period")}</th>
              <th scope="col" className="num">
                {t("reports.cPlayers")}
              </th>
              <th scope="col" className="num">
                {t("promoReport.cost")}
              </th>
              <th scope="col" className="num">
                {t("bonus.offered")}
              </th>
              <th scope="col" className="num">
                {t("bonus.wagering")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.isPending && <SkeletonRows columns={COLUMNS} />}
            {report.isError && <ErrorRow columns={COLUMNS} onRetry={() => report.refetch()} />}
            {report.data && report.data.list.length === 0 && (
              <EmptyRow columns={COLUMNS} title={t("promotions.none")} />
            )}
            {report.data?.list.map((r) => (
              <tr key={r.promotionId} data-testid={`promotion-report-${r.promotionId}`}>
                <td className="cell-text">{r.title}</td>
                <td>{t(PROMOTION_TYPE_KEYS[r.type])}</td>
                <td className="cell-nowrap">{formatWindow(r.startsAt, r.endsAt)}</td>
                <td className="num">{r.players}</td>
                <td className="num">₱{r.cost}</td>
                <td className="num">₱{r.offered}</td>
                <td className="num">₱{r.turnover}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
