import type { BarChartGeometry } from "../dashboard.types.ts";
import { ChartAxes, ZeroLine } from "./chart-axes.tsx";
import { SERIES } from "./chart-figure.tsx";

/** Months as pairs of bars (a year earlier, then the month), laid out on the server; `label` says what it shows. */
export function BarChart({ chart, label }: { chart: BarChartGeometry; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${chart.width} ${chart.height}`} className="block h-auto w-full">
      <ChartAxes chart={chart} />
      {chart.bars.map((b, i) => (
        <rect key={i} x={b.x} y={b.y} width={b.width} height={b.height} className={SERIES[b.series].fill} />
      ))}
      <ZeroLine chart={chart} />
    </svg>
  );
}
