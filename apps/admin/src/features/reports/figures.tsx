import "./reports.css";
import type { Dashboard, DashboardFigures } from "@panalo/contracts/admin-reports";
import { useState } from "react";
import { Link } from "react-router";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { t, useT } from "../../lib/i18n.ts";
import { money } from "../finance/money.ts";
import { BarList, LineChart } from "./charts.tsx";
import { type Change, type ComparedId, type Comparison, compareFigures } from "./comparison.ts";
import { addDays, manilaToday, useDashboard } from "./reports-api.ts";

/** "3 h 12 min" since an ISO time. */
export function ageOf(iso: string, now = Date.now()): string {
  const min = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (min < 60) return t("figures.ageMin", { n: min });
  const h = Math.floor(min / 60);
  if (h < 48) return t("figures.ageHours", { h, m: min % 60 });
  return t("figures.ageDays", { n: Math.floor(h / 24) });
}

const ARROW: Record<Change["direction"], string> = { up: "▲", down: "▼", same: "" };

/**
 * Today's change from yesterday and from the 7-day average: "Yesterday 1,200.00 · ▲ +12.5%".
 * No colour: a rise is good news for deposits and bad news for withdrawals.
 */
function ChangeLines({ c, testId }: { c: Comparison; testId: string }) {
  const t = useT();
  const bases = [
    [t("figures.yesterday"), c.yesterday, "vs-yesterday"] as const,
    [t("figures.weekAvg"), c.week, "vs-week"] as const,
  ];
  return bases.map(([label, base, suffix]) =>
    base ? (
      <p className="figure-sub" key={suffix} data-testid={`${testId}-${suffix}`}>
        {label} {base.value} · {ARROW[base.change.direction]} {base.change.text}
      </p>
    ) : null,
  );
}

function FigureCards({
  f,
  prefix,
  compare,
}: {
  f: DashboardFigures;
  prefix: string;
  /** Today's cards: each figure against yesterday and the 7 days before today. */
  compare?: Record<ComparedId, Comparison> | undefined;
}) {
  const t = useT();
  const cards: Array<[string, string, string, string?]> = [
    ["deposits", t("reports.cDeposits"), money(f.deposits), t("figures.credited", { n: f.depositCount })],
    [
      "withdrawals",
      t("reports.cWithdrawals"),
      money(f.withdrawals),
      t("figures.paid", { n: f.withdrawalCount }),
    ],
    [
      "ggr",
      t("figures.ggr"),
      money(f.ggr),
      t("figures.ggrSub", { bets: money(f.bets), wins: money(f.wins) }),
    ],
    [
      "ngr",
      t("figures.ngr"),
      money(f.ngr),
      t("figures.ngrSub", { bonuses: money(f.bonuses), adjustments: money(f.adjustments) }),
    ],
    ["rounds", t("reports.cRounds"), String(f.rounds)],
    ["active", t("figures.activePlayers"), String(f.activePlayers)],
    ["new", t("figures.newPlayers"), String(f.newPlayers)],
    ["ftd", t("figures.ftd"), String(f.firstDepositors)],
  ];
  return (
    <div className="figure-grid">
      {cards.map(([id, label, value, sub]) => (
        <div className="figure" key={id} data-testid={`${prefix}-${id}`}>
          <p className="figure-label">{label}</p>
          <p className="figure-value">{value}</p>
          {sub && <p className="figure-sub">{sub}</p>}
          {compare?.[id as ComparedId] && (
            <ChangeLines c={compare[id as ComparedId]} testId={`${prefix}-${id}`} />
          )}
        </div>
      ))}
    </div>
  );
}

function Queues({ q }: { q: Dashboard["queues"] }) {
  const t = useT();
  const rows: Array<[keyof Dashboard["queues"], string, string]> = [
    ["deposits", t("figures.depositsToCheck"), "/deposits"],
    ["withdrawals", t("figures.withdrawalsToPay"), "/withdrawals"],
    ["heldWins", t("section.win-reviews"), "/win-reviews"],
    ["approvals", t("section.approvals"), "/approvals"],
  ];
  return (
    <div className="figure-grid">
      {rows.map(([key, label, to]) => {
        const item = q[key];
        const old = item.oldestAt !== null && Date.now() - Date.parse(item.oldestAt) > 3_600_000;
        return (
          <Link className="figure card--link" to={to} key={key} data-testid={`queue-${key}`}>
            <p className="figure-label">{label}</p>
            <p className="figure-value">{item.count}</p>
            <p className={`figure-sub${old ? " queue-age-old" : ""}`}>
              {item.oldestAt
                ? t("figures.oldestWaits", { age: ageOf(item.oldestAt) })
                : t("figures.nothingWaiting")}
            </p>
          </Link>
        );
      })}
    </div>
  );
}

/**
 * The dashboard's numbers: today and a chosen period in Manila days, the
 * queues with their ages, and charts over time and by category and vendor. finance.read only.
 */
export function DashboardFiguresPanel() {
  const t = useT();
  const today = manilaToday();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const valid = from <= to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const { data, isPending, error } = useDashboard(valid ? from : today, valid ? to : today);
  // Today is compared with yesterday and with the average day of the 7 days before it.
  const yesterday = useDashboard(addDays(today, -1), addDays(today, -1)).data?.period;
  const lastWeek = useDashboard(addDays(today, -7), addDays(today, -1)).data?.period;
  const compare =
    data && yesterday && lastWeek ? compareFigures(data.todayFigures, yesterday, lastWeek) : undefined;
  const num = (s: string) => Number(s);
  return (
    <section aria-labelledby="dash-figures" data-testid="dashboard-figures">
      <h2 id="dash-figures" className="subheading">
        {t("figures.title")} <span className="muted">{t("figures.manilaDays")}</span>
      </h2>
      {isPending || !data ? (
        error ? (
          <p role="alert">{t("figures.error")}</p>
        ) : (
          <span className="skeleton skeleton--line" />
        )
      ) : (
        <>
          {/* Read from a replica (DATABASE_URL_READ) that is behind: say how old the figures are. */}
          {data.replicaLagSeconds !== null && data.replicaLagSeconds > 2 && (
            <p className="muted" role="status" data-testid="dash-replica-lag">
              {t("figures.replicaLag", { n: Math.round(data.replicaLagSeconds) })}
            </p>
          )}
          <h3 className="card-title">{t("figures.today", { day: data.today })}</h3>
          <FigureCards f={data.todayFigures} prefix="today" compare={compare} />
          <h3 className="card-title">{t("figures.waiting")}</h3>
          <Queues q={data.queues} />
          <div className="range-bar">
            <label>
              {t("filter.from")}
              <input
                type="date"
                value={from}
                max={to}
                onChange={(e) => setFrom(e.target.value)}
                data-testid="dash-from"
              />
            </label>
            <label>
              {t("filter.to")}
              <input
                type="date"
                value={to}
                min={from}
                onChange={(e) => setTo(e.target.value)}
                data-testid="dash-to"
              />
            </label>
            <Link to={`/reports?report=games&groupBy=day&from=${data.from}&to=${data.to}`}>
              {t("figures.dailyReport")}
            </Link>
          </div>
          <h3 className="card-title">{t("figures.range", { from: data.from, to: data.to })}</h3>
          <FigureCards f={data.period} prefix="period" />
          <div className="card-grid card-grid--2">
            <section className="card">
              <h4 className="card-title">{t("figures.overTime")}</h4>
              <LineChart
                title={t("figures.chartTitle", { from: data.from, to: data.to })}
                days={data.series.map((p) => p.day)}
                lines={[
                  {
                    label: t("reports.cDeposits"),
                    color: "#1d7a46",
                    values: data.series.map((p) => num(p.deposits)),
                  },
                  {
                    label: t("reports.cWithdrawals"),
                    color: "#c0362c",
                    values: data.series.map((p) => num(p.withdrawals)),
                  },
                  {
                    label: t("figures.ggrShort"),
                    color: "#2d5bd7",
                    values: data.series.map((p) => num(p.ggr)),
                  },
                ]}
              />
            </section>
            <section className="card">
              <BarList
                title={t("figures.byCategory")}
                testId="chart-category"
                bars={data.byCategory.map((b) => ({
                  key: b.key,
                  label: gameCategoryLabel(b.key),
                  value: num(b.ggr),
                  text: money(b.ggr),
                }))}
              />
              <BarList
                title={t("figures.byVendor")}
                testId="chart-vendor"
                bars={data.byVendor.map((b) => ({ key: b.key, value: num(b.ggr), text: money(b.ggr) }))}
              />
            </section>
          </div>
        </>
      )}
    </section>
  );
}
