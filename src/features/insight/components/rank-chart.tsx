import type { RankChartGeometry } from "../dashboard.types.ts";
import { CHART_FONT } from "./chart-axes.tsx";

/** Categories largest first, each a bar under its name and amount, laid out on the server; `label` says what it shows. */
export function RankChart({ chart, label }: { chart: RankChartGeometry; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${chart.width} ${chart.height}`} className="block h-auto w-full">
      {chart.rows.map((r) => (
        <g key={r.textY} fontSize={CHART_FONT}>
          <text x={0} y={r.textY} className="fill-ink">
            {r.name}
          </text>
          <text x={chart.width} y={r.textY} textAnchor="end" className="fill-ink font-semibold">
            {r.amount}
          </text>
          <rect x={r.barX} y={r.barY} width={r.barWidth} height={r.barHeight} rx={2} className="fill-brand-600" />
        </g>
      ))}
    </svg>
  );
}
