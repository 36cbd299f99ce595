import type { ReactNode } from 'react';

export interface ChartRow {
  label: string;
  /** One value, or one per column when the chart has several series. */
  value: string | string[];
}

/**
 * Every chart is a picture for the eye (SVG, or uPlot's canvas) plus the same figures as a table for screen
 * readers (role="img" with a name; the table is visually hidden).
 */
export function ChartFrame({
  label,
  rows,
  height,
  children,
  controls,
  columns,
}: {
  label: string;
  rows: ChartRow[];
  height: number;
  children: ReactNode;
  /** Buttons that act on the picture (reset the zoom): beside it, since an image holds no controls. */
  controls?: ReactNode;
  /** Column headers (the x, then each series) when the rows carry several values. */
  columns?: string[];
}) {
  return (
    <figure className="relative m-0 w-full" style={{ height }}>
      <div role="img" aria-label={label} className="h-full w-full">
        {children}
      </div>
      {controls}
      {/* The box is visually hidden, not the table: a table is never narrower than its content
          (sr-only's nowrap rows), and a wide one would widen the page at 390 px. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          {columns && (
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">{row.label}</th>
                {(Array.isArray(row.value) ? row.value : [row.value]).map((value, j) => (
                  <td key={j}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Round numbers for an axis from `min` to `max`: about `count` ticks at 1, 2 or 5 × 10^n. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}
