import "./reports.css";
import { type FormEvent, useId } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { money } from "../finance/money.ts";
import { addDays, exportUrl, manilaToday, type ReportName, useReport } from "./reports-api.ts";

const PAGE_SIZE = 25;

interface Column {
  key: string;
  label: string;
  /** The server's sort key; none: not sortable. */
  sort?: string;
  num?: boolean;
  money?: boolean;
}

const REPORT_INFO: Record<
  ReportName,
  {
    label: string;
    columns: (groupBy: string) => Column[];
    channelParam?: "vendor" | "channel";
    channelLabel?: string;
    states?: Array<[string, string]>;
    member: boolean;
    groupBys?: Array<[string, string]>;
    defaultSort: string;
  }
> = {
  games: {
    label: "Games",
    groupBys: [
      ["day", "Per day"],
      ["game", "Per game"],
      ["vendor", "Per vendor"],
      ["player", "Per player"],
    ],
    columns: (g) => [
      {
        key: "label",
        label: { day: "Day", game: "Game", vendor: "Vendor", player: "Player" }[g] ?? "Key",
        sort: "key",
      },
      { key: "bets", label: "Bets", sort: "bets", money: true },
      { key: "wins", label: "Wins", sort: "wins", money: true },
      { key: "ggr", label: "GGR", sort: "ggr", money: true },
      { key: "rtp", label: "RTP %", sort: "rtp", num: true },
      { key: "rounds", label: "Rounds", sort: "rounds", num: true },
      { key: "players", label: "Players", sort: "players", num: true },
    ],
    channelParam: "vendor",
    channelLabel: "Vendor",
    member: true,
    defaultSort: "key",
  },
  channels: {
    label: "Payment channels",
    groupBys: [
      ["channel", "Per channel"],
      ["day", "Per day and channel"],
    ],
    columns: () => [
      { key: "key", label: "Channel", sort: "key" },
      { key: "amount", label: "Amount", sort: "amount", money: true },
      { key: "succeeded", label: "Succeeded", sort: "succeeded", num: true },
      { key: "failed", label: "Failed", sort: "failed", num: true },
      { key: "successRate", label: "Success %", sort: "successRate", num: true },
      { key: "fees", label: "Fees", sort: "fees", money: true },
    ],
    channelParam: "channel",
    channelLabel: "Channel",
    states: [
      ["deposit", "Deposits"],
      ["withdrawal", "Withdrawals"],
    ],
    member: false,
    defaultSort: "key",
  },
  players: {
    label: "Player profitability",
    columns: () => [
      { key: "username", label: "Player", sort: "key" },
      { key: "state", label: "State" },
      { key: "deposits", label: "Deposits", sort: "deposits", money: true },
      { key: "withdrawals", label: "Withdrawals", sort: "withdrawals", money: true },
      { key: "ggr", label: "GGR", sort: "ggr", money: true },
      { key: "bonuses", label: "Bonuses", sort: "bonuses", money: true },
      { key: "adjustments", label: "Adjustments", sort: "adjustments", money: true },
      { key: "ngr", label: "NGR", sort: "ngr", money: true },
      { key: "rounds", label: "Rounds", sort: "rounds", num: true },
    ],
    states: [
      ["active", "Active"],
      ["locked", "Locked"],
      ["closed", "Closed"],
    ],
    member: true,
    defaultSort: "ngr",
  },
  rounds: {
    label: "Rounds",
    columns: () => [
      { key: "time", label: "Time (Manila)", sort: "time" },
      { key: "username", label: "Player" },
      { key: "vendor", label: "Vendor" },
      { key: "gameCode", label: "Game" },
      { key: "roundId", label: "Round" },
      { key: "bet", label: "Bet", sort: "bet", money: true },
      { key: "win", label: "Win", sort: "win", money: true },
      { key: "state", label: "State" },
    ],
    channelParam: "vendor",
    channelLabel: "Vendor",
    states: [
      ["won", "Won"],
      ["lost", "Lost"],
      ["rolled_back", "Rolled back"],
    ],
    member: true,
    defaultSort: "time",
  },
};

const NAMES = Object.keys(REPORT_INFO) as ReportName[];

/**
 * Back office → Reports: every table filtered by date, member, channel and
 * state, sorted and paged by the server; the CSV export streams the same filters and order.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const formId = useId();
  const today = manilaToday();
  const name = (NAMES.find((n) => n === params.get("report")) ?? "games") as ReportName;
  const info = REPORT_INFO[name];
  const groupBy = params.get("groupBy") ?? info.groupBys?.[0]?.[0] ?? "";
  const sort = params.get("sort") ?? info.defaultSort;
  const sortDir = params.get("sortDir") === "asc" ? "asc" : "desc";
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const from = params.get("from") ?? addDays(today, -6);
  const to = params.get("to") ?? today;
  const channel = info.channelParam ? (params.get(info.channelParam) ?? "") : "";
  const member = info.member ? (params.get("member") ?? "") : "";
  const state = info.states ? (params.get("state") ?? "") : "";

  const query = new URLSearchParams({
    from,
    to,
    sort,
    sortDir,
    page: String(page),
    pageSize: String(PAGE_SIZE),
  });
  if (info.groupBys) query.set("groupBy", groupBy);
  if (member) query.set("member", member);
  if (channel && info.channelParam) query.set(info.channelParam, channel);
  if (state) query.set("state", state);
  const report = useReport(name, query);
  const columns = info.columns(groupBy);
  const total = report.data?.total ?? 0;

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === "") out.delete(k);
          else out.set(k, v);
        }
        if (!("page" in next)) out.delete("page");
        return out;
      },
      { replace: true },
    );

  const onFilter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? "").trim();
    update({
      from: get("from"),
      to: get("to"),
      member: info.member ? get("member") : null,
      ...(info.channelParam ? { [info.channelParam]: get("channel") } : {}),
      state: info.states ? get("state") : null,
    });
  };

  const sortBy = (key: string) =>
    update({ sort: key, sortDir: sort === key && sortDir === "desc" ? "asc" : "desc" });

  const cell = (row: Record<string, unknown>, c: Column) => {
    const v = row[c.key];
    if (v === null || v === undefined) return <span className="muted">—</span>;
    return c.money ? money(String(v)) : String(v);
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description="Figures per Manila day from the rollups and the live records. Filters, order and pages are the server's; the CSV holds every row of the same filters."
      />
      <nav className="report-tabs" aria-label="Reports">
        {NAMES.map((n) => (
          <button
            key={n}
            type="button"
            className={`btn btn--sm${n === name ? " btn--primary" : ""}`}
            aria-current={n === name ? "page" : undefined}
            data-testid={`report-tab-${n}`}
            onClick={() => setParams(new URLSearchParams({ report: n, from, to }), { replace: true })}
          >
            {REPORT_INFO[n].label}
          </button>
        ))}
      </nav>
      <form
        className="toolbar range-bar"
        onSubmit={onFilter}
        key={`${name}-${params.toString()}`}
        id={formId}
      >
        {info.groupBys && (
          <label>
            Group
            <select
              value={groupBy}
              onChange={(e) => update({ groupBy: e.target.value, sort: null })}
              data-testid="report-group"
            >
              {info.groupBys.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          From
          <input type="date" name="from" defaultValue={from} required data-testid="report-from" />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={to} required data-testid="report-to" />
        </label>
        {info.member && (
          <label>
            Member
            <input name="member" defaultValue={member} placeholder="username" data-testid="report-member" />
          </label>
        )}
        {info.channelParam && (
          <label>
            {info.channelLabel}
            <input name="channel" defaultValue={channel} placeholder="any" data-testid="report-channel" />
          </label>
        )}
        {info.states && (
          <label>
            State
            <select name="state" defaultValue={state} data-testid="report-state">
              <option value="">Any</option>
              {info.states.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="btn btn--primary" data-testid="report-apply">
          Apply
        </button>
        <a className="btn" href={exportUrl(name, query)} download data-testid="report-export">
          Download CSV
        </a>
        <span className="toolbar-count" aria-live="polite" data-testid="report-count">
          {report.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </form>
      <div className="table-scroll panel">
        <table className="table" data-testid="report-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  className={c.money || c.num ? "num" : undefined}
                  aria-sort={
                    c.sort && c.sort === sort ? (sortDir === "asc" ? "ascending" : "descending") : undefined
                  }
                >
                  {c.sort ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => sortBy(c.sort as string)}
                      data-testid={`sort-${c.sort}`}
                    >
                      {c.label}
                      {c.sort === sort ? (sortDir === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <SkeletonRows columns={columns.length} rows={5} />
            ) : report.error ? (
              <ErrorRow columns={columns.length} onRetry={() => report.refetch()} />
            ) : report.data.items.length === 0 ? (
              <EmptyRow columns={columns.length} title="No rows for these filters." />
            ) : (
              report.data.items.map((row, i) => {
                const r = row as Record<string, unknown>;
                return (
                  <tr key={String(r.key ?? r.roundId ?? i)} data-testid="report-row">
                    {columns.map((c) => (
                      <td key={c.key} className={c.money || c.num ? "num cell-nowrap" : undefined}>
                        {cell(r, c)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
          {report.data?.totals && (
            <tfoot>
              <tr data-testid="report-totals">
                {columns.map((c, i) => (
                  <th
                    key={c.key}
                    className={c.money || c.num ? "num" : undefined}
                    scope={i === 0 ? "row" : undefined}
                  >
                    {i === 0
                      ? "Total"
                      : c.money || c.key === "rounds" || c.key === "players"
                        ? cell(report.data.totals as Record<string, unknown>, c)
                        : ""}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={(p) => update({ page: String(p) })}
        label="Report pages"
      />
    </>
  );
}
