import "../../i18n/texts/agent.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoneyString } from "../../../lib/format.ts";
import { useAgentQuery } from "../agent-api.ts";
import { Pager, PeriodFilter, usePeriod } from "../period-filter.tsx";

interface Row {
  id: number;
  username: string;
  type: string;
  amount: string;
  balanceAfter: string | null;
  time: string;
}
const PAGE = 20;
const TYPES = ["", "deposit", "withdrawal", "transfer", "adjustment", "bet", "win", "other"] as const;

/** A ledger type as the reader's language names it ("withdrawal_paid" is a withdrawal). */
function txKind(type: string): string {
  if (type.startsWith("withdrawal")) return "withdrawal";
  return (KNOWN as readonly string[]).includes(type) ? type : "other";
}
const KNOWN = ["deposit", "transfer", "adjustment", "bet", "win", "salary", "dividend", "refund"] as const;

/** spec §2 agent centre "downline transaction details": the team's ledger movements. */
export default function DownlineTransactions() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = usePeriod(6);
  const [username, setUsername] = useState("");
  const [type, setType] = useState<(typeof TYPES)[number]>("");
  const [page, setPage] = useState(1);
  const { data } = useAgentQuery<{ items: Row[]; total: number }>("/wps/agent/team/transactions", {
    ...period,
    username,
    type,
    page,
    pageSize: PAGE,
  });
  return (
    <div>
      <PeriodFilter value={period} onChange={setPeriod} username={username} onUsername={setUsername} />
      <div className="agent-filters">
        <select
          className="input input-sm"
          aria-label={t("agent.txType")}
          value={type}
          onChange={(e) => setType(e.target.value as (typeof TYPES)[number])}
          data-testid="tx-type"
        >
          {TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`agent.tx.${v || "all"}`)}
            </option>
          ))}
        </select>
      </div>
      <table className="agent-table" data-testid="team-transactions">
        <thead>
          <tr>
            <th>{t("agent.time")}</th>
            <th>{t("agent.username")}</th>
            <th>{t("agent.txType")}</th>
            <th className="num">{t("agent.amount")}</th>
            <th className="num">{t("agent.balance")}</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((r) => (
            <tr key={`${r.id}-${r.username}`}>
              <td data-label={t("agent.time")}>{formatDateTime(r.time, i18n.language)}</td>
              <td data-label={t("agent.username")}>{r.username}</td>
              <td data-label={t("agent.txType")} data-testid="tx-type-cell">
                {t(`agent.tx.${txKind(r.type)}`)}
              </td>
              <td className="num" data-label={t("agent.amount")}>
                {formatMoneyString(r.amount)}
              </td>
              <td className="num" data-label={t("agent.balance")}>
                {r.balanceAfter === null ? "—" : formatMoneyString(r.balanceAfter)}
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
