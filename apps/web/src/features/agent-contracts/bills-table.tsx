import "../i18n/texts/agent.ts";
import type { BillView } from "@panalo/contracts/agent-contracts";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { useBalance } from "../account/member-api.ts";
import { money } from "../member-centre/wallet/money.ts";
import { bpToPercent } from "./rates.ts";

const MANILA_TZ = "Asia/Manila";

/** The settlements (bills) of an agent: period, contract, valid bets, rate, amount, state. */
export function BillsTable({ bills, testId = "contract-bills" }: { bills: BillView[]; testId?: string }) {
  const { t } = useTranslation();
  const symbol = useBalance().data?.currencySymbol;
  if (bills.length === 0) return <EmptyState title={t("agentContracts.noneBills")} />;
  return (
    <table className="agent-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t("agentContracts.col.period")}</th>
          <th scope="col">{t("agentContracts.col.kind")}</th>
          <th scope="col" className="num">
            {t("agentContracts.col.validBet")}
          </th>
          <th scope="col" className="num">
            {t("agentContracts.col.rate")}
          </th>
          <th scope="col" className="num">
            {t("agentContracts.col.amount")}
          </th>
          <th scope="col">{t("agentContracts.col.status")}</th>
        </tr>
      </thead>
      <tbody>
        {bills.map((b) => (
          <tr key={b.id} data-testid="bill-row" data-status={b.status} data-contract={b.contractId}>
            <td data-label={t("agentContracts.col.period")}>{periodLabel(b)}</td>
            <td data-label={t("agentContracts.col.kind")}>{t(`agentContracts.title.${b.kind}`)}</td>
            <td className="num" data-label={t("agentContracts.col.validBet")}>
              {money(symbol, b.validBet)}
            </td>
            <td className="num" data-label={t("agentContracts.col.rate")}>
              {bpToPercent(b.rateBp)}%
            </td>
            <td
              className="num amount-in"
              data-label={t("agentContracts.col.amount")}
              data-testid="bill-amount"
            >
              {money(symbol, b.amount)}
            </td>
            <td data-label={t("agentContracts.col.status")}>{t(`agentContracts.billStatus.${b.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "2026-03-02 00:00 – 2026-03-03 00:00" in Manila time, as the period was settled. */
function periodLabel(b: BillView): string {
  const f = new Intl.DateTimeFormat("en-CA", {
    timeZone: MANILA_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${f.format(new Date(b.windowStart)).replace(",", "")} – ${f.format(new Date(b.windowEnd)).replace(",", "")}`;
}
