/**
 * A small grouped bar chart drawn as plain SVG (no chart library for a few bars): each group
 * labelled under its bars (a date), each bar's value written above it while there is room, a
 * zero line and the scale's top value. The chart is an image with a text summary; the figures
 * it draws are listed in a table beside it (the page's own table), which screen readers read.
 */
export interface ChartSeries {
  key: string;
  label: string;
  className: string;
  values: number[];
}

const W = 640;
const H = 240;
const PAD = { top: 22, right: 8, bottom: 34, left: 8 };

export function BarChart(props: {
  labels: string[];
  series: ChartSeries[];
  format: (v: number) => string;
  title: string;
  summary: string;
  testId?: string;
}) {
  const { labels, series, format } = props;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const groupW = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  const barW = Math.max(2, (groupW * 0.8) / Math.max(1, series.length));
  // Value labels only while each bar is wide enough to carry one; date labels thinned to fit.
  const valueLabels = barW >= 36;
  const every = Math.max(1, Math.ceil(labels.length / Math.floor((W - PAD.left - PAD.right) / 64)));
  return (
    <svg
      className="income-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`${props.title}. ${props.summary}`}
      data-testid={props.testId}
    >
      <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
      <text x={PAD.left} y={12}>
        {format(max)}
      </text>
      {labels.map((label, i) => {
        const x0 = PAD.left + i * groupW + groupW * 0.1;
        return (
          <g key={label}>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              const top = Math.min(y(v), y(0));
              const h = Math.max(1, Math.abs(y(v) - y(0)));
              const x = x0 + j * barW;
              return (
                <g key={s.key}>
                  <rect className={s.className} x={x} y={top} width={barW - 2} height={h}>
                    <title>{`${label} · ${s.label}: ${format(v)}`}</title>
                  </rect>
                  {valueLabels && (
                    <text x={x + (barW - 2) / 2} y={v >= 0 ? top - 4 : top + h + 12} textAnchor="middle">
                      {format(v)}
                    </text>
                  )}
                </g>
              );
            })}
            {i % every === 0 && (
              <text x={x0 + (barW * series.length) / 2} y={H - 12} textAnchor="middle">
                {label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
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
