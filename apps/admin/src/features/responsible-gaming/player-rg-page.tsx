import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow } from "../../components/table-states.tsx";
import { showAmount } from "../../lib/amounts.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import { type MemberRg, useImposeExclusion, useMemberRg } from "./rg-api.ts";
import { historySentence } from "./rg-history.ts";

const KIND: Record<string, string> = { deposit: "Deposit", loss: "Loss", wager: "Wager" };
const BLOCK: Record<string, string> = { cooling_off: "Cooling-off", self_exclusion: "Self-exclusion" };

/** A short line for the player view, linking to the full responsible-gaming page. */
export function RgSummarySection({ id }: { id: number }) {
  const rg = useMemberRg(id);
  const s = rg.data?.state;
  const limits = s?.limits.filter((l) => l.amount !== null).length ?? 0;
  return (
    <section className="section" aria-labelledby="player-rg" data-testid="player-rg">
      <div className="section-header">
        <h2 id="player-rg">Responsible gaming</h2>
        <Link to={`/players/${id}/responsible-gaming`} data-testid="player-rg-link">
          Limits, exclusions and history
        </Link>
      </div>
      <p>
        {s?.blocked
          ? `${BLOCK[s.blocked.kind]} until ${formatDateTime(s.blocked.until)}.`
          : "No exclusion in force."}{" "}
        {limits > 0 ? `${limits} limit(s) set.` : "No limits set."}
      </p>
    </section>
  );
}

function Limits({ data }: { data: MemberRg }) {
  return (
    <section className="section" aria-labelledby="rg-limits">
      <h2 id="rg-limits">Limits</h2>
      <div className="table-wrap">
        <table className="table" data-testid="rg-admin-limits">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col" className="num">
                In force
              </th>
              <th scope="col" className="num">
                Used this period
              </th>
              <th scope="col">Waiting raise or removal</th>
            </tr>
          </thead>
          <tbody>
            {data.state.limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`}>
                <td>
                  {KIND[l.kind]} per {l.period}
                </td>
                <td className="num">{l.amount === null ? "—" : showAmount(l.amount)}</td>
                <td className="num">{showAmount(l.used)}</td>
                <td>
                  {l.pending
                    ? `${l.pending.amount ? `to ${showAmount(l.pending.amount)}` : "removal"}, confirmable ${
                        l.pending.ready ? "now" : `from ${formatDateTime(l.pending.readyAt)}`
                      }`
                    : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Session limit: {data.state.sessionMinutes ? `${data.state.sessionMinutes} min` : "none"}
        {data.state.sessionPending &&
          ` (waiting: ${
            data.state.sessionPending.minutes ? `${data.state.sessionPending.minutes} min` : "removal"
          }, confirmable ${
            data.state.sessionPending.ready
              ? "now"
              : `from ${formatDateTime(data.state.sessionPending.readyAt)}`
          })`}{" "}
        · Reality check every{" "}
        {data.state.realityCheckMinutes
          ? `${data.state.realityCheckMinutes} min`
          : `${data.state.realityCheckDefaultMinutes} min (default)`}
      </p>
    </section>
  );
}

function ImposeForm({ id }: { id: number }) {
  const impose = useImposeExclusion(id);
  const [kind, setKind] = useState<"cooling_off" | "self_exclusion">("self_exclusion");
  const [days, setDays] = useState("180");
  const [reason, setReason] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    impose.mutate(
      { kind, days: Number(days), reason },
      {
        onSuccess: (r) => toast.success(`Imposed until ${formatDateTime(r.endsAt)}.`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <section className="section" aria-labelledby="rg-impose">
      <h2 id="rg-impose">Impose an exclusion</h2>
      <p className="field-hint">
        Effective at once. An exclusion is never lifted early, by the player or by an operator.
      </p>
      <form className="panel form-stack" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Kind</span>
          <select
            className="input"
            value={kind}
            onChange={(e) =>
              setKind(e.currentTarget.value === "cooling_off" ? "cooling_off" : "self_exclusion")
            }
          >
            <option value="self_exclusion">Self-exclusion</option>
            <option value="cooling_off">Cooling-off</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Days</span>
          <input
            className="input input--number"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">Reason (kept in the audit log)</span>
          <textarea
            className="textarea"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minLength={3}
            maxLength={500}
            required
            data-testid="rg-impose-reason"
          />
        </label>
        <div>
          <button
            type="submit"
            className="btn btn--danger"
            disabled={impose.isPending}
            data-testid="rg-impose"
          >
            Impose
          </button>
        </div>
      </form>
    </section>
  );
}

/** The member's responsible-gaming view: limits, exclusions, every change. */
export function PlayerRgPage() {
  const id = Number(useParams().id);
  const canWrite = useCanWrite("players");
  const rg = useMemberRg(id);
  const data = rg.data;
  return (
    <div data-testid="player-rg-page">
      <p className="breadcrumb">
        <Link to={`/players/${id}`}>Player #{id}</Link> <span aria-hidden="true">/</span> Responsible gaming
      </p>
      <PageHeader
        title={data ? `Responsible gaming · ${data.username}` : "Responsible gaming"}
        description="Limits, waiting raises, exclusions and every change the player or an operator made."
      />
      {rg.isError && (
        <p className="alert alert--warn" role="alert">
          {errorMessage(rg.error)}
        </p>
      )}
      {data && (
        <>
          {data.state.blocked && (
            <p className="alert alert--warn" role="note" data-testid="rg-admin-blocked">
              {BLOCK[data.state.blocked.kind]} until {formatDateTime(data.state.blocked.until)}.
            </p>
          )}
          <Limits data={data} />
          <section className="section" aria-labelledby="rg-exclusions">
            <h2 id="rg-exclusions">Exclusions</h2>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    <th scope="col">From</th>
                    <th scope="col">Until</th>
                    <th scope="col">By</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {data.exclusions.length === 0 ? (
                    <tr>
                      <td colSpan={5}>None.</td>
                    </tr>
                  ) : (
                    data.exclusions.map((x) => (
                      <tr key={x.id}>
                        <td>{BLOCK[x.kind]}</td>
                        <td>{formatDateTime(x.startsAt)}</td>
                        <td>{formatDateTime(x.endsAt)}</td>
                        <td>{x.byOperator ? "Operator" : "Player"}</td>
                        <td>{x.reason ?? "—"}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </section>
          {canWrite ? <ImposeForm id={id} /> : <ReadOnlyNote />}
          <section className="section" aria-labelledby="rg-history">
            <h2 id="rg-history">History</h2>
            <div className="table-wrap">
              <table className="table" data-testid="rg-admin-history">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {data.history.length === 0 && <EmptyRow columns={2} title="No change recorded yet." />}
                  {data.history.map((h) => (
                    <tr key={h.id}>
                      <td>{formatDateTime(h.createdAt)}</td>
                      <td>{historySentence(h, data.state.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
