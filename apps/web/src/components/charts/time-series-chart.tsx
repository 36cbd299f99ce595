import { useId, useMemo, useRef, useState } from 'react';
import { ChartFrame, niceTicks } from './chart-frame';
import { ValueGrid } from './value-grid';

export interface SeriesPoint {
  ts: Date;
  value: number;
  /** The bucket's range, drawn as a band around the line when given. */
  min?: number;
  max?: number;
}

interface TimeSeriesChartProps {
  points: SeriesPoint[];
  /** Accessible name: what the chart shows ('Temperature, last 24 h'). */
  label: string;
  formatValue: (value: number) => string;
  formatTime: (ts: Date) => string;
  height?: number;
  /** A horizontal reference line (a target or a limit). */
  reference?: { value: number; label: string };
}

const W = 640;
const PAD = { top: 12, right: 12, bottom: 24, left: 56 };

/** A line over time, with its min–max band, axes and a pointer read-out. Plain SVG, no library. */
export function TimeSeriesChart({
  points,
  label,
  formatValue,
  formatTime,
  height = 220,
  reference,
}: TimeSeriesChartProps) {
  const clip = useId();
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const layout = useMemo(() => {
    if (points.length === 0) return null;
    const t0 = points[0]!.ts.getTime();
    const t1 = points[points.length - 1]!.ts.getTime();
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of points) {
      lo = Math.min(lo, p.min ?? p.value, p.value);
      hi = Math.max(hi, p.max ?? p.value, p.value);
    }
    if (reference) {
      lo = Math.min(lo, reference.value);
      hi = Math.max(hi, reference.value);
    }
    const ticks = niceTicks(lo, hi);
    const yMin = ticks[0] ?? lo;
    const yMax = ticks[ticks.length - 1] ?? hi;
    const innerW = W - PAD.left - PAD.right;
    const innerH = height - PAD.top - PAD.bottom;
    const x = (t: number) => PAD.left + (t1 === t0 ? innerW / 2 : ((t - t0) / (t1 - t0)) * innerW);
    const y = (v: number) => PAD.top + (yMax === yMin ? innerH / 2 : (1 - (v - yMin) / (yMax - yMin)) * innerH);
    const line = points
      .map((p, i) => `${i ? 'L' : 'M'}${x(p.ts.getTime()).toFixed(1)},${y(p.value).toFixed(1)}`)
      .join('');
    const hasBand = points.some((p) => p.min !== undefined && p.max !== undefined);
    const band = hasBand
      ? points
          .map((p, i) => `${i ? 'L' : 'M'}${x(p.ts.getTime()).toFixed(1)},${y(p.max ?? p.value).toFixed(1)}`)
          .join('') +
        [...points]
          .reverse()
          .map((p) => `L${x(p.ts.getTime()).toFixed(1)},${y(p.min ?? p.value).toFixed(1)}`)
          .join('') +
        'Z'
      : null;
    const timeTicks = [0, 0.5, 1].map((f) => t0 + f * (t1 - t0));
    return { x, y, line, band, ticks, timeTicks, innerH };
  }, [points, height, reference]);

  const rows = useMemo(
    () =>
      points
        .filter((_, i) => points.length <= 24 || i % Math.ceil(points.length / 24) === 0)
        .map((p) => ({ label: formatTime(p.ts), value: formatValue(p.value) })),
    [points, formatTime, formatValue],
  );

  if (!layout) return null;
  const hovered = hover === null ? null : points[hover];
  return (
    <ChartFrame label={label} rows={rows} height={height}>
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${height}`}
        preserveAspectRatio="none"
        className="h-full w-full overflow-visible text-xs"
        onPointerMove={(event) => {
          const box = svg.current?.getBoundingClientRect();
          if (!box) return;
          const px = ((event.clientX - box.left) / box.width) * W;
          let best = 0;
          for (let i = 1; i < points.length; i++) {
            if (Math.abs(layout.x(points[i]!.ts.getTime()) - px) < Math.abs(layout.x(points[best]!.ts.getTime()) - px))
              best = i;
          }
          setHover(best);
        }}
        onPointerLeave={() => setHover(null)}
      >
        <defs>
          <clipPath id={clip}>
            <rect x={PAD.left} y={PAD.top} width={W - PAD.left - PAD.right} height={layout.innerH} />
          </clipPath>
        </defs>
        <ValueGrid ticks={layout.ticks} y={layout.y} left={PAD.left} right={W - PAD.right} formatValue={formatValue} />
        {layout.timeTicks.map((t, i) => (
          <text
            key={i}
            x={layout.x(t)}
            y={height - 6}
            textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}
            className="fill-muted-foreground"
          >
            {formatTime(new Date(t))}
          </text>
        ))}
        <g clipPath={`url(#${clip})`}>
          {layout.band && <path d={layout.band} className="fill-primary/15" />}
          <path
            d={layout.line}
            fill="none"
            className="stroke-primary"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
          {reference && (
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={layout.y(reference.value)}
              y2={layout.y(reference.value)}
              className="stroke-destructive"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </g>
        {hovered && (
          <g>
            <line
              x1={layout.x(hovered.ts.getTime())}
              x2={layout.x(hovered.ts.getTime())}
              y1={PAD.top}
              y2={PAD.top + layout.innerH}
              className="stroke-muted-foreground"
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={layout.x(hovered.ts.getTime())} cy={layout.y(hovered.value)} r={3.5} className="fill-primary" />
          </g>
        )}
      </svg>
      {hovered && (
        <div
          aria-hidden
          className="pointer-events-none absolute top-1 right-2 rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-sm"
        >
          <span className="text-muted-foreground">{formatTime(hovered.ts)}</span>{' '}
          <strong className="tabular-nums">{formatValue(hovered.value)}</strong>
        </div>
      )}
    </ChartFrame>
  );
}
