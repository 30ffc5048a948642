import "../../i18n/texts/agent.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoneyString } from "../../../lib/format.ts";
import { useAgentQuery } from "../agent-api.ts";
import { Pager, PeriodFilter, usePeriod } from "../period-filter.tsx";

interface Row {
  id: number;
  username: string;
  deposits: string;
  withdrawals: string;
  bets: string;
  validBets: string;
  wins: string;
  profitLoss: string;
}
const PAGE = 20;
const COLS = ["deposits", "withdrawals", "bets", "validBets", "wins", "profitLoss"] as const;

/** spec §2 agent centre "user profit and loss": each team member over the period. */
export default function UserProfit() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod(6);
  const [username, setUsername] = useState("");
  const [page, setPage] = useState(1);
  const { data } = useAgentQuery<{ items: Row[]; total: number }>("/wps/agent/team/profit", {
    ...period,
    username,
    page,
    pageSize: PAGE,
  });
  return (
    <div>
      <PeriodFilter value={period} onChange={setPeriod} username={username} onUsername={setUsername} />
      <table className="agent-table" data-testid="team-profit">
        <thead>
          <tr>
            <th>{t("agent.username")}</th>
            {COLS.map((c) => (
              <th key={c} className="num">
                {t(`agent.fig.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data?.items.map((r) => (
            <tr key={r.id}>
              <td data-label={t("agent.username")}>{r.username}</td>
              {COLS.map((c) => (
                <td key={c} className="num" data-label={t(`agent.fig.${c}`)}>
                  {formatMoneyString(r[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {data?.items.length === 0 && <p>{t("agent.empty")}</p>}
      <Pager page={page} total={data?.total ?? 0} pageSize={PAGE} onPage={setPage} />
    </div>
  );
}
