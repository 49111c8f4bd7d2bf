import type { LineChartGeometry } from "../dashboard.types.ts";
import { ChartAxes, ZeroLine } from "./chart-axes.tsx";

/** A balance month by month as a line over its shaded area, laid out on the server; `label` says what it shows. */
export function LineChart({ chart, label }: { chart: LineChartGeometry; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${chart.width} ${chart.height}`} className="block h-auto w-full">
      <ChartAxes chart={chart} />
      <path d={chart.area} className="fill-accent-500/15" />
      <ZeroLine chart={chart} />
      <path d={chart.line} className="fill-none stroke-accent-700" strokeWidth={2.5} strokeLinejoin="round" />
      {chart.dots.map((d) => (
        <circle key={d.x} cx={d.x} cy={d.y} r={3.5} className="fill-accent-700 stroke-white" strokeWidth={1.5} />
      ))}
    </svg>
  );
}
