import "./reports.css";
import { type FormEvent, useId } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { money } from "../finance/money.ts";
import { addDays, exportUrl, manilaToday, type ReportName, useReport } from "./reports-api.ts";

const PAGE_SIZE = 25;

/** A report's words are catalogue keys, looked up when drawn (in the operator's language). */
interface Column {
  key: string;
  label: TextKey;
  /** The server's sort key; none: not sortable. */
  sort?: string;
  num?: boolean;
  money?: boolean;
}

const REPORT_INFO: Record<
  ReportName,
  {
    label: TextKey;
    columns: (groupBy: string) => Column[];
    channelParam?: "vendor" | "channel";
    channelLabel?: TextKey;
    states?: Array<[string, TextKey]>;
    member: boolean;
    groupBys?: Array<[string, TextKey]>;
    defaultSort: string;
  }
> = {
  games: {
    label: "reports.cGames",
    groupBys: [
      ["day", "reports.cPerDay"],
      ["game", "reports.cPerGame"],
      ["vendor", "reports.cPerVendor"],
      ["player", "reports.cPerPlayer"],
    ],
    columns: (g) => [
      {
        key: "label",
        label:
          (
            {
              day: "reports.cDay",
              game: "reports.cGame",
              vendor: "reports.cVendor",
              player: "reports.cPlayer",
            } as Record<string, TextKey>
          )[g] ?? "reports.cKey",
        sort: "key",
      },
      { key: "bets", label: "reports.cBets", sort: "bets", money: true },
      { key: "wins", label: "reports.cWins", sort: "wins", money: true },
      { key: "ggr", label: "reports.cGgr", sort: "ggr", money: true },
      { key: "rtp", label: "reports.cRtp", sort: "rtp", num: true },
      { key: "rounds", label: "reports.cRounds", sort: "rounds", num: true },
      { key: "players", label: "reports.cPlayers", sort: "players", num: true },
    ],
    channelParam: "vendor",
    channelLabel: "reports.cVendor",
    member: true,
    defaultSort: "key",
  },
  channels: {
    label: "reports.cPaymentChannels",
    groupBys: [
      ["channel", "reports.cPerChannel"],
      ["day", "reports.cPerDayAndChannel"],
    ],
    columns: () => [
      { key: "key", label: "reports.cChannel", sort: "key" },
      { key: "amount", label: "reports.cAmount", sort: "amount", money: true },
      { key: "succeeded", label: "reports.cSucceeded", sort: "succeeded", num: true },
      { key: "failed", label: "reports.cFailed", sort: "failed", num: true },
      { key: "successRate", label: "reports.cSuccess", sort: "successRate", num: true },
      { key: "fees", label: "reports.cFees", sort: "fees", money: true },
    ],
    channelParam: "channel",
    channelLabel: "reports.cChannel",
    states: [
      ["deposit", "reports.cDeposits"],
      ["withdrawal", "reports.cWithdrawals"],
    ],
    member: false,
    defaultSort: "key",
  },
  players: {
    label: "reports.cPlayerProfitability",
    columns: () => [
      { key: "username", label: "reports.cPlayer", sort: "key" },
      { key: "state", label: "reports.cState" },
      { key: "deposits", label: "reports.cDeposits", sort: "deposits", money: true },
      { key: "withdrawals", label: "reports.cWithdrawals", sort: "withdrawals", money: true },
      { key: "ggr", label: "reports.cGgr", sort: "ggr", money: true },
      { key: "bonuses", label: "reports.cBonuses", sort: "bonuses", money: true },
      { key: "adjustments", label: "reports.cAdjustments", sort: "adjustments", money: true },
      { key: "ngr", label: "reports.cNgr", sort: "ngr", money: true },
      { key: "rounds", label: "reports.cRounds", sort: "rounds", num: true },
    ],
    states: [
      ["active", "reports.cActive"],
      ["locked", "reports.cLocked"],
      ["closed", "reports.cClosed"],
    ],
    member: true,
    defaultSort: "ngr",
  },
  rounds: {
    label: "reports.cRounds",
    columns: () => [
      { key: "time", label: "reports.cTimeManila", sort: "time" },
      { key: "username", label: "reports.cPlayer" },
      { key: "vendor", label: "reports.cVendor" },
      { key: "gameCode", label: "reports.cGame" },
      { key: "roundId", label: "reports.cRound" },
      { key: "bet", label: "reports.cBet", sort: "bet", money: true },
      { key: "win", label: "reports.cWin", sort: "win", money: true },
      { key: "state", label: "reports.cState" },
    ],
    channelParam: "vendor",
    channelLabel: "reports.cVendor",
    states: [
      ["won", "reports.cWon"],
      ["lost", "reports.cLost"],
      ["rolled_back", "reports.cRolledBack"],
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
  const t = useT();
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
    if (c.money) return money(String(v));
    // A row's state is one of the codes the state filter names: shown by the filter's label.
    const state = c.key === "state" ? info.states?.find(([code]) => code === v)?.[1] : undefined;
    return state ? t(state) : String(v);
  };

  return (
    <>
      <PageHeader title={t("reports.title")} description={t("reports.description")} />
      <nav className="report-tabs" aria-label={t("reports.title")}>
        {NAMES.map((n) => (
          <button
            key={n}
            type="button"
            className={`btn btn--sm${n === name ? " btn--primary" : ""}`}
            aria-current={n === name ? "page" : undefined}
            data-testid={`report-tab-${n}`}
            onClick={() => setParams(new URLSearchParams({ report: n, from, to }), { replace: true })}
          >
            {t(REPORT_INFO[n].label)}
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
            {t("reports.group")}
            <select
              value={groupBy}
              onChange={(e) => update({ groupBy: e.target.value, sort: null })}
              data-testid="report-group"
            >
              {info.groupBys.map(([v, l]) => (
                <option key={v} value={v}>
                  {t(l)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t("filter.from")}
          <input type="date" name="from" defaultValue={from} required data-testid="report-from" />
        </label>
        <label>
          {t("filter.to")}
          <input type="date" name="to" defaultValue={to} required data-testid="report-to" />
        </label>
        {info.member && (
          <label>
            {t("reports.member")}
            <input
              name="member"
              defaultValue={member}
              placeholder={t("reports.memberHint")}
              data-testid="report-member"
            />
          </label>
        )}
        {info.channelParam && (
          <label>
            {info.channelLabel && t(info.channelLabel)}
            <input
              name="channel"
              defaultValue={channel}
              placeholder={t("reports.anyHint")}
              data-testid="report-channel"
            />
          </label>
        )}
        {info.states && (
          <label>
            {t("reports.cState")}
            <select name="state" defaultValue={state} data-testid="report-state">
              <option value="">{t("reports.any")}</option>
              {info.states.map(([v, l]) => (
                <option key={v} value={v}>
                  {t(l)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="btn btn--primary" data-testid="report-apply">
          {t("reports.apply")}
        </button>
        <a className="btn" href={exportUrl(name, query)} download data-testid="report-export">
          {t("reports.csv")}
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
                      {t(c.label)}
                      {c.sort === sort ? (sortDir === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  ) : (
                    t(c.label)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.isPending && <SkeletonRows columns={columns.length} rows={5} />}
            {report.error && <ErrorRow columns={columns.length} onRetry={() => report.refetch()} />}
            {!report.error && report.data?.items.length === 0 && (
              <EmptyRow columns={columns.length} title={t("reports.noRows")} />
            )}
            {!report.error &&
              report.data?.items.map((row, i) => {
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
              })}
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
                      ? t("reports.total")
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
        label={t("reports.pages")}
      />
    </>
  );
}
