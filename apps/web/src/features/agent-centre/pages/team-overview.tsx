import "../../i18n/texts/agent.ts";
import type { TeamOverviewValue } from "@panalo/contracts/agents";
import { useTranslation } from "react-i18next";
import { formatMoneyString } from "../../../lib/format.ts";
import { useAgentQuery } from "../agent-api.ts";
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

/** Valid bets per day as bars (an SVG drawn here; no chart library for one small chart). */
function Chart({ days, label }: { days: TeamOverviewValue["days"]; label: string }) {
  const values = days.map((d) => Number(d.validBets));
  const max = Math.max(1, ...values.map(Math.abs));
  const w = 100 / Math.max(1, days.length);
  return (
    <svg
      className="agent-chart"
      viewBox="0 0 100 50"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {days.map((d, i) => {
        const h = (Math.abs(Number(d.validBets)) / max) * 48;
        return (
          <rect
            key={d.day}
            className={Number(d.validBets) < 0 ? "bar negative" : "bar"}
            x={i * w + w * 0.1}
            y={50 - h}
            width={w * 0.8}
            height={h}
          >
            <title>{`${d.day}: ${d.validBets}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
