import "../../i18n/texts/wallet.ts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Field } from "../../../components/field.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useBalance } from "../../account/member-api.ts";
import { useLocale } from "../wallet/locale.ts";
import { money } from "../wallet/money.ts";
import { Pager } from "../wallet/pager.tsx";
import {
  checkRange,
  daysBefore,
  KNOWN_TYPES,
  manilaToday,
  TYPE_GROUP_IDS,
  TYPE_GROUPS,
  type TypeGroup,
} from "../wallet/record-filters.ts";
import {
  type AccountRecord,
  type RecordsQuery,
  useAccountRecords,
  useRefreshOnBalancePush,
} from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";

const PAGE_SIZE = 15;
const QUICK_RANGES = [
  { id: "today", days: 0 },
  { id: "week", days: 6 },
  { id: "month", days: 29 },
] as const;

interface Filters {
  startDate: string;
  endDate: string;
  group: TypeGroup;
}

/**
 * transactionHistory, the account record (spec §2, §7 ODSFE2_MemTransDet): every movement of
 * the player's wallets in a range of Manila days, by type, newest first, with the balance after
 * each, a page at a time. Nothing here is computed in the browser: each row is a ledger entry.
 */
export default function TransactionHistoryPage() {
  const { t } = useTranslation();
  const id = useId();
  useRefreshOnBalancePush();
  const today = manilaToday();
  const [draft, setDraft] = useState<Filters>({
    startDate: daysBefore(today, 6),
    endDate: today,
    group: "all",
  });
  const [applied, setApplied] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | undefined>();

  const apply = (next: Filters) => {
    const problem = checkRange(next.startDate, next.endDate);
    setRangeError(problem ? t(`wallet.records.range.${problem}`) : undefined);
    if (problem) return;
    setApplied(next);
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  const types = TYPE_GROUPS[applied.group];
  const query: RecordsQuery = {
    startDate: applied.startDate,
    endDate: applied.endDate,
    ...(types.length > 0 ? { types: [...types] } : {}),
    page,
    pageSize: PAGE_SIZE,
  };

  return (
    <div className="wallet-page" data-testid="wallet-records">
      <h2>{t("member.page.transactionHistory")}</h2>
      <form className="record-filters" onSubmit={submit} noValidate data-testid="records-filters">
        <Field id={`${id}-start`} label={t("wallet.records.from")} error={rangeError}>
          <input
            id={`${id}-start`}
            type="date"
            className="input"
            max={today}
            value={draft.startDate}
            onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))}
            data-testid="records-start"
          />
        </Field>
        <Field id={`${id}-end`} label={t("wallet.records.to")}>
          <input
            id={`${id}-end`}
            type="date"
            className="input"
            max={today}
            value={draft.endDate}
            onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))}
            data-testid="records-end"
          />
        </Field>
        <Field id={`${id}-type`} label={t("wallet.records.type")}>
          <select
            id={`${id}-type`}
            className="input"
            value={draft.group}
            onChange={(e) => {
              const group = TYPE_GROUP_IDS.find((g) => g === e.target.value) ?? "all";
              setDraft((d) => ({ ...d, group }));
            }}
            data-testid="records-type"
          >
            {TYPE_GROUP_IDS.map((g) => (
              <option key={g} value={g}>
                {t(`wallet.records.group.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary" data-testid="records-search">
          {t("wallet.records.search")}
        </button>
      </form>
      <fieldset className="quick-amounts">
        <legend className="sr-only">{t("wallet.records.quick")}</legend>
        {QUICK_RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            className="chip"
            onClick={() => {
              const next = { ...draft, startDate: daysBefore(today, r.days), endDate: today };
              setDraft(next);
              apply(next);
            }}
            data-testid={`records-range-${r.id}`}
          >
            {t(`wallet.records.quickRange.${r.id}`)}
          </button>
        ))}
      </fieldset>
      <RecordsTable query={query} onPage={setPage} />
    </div>
  );
}

function RecordsTable({ query, onPage }: { query: RecordsQuery; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const { data, isPending, isError, isFetching, refetch } = useAccountRecords(query);
  const typeName = (type: string) => (KNOWN_TYPES.includes(type) ? t(`wallet.recordType.${type}`) : type);
  const walletName = (wallet: string) =>
    wallet.startsWith("vendor:")
      ? t("wallet.walletName.vendor", { vendor: wallet.slice("vendor:".length) })
      : ["main", "bonus", "hold", "play"].includes(wallet)
        ? t(`wallet.walletName.${wallet}`)
        : wallet;

  if (isPending) return <span className="spinner" aria-hidden="true" />;
  if (isError)
    return (
      <p className="form-error" role="alert">
        {t("wallet.loadFailed")}{" "}
        <button type="button" className="link-btn" onClick={() => void refetch()}>
          {t("common.retry")}
        </button>
      </p>
    );
  if (data.items.length === 0) return <EmptyState title={t("wallet.records.none")} />;
  return (
    <>
      <div className="table-scroll" aria-busy={isFetching || undefined}>
        <table className="table wallet-table" data-testid="records-table">
          <thead>
            <tr>
              <th>{t("wallet.col.time")}</th>
              <th>{t("wallet.col.type")}</th>
              <th>{t("wallet.col.wallet")}</th>
              <th className="num">{t("wallet.col.amount")}</th>
              <th className="num">{t("wallet.col.balanceAfter")}</th>
              <th>{t("wallet.col.reference")}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((r: AccountRecord) => (
              <tr key={r.id} data-testid="record-row" data-type={r.type} data-wallet={r.wallet}>
                <td data-label={t("wallet.col.time")}>{formatDateTime(r.time, locale)}</td>
                <td data-label={t("wallet.col.type")} data-testid="record-type">
                  {typeName(r.type)}
                  {r.state ? (
                    <>
                      {" "}
                      <span className="muted" data-testid="record-state" data-state={r.state}>
                        ({t(`wallet.withdrawalStatus.${r.state}`)})
                      </span>
                    </>
                  ) : null}
                </td>
                <td data-label={t("wallet.col.wallet")}>{walletName(r.wallet)}</td>
                <td
                  data-label={t("wallet.col.amount")}
                  className={r.amount.startsWith("-") ? "num amount-out" : "num amount-in"}
                  data-testid="record-amount"
                >
                  {r.amount.startsWith("-") ? "" : "+"}
                  {money(symbol, r.amount)}
                </td>
                <td data-label={t("wallet.col.balanceAfter")} className="num" data-testid="record-balance">
                  {r.balanceAfter === null ? "—" : money(symbol, r.balanceAfter)}
                </td>
                <td data-label={t("wallet.col.reference")} data-testid="record-reference">
                  {r.reference ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={query.page}
        pageSize={query.pageSize}
        total={data.total}
        onPage={onPage}
        testId="records-pager"
      />
    </>
  );
}
