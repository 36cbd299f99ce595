import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { ChartFrame, niceTicks } from './chart-frame';
import { ValueGrid } from './value-grid';

export interface Bar {
  label: string;
  value: number;
  /** A second bar beside the first (e.g. the previous month). */
  compare?: number;
}

interface BarChartProps {
  bars: Bar[];
  label: string;
  formatValue: (value: number) => string;
  height?: number;
  /** Legend names of the two series when `compare` is used. */
  seriesNames?: [string, string];
  /** Name every n-th bar on the axis only (many bars); every bar keeps its tooltip and table row. */
  labelEvery?: number;
}

/** Vertical bars with a value axis; optional paired bars. Plain SVG, no library. */
export function BarChart({ bars, label, formatValue, height = 220, seriesNames, labelEvery = 1 }: BarChartProps) {
  const W = 640;
  const pad = { top: 12, right: 8, bottom: 28, left: 56 };
  const layout = useMemo(() => {
    const max = Math.max(0, ...bars.map((b) => Math.max(b.value, b.compare ?? 0)));
    const ticks = niceTicks(0, max || 1);
    const top = ticks[ticks.length - 1] ?? (max || 1);
    const innerW = W - pad.left - pad.right;
    const innerH = height - pad.top - pad.bottom;
    const slot = innerW / Math.max(1, bars.length);
    const y = (v: number) => pad.top + (1 - v / top) * innerH;
    return { ticks, slot, y, innerH };
  }, [bars, height, pad.left, pad.right, pad.top, pad.bottom]);
  const paired = bars.some((b) => b.compare !== undefined);
  const rows = bars.map((b) => ({
    label: b.label,
    value:
      paired && seriesNames
        ? `${seriesNames[0]}: ${formatValue(b.value)}; ${seriesNames[1]}: ${formatValue(b.compare ?? 0)}`
        : formatValue(b.value),
  }));
  const barW = Math.min(48, layout.slot * (paired ? 0.36 : 0.6));
  return (
    <div className="flex flex-col gap-2">
      <ChartFrame label={label} rows={rows} height={height}>
        <svg viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" className="h-full w-full text-xs">
          <ValueGrid
            ticks={layout.ticks}
            y={layout.y}
            left={pad.left}
            right={W - pad.right}
            formatValue={formatValue}
          />
          {bars.map((b, i) => {
            const cx = pad.left + layout.slot * (i + 0.5);
            return (
              <g key={b.label + i}>
                {paired && (
                  <rect
                    x={cx - barW - 1}
                    y={layout.y(b.compare ?? 0)}
                    width={barW}
                    height={Math.max(0, pad.top + layout.innerH - layout.y(b.compare ?? 0))}
                    rx={2}
                    className="fill-muted-foreground/40"
                  >
                    <title>{`${b.label}: ${formatValue(b.compare ?? 0)}`}</title>
                  </rect>
                )}
                <rect
                  x={paired ? cx + 1 : cx - barW / 2}
                  y={layout.y(b.value)}
                  width={barW}
                  height={Math.max(0, pad.top + layout.innerH - layout.y(b.value))}
                  rx={2}
                  className="fill-primary"
                >
                  <title>{`${b.label}: ${formatValue(b.value)}`}</title>
                </rect>
                {i % labelEvery === 0 && (
                  <text x={cx} y={height - 8} textAnchor="middle" className="fill-muted-foreground">
                    {b.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </ChartFrame>
      {paired && seriesNames && (
        <div aria-hidden className="flex gap-4 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-primary" />
            {seriesNames[0]}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className={cn('size-2.5 rounded-sm bg-muted-foreground/40')} />
            {seriesNames[1]}
          </span>
        </div>
      )}
    </div>
  );
}
