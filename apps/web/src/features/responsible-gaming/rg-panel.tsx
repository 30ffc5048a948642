import "../i18n/texts/rg.ts";
import type { RgLimitView, RgState } from "@panalo/contracts/responsible-gaming";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showDialog } from "../../components/dialogs.tsx";
import { failureText } from "../../lib/api.ts";
import { formatDate, formatDateTime, formatMoneyString } from "../../lib/format.ts";
import {
  COOLING_OFF_DAYS,
  LIMIT_KINDS,
  type LimitKind,
  PERIODS,
  type Period,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
  SESSION_MINUTES,
  useExclude,
  usePendingAction,
  useRgState,
  useSessionPending,
  useSessionSettings,
  useSetLimit,
} from "./rg-api.ts";
import "./rg.css";

/**
 * The member's responsible-gaming controls, shared by the /responsibleGaming
 * page and the member centre: deposit, loss and wager limits per Manila day, week and month
 * (lower at once; higher or removed after 24 hours and a confirmation), the session limit and
 * reality check, cooling-off and self-exclusion (at once, never lifted early).
 */
export function RgPanel() {
  const { t } = useTranslation();
  const state = useRgState();
  const s = state.data;
  if (state.isLoading) return <span className="spinner" aria-hidden="true" />;
  if (!s)
    return (
      <p className="form-error" role="alert">
        {failureText(state.error, t("errors.unknown"), t("errors.network"))}
      </p>
    );
  return (
    <div className="rg-panel" data-testid="rg-panel">
      {s.blocked && (
        <p className="rg-blocked" role="status" data-testid="rg-blocked">
          {t(s.blocked.kind === "self_exclusion" ? "rg.blockedSelf" : "rg.blockedCooling", {
            date: formatDateTime(s.blocked.until, navigator.language),
          })}
        </p>
      )}
      <LimitsSection limits={s.limits} />
      <SessionSection
        sessionMinutes={s.sessionMinutes}
        pending={s.sessionPending}
        realityCheckMinutes={s.realityCheckMinutes}
        defaultMinutes={s.realityCheckDefaultMinutes}
      />
      {!s.blocked || s.blocked.kind === "cooling_off" ? <ExclusionSection /> : null}
      <p className="muted">{t("rg.ageRule", { age: s.minimumAge })}</p>
    </div>
  );
}

function Feedback({ ok, error }: { ok: string | null; error: string | null }) {
  return (
    <>
      {ok && (
        <p className="form-notice" role="status" data-testid="rg-notice">
          {ok}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="rg-error">
          {error}
        </p>
      )}
    </>
  );
}

function LimitsSection({ limits }: { limits: RgLimitView[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<LimitKind>("deposit");
  const [period, setPeriod] = useState<Period>("day");
  const [amount, setAmount] = useState("");
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = useSetLimit();
  const confirm = usePendingAction("confirm");
  const cancel = usePendingAction("cancel");
  const fail = (e: unknown) => setError(failureText(e, t("errors.unknown"), t("errors.network")));
  const submit = (value: string | null) => {
    setOk(null);
    setError(null);
    set.mutate(
      { kind, period, amount: value },
      {
        onSuccess: (r) => setOk(t(r.status === "applied" ? "rg.limitApplied" : "rg.limitPending")),
        onError: fail,
      },
    );
  };
  const pendingAction = (action: typeof confirm, l: RgLimitView) => {
    setOk(null);
    setError(null);
    action.mutate({ kind: l.kind, period: l.period }, { onError: fail });
  };
  return (
    <section className="rg-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("rg.limitsTitle")}</h3>
      <p className="muted">{t("rg.limitsLead")}</p>
      <form
        className="rg-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit(amount.trim());
        }}
      >
        <label>
          {t("rg.kindLabel")}
          <select
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as LimitKind)}
            data-testid="rg-kind"
          >
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`rg.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("rg.periodLabel")}
          <select
            value={period}
            onChange={(e) => setPeriod(e.currentTarget.value as Period)}
            data-testid="rg-period"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`rg.period.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("rg.amount")}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            placeholder="500.00"
            data-testid="rg-amount"
          />
        </label>
        <div className="rg-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={set.isPending || !amount.trim()}
            data-testid="rg-set"
          >
            {t("rg.setLimit")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={set.isPending}
            onClick={() => submit(null)}
          >
            {t("rg.removeLimit")}
          </button>
        </div>
      </form>
      <Feedback ok={ok} error={error} />
      {/* A region of its own that takes focus: the table scrolls sideways on a phone (axe). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard */}
      <section className="rg-limits-wrap" tabIndex={0} aria-label={t("rg.inForce")}>
        <table className="rg-table" data-testid="rg-limits">
          <thead>
            <tr>
              <th scope="col">{t("rg.kindLabel")}</th>
              <th scope="col">{t("rg.inForce")}</th>
              <th scope="col">{t("rg.used")}</th>
              <th scope="col">{t("rg.waiting")}</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`} data-testid={`rg-limit-${l.kind}-${l.period}`}>
                <th scope="row">
                  {t(`rg.kind.${l.kind}`)} · {t(`rg.period.${l.period}`)}
                </th>
                <td data-testid="rg-limit-amount">{l.amount ? formatMoneyString(l.amount) : t("rg.none")}</td>
                <td>{formatMoneyString(l.used)}</td>
                <td>
                  {l.pending && (
                    <div className="rg-pending">
                      <span>
                        {l.pending.amount
                          ? t("rg.pendingRaise", { amount: formatMoneyString(l.pending.amount) })
                          : t("rg.pendingRemove")}
                        {" · "}
                        {l.pending.ready
                          ? t("rg.readyNow")
                          : t("rg.readyAt", { date: formatDateTime(l.pending.readyAt, navigator.language) })}
                      </span>
                      {l.pending.ready && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          onClick={() => pendingAction(confirm, l)}
                        >
                          {t("rg.confirm")}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        onClick={() => pendingAction(cancel, l)}
                      >
                        {t("rg.cancel")}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function SessionSection(p: {
  pending: RgState["sessionPending"];
  sessionMinutes: number | null;
  realityCheckMinutes: number | null;
  defaultMinutes: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [session, setSession] = useState(p.sessionMinutes === null ? "" : String(p.sessionMinutes));
  const [reality, setReality] = useState(p.realityCheckMinutes === null ? "" : String(p.realityCheckMinutes));
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSessionSettings();
  const confirmSession = useSessionPending("confirm");
  const cancelSession = useSessionPending("cancel");
  const decide = (m: typeof confirmSession) => {
    setOk(null);
    setError(null);
    m.mutate(undefined, {
      onError: (err) => setError(failureText(err, t("errors.unknown"), t("errors.network"))),
    });
  };
  // A value set elsewhere (the operator's test set-up, an older choice) stays selectable.
  const withCurrent = (list: readonly number[], current: number | null) =>
    current !== null && !list.includes(current) ? [...list, current] : list;
  const sessionChoices = withCurrent(SESSION_MINUTES, p.sessionMinutes);
  const realityChoices = withCurrent(REALITY_CHECK_MINUTES, p.realityCheckMinutes);
  return (
    <section className="rg-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("rg.sessionTitle")}</h3>
      <p className="muted">{t("rg.sessionLead")}</p>
      <form
        className="rg-form"
        onSubmit={(e) => {
          e.preventDefault();
          setOk(null);
          setError(null);
          save.mutate(
            {
              sessionMinutes: session ? Number(session) : null,
              realityCheckMinutes: reality ? Number(reality) : null,
            },
            {
              onSuccess: (r) => setOk(t(r.status === "applied" ? "rg.saved" : "rg.limitPending")),
              onError: (err) => setError(failureText(err, t("errors.unknown"), t("errors.network"))),
            },
          );
        }}
      >
        <label>
          {t("rg.sessionLimit")}
          <select value={session} onChange={(e) => setSession(e.currentTarget.value)}>
            <option value="">{t("rg.noSessionLimit")}</option>
            {sessionChoices.map((m) => (
              <option key={m} value={m}>
                {t("rg.minutes", { count: m })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("rg.realityCheck")}
          <select value={reality} onChange={(e) => setReality(e.currentTarget.value)}>
            <option value="">{t("rg.realityDefault", { count: p.defaultMinutes })}</option>
            {realityChoices.map((m) => (
              <option key={m} value={m}>
                {t("rg.minutes", { count: m })}
              </option>
            ))}
          </select>
        </label>
        <div className="rg-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t("rg.save")}
          </button>
        </div>
      </form>
      {p.pending && (
        <div className="rg-pending" data-testid="rg-session-pending">
          <span>
            {p.pending.minutes
              ? t("rg.pendingRaise", { amount: t("rg.minutes", { count: p.pending.minutes }) })
              : t("rg.pendingRemove")}
            {" · "}
            {p.pending.ready
              ? t("rg.readyNow")
              : t("rg.readyAt", { date: formatDateTime(p.pending.readyAt, navigator.language) })}
          </span>
          {p.pending.ready && (
            <button type="button" className="btn btn-sm btn-outline" onClick={() => decide(confirmSession)}>
              {t("rg.confirm")}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-outline" onClick={() => decide(cancelSession)}>
            {t("rg.cancel")}
          </button>
        </div>
      )}
      <Feedback ok={ok} error={error} />
    </section>
  );
}

/** Self-exclusions this long or longer ask for a second confirmation showing their end date. */
const SECOND_CONFIRMATION_MONTHS = 6;

/** Today plus whole calendar months, as the platform counts a self-exclusion's end. */
function monthsFromNow(months: number): Date {
  const d = new Date();
  d.setMonth(d.getMonth() + months);
  return d;
}

function ExclusionSection() {
  const { t } = useTranslation();
  const id = useId();
  const [days, setDays] = useState<number>(1);
  const [months, setMonths] = useState<number>(6);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exclude = useExclude();
  const run = (v: { kind: "cooling_off"; days: number } | { kind: "self_exclusion"; months: number }) => {
    setError(null);
    exclude.mutate(v, {
      onError: (err) => setError(failureText(err, t("errors.unknown"), t("errors.network"))),
    });
  };
  // Six months or more cannot be undone: the player confirms once more, seeing its end date.
  const confirmSelfExclusion = (m: number) => {
    if (m < SECOND_CONFIRMATION_MONTHS) return run({ kind: "self_exclusion", months: m });
    showDialog({
      icon: "warning",
      title: t("rg.confirmExclusionTitle"),
      text: t("rg.confirmExclusion", {
        date: formatDate(monthsFromNow(m).toISOString(), navigator.language),
      }),
      closeOnCover: false,
      testId: "rg-exclusion-confirm",
      buttons: [
        { label: t("common.cancel") },
        {
          label: t("rg.confirmExclusionYes"),
          primary: true,
          onClick: () => run({ kind: "self_exclusion", months: m }),
        },
      ],
    });
  };
  return (
    <section className="rg-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("rg.exclusionTitle")}</h3>
      <p className="muted">{t("rg.exclusionLead")}</p>
      <label className="rg-check">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.currentTarget.checked)}
          data-testid="rg-understand"
        />
        {t("rg.understand")}
      </label>
      <div className="rg-form">
        <label>
          {t("rg.coolingOff")}
          <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {COOLING_OFF_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 1
                  ? t("rg.hours24")
                  : d === 7
                    ? t("rg.week1")
                    : d % 7 === 0
                      ? t("rg.weeks", { count: d / 7 })
                      : t("rg.days", { count: d })}
              </option>
            ))}
          </select>
        </label>
        <div className="rg-actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={!understood || exclude.isPending}
            onClick={() => run({ kind: "cooling_off", days })}
          >
            {t("rg.startCoolingOff")}
          </button>
        </div>
        <label>
          {t("rg.selfExclusion")}
          <select
            value={months}
            onChange={(e) => setMonths(Number(e.currentTarget.value))}
            data-testid="rg-months"
          >
            {SELF_EXCLUSION_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m === 12
                  ? t("rg.year1")
                  : m % 12 === 0
                    ? t("rg.years", { count: m / 12 })
                    : t("rg.months", { count: m })}
              </option>
            ))}
          </select>
        </label>
        <div className="rg-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!understood || exclude.isPending}
            onClick={() => confirmSelfExclusion(months)}
            data-testid="rg-self-exclude"
          >
            {t("rg.startSelfExclusion")}
          </button>
        </div>
      </div>
      <Feedback ok={null} error={error} />
    </section>
  );
}
