import "../../i18n/texts/agent.ts";
import { isAgentType } from "@panalo/contracts/agent-types";
import type { TeamMemberRow } from "@panalo/contracts/agents";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatDateTime, formatMoneyString } from "../../../lib/format.ts";
import { setOfferDownline, useConsolidatedContractInfo } from "../../agent-contracts/contracts-api.ts";
import { agentContractPages } from "../../agent-contracts/pages.ts";
import { useAgentQuery } from "../agent-api.ts";
import { agentPagePath } from "../paths.ts";
import { Pager } from "../period-filter.tsx";

const PAGE = 20;

/**
 * spec §2 agent centre "team management": the downlines with level, type, balance, last login
 * and contract; search by name; drill into a downline agent's own team; set or change a direct
 * downline agent's contract (opens the first contract page the agent has, the downline chosen).
 */
export default function TeamManagement() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState("");
  const [under, setUnder] = useState<{ id: number; name: string } | null>(null);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const { data } = useAgentQuery<{ items: TeamMemberRow[]; total: number }>("/wps/agent/team/members", {
    q,
    under: under?.id,
    page,
    pageSize: PAGE,
  });
  const contractInfo = useConsolidatedContractInfo();
  const offerPage = agentContractPages.find((p) => p.visible?.(contractInfo.data));
  /** "kind rate%, …" from the server, each kind in the reader's language. */
  const contractText = (line: string | null) =>
    line
      ?.split(", ")
      .map((item) => {
        const [kind = "", rate = ""] = item.split(" ");
        return `${t(`agentContracts.title.${kind}`, { defaultValue: kind })} ${rate}`;
      })
      .join(", ") ?? "—";
  return (
    <div>
      <div className="agent-filters">
        <input
          type="search"
          className="input input-sm"
          placeholder={t("agent.username")}
          aria-label={t("agent.username")}
          value={q}
          maxLength={40}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          data-testid="team-search"
        />
        {under && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setUnder(null)}>
            {t("agent.backToAll")} ({under.name})
          </button>
        )}
      </div>
      <table className="agent-table" data-testid="team-table">
        <thead>
          <tr>
            <th>{t("agent.username")}</th>
            <th>{t("agent.level")}</th>
            <th>{t("agent.accountType")}</th>
            <th>{t("agent.upline")}</th>
            <th className="num">{t("agent.balance")}</th>
            <th>{t("agent.lastLogin")}</th>
            <th>{t("agent.contract")}</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((m) => (
            <tr key={m.id} data-testid={`team-row-${m.username}`}>
              <td data-label={t("agent.username")}>
                {m.teamSize > 0 ? (
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => setUnder({ id: m.id, name: m.username })}
                  >
                    {m.username} ({m.teamSize})
                  </button>
                ) : (
                  m.username
                )}
              </td>
              <td data-label={t("agent.level")}>{m.level}</td>
              <td data-label={t("agent.accountType")}>
                {t(`agent.type.${m.isAgent}`, { defaultValue: String(m.isAgent) })}
              </td>
              <td data-label={t("agent.upline")}>{m.uplineName ?? ""}</td>
              <td className="num" data-label={t("agent.balance")}>
                {formatMoneyString(m.balance)}
              </td>
              <td data-label={t("agent.lastLogin")}>
                {m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language) : "—"}
              </td>
              <td data-label={t("agent.contract")}>
                {contractText(m.contract)}
                {offerPage && m.level === 1 && isAgentType(m.isAgent) && (
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => {
                      setOfferDownline(m.id);
                      navigate(agentPagePath(offerPage.key));
                    }}
                    data-testid={`team-contract-${m.username}`}
                  >
                    {" "}
                    {m.contract ? t("agent.changeContract") : t("agent.setContract")}
                  </button>
                )}
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
