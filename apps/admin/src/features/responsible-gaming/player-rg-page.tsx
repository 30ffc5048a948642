import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow } from "../../components/table-states.tsx";
import { showAmount } from "../../lib/amounts.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { type MemberRg, useImposeExclusion, useMemberRg } from "./rg-api.ts";
import { historySentence } from "./rg-history.ts";

const KIND: Record<string, TextKey> = {
  deposit: "rg.kind.deposit",
  loss: "rg.kind.loss",
  wager: "rg.kind.wager",
};
const PERIOD: Record<string, TextKey> = {
  day: "rg.period.day",
  week: "rg.period.week",
  month: "rg.period.month",
};
const BLOCK: Record<string, TextKey> = {
  cooling_off: "rg.block.cooling_off",
  self_exclusion: "rg.block.self_exclusion",
};

/** A short line for the player view, linking to the full responsible-gaming page. */
export function RgSummarySection({ id }: { id: number }) {
  const t = useT();
  const name = (map: Record<string, TextKey>, v: string) => (map[v] ? t(map[v] as TextKey) : v);
  const rg = useMemberRg(id);
  const s = rg.data?.state;
  const limits = s?.limits.filter((l) => l.amount !== null).length ?? 0;
  return (
    <section className="section" aria-labelledby="player-rg" data-testid="player-rg">
      <div className="section-header">
        <h2 id="player-rg">{t("rg.title")}</h2>
        <Link to={`/players/${id}/responsible-gaming`} data-testid="player-rg-link">
          {t("rg.link")}
        </Link>
      </div>
      <p>
        {s?.blocked
          ? t("rg.blockedUntil", {
              kind: name(BLOCK, s.blocked.kind),
              at: formatDateTime(s.blocked.until),
            })
          : t("rg.noExclusion")}{" "}
        {limits > 0 ? t("rg.limitsSet", { n: limits }) : t("rg.noLimits")}
      </p>
    </section>
  );
}

function Limits({ data }: { data: MemberRg }) {
  const t = useT();
  const name = (map: Record<string, TextKey>, v: string) => (map[v] ? t(map[v] as TextKey) : v);
  const minutes = (n: number) => t("rg.minutes", { n });
  const when = (ready: boolean, at: string) =>
    ready ? t("rg.now") : t("rg.fromDate", { at: formatDateTime(at) });
  return (
    <section className="section" aria-labelledby="rg-limits">
      <h2 id="rg-limits">{t("rg.limits")}</h2>
      <div className="table-wrap">
        <table className="table" data-testid="rg-admin-limits">
          <thead>
            <tr>
              <th scope="col">{t("rg.limit")}</th>
              <th scope="col" className="num">
                {t("rg.inForce")}
              </th>
              <th scope="col" className="num">
                {t("rg.used")}
              </th>
              <th scope="col">{t("rg.waitingChange")}</th>
            </tr>
          </thead>
          <tbody>
            {data.state.limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`}>
                <td>{t("rg.limitOf", { kind: name(KIND, l.kind), period: name(PERIOD, l.period) })}</td>
                <td className="num">{l.amount === null ? "—" : showAmount(l.amount)}</td>
                <td className="num">{showAmount(l.used)}</td>
                <td>
                  {l.pending
                    ? t("rg.pendingLimit", {
                        change: l.pending.amount
                          ? t("rg.toAmount", { amount: showAmount(l.pending.amount) })
                          : t("rg.removal"),
                        when: when(l.pending.ready, l.pending.readyAt),
                      })
                    : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {t("rg.sessionLimit", {
          value: data.state.sessionMinutes ? minutes(data.state.sessionMinutes) : t("rg.none"),
        })}
        {data.state.sessionPending &&
          t("rg.sessionPending", {
            change: data.state.sessionPending.minutes
              ? minutes(data.state.sessionPending.minutes)
              : t("rg.removal"),
            when: when(data.state.sessionPending.ready, data.state.sessionPending.readyAt),
          })}
        {t("rg.realityCheck", {
          value: data.state.realityCheckMinutes
            ? minutes(data.state.realityCheckMinutes)
            : t("rg.minutesDefault", { n: data.state.realityCheckDefaultMinutes }),
        })}
      </p>
    </section>
  );
}

function ImposeForm({ id }: { id: number }) {
  const t = useT();
  const impose = useImposeExclusion(id);
  const [kind, setKind] = useState<"cooling_off" | "self_exclusion">("self_exclusion");
  const [days, setDays] = useState("180");
  const [reason, setReason] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    impose.mutate(
      { kind, days: Number(days), reason },
      {
        onSuccess: (r) => toast.success(t("rg.imposed", { at: formatDateTime(r.endsAt) })),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <section className="section" aria-labelledby="rg-impose">
      <h2 id="rg-impose">{t("rg.imposeTitle")}</h2>
      <p className="field-hint">{t("rg.imposeHint")}</p>
      <form className="panel form-stack" onSubmit={submit}>
        <label className="field">
          <span className="field-label">{t("rg.kind")}</span>
          <select
            className="input"
            value={kind}
            onChange={(e) =>
              setKind(e.currentTarget.value === "cooling_off" ? "cooling_off" : "self_exclusion")
            }
          >
            <option value="self_exclusion">{t("rg.block.self_exclusion")}</option>
            <option value="cooling_off">{t("rg.block.cooling_off")}</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("rg.days")}</span>
          <input
            className="input input--number"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">{t("rg.reasonLabel")}</span>
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
            {t("rg.impose")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The member's responsible-gaming view: limits, exclusions, every change. */
export function PlayerRgPage() {
  const t = useT();
  const name = (map: Record<string, TextKey>, v: string) => (map[v] ? t(map[v] as TextKey) : v);
  const id = Number(useParams().id);
  const canWrite = useCanWrite("players");
  const rg = useMemberRg(id);
  const data = rg.data;
  return (
    <div data-testid="player-rg-page">
      <p className="breadcrumb">
        <Link to={`/players/${id}`}>{t("rg.playerNo", { id })}</Link> <span aria-hidden="true">/</span>{" "}
        {t("rg.title")}
      </p>
      <PageHeader
        title={data ? t("rg.titleOf", { name: data.username }) : t("rg.title")}
        description={t("rg.description")}
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
              {t("rg.blockedUntil", {
                kind: name(BLOCK, data.state.blocked.kind),
                at: formatDateTime(data.state.blocked.until),
              })}
            </p>
          )}
          <Limits data={data} />
          <section className="section" aria-labelledby="rg-exclusions">
            <h2 id="rg-exclusions">{t("rg.exclusions")}</h2>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t("rg.kind")}</th>
                    <th scope="col">{t("rg.from")}</th>
                    <th scope="col">{t("rg.until")}</th>
                    <th scope="col">{t("rg.by")}</th>
                    <th scope="col">{t("rg.reason")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.exclusions.length === 0 ? (
                    <tr>
                      <td colSpan={5}>{t("rg.noneYet")}</td>
                    </tr>
                  ) : (
                    data.exclusions.map((x) => (
                      <tr key={x.id}>
                        <td>{name(BLOCK, x.kind)}</td>
                        <td>{formatDateTime(x.startsAt)}</td>
                        <td>{formatDateTime(x.endsAt)}</td>
                        <td>{x.byOperator ? t("rg.byOperator") : t("rg.byPlayer")}</td>
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
            <h2 id="rg-history">{t("rg.history")}</h2>
            <div className="table-wrap">
              <table className="table" data-testid="rg-admin-history">
                <thead>
                  <tr>
                    <th scope="col">{t("rg.when")}</th>
                    <th scope="col">{t("rg.change")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.history.length === 0 && <EmptyRow columns={2} title={t("rg.noHistory")} />}
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
