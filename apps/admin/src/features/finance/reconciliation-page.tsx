import "./finance.css";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTimeSeconds } from "../../lib/dates.ts";
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
  return (
    <span className={ok ? "check-ok" : "check-broken"} data-testid={testId} data-ok={ok}>
      {ok ? "✓ OK" : "✗ Broken"}
    </span>
  );
}

/** The verdict first, in green or red, then the three checks it is made of. */
function Summary({ r, ranAt }: { r: Reconciliation; ranAt: number }) {
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
            ? `The ledger balances: ${r.accounts} accounts, ${r.transactions} transactions.`
            : "The ledger does NOT balance. Stop payouts and look at the accounts in red below."}
          <span className="cell-sub">Run {formatDateTimeSeconds(ranAt)}</span>
        </span>
      </div>
      <div className="table-wrap section">
        <table className="table" data-testid="reconciliation-checks">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Result</th>
              <th scope="col">Found</th>
            </tr>
          </thead>
          <tbody>
            <tr className={r.balanceMismatches.length ? "row-broken" : ""}>
              <td>Every member account's balance equals the sum of its entries</td>
              <td>
                <Check ok={r.balanceMismatches.length === 0} testId="check-balances" />
              </td>
              <td>
                {r.balanceMismatches.length === 0
                  ? `${r.accounts} accounts checked`
                  : r.balanceMismatches
                      .map(
                        (m) => `account ${m.accountId}: stored ${money(m.stored)}, entries ${money(m.sum)}`,
                      )
                      .join("; ")}
              </td>
            </tr>
            <tr className={r.unbalancedTransactions.length ? "row-broken" : ""}>
              <td>Every transaction's entries sum to zero</td>
              <td>
                <Check ok={r.unbalancedTransactions.length === 0} testId="check-transactions" />
              </td>
              <td>
                {r.unbalancedTransactions.length === 0
                  ? `${r.transactions} transactions checked`
                  : `Transactions ${r.unbalancedTransactions.join(", ")}`}
              </td>
            </tr>
            {totals.length === 0 && (
              <tr>
                <td>The sum of all entries is zero</td>
                <td>
                  <Check ok testId="check-total" />
                </td>
                <td>No entries yet</td>
              </tr>
            )}
            {totals.map(([currency, total]) => (
              <tr key={currency} className={total === "0.00" ? "" : "row-broken"}>
                <td>The sum of all {currency} entries is zero</td>
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
  if (a.memberId === null) return <span className="badge badge--muted">House</span>;
  return <Link to={`/players/${a.memberId}/wallet`}>{a.username ?? `Player #${a.memberId}`}</Link>;
}

function AccountsTable({ enabled }: { enabled: boolean }) {
  const onlyId = useId();
  const [problems, setProblems] = useState(false);
  const [page, setPage] = useState(1);
  const accounts = useAccountChecks(enabled, { page, pageSize: PAGE_SIZE, problems });
  const total = accounts.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="accounts-heading">
      <div className="section-header">
        <h2 id="accounts-heading">Accounts</h2>
        <span className="muted">
          House accounts keep no balance of their own: theirs is the sum of their entries.
        </span>
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
          Only accounts that disagree
        </label>
        <span className="toolbar-count">{accounts.data ? rangeText(page, PAGE_SIZE, total) : ""}</span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={accounts.isFetching} data-testid="reconciliation-accounts">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Owner</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col" className="num">
                Sum of entries
              </th>
              <th scope="col" className="num">
                Entries
              </th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {accounts.isPending && <SkeletonRows columns={COLUMNS} />}
            {accounts.isError && !accounts.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => accounts.refetch()} />
            )}
            {accounts.data?.items.length === 0 && (
              <EmptyRow
                columns={COLUMNS}
                title={problems ? "Every account agrees with its entries." : "No accounts yet."}
              />
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
      <Pager label="Account pages" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

/**
 * The daily reconciliation, run on demand: every account's balance equals the
 * sum of its entries, every transaction balances, and all entries together sum to zero.
 */
export function ReconciliationPage() {
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
        title="Reconciliation"
        description="Checks the whole ledger now: each account against its entries, each transaction, and the zero sum of everything. Run it daily and before large payouts."
        actions={
          <button
            type="button"
            className="btn btn--primary"
            data-testid="reconciliation-run"
            disabled={running}
            onClick={run}
          >
            {running ? "Running…" : ran ? "Run again" : "Run reconciliation"}
          </button>
        }
      />
      {!ran && (
        <div className="panel empty-state">
          <p className="empty-state-title">Not run yet</p>
          <p>The report reads every ledger entry; on a large ledger it takes a few seconds.</p>
        </div>
      )}
      {ran && summary.isPending && (
        <div className="page-skeleton" role="status" aria-label="Running the reconciliation">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--block" />
        </div>
      )}
      {summary.isError && !summary.data && (
        <div className="panel empty-state" role="alert">
          <p className="empty-state-title">The reconciliation could not be run.</p>
          <button type="button" className="btn btn--sm" onClick={() => summary.refetch()}>
            Try again
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
  const daily = useDailyReports();
  const reports = daily.data?.reports ?? [];
  return (
    <section className="section" aria-labelledby="daily-heading">
      <h2 id="daily-heading">Daily runs</h2>
      <div className="table-wrap">
        <table className="table" data-testid="reconciliation-daily">
          <thead>
            <tr>
              <th scope="col">Day (Manila)</th>
              <th scope="col">Verdict</th>
              <th scope="col" className="num">
                Accounts
              </th>
              <th scope="col" className="num">
                Transactions
              </th>
              <th scope="col" className="num">
                Mismatches
              </th>
              <th scope="col">Sum of all entries</th>
              <th scope="col">Ran</th>
            </tr>
          </thead>
          <tbody>
            {daily.isPending ? (
              <SkeletonRows columns={7} rows={3} />
            ) : daily.isError ? (
              <ErrorRow columns={7} onRetry={() => daily.refetch()} />
            ) : reports.length === 0 ? (
              <EmptyRow columns={7} title="No daily run yet">
                The first daily run happens when the server first starts, then at midnight Manila time.
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
