import type { ChartFrame } from "../dashboard.types.ts";

/** Text drawn in a chart, in the units of its viewBox (about 11 to 14 pixels once scaled). */
export const CHART_FONT = 12;

/** The value axis (a faint line and an amount at each tick), the month under each labelled column, and the zero line. */
export function ChartAxes({ chart }: { chart: ChartFrame }) {
  return (
    <g fontSize={CHART_FONT}>
      {chart.yTicks.map((t) => (
        <g key={t.label}>
          <line x1={chart.left} x2={chart.right} y1={t.at} y2={t.at} className="stroke-slate-200" strokeWidth={1} />
          <text x={chart.left - 6} y={t.at} textAnchor="end" dominantBaseline="middle" className="fill-muted">
            {t.label}
          </text>
        </g>
      ))}
      {chart.xTicks.map((t) => (
        <text key={t.at} x={t.at} y={chart.height - 4} textAnchor="middle" className="fill-muted">
          {t.label}
        </text>
      ))}
    </g>
  );
}

/** The line at zero, drawn over the bars or the area so that a loss reads as below it. */
export function ZeroLine({ chart }: { chart: ChartFrame }) {
  return <line x1={chart.left} x2={chart.right} y1={chart.zero} y2={chart.zero} className="stroke-slate-600" strokeWidth={1} />;
}
