import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money-format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { useCan, useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { api, errorMessage } from "../../lib/api.ts";

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
const Matches = z.object({ matches: z.array(Match) });
const Liability = z.object({
  outcomes: z.array(
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
const pesos = (minor: string) => formatMinor(BigInt(minor));
const today = (d = 0) => manilaToday(d);

export function SportsTradingPage() {
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
      <PageHeader
        title="Sports trading"
        description="Sports, matches and markets of the sportsbook; liability, manual settlement with four eyes, and the report."
      />
      <div className="toolbar" role="tablist" aria-label="Trading views">
        {(["matches", "sports", "manual", "report"] as Tab[]).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={tab === x ? "btn btn-primary" : "btn"}
            onClick={() => setTab(x)}
          >
            {x[0]?.toUpperCase()}
            {x.slice(1)}
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

function SportsTab(props: { canWrite: boolean; put: (path: string, body: unknown) => void }) {
  const q = useQuery({
    queryKey: ["admin-sports", "sports"],
    queryFn: () => api.get("/sports/sports", Sports),
  });
  const [member, setMember] = useState("");
  const [limit, setLimit] = useState("");
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Sport</th>
              <th>Category</th>
              <th>On</th>
              <th className="num">Margin (bp)</th>
              <th className="num">Min stake</th>
              <th className="num">Max stake</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.sports.map((s) => (
              <tr key={s.code}>
                <td>{s.name}</td>
                <td>{s.category}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${s.name} on`}
                    checked={s.enabled}
                    disabled={!props.canWrite}
                    onChange={(e) =>
                      props.put(`/sports/sports/${s.code}`, { enabled: e.currentTarget.checked })
                    }
                  />
                </td>
                <td className="num">
                  <input
                    type="number"
                    aria-label={`${s.name} margin`}
                    defaultValue={s.marginBp}
                    disabled={!props.canWrite}
                    onBlur={(e) =>
                      props.put(`/sports/sports/${s.code}`, { marginBp: Number(e.currentTarget.value) })
                    }
                  />
                </td>
                <td className="num">
                  <input
                    type="number"
                    aria-label={`${s.name} minimum stake (centavos)`}
                    defaultValue={s.minStake}
                    disabled={!props.canWrite}
                    onBlur={(e) =>
                      props.put(`/sports/sports/${s.code}`, { minStake: Number(e.currentTarget.value) })
                    }
                  />
                </td>
                <td className="num">
                  <input
                    type="number"
                    aria-label={`${s.name} maximum stake (centavos)`}
                    defaultValue={s.maxStake}
                    disabled={!props.canWrite}
                    onBlur={(e) =>
                      props.put(`/sports/sports/${s.code}`, { maxStake: Number(e.currentTarget.value) })
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.data ? (
        <p className="muted">
          Book: at most {q.data.book.maxLegs} legs; live delay {q.data.book.liveDelayMs} ms; cash-out margin{" "}
          {q.data.book.cashoutMarginBp} bp; maximum payout ₱{pesos(q.data.book.maxPayout)}.
        </p>
      ) : null}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          props.put(`/sports/limits/${Number(member)}`, { maxStake: limit ? Number(limit) : null });
        }}
      >
        <label>
          Member id{" "}
          <input value={member} onChange={(e) => setMember(e.currentTarget.value)} inputMode="numeric" />
        </label>
        <label>
          Max stake (centavos, empty: none){" "}
          <input value={limit} onChange={(e) => setLimit(e.currentTarget.value)} inputMode="numeric" />
        </label>
        <button type="submit" className="btn" disabled={!props.canWrite || !member}>
          Set player limit
        </button>
      </form>
    </>
  );
}

function MatchesTab(props: { canWrite: boolean; put: (path: string, body: unknown) => void }) {
  const [status, setStatus] = useState<"open" | "done">("open");
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ["admin-sports", "matches", status],
    queryFn: () => api.get(`/sports/matches?status=${status}`, Matches),
  });
  return (
    <>
      <div className="toolbar">
        <select
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as "open" | "done")}
          aria-label="Matches"
        >
          <option value="open">Open</option>
          <option value="done">Closed and cancelled</option>
        </select>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Match</th>
              <th>Start</th>
              <th>Status</th>
              <th className="num">Open stake</th>
              <th>On</th>
              <th>Suspended</th>
              <th>Hot</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {q.data?.matches.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.home} v {m.away}
                  <div className="muted">
                    {m.sport} · {m.league}
                  </div>
                </td>
                <td>{new Date(m.startAt).toLocaleString()}</td>
                <td>
                  {m.status} {m.scoreHome}-{m.scoreAway}
                </td>
                <td className="num">{pesos(m.openStake)}</td>
                {(["enabled", "suspended", "hot"] as const).map((k) => (
                  <td key={k}>
                    <input
                      type="checkbox"
                      aria-label={`${k} ${m.home} v ${m.away}`}
                      checked={m[k]}
                      disabled={!props.canWrite}
                      onChange={(e) => props.put(`/sports/matches/${m.id}`, { [k]: e.currentTarget.checked })}
                    />
                  </td>
                ))}
                <td>
                  <button type="button" className="btn" onClick={() => setOpen(open === m.id ? null : m.id)}>
                    Liability
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? <LiabilityTable id={open} canWrite={props.canWrite} put={props.put} /> : null}
    </>
  );
}

function LiabilityTable(props: {
  id: number;
  canWrite: boolean;
  put: (path: string, body: unknown) => void;
}) {
  const q = useQuery({
    queryKey: ["admin-sports", "liability", props.id],
    queryFn: () => api.get(`/sports/matches/${props.id}/liability`, Liability),
  });
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>Liability of match {props.id} (open bets; a parlay counts on each of its legs)</caption>
        <thead>
          <tr>
            <th>Market</th>
            <th>Outcome</th>
            <th className="num">Odds</th>
            <th className="num">Bets</th>
            <th className="num">Stake</th>
            <th className="num">Liability</th>
            <th>Market suspended</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.outcomes.map((o) => (
            <tr key={o.outcomeId}>
              <td>{o.market}</td>
              <td>{o.name}</td>
              <td className="num">{(o.odds / 1000).toFixed(2)}</td>
              <td className="num">{o.bets}</td>
              <td className="num">{o.stake}</td>
              <td className="num">{o.liability}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`suspend ${o.market}`}
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
    </div>
  );
}

function ManualTab(props: { canWrite: boolean; post: (path: string, body: unknown) => void }) {
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
          Match id{" "}
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
          aria-label="Action"
        >
          <option value="settle">Settle from a final score</option>
          <option value="void">Void the match</option>
        </select>
        {kind === "settle" ? (
          <>
            <label>
              Home{" "}
              <input
                value={home}
                onChange={(e) => setHome(e.currentTarget.value)}
                inputMode="numeric"
                data-testid="sb-manual-home"
                size={3}
              />
            </label>
            <label>
              Away{" "}
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
          Ask for approval
        </button>
      </form>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Id</th>
              <th>Action</th>
              <th>Match</th>
              <th>Asked by</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {q.data?.actions.map((a) => (
              <tr key={a.id} data-testid={`sb-manual-row-${a.id}`}>
                <td>{a.id}</td>
                <td>
                  {a.kind} {JSON.stringify(a.payload)}
                </td>
                <td>{a.matchId}</td>
                <td>{a.requestedBy}</td>
                <td>
                  {a.status}
                  {a.decidedBy ? ` by ${a.decidedBy}` : ""}
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
                        Approve
                      </button>{" "}
                      <button
                        type="button"
                        className="btn"
                        onClick={() => props.post(`/sports/manual/${a.id}/reject`, {})}
                      >
                        Reject
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
          From <input type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </label>
        <a className="btn" href={`/api/admin/sports/report?from=${from}&to=${to}&format=csv`} download>
          Export CSV
        </a>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Day</th>
              <th>Sport</th>
              <th className="num">Bets</th>
              <th className="num">Turnover</th>
              <th className="num">Payouts</th>
              <th className="num">Margin</th>
              <th className="num">Margin %</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.rows.map((r) => (
              <tr key={`${r.day}-${r.sport}`}>
                <td>{r.day}</td>
                <td>{r.sport}</td>
                <td className="num">{r.bets}</td>
                <td className="num">{r.turnover}</td>
                <td className="num">{r.payouts}</td>
                <td className="num">{r.margin}</td>
                <td className="num">{r.marginPct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
