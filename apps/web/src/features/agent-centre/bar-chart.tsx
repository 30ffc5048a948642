import { useLayoutEffect, useRef, useState } from "react";
import { CHART_H, CHART_PAD, CHART_W_DEFAULT, chartLayout } from "./chart-layout.ts";

/**
 * A small grouped bar chart drawn as plain SVG (no chart library for a few bars), at the width it
 * is shown at so its 12 px text stays 12 px on a phone: each group labelled under its bars (a
 * date; every n-th when they would touch), each bar's value written above it while there is
 * room, else the headline series' value once per group, else none (the scale's top value, and
 * its bottom one when a value is negative, then stand for them); a zero line. The chart is an
 * image with a text summary; the figures it draws are listed in a table beside it (the page's
 * own table), which screen readers read.
 */
export interface ChartSeries {
  key: string;
  label: string;
  className: string;
  values: number[];
}

const H = CHART_H;
const PAD = CHART_PAD;

/** The width an element is shown at, followed as it changes (null until measured). */
function useShownWidth<T extends Element>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function BarChart(props: {
  labels: string[];
  series: ChartSeries[];
  format: (v: number) => string;
  title: string;
  summary: string;
  /** The series whose value is written once per group when each bar is too narrow for its own. */
  headline?: string;
  testId?: string;
}) {
  const { labels, series, format } = props;
  const [box, shown] = useShownWidth<HTMLDivElement>();
  const W = shown ?? CHART_W_DEFAULT;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const headline = series.findIndex((s) => s.key === props.headline);
  const layout = chartLayout({
    width: W,
    groups: labels.length,
    series: series.length,
    valueChars: Math.max(0, ...all.map((v) => format(v).length)),
    dateChars: Math.max(0, ...labels.map((l) => l.length)),
    headline: headline >= 0,
  });
  const { groupW, barW, labelEvery } = layout;
  return (
    <div ref={box} className="income-chart-box">
      <svg
        className="income-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${props.title}. ${props.summary}`}
        data-testid={props.testId}
        data-values={layout.values}
      >
        <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        {/* The scale, where the bars carry no values of their own (else it would crowd them). */}
        {layout.values === "none" && (
          <text x={PAD.left} y={12} data-testid="chart-scale-top">
            {format(max)}
          </text>
        )}
        {layout.values === "none" && min < 0 && (
          <text x={PAD.left} y={H - PAD.bottom + 14} data-testid="chart-scale-bottom">
            {format(min)}
          </text>
        )}
        {labels.map((label, i) => {
          const x0 = PAD.left + i * groupW + groupW * 0.1;
          const tops = series.map((s) => y(s.values[i] ?? 0));
          return (
            <g key={label}>
              {series.map((s, j) => {
                const v = s.values[i] ?? 0;
                const top = Math.min(y(v), y(0));
                const h = Math.max(1, Math.abs(y(v) - y(0)));
                const x = x0 + j * barW;
                return (
                  <g key={s.key}>
                    <rect className={s.className} x={x} y={top} width={Math.max(1, barW - 2)} height={h}>
                      <title>{`${label} · ${s.label}: ${format(v)}`}</title>
                    </rect>
                    {layout.values === "bar" && (
                      <text x={x + (barW - 2) / 2} y={v >= 0 ? top - 4 : top + h + 14} textAnchor="middle">
                        {format(v)}
                      </text>
                    )}
                  </g>
                );
              })}
              {layout.values === "group" && (
                <text
                  x={x0 + (barW * series.length) / 2}
                  y={Math.max(12, Math.min(...tops, y(0)) - 4)}
                  textAnchor="middle"
                  data-testid="chart-group-value"
                >
                  {format(series[headline]?.values[i] ?? 0)}
                </text>
              )}
              {i % labelEvery === 0 && (
                <text
                  x={x0 + (barW * series.length) / 2}
                  y={H - 12}
                  textAnchor="middle"
                  data-testid="chart-date"
                >
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The chart's legend: one swatch per series, in the same colours. */
export function ChartLegend({ series }: { series: Pick<ChartSeries, "key" | "label" | "className">[] }) {
  return (
    <ul className="income-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key}>
          <span className={`swatch ${s.className}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
