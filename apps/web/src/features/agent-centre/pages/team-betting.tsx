import "../../i18n/texts/agent.ts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoneyString } from "../../../lib/format.ts";
import { useAgentQuery } from "../agent-api.ts";
import { Pager, PeriodFilter, usePeriod } from "../period-filter.tsx";

interface Row {
  key: string;
  rounds: number;
  bets: string;
  validBets: string;
  wins: string;
  profitLoss: string;
}
const PAGE = 20;

/** spec §2 agent centre "team betting": the team's bets by game category or by member. */
export default function TeamBetting() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod(6);
  const [by, setBy] = useState<"category" | "member">("category");
  const [username, setUsername] = useState("");
  const [page, setPage] = useState(1);
  const { data, isPlaceholderData } = useAgentQuery<{ items: Row[]; total: number }>("/wps/agent/team/bets", {
    ...period,
    by,
    username,
    page,
    pageSize: PAGE,
  });
  const first = by === "category" ? t("agent.category") : t("agent.username");
  // A category is the vendor's game type (RNG, LIVE, …, or OTHER for a vendor without one): the
  // site's name for it in the reader's language, never the server's code.
  // Rows still shown from the other grouping while the new one loads are named as that grouping.
  const dataBy = useRef(by);
  if (!isPlaceholderData) dataBy.current = by;
  const keyText = (key: string) =>
    dataBy.current === "category" ? t(`category.${key}`, { defaultValue: t("agent.categoryOther") }) : key;
  return (
    <div>
      <PeriodFilter value={period} onChange={setPeriod} username={username} onUsername={setUsername} />
      <div className="agent-filters">
        {(["category", "member"] as const).map((b) => (
          <button
            key={b}
            type="button"
            className={b === by ? "btn btn-gold btn-sm" : "btn btn-outline btn-sm"}
            onClick={() => {
              setBy(b);
              setPage(1);
            }}
            data-testid={`bets-by-${b}`}
          >
            {t(`agent.by.${b}`)}
          </button>
        ))}
      </div>
      <table className="agent-table" data-testid="team-bets">
        <thead>
          <tr>
            <th>{first}</th>
            <th className="num">{t("agent.rounds")}</th>
            <th className="num">{t("agent.fig.bets")}</th>
            <th className="num">{t("agent.fig.validBets")}</th>
            <th className="num">{t("agent.fig.wins")}</th>
            <th className="num">{t("agent.fig.profitLoss")}</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((r) => (
            <tr key={r.key}>
              <td data-label={first} data-key={r.key} data-testid="team-bets-key">
                {keyText(r.key)}
              </td>
              <td className="num" data-label={t("agent.rounds")}>
                {r.rounds}
              </td>
              <td className="num" data-label={t("agent.fig.bets")}>
                {formatMoneyString(r.bets)}
              </td>
              <td className="num" data-label={t("agent.fig.validBets")}>
                {formatMoneyString(r.validBets)}
              </td>
              <td className="num" data-label={t("agent.fig.wins")}>
                {formatMoneyString(r.wins)}
              </td>
              <td className="num" data-label={t("agent.fig.profitLoss")}>
                {formatMoneyString(r.profitLoss)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data?.items.length === 0 && <p>{t("agent.empty")}</p>}
      <Pager page={page} total={data?.total ?? 0} pageSize={PAGE} onPage={setPage} />
    </div>
  );
}
