import "../i18n/texts/agent.ts";
import type { ContractKind } from "@panalo/contracts/agent-contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/field.tsx";
import { useBalance } from "../account/member-api.ts";
import { money } from "../member-centre/wallet/money.ts";
import { Pager } from "../member-centre/wallet/pager.tsx";
import { BillsTable } from "./contract-page.tsx";
import { useIncome } from "./contracts-api.ts";
import "./agent-contracts.css";

const KINDS: ContractKind[] = ["dividend", "daily_salary", "hourly_salary", "realtime_salary"];
const PAGE_SIZE = 20;

/**
 * "My income" (spec §2 agent centre): every commission and salary settled for the agent, by
 * period and by contract, newest first, with the total paid. Each row is a bill of a
 * settlement run; a paid one is a ledger movement of type dividend or salary.
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useBalance().data?.currencySymbol;
  const [kind, setKind] = useState<ContractKind | "">("");
  const [page, setPage] = useState(1);
  const q = { ...(kind ? { kind } : {}), page, pageSize: PAGE_SIZE };
  const { data, isPending, isError, refetch } = useIncome(q);
  return (
    <div className="agent-contract-page" data-testid="agent-income">
      <h2>{t("agentContracts.menu.myIncome")}</h2>
      <Field id={`${id}-kind`} label={t("agentContracts.col.kind")}>
        <select
          id={`${id}-kind`}
          className="input"
          value={kind}
          onChange={(e) => {
            setKind(KINDS.find((k) => k === e.target.value) ?? "");
            setPage(1);
          }}
          data-testid="income-kind"
        >
          <option value="">{t("agentContracts.allKinds")}</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`agentContracts.title.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      {isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : isError ? (
        <p className="form-error" role="alert">
          {t("agentContracts.loadFailed")}{" "}
          <button type="button" className="link-btn" onClick={() => void refetch()}>
            {t("common.retry")}
          </button>
        </p>
      ) : (
        <>
          <p data-testid="income-total">
            {t("agentContracts.totalPaid")}: <strong>{money(symbol, data.paidTotal)}</strong>
          </p>
          <BillsTable bills={data.items} testId="income-table" />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="income-pager" />
        </>
      )}
    </div>
  );
}
