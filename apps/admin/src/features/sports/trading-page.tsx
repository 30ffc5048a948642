import { pageOf } from "@panalo/contracts/list-query";
import { manilaToday } from "@panalo/contracts/manila-time";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { z } from "zod";
import { useCan, useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { type DataColumn, DataTable, ListPager } from "../../components/data-table.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import {
  BASIS_POINTS,
  percentText,
  pesosText,
  readPercent,
  readPesos,
  showAmount,
  showPercent,
  showPercentText,
  showPesos,
} from "../../lib/amounts.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { useListQuery } from "../../lib/use-list-query.ts";
import { manualKindLabel, manualStatusLabel, marketLabel, matchStatusLabel } from "./sports-labels.ts";

/**
 * The sportsbook's trading desk: /api/admin/sports/* (sports.read to see,
 * sports.write to change; every change audited on the server).
 */
const Sport = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  enabled: z.boolean(),
  marginBp: z.number(),
  minStake: z.string(),
  maxStake: z.string(),
});
const Sports = z.object({
  sports: z.array(Sport),
  book: z.object({
    maxLegs: z.number(),
    liveDelayMs: z.number(),
    cashoutMarginBp: z.number(),
    maxPayout: z.string(),
  }),
});
const Match = z.object({
  id: z.coerce.number(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startAt: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  suspended: z.boolean(),
  hot: z.boolean(),
  scoreHome: z.number(),
  scoreAway: z.number(),
  openStake: z.string(),
});
const Matches = pageOf(Match);
type MatchRow = z.infer<typeof Match>;
const Leagues = z.object({
  leagues: z.array(z.object({ id: z.coerce.number(), sport: z.string(), name: z.string() })),
});
/** A match's outcomes a page at a time: a busy match has hundreds. */
const LIABILITY_PAGE = 50;
const Liability = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      marketId: z.number(),
      market: z.string(),
      status: z.string(),
      outcomeId: z.number(),
      name: z.string(),
      odds: z.number(),
      bets: z.number(),
      stake: z.string(),
      liability: z.string(),
    }),
  ),
});
const Actions = z.object({
  actions: z.array(
    z.object({
      id: z.coerce.number(),
      kind: z.string(),
      matchId: z.coerce.number(),
      status: z.string(),
      requestedBy: z.string(),
      decidedBy: z.string().nullable(),
      payload: z.unknown(),
    }),
  ),
});
const Report = z.object({
  rows: z.array(
    z.object({
      day: z.string(),
      sport: z.string(),
      bets: z.number(),
      turnover: z.string(),
      payouts: z.string(),
      margin: z.string(),
      marginPct: z.string(),
    }),
  ),
});
const Ok = z.unknown();

type Tab = "sports" | "matches" | "manual" | "report";
const TAB_LABELS: Record<Tab, TextKey> = {
  matches: "sports.tab.matches",
  sports: "sports.tab.sports",
  manual: "sports.tab.manual",
  report: "sports.tab.report",
};
const pesos = (minor: string) => showPesos(minor);
const today = (d = 0) => manilaToday(d);

export function SportsTradingPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>("matches");
  const [error, setError] = useState<string | null>(null);
  const canWrite = useCanWrite("sports-trading");
  // Settling or voiding by hand (asking or approving) is its own permission: a trader's role
  // may hold it without changing the book.
  const canSettle = useCan("sports.settle");
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: (x: { method: "put" | "post"; path: string; body: unknown }) =>
      x.method === "put" ? api.put(x.path, x.body, Ok) : api.post(x.path, x.body, Ok),
    onSuccess: () => {
      setError(null);
      return qc.invalidateQueries({ queryKey: ["admin-sports"] });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const put = (path: string, body: unknown) => change.mutate({ method: "put", path, body });
  const post = (path: string, body: unknown) => change.mutate({ method: "post", path, body });
  return (
    <>
      <PageHeader title={t("sports.title")} description={t("sports.description")} />
      <div className="toolbar" role="tablist" aria-label={t("sports.views")}>
        {(["matches", "sports", "manual", "report"] as Tab[]).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={tab === x ? "btn btn-primary" : "btn"}
            onClick={() => setTab(x)}
          >
            {t(TAB_LABELS[x])}
          </button>
        ))}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {tab === "sports" ? <SportsTab canWrite={canWrite} put={put} /> : null}
      {tab === "matches" ? <MatchesTab canWrite={canWrite} put={put} /> : null}
      {tab === "manual" ? <ManualTab canWrite={canSettle} post={post} /> : null}
      {tab === "report" ? <ReportTab /> : null}
    </>
  );
}

type SportRow = z.infer<typeof Sport>;

/** One sport's margin (percent; the server keeps basis points) and stakes (pesos; centavos). */
function SportLine(props: { s: SportRow; canWrite: boolean; put: (path: string, body: unknown) => void }) {
  const t = useT();
  const { s } = props;
  const [margin, setMargin] = useState(() => percentText(s.marginBp, BASIS_POINTS));
  const [min, setMin] = useState(() => pesosText(s.minStake));
  const [max, setMax] = useState(() => pesosText(s.maxStake));
  const path = `/sports/sports/${s.code}`;
  const stake = (key: "minStake" | "maxStake", text: string, saved: string) => () => {
    const r = readPesos(text);
    if (r.ok && r.value !== BigInt(saved)) props.put(path, { [key]: Number(r.value) });
  };
  return (
    <tr>
      <td>{s.name}</td>
      <td>{gameCategoryLabel(s.category)}</td>
      <td>
        <input
          type="checkbox"
          aria-label={t("sports.on", { sport: s.name })}
          checked={s.enabled}
          disabled={!props.canWrite}
          onChange={(e) => props.put(path, { enabled: e.currentTarget.checked })}
        />
      </td>
      <td className="num">
        <PercentInput
          label={t("sports.margin", { sport: s.name })}
          hideLabel
          unit={BASIS_POINTS}
          maxParts={MAX_MARGIN_BP}
          value={margin}
          onChange={setMargin}
          saved={s.marginBp}
          disabled={!props.canWrite}
          onCommit={() => {
            const r = readPercent(margin, BASIS_POINTS, { maxParts: MAX_MARGIN_BP });
            if (r.ok && r.value !== s.marginBp) props.put(path, { marginBp: r.value });
          }}
        />
      </td>
      <td className="num">
        <MoneyInput
          label={t("sports.minStake", { sport: s.name })}
          hideLabel
          value={min}
          onChange={setMin}
          saved={s.minStake}
          disabled={!props.canWrite}
          onCommit={stake("minStake", min, s.minStake)}
        />
      </td>
      <td className="num">
        <MoneyInput
          label={t("sports.maxStake", { sport: s.name })}
          hideLabel
          value={max}
          onChange={setMax}
          saved={s.maxStake}
          disabled={!props.canWrite}
          onCommit={stake("maxStake", max, s.maxStake)}
        />
      </td>
    </tr>
  );
}

/** The server's bound of a sport's margin: 3,000 bp (30 %). */
const MAX_MARGIN_BP = 3000;

function SportsTab(props: { canWrite: boolean; put: (path: string, body: unknown) => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ["admin-sports", "sports"],
    queryFn: () => api.get("/sports/sports", Sports),
  });
  const [member, setMember] = useState("");
  const [limit, setLimit] = useState("");
  const limitRead = limit.trim() ? readPesos(limit) : null;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t("sports.sport")}</th>
              <th>{t("sports.category")}</th>
              <th>{t("sports.onHead")}</th>
              <th className="num">{t("sports.marginHead")}</th>
              <th className="num">{t("sports.minStakeHead")}</th>
              <th className="num">{t("sports.maxStakeHead")}</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.sports.map((s) => (
              <SportLine key={`${s.code}-${s.marginBp}-${s.minStake}-${s.maxStake}`} s={s} {...props} />
            ))}
          </tbody>
        </table>
      </div>
      {q.data ? (
        <p className="muted">
          {t("sports.book", {
            legs: q.data.book.maxLegs,
            delay: q.data.book.liveDelayMs,
            cashout: showPercent(q.data.book.cashoutMarginBp, BASIS_POINTS),
            payout: showPesos(q.data.book.maxPayout),
          })}
        </p>
      ) : null}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          if (limitRead && !limitRead.ok) return;
          props.put(`/sports/limits/${Number(member)}`, {
            maxStake: limitRead ? Number(limitRead.value) : null,
          });
        }}
      >
        <label>
          {t("sports.memberId")}{" "}
          <input value={member} onChange={(e) => setMember(e.currentTarget.value)} inputMode="numeric" />
        </label>
        <MoneyInput label={t("sports.playerMaxStake")} optional value={limit} onChange={setLimit} />
        <button
          type="submit"
          className="btn"
          disabled={!props.canWrite || !member || limitRead?.ok === false}
        >
          {t("sports.setLimit")}
        </button>
      </form>
    </>
  );
}

const MATCH_STATUSES = ["open", "done", "not_started", "live", "ended", "closed", "cancelled"] as const;
const MATCH_FILTERS = ["status", "league", "day", "q"] as const;

/**
 * The desk's matches, a page at a time from the server (league, status, start day, a match id or
 * team name; sorted by start, id, league or status). The match id is the first column: manual
 * settlement asks for it.
 */
function MatchesTab(props: { canWrite: boolean; put: (path: string, body: unknown) => void }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const list = useListQuery({ filters: MATCH_FILTERS, defaultSort: "startAt", defaultDirection: "asc" });
  const leagues = useQuery({
    queryKey: ["admin-sports", "leagues"],
    queryFn: () => api.get("/sports/leagues", Leagues),
    staleTime: 60_000,
  });
  const q = useQuery({
    queryKey: ["admin-sports", "matches", list.search],
    queryFn: ({ signal }) => api.get(`/sports/matches?${list.search}`, Matches, signal),
    placeholderData: keepPreviousData,
  });
  const { canWrite, put } = props;
  const columns = useMemo<DataColumn<MatchRow>[]>(
    () => [
      {
        id: "id",
        header: t("sports.matchId"),
        sortKey: "id",
        numeric: true,
        cell: (m) => <strong data-testid={`sb-match-id-${m.id}`}>{m.id}</strong>,
      },
      {
        id: "match",
        header: t("sports.match"),
        cell: (m) => (
          <>
            {m.home} v {m.away}
            <div className="muted">{m.sport}</div>
          </>
        ),
      },
      { id: "league", header: t("sports.league"), sortKey: "league", cell: (m) => m.league },
      { id: "start", header: t("sports.start"), sortKey: "startAt", cell: (m) => formatDateTime(m.startAt) },
      {
        id: "status",
        header: t("sports.status"),
        sortKey: "status",
        cell: (m) => `${matchStatusLabel(m.status)} ${m.scoreHome}-${m.scoreAway}`,
      },
      { id: "stake", header: t("sports.openStake"), numeric: true, cell: (m) => pesos(m.openStake) },
      ...(["enabled", "suspended", "hot"] as const).map((k) => ({
        id: k,
        header: t(`sports.flag.${k}`),
        cell: (m: MatchRow) => (
          <input
            type="checkbox"
            aria-label={t(`sports.flagOf.${k}`, { id: m.id })}
            checked={m[k]}
            disabled={!canWrite}
            onChange={(e) => put(`/sports/matches/${m.id}`, { [k]: e.currentTarget.checked })}
          />
        ),
      })),
      {
        id: "liability",
        header: t("sports.liability"),
        cell: (m) => (
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => setOpen((o) => (o === m.id ? null : m.id))}
          >
            {t("sports.liabilityOf", { id: m.id })}
          </button>
        ),
      },
    ],
    [t, canWrite, put],
  );
  return (
    <>
      <form className="toolbar" onSubmit={(e) => e.preventDefault()} aria-label={t("list.filters")}>
        <label>
          {t("sports.status")}{" "}
          <select
            value={list.filters.status || "open"}
            onChange={(e) =>
              list.setFilter("status", e.currentTarget.value === "open" ? "" : e.currentTarget.value)
            }
            data-testid="sb-filter-status"
          >
            {MATCH_STATUSES.map((x) => (
              <option key={x} value={x}>
                {t(`sports.statusOf.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("sports.league")}{" "}
          <select
            value={list.filters.league}
            onChange={(e) => list.setFilter("league", e.currentTarget.value)}
            data-testid="sb-filter-league"
          >
            <option value="">{t("list.all")}</option>
            {leagues.data?.leagues.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name} ({l.sport})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("sports.day")}{" "}
          <input
            type="date"
            value={list.filters.day}
            onChange={(e) => list.setFilter("day", e.currentTarget.value)}
            data-testid="sb-filter-day"
          />
        </label>
        <label>
          {t("sports.search")}{" "}
          <input
            type="search"
            defaultValue={list.filters.q}
            onKeyDown={(e) => {
              if (e.key === "Enter") list.setFilter("q", e.currentTarget.value.trim());
            }}
            onBlur={(e) => list.setFilter("q", e.currentTarget.value.trim())}
            data-testid="sb-filter-q"
          />
        </label>
        <span className="muted" data-testid="sb-matches-total" aria-live="polite">
          {q.data ? t("list.total", { n: q.data.total }) : null}
        </span>
      </form>
      <DataTable
        rows={q.data?.items}
        columns={columns}
        rowKey={(m) => String(m.id)}
        caption={t("sports.matchesCaption")}
        sort={{ key: list.sort, direction: list.direction }}
        onSort={list.toggleSort}
        testId="sb-matches"
        rowTestId={(m) => `sb-match-${m.id}`}
      />
      <ListPager list={list} total={q.data?.total} label={t("sports.matchPages")} />
      {open ? <LiabilityTable id={open} canWrite={props.canWrite} put={props.put} /> : null}
    </>
  );
}

function LiabilityTable(props: {
  id: number;
  canWrite: boolean;
  put: (path: string, body: unknown) => void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["admin-sports", "liability", props.id, page],
    queryFn: () =>
      api.get(`/sports/matches/${props.id}/liability?page=${page}&pageSize=${LIABILITY_PAGE}`, Liability),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{t("sports.liabilityCaption", { id: props.id })}</caption>
        <thead>
          <tr>
            <th>{t("sports.market")}</th>
            <th>{t("sports.outcome")}</th>
            <th className="num">{t("sports.odds")}</th>
            <th className="num">{t("sports.bets")}</th>
            <th className="num">{t("sports.stake")}</th>
            <th className="num">{t("sports.liability")}</th>
            <th>{t("sports.marketSuspended")}</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.items.map((o) => (
            <tr key={o.outcomeId}>
              <td>{marketLabel(o.market)}</td>
              <td>{o.name}</td>
              <td className="num">{(o.odds / 1000).toFixed(2)}</td>
              <td className="num">{o.bets}</td>
              <td className="num">{showAmount(o.stake)}</td>
              <td className="num">{showAmount(o.liability)}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t("sports.suspendOf", { market: marketLabel(o.market) })}
                  checked={o.status === "suspended"}
                  disabled={!props.canWrite}
                  onChange={(e) =>
                    props.put(`/sports/markets/${o.marketId}`, { suspended: e.currentTarget.checked })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.data ? (
        <Pager
          page={page}
          pageSize={LIABILITY_PAGE}
          total={q.data.total}
          onPage={setPage}
          label={t("sports.liabilityPages", { id: props.id })}
          previousLabel={t("list.previous")}
          nextLabel={t("list.next")}
        />
      ) : null}
    </div>
  );
}

function ManualTab(props: { canWrite: boolean; post: (path: string, body: unknown) => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ["admin-sports", "manual"],
    queryFn: () => api.get("/sports/manual", Actions),
  });
  const [matchId, setMatchId] = useState("");
  const [kind, setKind] = useState<"settle" | "void">("settle");
  const [home, setHome] = useState("0");
  const [away, setAway] = useState("0");
  return (
    <>
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          props.post("/sports/manual", {
            kind,
            matchId: Number(matchId),
            ...(kind === "settle" ? { score: [Number(home), Number(away)] } : {}),
          });
        }}
      >
        <label>
          {t("sports.manualMatch")}{" "}
          <input
            value={matchId}
            onChange={(e) => setMatchId(e.currentTarget.value)}
            inputMode="numeric"
            data-testid="sb-manual-match"
          />
        </label>
        <select
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as "settle" | "void")}
          aria-label={t("sports.action")}
        >
          <option value="settle">{t("sports.settleScore")}</option>
          <option value="void">{t("sports.voidMatch")}</option>
        </select>
        {kind === "settle" ? (
          <>
            <label>
              {t("sports.home")}{" "}
              <input
                value={home}
                onChange={(e) => setHome(e.currentTarget.value)}
                inputMode="numeric"
                data-testid="sb-manual-home"
                size={3}
              />
            </label>
            <label>
              {t("sports.away")}{" "}
              <input
                value={away}
                onChange={(e) => setAway(e.currentTarget.value)}
                inputMode="numeric"
                data-testid="sb-manual-away"
                size={3}
              />
            </label>
          </>
        ) : null}
        <button
          type="submit"
          className="btn"
          disabled={!props.canWrite || !matchId}
          data-testid="sb-manual-ask"
        >
          {t("sports.askApproval")}
        </button>
      </form>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t("sports.id")}</th>
              <th>{t("sports.action")}</th>
              <th>{t("sports.match")}</th>
              <th>{t("sports.askedBy")}</th>
              <th>{t("sports.status")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {q.data?.actions.map((a) => (
              <tr key={a.id} data-testid={`sb-manual-row-${a.id}`}>
                <td>{a.id}</td>
                <td>
                  {manualKindLabel(a.kind)} {JSON.stringify(a.payload)}
                </td>
                <td>{a.matchId}</td>
                <td>{a.requestedBy}</td>
                <td>
                  {manualStatusLabel(a.status)}
                  {a.decidedBy ? t("sports.decidedBy", { name: a.decidedBy }) : ""}
                </td>
                <td>
                  {a.status === "pending" && props.canWrite ? (
                    <>
                      <button
                        type="button"
                        className="btn"
                        onClick={() => props.post(`/sports/manual/${a.id}/approve`, {})}
                        data-testid={`sb-manual-approve-${a.id}`}
                      >
                        {t("sports.approve")}
                      </button>{" "}
                      <button
                        type="button"
                        className="btn"
                        onClick={() => props.post(`/sports/manual/${a.id}/reject`, {})}
                      >
                        {t("sports.reject")}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ReportTab() {
  const t = useT();
  const [from, setFrom] = useState(today(-6));
  const [to, setTo] = useState(today());
  const q = useQuery({
    queryKey: ["admin-sports", "report", from, to],
    queryFn: () => api.get(`/sports/report?from=${from}&to=${to}`, Report),
  });
  return (
    <>
      <div className="toolbar">
        <label>
          {t("filter.from")}{" "}
          <input type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          {t("filter.to")} <input type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </label>
        <a className="btn" href={`/api/admin/sports/report?from=${from}&to=${to}&format=csv`} download>
          {t("list.exportCsv")}
        </a>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t("sports.reportDay")}</th>
              <th>{t("sports.sport")}</th>
              <th className="num">{t("sports.bets")}</th>
              <th className="num">{t("sports.turnover")}</th>
              <th className="num">{t("sports.payouts")}</th>
              <th className="num">{t("sports.marginHead")}</th>
              <th className="num">{t("sports.marginRate")}</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.rows.map((r) => (
              <tr key={`${r.day}-${r.sport}`}>
                <td>{r.day}</td>
                <td>{r.sport}</td>
                <td className="num">{r.bets}</td>
                <td className="num">{showAmount(r.turnover)}</td>
                <td className="num">{showAmount(r.payouts)}</td>
                <td className="num">{showAmount(r.margin)}</td>
                <td className="num">{showPercentText(r.marginPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
