import "./reports.css";
import type { Dashboard, DashboardFigures } from "@panalo/contracts/admin-reports";
import { useState } from "react";
import { Link } from "react-router";
import { money } from "../finance/money.ts";
import { BarList, LineChart } from "./charts.tsx";
import { type Change, type ComparedId, type Comparison, compareFigures } from "./comparison.ts";
import { addDays, manilaToday, useDashboard } from "./reports-api.ts";

/** "3 h 12 min" since an ISO time. */
export function ageOf(iso: string, now = Date.now()): string {
  const min = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

const ARROW: Record<Change["direction"], string> = { up: "▲", down: "▼", same: "" };

/**
 * Today's change from yesterday and from the 7-day average: "Yesterday 1,200.00 · ▲ +12.5%".
 * No colour: a rise is good news for deposits and bad news for withdrawals.
 */
function ChangeLines({ c, testId }: { c: Comparison; testId: string }) {
  const bases = [
    ["Yesterday", c.yesterday, "vs-yesterday"] as const,
    ["7-day avg", c.week, "vs-week"] as const,
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
  const cards: Array<[string, string, string, string?]> = [
    ["deposits", "Deposits", money(f.deposits), `${f.depositCount} credited`],
    ["withdrawals", "Withdrawals", money(f.withdrawals), `${f.withdrawalCount} paid`],
    ["ggr", "GGR (bets − wins)", money(f.ggr), `bets ${money(f.bets)} · wins ${money(f.wins)}`],
    [
      "ngr",
      "NGR (GGR − bonuses − adjustments)",
      money(f.ngr),
      `bonuses ${money(f.bonuses)} · adj. ${money(f.adjustments)}`,
    ],
    ["rounds", "Rounds", String(f.rounds)],
    ["active", "Active players", String(f.activePlayers)],
    ["new", "New players", String(f.newPlayers)],
    ["ftd", "First-time depositors", String(f.firstDepositors)],
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
  const rows: Array<[keyof Dashboard["queues"], string, string]> = [
    ["deposits", "Deposits to check", "/deposits"],
    ["withdrawals", "Withdrawals to pay", "/withdrawals"],
    ["heldWins", "Held wins", "/win-reviews"],
    ["approvals", "Approvals", "/approvals"],
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
              {item.oldestAt ? `oldest waits ${ageOf(item.oldestAt)}` : "nothing waiting"}
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
        Figures <span className="muted">(Manila days)</span>
      </h2>
      {isPending || !data ? (
        error ? (
          <p role="alert">The figures could not be loaded.</p>
        ) : (
          <span className="skeleton skeleton--line" />
        )
      ) : (
        <>
          <h3 className="card-title">Today, {data.today}</h3>
          <FigureCards f={data.todayFigures} prefix="today" compare={compare} />
          <h3 className="card-title">Waiting for an operator</h3>
          <Queues q={data.queues} />
          <div className="range-bar">
            <label>
              From
              <input
                type="date"
                value={from}
                max={to}
                onChange={(e) => setFrom(e.target.value)}
                data-testid="dash-from"
              />
            </label>
            <label>
              To
              <input
                type="date"
                value={to}
                min={from}
                onChange={(e) => setTo(e.target.value)}
                data-testid="dash-to"
              />
            </label>
            <Link to={`/reports?report=games&groupBy=day&from=${data.from}&to=${data.to}`}>
              Open the daily report
            </Link>
          </div>
          <h3 className="card-title">
            {data.from} to {data.to}
          </h3>
          <FigureCards f={data.period} prefix="period" />
          <div className="card-grid card-grid--2">
            <section className="card">
              <h4 className="card-title">Over time</h4>
              <LineChart
                title={`Deposits, withdrawals and GGR per day from ${data.from} to ${data.to}`}
                days={data.series.map((p) => p.day)}
                lines={[
                  { label: "Deposits", color: "#1d7a46", values: data.series.map((p) => num(p.deposits)) },
                  {
                    label: "Withdrawals",
                    color: "#c0362c",
                    values: data.series.map((p) => num(p.withdrawals)),
                  },
                  { label: "GGR", color: "#2d5bd7", values: data.series.map((p) => num(p.ggr)) },
                ]}
              />
            </section>
            <section className="card">
              <BarList
                title="GGR by game category"
                testId="chart-category"
                bars={data.byCategory.map((b) => ({ key: b.key, value: num(b.ggr), text: money(b.ggr) }))}
              />
              <BarList
                title="GGR by vendor"
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
