import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './uplot-chart';
import type { ChartSeries } from './uplot-options';

export type { ChartSeries, ChartXAxis } from './uplot-options';

export interface SeriesPoint {
  ts: Date;
  value: number;
  /** The bucket's range, drawn as a band around the line when given. */
  min?: number;
  max?: number;
}

/** One metric's points as the chart's columns: moments (ms) and one line, with its band when the points have one. */
export function pointsSeries(
  points: SeriesPoint[],
  label: string,
  colour = 'text-primary',
): { x: number[]; series: ChartSeries[] } {
  const banded = points.some((p) => p.min !== undefined && p.max !== undefined);
  return {
    x: points.map((p) => p.ts.getTime()),
    series: [
      {
        label,
        colour,
        values: points.map((p) => p.value),
        ...(banded ? { min: points.map((p) => p.min ?? p.value), max: points.map((p) => p.max ?? p.value) } : {}),
      },
    ],
  };
}

// uPlot (≈ 25 KB gzip with the chart) loads once a page draws its first chart, after the page's own
// chunk: the pages that import this module do not carry it (ADR 025, the route budgets).
const UplotChart = lazy(() => import('./uplot-chart').then((module) => ({ default: module.UplotChart })));

/** A chart over time (uPlot, ADR 025): a placeholder of its size while uPlot loads. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense
      fallback={
        <div aria-hidden className="w-full animate-pulse rounded-md bg-muted" style={{ height: props.height ?? 220 }} />
      }
    >
      <UplotChart {...props} />
    </Suspense>
  );
}
