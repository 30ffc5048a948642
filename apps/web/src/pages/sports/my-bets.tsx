import "../../features/i18n/texts/sports.ts";
import { formatOdds } from "@panalo/game-math/sportsbook/odds";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { MEMBER_QUERY_ROOT, useSession } from "../../features/session/session-store.ts";
import { useOddsFormat } from "../../features/sports/slip-store.ts";
import { cashout, cashoutQuote, useMyBets } from "../../features/sports/sports-api.ts";
import { ApiError } from "../../lib/api.ts";
import { formatDateTime, formatMoneyString } from "../../lib/format.ts";

/** My bets: open and settled, every leg with its state; cash-out on open ones. */
export function MyBets() {
  const { t, i18n } = useTranslation();
  const token = useSession((s) => s.token);
  const [state, setState] = useState<"open" | "settled">("open");
  const bets = useMyBets(state);
  const format = useOddsFormat((s) => s.format);
  const qc = useQueryClient();
  const [quote, setQuote] = useState<{
    id: number;
    amount: string | null;
    value: string | null;
    debt: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!token) return null;
  const ask = async (id: number) => {
    setError(null);
    setQuote({ id, ...(await cashoutQuote(id)) });
  };
  const take = async (id: number, amount: string) => {
    try {
      await cashout(id, amount);
      setQuote(null);
      await qc.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <section className="sb-mybets card" aria-labelledby="mybets-title" data-testid="sports-my-bets">
      <h2 id="mybets-title">{t("sports.myBets")}</h2>
      <Tabs
        idBase="sbbets"
        label={t("sports.myBets")}
        items={(["open", "settled"] as const).map((s) => ({ id: s, label: t(`sports.bets.${s}`) }))}
        value={state}
        onChange={setState}
        testIdPrefix="sbbets-tab-"
      />
      <TabPanel idBase="sbbets" selected={state}>
        {!bets.data ? (
          <p className="muted">{t("common.loading")}</p>
        ) : bets.data.bets.length === 0 ? (
          <p className="muted">{t(`sports.bets.${state}Empty`)}</p>
        ) : (
          <ul className="sb-bets">
            {bets.data.bets.map((b) => (
              <li key={b.id} data-testid={`sb-bet-${b.id}`} data-status={b.status}>
                <div className="sb-bet-head">
                  <strong>
                    {b.kind === "system"
                      ? t(`sports.systems.${b.systemCode?.includes("/") ? "kOfN" : b.systemCode}`, {
                          k: b.systemCode?.split("/")[0],
                          n: b.systemCode?.split("/")[1],
                        })
                      : t(`sports.mode.${b.kind}`)}
                  </strong>
                  <span className={`sb-status is-${b.status}`}>{t(`sports.status.${b.status}`)}</span>
                </div>
                <ul className="sb-legs">
                  {b.legs.map((l) => (
                    <li key={l.outcomeId} data-state={l.state}>
                      <span>
                        {l.outcome} · <span className="muted">{l.match}</span>
                      </span>
                      <span>
                        {formatOdds(l.odds, format)}{" "}
                        <span className={`sb-leg is-${l.state}`}>{t(`sports.leg.${l.state}`)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="sb-bet-foot small">
                  <span>
                    {t("sports.stake")} {formatMoneyString(b.stake)}
                  </span>
                  <span>
                    {b.payout === null
                      ? `${t("sports.potential")} ${formatMoneyString(b.potential)}`
                      : `${t("sports.payout")} ${formatMoneyString(b.payout)}`}
                  </span>
                  <time dateTime={b.placedAt}>{formatDateTime(b.placedAt, i18n.language)}</time>
                </div>
                {b.status === "open" && b.kind !== "system" ? (
                  quote?.id === b.id ? (
                    quote.amount ? (
                      <>
                        {quote.value && quote.debt !== "0.00" ? (
                          <p className="muted small" data-testid={`cashout-debt-${b.id}`}>
                            {t("sports.cashoutDebt", {
                              value: formatMoneyString(quote.value),
                              debt: formatMoneyString(quote.debt),
                            })}
                          </p>
                        ) : null}
                        <button
                          type="button"
                          className="btn btn-gold btn-sm sb-cashout"
                          onClick={() => take(b.id, quote.amount ?? "0")}
                          data-testid={`cashout-take-${b.id}`}
                        >
                          {t("sports.cashoutFor", { amount: formatMoneyString(quote.amount) })}
                        </button>
                      </>
                    ) : (
                      <p className="muted small">{t("sports.cashoutNone")}</p>
                    )
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm sb-cashout"
                      onClick={() => ask(b.id)}
                      data-testid={`cashout-${b.id}`}
                    >
                      {t("sports.cashout")}
                    </button>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </TabPanel>
    </section>
  );
}
