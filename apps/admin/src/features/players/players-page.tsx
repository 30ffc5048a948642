import { PLAYERS_EXPORT_ROWS_MAX } from "@panalo/contracts/list-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type DataColumn, DataTable, ListPager } from "../../components/data-table.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { rangeText } from "../../components/pager.tsx";
import { showAmount } from "../../lib/amounts.ts";
import { exportHref } from "../../lib/csv.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useListQuery } from "../../lib/use-list-query.ts";
import { PlayerFilterBar } from "./player-filters.tsx";
import { PlayerStatusBadge } from "./player-status.tsx";
import { PLAYER_FILTERS, type PlayerListRow, playerType, usePlayers } from "./players-api.ts";

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
/** The server's limit on the search text. */
const SEARCH_MAX = 60;

/**
 * The CSV of every player of the filters and order shown (not only the page), balances in
 * pesos: the server streams it. Above the server's row cap the button gives way to a note that
 * asks for narrower filters (the server would refuse the file).
 */
function PlayersExport({ search, total }: { search: string; total: number | undefined }) {
  const t = useT();
  if (total !== undefined && total > PLAYERS_EXPORT_ROWS_MAX) {
    return (
      <span className="muted" data-testid="players-export-too-many">
        {t("players.exportTooMany", { max: PLAYERS_EXPORT_ROWS_MAX.toLocaleString("en-US") })}
      </span>
    );
  }
  return (
    <a className="btn" href={exportHref("/players", search)} download data-testid="players-export">
      {t("list.exportCsv")}
    </a>
  );
}

/** Where the detail page's "All players" link returns to: this list with its search and page. */
export interface PlayerListState {
  list: string;
}

/**
 * Every player, a page at a time from the server: search, status, KYC, agent, VIP level, main
 * balance range and days; a header click orders by that column on the server. The rows are
 * drawn by the virtualised DataTable, so a page of 200 costs what a screenful does; the CSV
 * export holds every player of the same filters and order.
 */
export function PlayersPage() {
  const t = useT();
  const searchId = useId();
  const [params] = useSearchParams();
  const list = useListQuery({
    filters: PLAYER_FILTERS,
    defaultSort: "createdAt",
    defaultDirection: "desc",
    pageSize: PAGE_SIZE,
  });
  const q = list.filters.q;
  const [text, setText] = useState(q);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const players = usePlayers(list.search);
  const backTo = `/players?${params}`;

  const onSearch = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => list.setFilter("q", value.trim()), SEARCH_DELAY_MS);
  };

  const columns = useMemo<DataColumn<PlayerListRow>[]>(
    () => [
      {
        id: "username",
        header: t("players.username"),
        sortKey: "username",
        cell: (p) => (
          <>
            <Link to={`/players/${p.id}`} state={{ list: backTo } satisfies PlayerListState}>
              {p.username}
            </Link>
            {p.email && <span className="cell-sub muted">{p.email}</span>}
          </>
        ),
      },
      { id: "mobile", header: t("players.mobile"), cell: (p) => p.mobile ?? "—" },
      { id: "type", header: t("players.type"), cell: (p) => playerType(p.isAgent) },
      { id: "status", header: t("players.status"), cell: (p) => <PlayerStatusBadge player={p} /> },
      { id: "vip", header: t("players.vip"), cell: (p) => p.vipLevel, numeric: true },
      {
        id: "balance",
        header: t("players.balance"),
        sortKey: "balance",
        numeric: true,
        cell: (p) => showAmount(p.balance),
      },
      {
        id: "created",
        header: t("players.created"),
        sortKey: "createdAt",
        cell: (p) => formatDateTime(p.createdAt),
      },
      {
        id: "lastLogin",
        header: t("players.lastLogin"),
        sortKey: "lastLoginAt",
        cell: (p) => (p.lastLoginAt ? formatDateTime(p.lastLoginAt) : t("players.never")),
      },
    ],
    [t, backTo],
  );

  return (
    <>
      <PageHeader
        title={t("players.title")}
        description={t("players.description")}
        actions={<PlayersExport search={list.search} total={players.data?.total} />}
      />
      <search className="toolbar">
        <label htmlFor={searchId} className="toolbar-label">
          {t("players.search")}
        </label>
        <input
          id={searchId}
          type="search"
          className="input input--search"
          placeholder={t("players.searchHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(e) => onSearch(e.target.value)}
          data-testid="player-search"
        />
        <span className="toolbar-count" aria-live="polite" data-testid="player-count">
          {players.data ? rangeText(list.page, PAGE_SIZE, players.data.total) : ""}
        </span>
      </search>
      <PlayerFilterBar filters={list.filters} onChange={list.setFilter} />
      {players.isError ? (
        <p className="form-error" role="alert">
          {t("list.failed")}{" "}
          <button type="button" className="btn btn--small" onClick={() => players.refetch()}>
            {t("table.retry")}
          </button>
        </p>
      ) : null}
      <DataTable
        rows={players.data?.items ?? (players.isError ? [] : undefined)}
        columns={columns}
        rowKey={(p) => String(p.id)}
        caption={t("players.title")}
        sort={{ key: list.sort, direction: list.direction }}
        onSort={list.toggleSort}
        empty={q ? t("players.noMatch", { q }) : undefined}
        testId="players-table"
        rowTestId={(p) => `player-row-${p.id}`}
      />
      <ListPager list={list} total={players.data?.total} label={t("players.pages")} />
    </>
  );
}
