import type { Language } from '@sentinela/shared/language';
import uPlot from 'uplot';
import { formatDateTime, formatDay, formatTime, formatTimeWithSeconds } from '../../lib/format';

/** One line of a chart: a value per x (null: no reading, a gap). */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /**
   * Tailwind text-colour classes naming the line's colour ('text-primary', 'text-sky-600
   * dark:text-sky-400'): the chart reads the colour the class gives, so it follows the theme.
   */
  colour: string;
  /** The bucket's range, drawn as a band around the line. */
  min?: (number | null)[];
  max?: (number | null)[];
  dashed?: boolean;
}

/** The x axis: moments (epoch ms, read in `timeZone`) or plain numbers (hours of the day) with their own labels. */
export type ChartXAxis =
  | { kind: 'time'; timeZone?: string }
  /** `steps`: the tick spacings allowed (whole hours: 1, 2, 3, 6, 12); whole numbers by default. */
  | { kind: 'number'; format: (x: number) => string; steps?: number[] };

const WHOLE_STEPS = [1, 2, 3, 4, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** The theme's colours as the canvas takes them, read from the page when the chart is drawn. */
export interface ChartColours {
  series: string[];
  bands: string[];
  axis: string;
  grid: string;
  reference: string;
  font: string;
}

export interface ChartOptionsInput {
  width: number;
  height: number;
  series: ChartSeries[];
  xAxis: ChartXAxis;
  colours: ChartColours;
  /** Read when uPlot draws, so a new formatter (the language) needs only a redraw. */
  formatValue: () => (value: number) => string;
  /** An x axis label: the tick, the span shown and the spacing of the ticks. */
  formatAxisX: () => (x: number, span: number, step: number) => string;
  reference?: { value: number; label: string };
  /** Start the value axis at zero (kWh, counts) rather than near the lowest value. */
  fromZero?: boolean;
  onCursor: (idx: number | null) => void;
  onZoom: (zoomed: boolean) => void;
}

const HOUR = 3_600_000;

/**
 * The columns uPlot draws: x, each series' values, then the band edges (max, min) of the series
 * that have a band, in series order.
 */
export function chartData(x: number[], series: ChartSeries[]): uPlot.AlignedData {
  const columns: (number | null)[][] = series.map((s) => s.values);
  for (const s of series) {
    if (s.min && s.max) columns.push(s.max, s.min);
  }
  return [x, ...columns];
}

/** The value range to draw: the data's, widened to the reference line and to zero when asked. */
export function valueRange(
  min: number | null,
  max: number | null,
  reference: number | undefined,
  fromZero: boolean,
): [number, number] {
  let lo = min ?? reference ?? 0;
  let hi = max ?? reference ?? 1;
  if (reference !== undefined) {
    lo = Math.min(lo, reference);
    hi = Math.max(hi, reference);
  }
  if (fromZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  const [a, b] = uPlot.rangeNum(lo, hi, 0.1, true);
  return [fromZero && lo >= 0 ? 0 : (a ?? lo), b ?? hi];
}

/**
 * How moments read on a time axis, by the spacing of its ticks (`step`) and the span shown, so
 * no two ticks read the same: seconds under a minute apart, times of day within a day and a
 * half, day and time over a longer span, days for ticks a day or more apart. At the cursor:
 * seconds over two hours or less, the date over more than a day.
 */
export function timeLabels(language: Language, timeZone?: string) {
  const time = (ms: number) => formatTime(new Date(ms), language, timeZone);
  const day = (ms: number) => formatDay(new Date(ms), language, timeZone);
  return {
    axis: (ms: number, span: number, step: number) =>
      step < 60_000
        ? formatTimeWithSeconds(new Date(ms), language, timeZone)
        : step >= 24 * HOUR
          ? day(ms)
          : span <= 36 * HOUR
            ? time(ms)
            : `${day(ms)} ${time(ms)}`,
    cursor: (ms: number, span: number) =>
      span <= 2 * HOUR
        ? formatTimeWithSeconds(new Date(ms), language, timeZone)
        : span <= 24 * HOUR
          ? formatTime(new Date(ms), language, timeZone)
          : formatDateTime(new Date(ms), language, timeZone),
  };
}

/** uPlot's options for a chart: the theme's colours, our number and time formats, drag to zoom. */
export function chartOptions(input: ChartOptionsInput): uPlot.Options {
  const { series, colours, reference, xAxis } = input;
  const font = `12px ${colours.font}`;
  const lines = series.length;
  const bandSeries: uPlot.Series[] = [];
  const bands: uPlot.Band[] = [];
  series.forEach((s, i) => {
    if (!s.min || !s.max) return;
    const upper = lines + bandSeries.length + 1;
    bandSeries.push(
      { label: `${s.label} max`, stroke: 'transparent', width: 0, points: { show: false } },
      { label: `${s.label} min`, stroke: 'transparent', width: 0, points: { show: false } },
    );
    bands.push({ series: [upper, upper + 1], fill: colours.bands[i] ?? 'transparent' });
  });
  const axisSize = (self: uPlot, values: string[] | null) => {
    if (!values || values.length === 0) return 40;
    self.ctx.font = font;
    const widest = Math.max(...values.map((v) => self.ctx.measureText(v).width));
    // measureText answers in canvas pixels (the font is not scaled), plus the tick and a gap.
    return Math.ceil(widest) + 18;
  };
  return {
    width: input.width,
    height: input.height,
    ...(xAxis.kind === 'time'
      ? {
          ms: 1 as const,
          ...(xAxis.timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts), xAxis.timeZone!) } : {}),
        }
      : {}),
    legend: { show: false },
    padding: [8, 12, 0, 0],
    cursor: {
      drag: { x: true, y: false, setScale: true },
      points: {
        // The band edges get no hover dot; the lines a dot of their own colour.
        size: (_self, si) => (si > lines ? 0 : 8),
        fill: (_self, si) => colours.series[si - 1] ?? 'transparent',
        stroke: (_self, si) => colours.series[si - 1] ?? 'transparent',
        width: 0,
      },
    },
    scales: {
      x: { time: xAxis.kind === 'time' },
      y: {
        range: (_self, min, max) => valueRange(min, max, reference?.value, input.fromZero ?? false),
      },
    },
    series: [
      {},
      ...series.map((s, i): uPlot.Series => ({
        label: s.label,
        stroke: colours.series[i],
        width: 2,
        spanGaps: false,
        ...(s.dashed ? { dash: [6, 4] } : {}),
      })),
      ...bandSeries,
    ],
    bands,
    axes: [
      {
        font,
        stroke: colours.axis,
        grid: { show: false },
        ticks: { stroke: colours.grid, width: 1, size: 4 },
        size: 28,
        space: xAxis.kind === 'time' ? 90 : 60,
        ...(xAxis.kind === 'number' ? { incrs: xAxis.steps ?? WHOLE_STEPS } : {}),
        values: (self, splits, _axis, _space, step) => {
          const scale = self.scales.x;
          const span = (scale?.max ?? 0) - (scale?.min ?? 0);
          const format = input.formatAxisX();
          return splits.map((v) => format(v, span, step));
        },
      },
      {
        font,
        stroke: colours.axis,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { show: false },
        space: 36,
        size: axisSize,
        values: (_self, splits) => {
          const format = input.formatValue();
          return splits.map((v) => format(v));
        },
      },
    ],
    hooks: {
      setCursor: [(self) => input.onCursor(self.cursor.idx ?? null)],
      setScale: [
        (self, key) => {
          if (key !== 'x') return;
          const x = self.data[0];
          if (x.length === 0) return;
          const { min, max } = self.scales.x ?? {};
          input.onZoom((min ?? -Infinity) > x[0]! || (max ?? Infinity) < x[x.length - 1]!);
        },
      ],
      draw: reference
        ? [
            (self) => {
              const y = Math.round(self.valToPos(reference.value, 'y', true)) + 0.5;
              const { left, width } = self.bbox;
              const ctx = self.ctx;
              ctx.save();
              ctx.strokeStyle = colours.reference;
              ctx.lineWidth = Math.max(1, devicePixelRatio);
              ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(left, y);
              ctx.lineTo(left + width, y);
              ctx.stroke();
              ctx.restore();
            },
          ]
        : [],
    },
  };
}
