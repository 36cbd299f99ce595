import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { ChartFrame, type ChartRow } from './chart-frame';
import { chartStrings } from './charts.strings';
import {
  chartData,
  chartOptions,
  timeLabels,
  type ChartColours,
  type ChartSeries,
  type ChartXAxis,
} from './uplot-options';

/** At most this many rows in the hidden table (every n-th point of a long series). */
const TABLE_ROWS = 24;

/** The table a screen reader reads: the moment (or x) and each line's value (a column each), every n-th point of a long series. */
export function chartRows(
  x: number[],
  series: ChartSeries[],
  formatX: (x: number) => string,
  formatValue: (value: number) => string,
): ChartRow[] {
  const step = Math.ceil(x.length / TABLE_ROWS);
  const show = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatValue(v));
  return x
    .map((value, i) => ({ value, i }))
    .filter(({ i }) => x.length <= TABLE_ROWS || i % step === 0)
    .map(({ value, i }) => ({
      label: formatX(value),
      value: series.length === 1 ? show(series[0]!.values[i]) : series.map((s) => show(s.values[i])),
    }));
}

/** A number that changes whenever the root element's classes do (the theme switches `dark` there). */
function useRootClassVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/** A CSS colour with an alpha, as the canvas takes it (theme colours are oklch; the canvas turns them into RGB). */
let colourCanvas: CanvasRenderingContext2D | null | undefined;
function withAlpha(colour: string, alpha: number): string {
  if (colourCanvas === undefined) {
    try {
      colourCanvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    } catch {
      colourCanvas = null;
    }
  }
  if (!colourCanvas || !colour) return colour;
  colourCanvas.clearRect(0, 0, 1, 1);
  colourCanvas.fillStyle = colour;
  colourCanvas.fillRect(0, 0, 1, 1);
  const [r, g, b] = colourCanvas.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export interface TimeSeriesChartProps {
  /** The x of every point: moments in epoch ms (a time axis), or plain numbers (see `xAxis`). */
  x: number[];
  series: ChartSeries[];
  /** Accessible name: what the chart shows ('Temperature, last 24 h'). */
  label: string;
  formatValue: (value: number) => string;
  xAxis?: ChartXAxis;
  height?: number;
  /** A horizontal reference line (a target or a limit). */
  reference?: { value: number; label: string };
  fromZero?: boolean;
  /** The hidden table's first column header when there are several series ('Hora'); 'Momento' by default. */
  xLabel?: string;
}

/**
 * Lines over time drawn by uPlot on a canvas (ADR 025; loaded lazily by TimeSeriesChart): many points, several series, a min–max
 * band, drag to zoom (double-click or "Show all" to go back), a read-out of every line at the
 * cursor. The figures are also a hidden table (ChartFrame); colours are the theme's.
 */
export function UplotChart({
  x,
  series,
  label,
  formatValue,
  xAxis = { kind: 'time' },
  height = 220,
  reference,
  fromZero = false,
  xLabel,
}: TimeSeriesChartProps) {
  const t = useStrings(chartStrings);
  const { language } = useLanguage();
  const host = useRef<HTMLDivElement>(null);
  const probes = useRef<HTMLSpanElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const themeVersion = useRootClassVersion();

  const timeZone = xAxis.kind === 'time' ? xAxis.timeZone : undefined;
  const numberFormat = xAxis.kind === 'number' ? xAxis.format : null;
  const labels = useMemo(() => timeLabels(language, timeZone), [language, timeZone]);
  const fullSpan = x.length > 1 ? x[x.length - 1]! - x[0]! : 0;
  const formatAxisX = (v: number, span: number, step: number) =>
    numberFormat ? numberFormat(v) : labels.axis(v, span, step);
  const formatCursorX = (v: number) => (numberFormat ? numberFormat(v) : labels.cursor(v, fullSpan));
  // uPlot's callbacks read the latest formatters through refs: a new language redraws, it does not rebuild.
  const formatters = useRef({ formatValue, formatAxisX });
  useLayoutEffect(() => {
    formatters.current = { formatValue, formatAxisX };
  });

  const data = useMemo(() => chartData(x, series), [x, series]);
  const hasLegend = series.length > 1 || reference !== undefined;
  // What the chart is built from; its data can change (a poll) without a rebuild.
  const shape = JSON.stringify([
    series.map((s) => [s.label, s.colour, s.dashed ?? false, Boolean(s.min && s.max)]),
    xAxis.kind,
    timeZone,
    reference,
    fromZero,
    xAxis.kind === 'number' ? xAxis.steps : null,
  ]);

  useEffect(() => {
    const el = host.current;
    const probe = probes.current;
    if (!el || !probe) return;
    const read = (i: number) => (probe.children[i] ? getComputedStyle(probe.children[i]).color : '');
    const seriesColours = series.map((_, i) => read(3 + i));
    const colours: ChartColours = {
      axis: read(0),
      grid: read(1),
      reference: read(2),
      series: seriesColours,
      bands: seriesColours.map((c) => withAlpha(c, 0.15)),
      font: getComputedStyle(el).fontFamily || 'sans-serif',
    };
    // The plot fills what the legend leaves of the frame (a DOM without layout: a guess).
    const size = () => ({
      width: el.clientWidth || 600,
      height: el.clientHeight || height - (hasLegend ? 20 : 0),
    });
    const u = new uPlot(
      chartOptions({
        ...size(),
        series,
        xAxis,
        colours,
        formatValue: () => formatters.current.formatValue,
        formatAxisX: () => formatters.current.formatAxisX,
        ...(reference ? { reference } : {}),
        fromZero,
        onCursor: setCursor,
        onZoom: setZoomed,
      }),
      data,
      el,
    );
    // uPlot's first setScale reports the zoom (none) through onZoom.
    plot.current = u;
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientHeight > 0) u.setSize(size());
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // Rebuilt when the chart's shape or the theme changes; new data goes through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, themeVersion]);

  useEffect(() => {
    const u = plot.current;
    if (!u || u.data === data) return;
    if (zoomed) {
      // Keep the window the user zoomed to while new points come in.
      const { min, max } = u.scales.x ?? {};
      u.setData(data, false);
      if (min !== undefined && max !== undefined) u.setScale('x', { min, max });
    } else {
      u.setData(data);
    }
  }, [data, zoomed]);

  useEffect(() => {
    plot.current?.redraw(false, true);
  }, [language, formatValue]);

  const rows = useMemo(
    () => chartRows(x, series, formatCursorX, formatValue),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [x, series, formatValue, labels, numberFormat, fullSpan],
  );
  const show = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatValue(v));
  const at = cursor === null ? undefined : x[cursor];

  return (
    <ChartFrame
      label={label}
      rows={rows}
      height={height}
      {...(series.length > 1 ? { columns: [xLabel ?? t('table.x'), ...series.map((s) => s.label)] } : {})}
      controls={
        zoomed && (
          <button
            type="button"
            onClick={() => {
              const u = plot.current;
              if (u && x.length > 0) u.setScale('x', { min: x[0]!, max: x[x.length - 1]! });
            }}
            className="absolute top-0 left-0 rounded-md border bg-background px-2 py-0.5 text-xs font-medium shadow-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            {t('zoom.reset')}
          </button>
        )
      }
    >
      <div className="flex h-full w-full flex-col">
        {/* New probes per theme: a DOM may keep an element's computed style across its ancestors' class change (happy-dom does). */}
        <span key={themeVersion} ref={probes} aria-hidden className="hidden">
          <span className="text-muted-foreground" />
          <span className="text-border" />
          <span className="text-destructive" />
          {series.map((s) => (
            <span key={s.label} className={s.colour} />
          ))}
        </span>
        {hasLegend && (
          <div
            aria-hidden
            className="flex flex-wrap items-center justify-end gap-x-3 pb-1 text-xs text-muted-foreground"
          >
            {series.map((s) => (
              <span key={s.label} className="inline-flex items-center gap-1">
                <span className={cn('inline-block h-0.5 w-3 bg-current', s.colour, s.dashed && 'opacity-70')} />
                {s.label}
              </span>
            ))}
            {reference && (
              <span className="inline-flex items-center gap-1">
                <span className="inline-block w-3 border-t border-dashed border-destructive" />
                {reference.label}
              </span>
            )}
          </div>
        )}
        {/* The canvas sits out of the flow, so the page's layout sets its size (and can shrink it), not the other way round. */}
        <div className="relative min-h-0 flex-1">
          <div ref={host} className="absolute inset-0 overflow-hidden" title={t('zoom.hint')} data-chart="uplot" />
        </div>
      </div>
      {at !== undefined && (
        <div
          aria-hidden
          className="pointer-events-none absolute top-1 right-2 flex flex-col gap-0.5 rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-sm"
          data-testid="chart-readout"
        >
          <span className="text-muted-foreground">{formatCursorX(at)}</span>
          {series.map((s) => (
            <span key={s.label} className="inline-flex items-center gap-1.5">
              {series.length > 1 && <span className={cn('inline-block size-2 rounded-full bg-current', s.colour)} />}
              {series.length > 1 && <span>{s.label}</span>}
              <strong className="ml-auto pl-2 tabular-nums">{show(s.values[cursor!])}</strong>
            </span>
          ))}
        </div>
      )}
    </ChartFrame>
  );
}
