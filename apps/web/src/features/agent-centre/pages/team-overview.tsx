import "../../i18n/texts/agent.ts";
import type { TeamOverviewValue } from "@panalo/contracts/agents";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoneyString } from "../../../lib/format.ts";
import { useAgentQuery } from "../agent-api.ts";
import { BarChart } from "../bar-chart.tsx";
import { PeriodFilter, usePeriod } from "../period-filter.tsx";

const MONEY = ["deposits", "withdrawals", "bets", "validBets", "wins", "profitLoss"] as const;
const COUNTS = ["teamSize", "newMembers", "activeMembers"] as const;

/** spec §2 agent centre "team overview": the team's figures over a period, with a chart. */
export default function TeamOverview() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod(6);
  const { data, isError } = useAgentQuery<TeamOverviewValue>("/wps/agent/team/overview", { ...period });
  return (
    <div>
      <PeriodFilter value={period} onChange={setPeriod} />
      {isError && <p className="form-error">{t("agent.loadFailed")}</p>}
      {data && (
        <>
          <dl className="agent-figures" data-testid="team-overview">
            {COUNTS.map((k) => (
              <div key={k} className="agent-figure">
                <dt>{t(`agent.fig.${k}`)}</dt>
                <dd data-testid={`team-${k}`}>{data[k]}</dd>
              </div>
            ))}
            {MONEY.map((k) => (
              <div key={k} className="agent-figure">
                <dt>{t(`agent.fig.${k}`)}</dt>
                <dd data-testid={`team-${k}`}>{formatMoneyString(data[k])}</dd>
              </div>
            ))}
          </dl>
          <Chart days={data.days} label={t("agent.chart")} />
        </>
      )}
    </div>
  );
}

/** Valid bets per day: a labelled chart and, for a screen reader or a closer look, the table. */
function Chart({ days, label }: { days: TeamOverviewValue["days"]; label: string }) {
  const { t, i18n } = useTranslation();
  const labels = days.map((d) => formatDate(`${d.day}T12:00:00+08:00`, i18n.language));
  const total = days.reduce((sum, d) => sum + Number(d.validBets), 0);
  return (
    <>
      <BarChart
        labels={labels}
        series={[
          { key: "validBets", label, className: "bar-gross", values: days.map((d) => Number(d.validBets)) },
        ]}
        format={(v) => formatMoneyString(v.toFixed(2))}
        title={label}
        summary={`${labels[0] ?? ""} – ${labels.at(-1) ?? ""}: ${formatMoneyString(total.toFixed(2))}`}
        testId="team-chart"
      />
      <details>
        <summary>{t("agent.showTable")}</summary>
        <table className="agent-table">
          <thead>
            <tr>
              <th scope="col">{t("agent.day")}</th>
              <th scope="col" className="num">
                {label}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row" data-label={t("agent.day")}>
                  {labels[i]}
                </th>
                <td className="num" data-label={label}>
                  {formatMoneyString(d.validBets)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
