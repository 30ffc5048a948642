import { useT } from "../../lib/i18n.ts";

/**
 * Light SVG charts for the dashboard (no chart library): a line chart of daily series and a bar
 * list. Values arrive as decimal strings; they are plotted as numbers (display only).
 */
const W = 640;
const H = 220;
const PAD = { l: 64, r: 12, t: 12, b: 28 };

export interface Line {
  label: string;
  color: string;
  values: number[];
}

const compact = new Intl.NumberFormat("en-PH", { notation: "compact", maximumFractionDigits: 1 });

export function LineChart({ days, lines, title }: { days: string[]; lines: Line[]; title: string }) {
  const all = lines.flatMap((l) => l.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const n = Math.max(1, days.length - 1);
  const x = (i: number) => PAD.l + (i / n) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + ((max - v) / span) * (H - PAD.t - PAD.b);
  const ticks = [max, (max + min) / 2, min];
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="chart-svg">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={PAD.l - 6} y={y(t) + 4} textAnchor="end" className="chart-tick">
              {compact.format(t)}
            </text>
          </g>
        ))}
        {min < 0 && <line x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} className="chart-zero" />}
        {days.map((d, i) =>
          i % labelEvery === 0 || i === days.length - 1 ? (
            <text key={d} x={x(i)} y={H - 8} textAnchor="middle" className="chart-tick">
              {d.slice(5)}
            </text>
          ) : null,
        )}
        {lines.map((l) => (
          <polyline
            key={l.label}
            fill="none"
            stroke={l.color}
            strokeWidth={2}
            points={l.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
          />
        ))}
        {days.length === 1 &&
          lines.map((l) => <circle key={l.label} cx={x(0)} cy={y(l.values[0] ?? 0)} r={3} fill={l.color} />)}
      </svg>
      <figcaption className="chart-legend">
        {lines.map((l) => (
          <span key={l.label}>
            <span className="chart-swatch" style={{ background: l.color }} aria-hidden="true" />
            {l.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export interface Bar {
  key: string;
  /** What the bar is called on screen, when its key is a code (a game category). */
  label?: string;
  value: number;
  text: string;
}

/** Horizontal bars, largest magnitude first; negatives drawn to the left of zero in red. */
export function BarList({ bars, title, testId }: { bars: Bar[]; title: string; testId?: string }) {
  const t = useT();
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption className="chart-title">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">{t("charts.noRounds")}</p>
      ) : (
        <ul className="bar-list plain-list">
          {bars.map((b) => (
            <li key={b.key} className="bar-row" data-key={b.key}>
              <span className="bar-key">{b.label ?? b.key}</span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="bar-svg" aria-hidden="true">
                <rect
                  x={0}
                  y={1}
                  height={8}
                  width={(Math.abs(b.value) / max) * 100}
                  className={b.value < 0 ? "bar-neg" : "bar-pos"}
                />
              </svg>
              <span className="bar-value num">{b.text}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
