import { type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { PlayerStatusBadge } from "./player-status.tsx";
import { type Player, playerType, usePlayers } from "./players-api.ts";

const PAGE_SIZE = 25;
const COLUMNS = 6;
const SEARCH_DELAY_MS = 300;
/** The server's limit on the search text. */
const SEARCH_MAX = 60;

/** Where the detail page's "All players" link returns to: this list with its search and page. */
export interface PlayerListState {
  list: string;
}

export function PlayersPage() {
  const navigate = useNavigate();
  const searchId = useId();
  // The search and page live in the address, so Back from a player returns to the same rows.
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const [text, setText] = useState(q);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const players = usePlayers(q, page, PAGE_SIZE);
  const total = players.data?.total ?? 0;

  const setQuery = (next: { q?: string; page?: number }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.q !== undefined) {
          if (next.q) out.set("q", next.q);
          else out.delete("q");
        }
        const nextPage = next.page ?? 1; // a new search starts from its first page
        if (nextPage > 1) out.set("page", String(nextPage));
        else out.delete("page");
        return out;
      },
      { replace: true },
    );

  const onSearch = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setQuery({ q: value.trim() }), SEARCH_DELAY_MS);
  };

  const open = (player: Player) => {
    const state: PlayerListState = { list: `/players?${params}` };
    navigate(`/players/${player.id}`, { state });
  };
  const onRowClick = (e: MouseEvent, player: Player) => {
    // The username link navigates itself (and keeps Ctrl+click for a new tab).
    if (e.target instanceof Element && e.target.closest("a, button")) return;
    open(player);
  };

  return (
    <>
      <PageHeader
        title="Players"
        description="Player accounts, newest first. Open a player for their sessions, login history and actions."
      />
      <search className="toolbar">
        <label htmlFor={searchId} className="toolbar-label">
          Search
        </label>
        <input
          id={searchId}
          type="search"
          className="input input--search"
          placeholder="Username, mobile or e-mail"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(e) => onSearch(e.target.value)}
          data-testid="player-search"
        />
        <span className="toolbar-count" aria-live="polite">
          {players.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </search>
      <div className="table-wrap">
        <table className="table" aria-busy={players.isFetching}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Mobile</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last login</th>
            </tr>
          </thead>
          <tbody>
            {players.isPending && <SkeletonRows columns={COLUMNS} rows={8} />}
            {players.isError && !players.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => players.refetch()} />
            )}
            {players.data?.items.length === 0 && (
              <EmptyRow columns={COLUMNS} title={q ? `No players match “${q}”.` : "No players yet."}>
                {q && <p>Search looks inside usernames, mobile numbers and e-mail addresses.</p>}
              </EmptyRow>
            )}
            {players.data?.items.map((p) => (
              <tr
                key={p.id}
                className="row-link"
                data-testid={`player-row-${p.id}`}
                onClick={(e) => onRowClick(e, p)}
              >
                <td>
                  <Link
                    to={`/players/${p.id}`}
                    state={{ list: `/players?${params}` } satisfies PlayerListState}
                  >
                    {p.username}
                  </Link>
                  {p.email && <span className="cell-sub muted">{p.email}</span>}
                </td>
                <td className="cell-nowrap">{p.mobile ?? <span className="muted">—</span>}</td>
                <td>{playerType(p.isAgent)}</td>
                <td>
                  <PlayerStatusBadge player={p} />
                </td>
                <td className="cell-nowrap">{formatDateTime(p.createdAt)}</td>
                <td className="cell-nowrap">
                  {p.lastLoginAt ? formatDateTime(p.lastLoginAt) : <span className="muted">Never</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Player pages"
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={(next) => setQuery({ page: next })}
      />
    </>
  );
}
