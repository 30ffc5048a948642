import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatWindow } from "../../lib/dates.ts";
import { TYPE_LABELS } from "./promotion-form.ts";
import { REPORT_EXPORT_URL, usePromotionReport } from "./promotions-api.ts";

const COLUMNS = 7;

/**
 * Per promotion, its cost (rewards the players claimed), what was offered,
 * its players and the wagering they turned over (valid bets during the promotion's period).
 */
export function PromotionReportPage() {
  const report = usePromotionReport();
  return (
    <>
      <PageHeader
        title="Promotion report"
        description="Cost, players and wagering per promotion. Wagering counts the participants' bets that were not rolled back, placed within the promotion's period."
        actions={
          <a className="btn" href={REPORT_EXPORT_URL} download data-testid="promotion-report-export">
            Export CSV
          </a>
        }
      />
      <div className="table-wrap">
        <table className="table" aria-busy={report.isPending}>
          <thead>
            <tr>
              <th scope="col">Promotion</th>
              <th scope="col">Type</th>
              <th scope="col">Period</th>
              <th scope="col" className="num">
                Players
              </th>
              <th scope="col" className="num">
                Cost (claimed)
              </th>
              <th scope="col" className="num">
                Offered
              </th>
              <th scope="col" className="num">
                Wagering
              </th>
            </tr>
          </thead>
          <tbody>
            {report.isPending && <SkeletonRows columns={COLUMNS} />}
            {report.isError && <ErrorRow columns={COLUMNS} onRetry={() => report.refetch()} />}
            {report.data && report.data.list.length === 0 && (
              <EmptyRow columns={COLUMNS} title="No promotions yet." />
            )}
            {report.data?.list.map((r) => (
              <tr key={r.promotionId} data-testid={`promotion-report-${r.promotionId}`}>
                <td className="cell-text">{r.title}</td>
                <td>{TYPE_LABELS[r.type]}</td>
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
