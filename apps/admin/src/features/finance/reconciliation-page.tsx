import "./finance.css";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTimeSeconds } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import {
  type AccountCheck,
  type Reconciliation,
  reconciliationKey,
  useAccountChecks,
  useDailyReports,
  useReconciliation,
} from "./ledger-api.ts";
import { money } from "./money.ts";

const PAGE_SIZE = 100;
const COLUMNS = 7;

function Check({ ok, testId }: { ok: boolean; testId?: string }) {
  const t = useT();
  return (
    <span className={ok ? "check-ok" : "check-broken"} data-testid={testId} data-ok={ok}>
      {ok ? t("recon.ok") : t("recon.broken")}
    </span>
  );
}

/** The verdict first, in green or red, then the three checks it is made of. */
function Summary({ r, ranAt }: { r: Reconciliation; ranAt: number }) {
  const t = useT();
  const totals = Object.entries(r.totals);
  return (
    <>
      <div
        className={`verdict ${r.ok ? "verdict--ok" : "verdict--broken"}`}
        role="status"
        data-testid="reconciliation-verdict"
        data-ok={r.ok}
      >
        <span className="verdict-mark" aria-hidden="true">
          {r.ok ? "✓" : "!"}
        </span>
        <span>
          {r.ok
            ? t("recon.balances", { accounts: r.accounts, transactions: r.transactions })
            : t("recon.notBalanced")}
          <span className="cell-sub">{t("recon.runAt", { at: formatDateTimeSeconds(ranAt) })}</span>
        </span>
      </div>
      <div className="table-wrap section">
        <table className="table" data-testid="reconciliation-checks">
          <thead>
            <tr>
              <th scope="col">{t("recon.check")}</th>
              <th scope="col">{t("recon.result")}</th>
              <th scope="col">{t("recon.found")}</th>
            </tr>
          </thead>
          <tbody>
            <tr className={r.balanceMismatches.length ? "row-broken" : ""}>
              <td>{t("recon.checkBalances")}</td>
              <td>
                <Check ok={r.balanceMismatches.length === 0} testId="check-balances" />
              </td>
              <td>
                {r.balanceMismatches.length === 0
                  ? t("recon.accountsChecked", { n: r.accounts })
                  : r.balanceMismatches
                      .map((m) =>
                        t("recon.mismatch", {
                          id: m.accountId,
                          stored: money(m.stored),
                          sum: money(m.sum),
                        }),
                      )
                      .join("; ")}
              </td>
            </tr>
            <tr className={r.unbalancedTransactions.length ? "row-broken" : ""}>
              <td>{t("recon.checkTransactions")}</td>
              <td>
                <Check ok={r.unbalancedTransactions.length === 0} testId="check-transactions" />
              </td>
              <td>
                {r.unbalancedTransactions.length === 0
                  ? t("recon.transactionsChecked", { n: r.transactions })
                  : t("recon.unbalanced", { ids: r.unbalancedTransactions.join(", ") })}
              </td>
            </tr>
            {totals.length === 0 && (
              <tr>
                <td>{t("recon.checkTotal")}</td>
                <td>
                  <Check ok testId="check-total" />
                </td>
                <td>{t("recon.noEntries")}</td>
              </tr>
            )}
            {totals.map(([currency, total]) => (
              <tr key={currency} className={total === "0.00" ? "" : "row-broken"}>
                <td>{t("recon.checkTotalOf", { currency })}</td>
                <td>
                  <Check ok={total === "0.00"} testId={`check-total-${currency}`} />
                </td>
                <td data-testid={`reconciliation-total-${currency}`}>{money(total, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Owner({ a }: { a: AccountCheck }) {
  const t = useT();
  if (a.memberId === null) return <span className="badge badge--muted">{t("recon.house")}</span>;
  return (
    <Link to={`/players/${a.memberId}/wallet`}>{a.username ?? t("recon.playerNo", { id: a.memberId })}</Link>
  );
}

function AccountsTable({ enabled }: { enabled: boolean }) {
  const t = useT();
  const onlyId = useId();
  const [problems, setProblems] = useState(false);
  const [page, setPage] = useState(1);
  const accounts = useAccountChecks(enabled, { page, pageSize: PAGE_SIZE, problems });
  const total = accounts.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="accounts-heading">
      <div className="section-header">
        <h2 id="accounts-heading">{t("recon.accounts")}</h2>
        <span className="muted">{t("recon.houseNote")}</span>
      </div>
      <div className="toolbar">
        <label className="inline-check" htmlFor={onlyId}>
          <input
            id={onlyId}
            type="checkbox"
            className="checkbox"
            checked={problems}
            data-testid="reconciliation-only-problems"
            onChange={(e) => {
              setProblems(e.target.checked);
              setPage(1);
            }}
          />
          {t("recon.onlyProblems")}
        </label>
        <span className="toolbar-count">{accounts.data ? rangeText(page, PAGE_SIZE, total) : ""}</span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={accounts.isFetching} data-testid="reconciliation-accounts">
          <thead>
            <tr>
              <th scope="col">{t("recon.account")}</th>
              <th scope="col">{t("recon.owner")}</th>
              <th scope="col">{t("recon.kind")}</th>
              <th scope="col" className="num">
                {t("recon.balance")}
              </th>
              <th scope="col" className="num">
                {t("recon.sumOfEntries")}
              </th>
              <th scope="col" className="num">
                {t("recon.entries")}
              </th>
              <th scope="col">{t("recon.check")}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.isPending && <SkeletonRows columns={COLUMNS} />}
            {accounts.isError && !accounts.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => accounts.refetch()} />
            )}
            {accounts.data?.items.length === 0 && (
              <EmptyRow columns={COLUMNS} title={problems ? t("recon.allAgree") : t("recon.noAccounts")} />
            )}
            {accounts.data?.items.map((a) => (
              <tr
                key={a.accountId}
                className={a.ok ? "" : "row-broken"}
                data-testid={`recon-account-${a.accountId}`}
                data-ok={a.ok}
              >
                <td>{a.accountId}</td>
                <td>
                  <Owner a={a} />
                </td>
                <td>
                  {a.kind.replace(/^house:/, "")} <span className="muted">{a.currency}</span>
                </td>
                <td className="num cell-nowrap">{money(a.balance ?? a.entriesSum)}</td>
                <td className="num cell-nowrap">{money(a.entriesSum)}</td>
                <td className="num">{a.entries}</td>
                <td>
                  <Check ok={a.ok} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t("recon.pages")} page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

/**
 * The daily reconciliation, run on demand: every account's balance equals the
 * sum of its entries, every transaction balances, and all entries together sum to zero.
 */
export function ReconciliationPage() {
  const t = useT();
  const [ran, setRan] = useState(false);
  const queryClient = useQueryClient();
  const summary = useReconciliation(ran);
  const running = summary.isFetching;
  const run = () => {
    if (!ran) {
      setRan(true);
      return;
    }
    // Every part of the report on screen (the summary and the accounts page shown) runs again.
    void queryClient.invalidateQueries({ queryKey: reconciliationKey });
  };
  return (
    <>
      <PageHeader
        title={t("recon.title")}
        description={t("recon.description")}
        actions={
          <button
            type="button"
            className="btn btn--primary"
            data-testid="reconciliation-run"
            disabled={running}
            onClick={run}
          >
            {running ? t("recon.running") : ran ? t("recon.runAgain") : t("recon.run")}
          </button>
        }
      />
      {!ran && (
        <div className="panel empty-state">
          <p className="empty-state-title">{t("recon.notRun")}</p>
          <p>{t("recon.notRunText")}</p>
        </div>
      )}
      {ran && summary.isPending && (
        <div className="page-skeleton" role="status" aria-label={t("recon.runningAria")}>
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--block" />
        </div>
      )}
      {summary.isError && !summary.data && (
        <div className="panel empty-state" role="alert">
          <p className="empty-state-title">{t("recon.failed")}</p>
          <button type="button" className="btn btn--sm" onClick={() => summary.refetch()}>
            {t("table.retry")}
          </button>
        </div>
      )}
      {summary.data && <Summary r={summary.data} ranAt={summary.dataUpdatedAt} />}
      {ran && <AccountsTable enabled={ran} />}
      <DailyRuns />
    </>
  );
}

/** The daily reconciliation job's verdict of each day (server jobs/catalog.ts), newest first. */
function DailyRuns() {
  const t = useT();
  const daily = useDailyReports();
  const reports = daily.data?.reports ?? [];
  return (
    <section className="section" aria-labelledby="daily-heading">
      <h2 id="daily-heading">{t("recon.daily")}</h2>
      <div className="table-wrap">
        <table className="table" data-testid="reconciliation-daily">
          <thead>
            <tr>
              <th scope="col">{t("recon.day")}</th>
              <th scope="col">{t("recon.verdict")}</th>
              <th scope="col" className="num">
                {t("recon.accounts")}
              </th>
              <th scope="col" className="num">
                {t("recon.transactions")}
              </th>
              <th scope="col" className="num">
                {t("recon.mismatches")}
              </th>
              <th scope="col">{t("recon.sumAll")}</th>
              <th scope="col">{t("recon.ran")}</th>
            </tr>
          </thead>
          <tbody>
            {daily.isPending ? (
              <SkeletonRows columns={7} rows={3} />
            ) : daily.isError ? (
              <ErrorRow columns={7} onRetry={() => daily.refetch()} />
            ) : reports.length === 0 ? (
              <EmptyRow columns={7} title={t("recon.noDaily")}>
                {t("recon.noDailyText")}
              </EmptyRow>
            ) : (
              reports.map((r) => (
                <tr key={r.day} data-testid="reconciliation-daily-row">
                  <td>{r.day}</td>
                  <td>
                    <Check ok={r.ok} />
                  </td>
                  <td className="num">{r.accounts}</td>
                  <td className="num">{r.transactions}</td>
                  <td className="num">{r.balanceMismatches + r.unbalancedTransactions}</td>
                  <td>
                    {Object.entries(r.totals)
                      .map(([c, v]) => `${c} ${v}`)
                      .join(", ") || "—"}
                  </td>
                  <td>{formatDateTimeSeconds(r.ranAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
