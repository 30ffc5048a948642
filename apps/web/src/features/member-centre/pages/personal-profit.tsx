import "../../i18n/texts/centre.ts";
import type { ProfitFigures, ProfitValue } from "@panalo/contracts/account";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Field } from "../../../components/field.tsx";
import { failureText } from "../../../lib/api.ts";
import { useBalance } from "../../account/member-api.ts";
import { useProfit } from "../account/account-api.ts";
import { money } from "../wallet/money.ts";
import { daysBefore, manilaToday } from "../wallet/record-filters.ts";
import "../account/account.css";

const QUICK = [
  { id: "week", days: 6 },
  { id: "month", days: 29 },
  { id: "quarter", days: 89 },
] as const;

const tone = (v: string) => (v.startsWith("-") ? "profit-neg" : v === "0.00" ? "" : "profit-pos");

/** Net result per day as bars above (profit) or below (loss) a zero line: plain SVG, no library. */
function ProfitChart({ days, label }: { days: ProfitValue["days"]; label: string }) {
  const values = days.map((d) => Number(d.profit));
  const max = Math.max(1, ...values.map(Math.abs));
  const w = 600;
  const h = 200;
  const mid = h / 2;
  const step = w / Math.max(days.length, 1);
  const bar = Math.max(1, step * 0.7);
  return (
    <svg
      className="profit-chart"
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={label}
      data-testid="profit-chart"
    >
      <line x1={0} x2={w} y1={mid} y2={mid} stroke="currentColor" strokeOpacity={0.4} />
      {days.map((d, i) => {
        const v = values[i] ?? 0;
        const len = (Math.abs(v) / max) * (mid - 4);
        return (
          <rect
            key={d.day}
            x={i * step + (step - bar) / 2}
            y={v >= 0 ? mid - len : mid}
            width={bar}
            height={Math.max(len, v === 0 ? 0 : 1)}
            fill={v >= 0 ? "#1a7f37" : "#b42318"}
          >
            <title>{`${d.day}: ${d.profit}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/**
 * personalProfit (spec §2 "profit and loss"): the member's result per day and
 * per game category over a period, from the rounds the platform recorded (the betting record's
 * figures), with totals and a chart.
 */
export default function PersonalProfitPage() {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useBalance().data?.currencySymbol;
  const today = manilaToday();
  const [range, setRange] = useState({ startDate: daysBefore(today, 6), endDate: today });
  const [draft, setDraft] = useState(range);
  const profit = useProfit(range.startDate, range.endDate);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (draft.startDate && draft.endDate && draft.startDate <= draft.endDate) setRange(draft);
  };
  const v = profit.data;
  const figures = (f: ProfitFigures) => [
    [t("profit.bet"), f.bet],
    [t("profit.validBet"), f.validBet],
    [t("profit.win"), f.win],
    [t("profit.open"), f.openBet],
    [t("profit.profit"), f.profit],
  ];
  // Categories in the player's language; rounds of a vendor the catalogue no longer has: "other".
  const typeName = (type: string) =>
    t([`category.${type.toUpperCase()}`, "profit.otherCategory"], { defaultValue: type });
  return (
    <div className="profit-page" data-testid="personal-profit">
      <h2>{t("member.page.personalProfit")}</h2>
      <form className="acct-inline" onSubmit={apply}>
        <div className="acct-grid">
          <Field id={`${id}-s`} label={t("profit.from")}>
            <input
              id={`${id}-s`}
              type="date"
              className="input"
              value={draft.startDate}
              max={today}
              onChange={(e) => setDraft({ ...draft, startDate: e.currentTarget.value })}
            />
          </Field>
          <Field id={`${id}-e`} label={t("profit.to")}>
            <input
              id={`${id}-e`}
              type="date"
              className="input"
              value={draft.endDate}
              max={today}
              onChange={(e) => setDraft({ ...draft, endDate: e.currentTarget.value })}
            />
          </Field>
        </div>
        <div className="quick-ranges">
          {QUICK.map((q) => (
            <button
              key={q.id}
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                const next = { startDate: daysBefore(today, q.days), endDate: today };
                setDraft(next);
                setRange(next);
              }}
            >
              {t(`profit.quick.${q.id}`)}
            </button>
          ))}
          <button type="submit" className="btn btn-gold btn-sm">
            {t("profit.apply")}
          </button>
        </div>
      </form>
      {profit.isPending && <span className="spinner" aria-hidden="true" />}
      {profit.isError && (
        <p role="alert">{failureText(profit.error, t("errors.unknown"), t("errors.network"))}</p>
      )}
      {v && (
        <>
          <dl className="profit-totals" data-testid="profit-totals">
            {figures(v.total).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd
                  className={label === t("profit.profit") ? tone(value ?? "") : ""}
                  data-testid={
                    label === t("profit.profit")
                      ? "profit-total"
                      : label === t("profit.open")
                        ? "profit-open"
                        : undefined
                  }
                >
                  {money(symbol, value ?? "0.00")}
                </dd>
              </div>
            ))}
          </dl>
          {v.total.rounds === 0 ? (
            <EmptyState title={t("profit.none")} />
          ) : (
            <>
              <ProfitChart days={v.days} label={t("profit.chart")} />
              <h3>{t("profit.byCategory")}</h3>
              <div className="profit-table-wrap">
                <table className="data-table" data-testid="profit-categories">
                  <thead>
                    <tr>
                      <th scope="col">{t("profit.category")}</th>
                      <th scope="col">{t("profit.rounds")}</th>
                      <th scope="col">{t("profit.validBet")}</th>
                      <th scope="col">{t("profit.open")}</th>
                      <th scope="col">{t("profit.profit")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {v.categories.map((c) => (
                      <tr key={c.gameType} data-testid={`profit-category-${c.gameType}`}>
                        <td>{typeName(c.gameType)}</td>
                        <td>{c.rounds}</td>
                        <td>{money(symbol, c.validBet)}</td>
                        <td data-testid="profit-category-open">{money(symbol, c.openBet)}</td>
                        <td className={tone(c.profit)}>{money(symbol, c.profit)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <h3>{t("profit.byDay")}</h3>
              <div className="profit-table-wrap">
                <table className="data-table" data-testid="profit-days">
                  <thead>
                    <tr>
                      <th scope="col">{t("profit.day")}</th>
                      <th scope="col">{t("profit.rounds")}</th>
                      <th scope="col">{t("profit.bet")}</th>
                      <th scope="col">{t("profit.profit")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {v.days
                      .filter((d) => d.rounds > 0)
                      .map((d) => (
                        <tr key={d.day}>
                          <td>{d.day}</td>
                          <td>{d.rounds}</td>
                          <td>{money(symbol, d.bet)}</td>
                          <td className={tone(d.profit)}>{money(symbol, d.profit)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
