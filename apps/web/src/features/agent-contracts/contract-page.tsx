import "../i18n/texts/agent.ts";
import type { ContractKind, ContractTerms, ContractView, Tier } from "@panalo/contracts/agent-contracts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { Field } from "../../components/field.tsx";
import { ApiError, failureText } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useBalance } from "../account/member-api.ts";
import { i18next } from "../i18n/i18n.ts";
import { useLocale } from "../member-centre/wallet/locale.ts";
import { money } from "../member-centre/wallet/money.ts";
import { BillsTable } from "./bills-table.tsx";
import {
  type ContractPageData,
  takeOfferDownline,
  useContractAction,
  useContractImpact,
  useContractPage,
  useOfferContract,
} from "./contracts-api.ts";
import { bpToPercent, isAmountText, percentToBp } from "./rates.ts";
import "./agent-contracts.css";

const PERIODS = ["daily", "weekly", "semimonthly", "monthly"] as const;

/** A refusal in the player's language: the site's own words for contract codes, else the server's. */
export function contractError(err: unknown, t: (k: string) => string): string {
  if (err instanceof ApiError && i18next.exists(`agentContracts.errors.${err.code}`))
    return t(`agentContracts.errors.${err.code}`);
  return failureText(err, t("errors.unknown"), t("errors.network"));
}

function termsText(
  terms: ContractTerms,
  t: (k: string, o?: Record<string, unknown>) => string,
  symbol?: string,
) {
  if (terms.kind === "realtime_salary")
    return t("agentContracts.realtimeTerms", {
      profit: bpToPercent(terms.profitRateBp),
      loss: bpToPercent(terms.lossRateBp),
      min: money(symbol, terms.minSingleBet),
    });
  return terms.tiers
    .map((tier) =>
      t("agentContracts.tierText", {
        rate: bpToPercent(tier.rateBp),
        members: tier.minActiveMembers,
        bet: money(symbol, tier.minValidBet),
      }),
    )
    .join("; ");
}

/**
 * One contract page of the agent centre (spec §2: dividend, daily salary, hourly salary,
 * real-time salary): the agent's own contract and the offers waiting for it (accept, reject,
 * terminate, §4), the contracts it gave its direct downline agents, an offer form, and its
 * latest settlements of the kind.
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const { data, isPending, isError, refetch } = useContractPage(kind);
  const accept = useContractAction("accept");
  const reject = useContractAction("reject");
  const terminate = useContractAction("terminate");
  const [actionError, setActionError] = useState<string | null>(null);
  const act = (m: typeof accept, id: number) => {
    setActionError(null);
    m.mutate(id, { onError: (e) => setActionError(contractError(e, t)) });
  };

  if (isPending) return <span className="spinner" aria-hidden="true" />;
  if (isError)
    return (
      <p className="form-error" role="alert">
        {t("agentContracts.loadFailed")}{" "}
        <button type="button" className="link-btn" onClick={() => void refetch()}>
          {t("common.retry")}
        </button>
      </p>
    );
  const live = data.mine.filter((c) => c.status === "active" || c.status === "offered");
  const past = data.mine.filter((c) => c.status !== "active" && c.status !== "offered");
  const busy = accept.isPending || reject.isPending || terminate.isPending;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");

  return (
    <div className="agent-contract-page" data-testid={`contract-page-${kind}`}>
      <section aria-labelledby={`mine-${kind}`}>
        <h3 id={`mine-${kind}`}>{t("agentContracts.mine")}</h3>
        {actionError && (
          <p className="form-error" role="alert" data-testid="contract-error">
            {actionError}
          </p>
        )}
        {live.length === 0 ? (
          <EmptyState title={t("agentContracts.noneMine")} />
        ) : (
          <ul className="contract-list">
            {live.map((c) => (
              <li key={c.id} className="contract-card" data-testid="my-contract" data-status={c.status}>
                <div>
                  <strong>{t(`agentContracts.status.${c.status}`)}</strong>{" "}
                  <span className="muted">
                    {c.uplineName ?? t("agentContracts.platform")} · {t(`agentContracts.period.${c.period}`)}
                  </span>
                </div>
                <div data-testid="contract-terms">{termsText(c.terms, t, symbol)}</div>
                {c.status === "offered" && <ImpactNote contractId={c.id} who="downline" />}
                <div className="muted">
                  {c.status === "offered"
                    ? t("agentContracts.offeredAt", { at: date(c.offeredAt) })
                    : t("agentContracts.acceptedAt", { at: date(c.acceptedAt) })}
                </div>
                <div className="contract-actions">
                  {c.status === "offered" && (
                    <>
                      <AcceptButton contractId={c.id} disabled={busy} onAccept={() => act(accept, c.id)} />
                      <button
                        type="button"
                        className="btn"
                        disabled={busy}
                        onClick={() => act(reject, c.id)}
                        data-testid="contract-reject"
                      >
                        {t("agentContracts.reject")}
                      </button>
                    </>
                  )}
                  {c.status === "active" && (
                    <button
                      type="button"
                      className="btn"
                      disabled={busy}
                      onClick={() => {
                        if (window.confirm(t("agentContracts.terminateConfirm"))) act(terminate, c.id);
                      }}
                      data-testid="contract-terminate"
                    >
                      {t("agentContracts.terminate")}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {past.length > 0 && (
          <>
            <h4>{t("agentContracts.history")}</h4>
            <ul className="contract-list" data-testid="my-past-contracts">
              {past.map((c) => (
                <li
                  key={c.id}
                  className="contract-card ended"
                  data-testid="my-past-contract"
                  data-status={c.status}
                >
                  <div>
                    <strong>{t(`agentContracts.status.${c.status}`)}</strong>{" "}
                    <span className="muted">
                      {c.uplineName ?? t("agentContracts.platform")} ·{" "}
                      {t(`agentContracts.period.${c.period}`)}
                    </span>
                  </div>
                  <div>{termsText(c.terms, t, symbol)}</div>
                  <div data-testid="contract-end">
                    {t("agentContracts.endedAt", { at: date(c.endedAt) })}
                    {c.endReason ? ` · ${endReasonText(c.endReason, t)}` : ""}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby={`given-${kind}`}>
        <h3 id={`given-${kind}`}>{t("agentContracts.given")}</h3>
        {data.given.length === 0 ? (
          <EmptyState title={t("agentContracts.noneGiven")} />
        ) : (
          <table className="agent-table" data-testid="given-contracts">
            <thead>
              <tr>
                <th scope="col">{t("agentContracts.col.downline")}</th>
                <th scope="col">{t("agentContracts.col.status")}</th>
                <th scope="col">{t("agentContracts.col.terms")}</th>
                <th scope="col">{t("agentContracts.col.since")}</th>
                <th scope="col">{t("agentContracts.col.ended")}</th>
              </tr>
            </thead>
            <tbody>
              {data.given.map((c: ContractView) => (
                <tr
                  key={c.id}
                  data-testid="given-contract"
                  data-status={c.status}
                  data-downline={c.downlineName}
                >
                  <td data-label={t("agentContracts.col.downline")}>{c.downlineName}</td>
                  <td data-label={t("agentContracts.col.status")}>
                    <span>
                      {t(`agentContracts.status.${c.status}`)}
                      {c.status === "offered" && <ImpactNote contractId={c.id} who="upline" />}
                    </span>
                  </td>
                  <td data-label={t("agentContracts.col.terms")}>{termsText(c.terms, t, symbol)}</td>
                  <td data-label={t("agentContracts.col.since")}>{date(c.acceptedAt ?? c.offeredAt)}</td>
                  <td data-label={t("agentContracts.col.ended")} data-testid="given-end">
                    {c.endedAt
                      ? `${date(c.endedAt)}${c.endReason ? ` · ${endReasonText(c.endReason, t)}` : ""}`
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data.downlines.length > 0 && <OfferForm kind={kind} downlines={data.downlines} />}
      </section>

      <section aria-labelledby={`bills-${kind}`}>
        <h3 id={`bills-${kind}`}>{t("agentContracts.settlements")}</h3>
        <BillsTable bills={data.bills} />
      </section>
    </div>
  );
}

/** An end reason in the reader's language (a reason the site has no words for: "ended"). */
function endReasonText(reason: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t(`agentContracts.endReason.${reason}`, { defaultValue: t("agentContracts.status.ended") });
}

/**
 * spec §4: accepting a lower rate ends the contracts below that exceed it. Listed before the
 * downline accepts, and to the upline that offered it, so neither is surprised.
 */
function ImpactNote({ contractId, who }: { contractId: number; who: "downline" | "upline" }) {
  const { t } = useTranslation();
  const symbol = useBalance().data?.currencySymbol;
  const { data } = useContractImpact(contractId);
  if (!data || data.ends.length === 0) return null;
  return (
    <div className="contract-impact" role="note" data-testid="contract-impact">
      <p>{t(who === "downline" ? "agentContracts.impact.downline" : "agentContracts.impact.upline")}</p>
      <ul>
        {data.ends.map((c) => (
          <li key={c.id} data-testid="contract-impact-item">
            {c.downlineName} · {t(`agentContracts.status.${c.status}`)} · {termsText(c.terms, t, symbol)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Accept an offer; when it ends contracts in the team, the agent confirms having read them. */
function AcceptButton(props: { contractId: number; disabled: boolean; onAccept: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useContractImpact(props.contractId);
  const ends = data?.ends.length ?? 0;
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={props.disabled || isPending}
      onClick={() => {
        if (ends === 0 || window.confirm(t("agentContracts.impact.confirm", { count: ends })))
          props.onAccept();
      }}
      data-testid="contract-accept"
    >
      {t("agentContracts.accept")}
    </button>
  );
}

interface TierDraft {
  minActiveMembers: string;
  minValidBet: string;
  rate: string;
}

function OfferForm({ kind, downlines }: { kind: ContractKind; downlines: ContractPageData["downlines"] }) {
  const { t } = useTranslation();
  const id = useId();
  const offer = useOfferContract();
  const [downlineId, setDownlineId] = useState<number>(() => {
    const chosen = takeOfferDownline();
    return downlines.find((d) => d.id === chosen)?.id ?? downlines[0]?.id ?? 0;
  });
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>("daily");
  const [carryOver, setCarryOver] = useState(true);
  const [tiers, setTiers] = useState<TierDraft[]>([{ minActiveMembers: "0", minValidBet: "0", rate: "" }]);
  const [profit, setProfit] = useState("");
  const [loss, setLoss] = useState("");
  const [minBet, setMinBet] = useState("0");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const build = (): ContractTerms | null => {
    if (kind === "realtime_salary") {
      const p = percentToBp(profit);
      const l = percentToBp(loss);
      if (p === null || l === null || !isAmountText(minBet)) return null;
      return { kind, profitRateBp: p, lossRateBp: l, minSingleBet: minBet.trim() };
    }
    const parsed: Tier[] = [];
    for (const x of tiers) {
      const rateBp = percentToBp(x.rate);
      const members = /^\d{1,7}$/.test(x.minActiveMembers.trim()) ? Number(x.minActiveMembers) : null;
      if (rateBp === null || members === null || !isAmountText(x.minValidBet)) return null;
      parsed.push({ minActiveMembers: members, minValidBet: x.minValidBet.trim(), rateBp });
    }
    if (kind === "dividend") return { kind, period, carryOver, tiers: parsed };
    if (kind === "daily_salary") return { kind, period, tiers: parsed };
    return { kind, tiers: parsed };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const terms = build();
    if (!terms) {
      setError(t("agentContracts.formInvalid"));
      return;
    }
    setError(null);
    offer.mutate(
      { downlineId, terms },
      { onSuccess: () => setDone(true), onError: (err) => setError(contractError(err, t)) },
    );
  };
  const setTier = (i: number, patch: Partial<TierDraft>) =>
    setTiers((ts) => ts.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
    <form className="contract-offer" onSubmit={submit} noValidate data-testid="contract-offer">
      <h4>{t("agentContracts.offer")}</h4>
      <Field id={`${id}-down`} label={t("agentContracts.col.downline")}>
        <select
          id={`${id}-down`}
          className="input"
          value={downlineId}
          onChange={(e) => setDownlineId(Number(e.target.value))}
          data-testid="offer-downline"
        >
          {downlines.map((d) => (
            <option key={d.id} value={d.id}>
              {d.username}
            </option>
          ))}
        </select>
      </Field>
      {(kind === "dividend" || kind === "daily_salary") && (
        <Field id={`${id}-period`} label={t("agentContracts.col.period")}>
          <select
            id={`${id}-period`}
            className="input"
            value={period}
            onChange={(e) => setPeriod(PERIODS.find((p) => p === e.target.value) ?? "daily")}
            data-testid="offer-period"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`agentContracts.period.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {kind === "realtime_salary" ? (
        <div className="offer-row">
          <Field id={`${id}-profit`} label={t("agentContracts.profitRate")}>
            <input
              id={`${id}-profit`}
              className="input"
              inputMode="decimal"
              value={profit}
              onChange={(e) => setProfit(e.target.value)}
              data-testid="offer-profit"
            />
          </Field>
          <Field id={`${id}-loss`} label={t("agentContracts.lossRate")}>
            <input
              id={`${id}-loss`}
              className="input"
              inputMode="decimal"
              value={loss}
              onChange={(e) => setLoss(e.target.value)}
              data-testid="offer-loss"
            />
          </Field>
          <Field id={`${id}-min`} label={t("agentContracts.singleBet")}>
            <input
              id={`${id}-min`}
              className="input"
              inputMode="decimal"
              value={minBet}
              onChange={(e) => setMinBet(e.target.value)}
              data-testid="offer-min-bet"
            />
          </Field>
        </div>
      ) : (
        <>
          {tiers.map((tier, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place by position
            <div className="offer-row" key={i} data-testid="offer-tier">
              <Field id={`${id}-m${i}`} label={t("agentContracts.activeMembers")}>
                <input
                  id={`${id}-m${i}`}
                  className="input"
                  inputMode="numeric"
                  value={tier.minActiveMembers}
                  onChange={(e) => setTier(i, { minActiveMembers: e.target.value })}
                />
              </Field>
              <Field
                id={`${id}-b${i}`}
                label={t(kind === "dividend" ? "agentContracts.periodBet" : "agentContracts.betAmount")}
              >
                <input
                  id={`${id}-b${i}`}
                  className="input"
                  inputMode="decimal"
                  value={tier.minValidBet}
                  onChange={(e) => setTier(i, { minValidBet: e.target.value })}
                />
              </Field>
              <Field id={`${id}-r${i}`} label={t("agentContracts.rate")}>
                <input
                  id={`${id}-r${i}`}
                  className="input"
                  inputMode="decimal"
                  value={tier.rate}
                  onChange={(e) => setTier(i, { rate: e.target.value })}
                  data-testid="offer-rate"
                />
              </Field>
              {tiers.length > 1 && (
                <button
                  type="button"
                  className="link-btn"
                  onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}
                >
                  {t("agentContracts.removeTier")}
                </button>
              )}
            </div>
          ))}
          {tiers.length < 10 && (
            <button
              type="button"
              className="link-btn"
              onClick={() => setTiers((ts) => [...ts, { minActiveMembers: "0", minValidBet: "0", rate: "" }])}
            >
              {t("agentContracts.addTier")}
            </button>
          )}
          {kind === "dividend" && (
            <label className="checkbox">
              <input type="checkbox" checked={carryOver} onChange={(e) => setCarryOver(e.target.checked)} />{" "}
              {t("agentContracts.carryOver")}
            </label>
          )}
        </>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="offer-error">
          {error}
        </p>
      )}
      {done && (
        <p className="form-ok" role="status" data-testid="offer-done">
          {t("agentContracts.offered")}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={offer.isPending} data-testid="offer-submit">
        {t("agentContracts.sendOffer")}
      </button>
    </form>
  );
}
