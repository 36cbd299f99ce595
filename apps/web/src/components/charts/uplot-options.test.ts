import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../../lib/format';
import { chartData, chartOptions, timeLabels, valueRange, type ChartOptionsInput } from './uplot-options';

const colours = {
  series: ['rgb(1, 1, 1)', 'rgb(2, 2, 2)'],
  bands: ['rgba(1, 1, 1, 0.15)', 'rgba(2, 2, 2, 0.15)'],
  axis: 'rgb(9, 9, 9)',
  grid: 'rgb(8, 8, 8)',
  reference: 'rgb(7, 7, 7)',
  font: 'sans-serif',
};

const input = (over: Partial<ChartOptionsInput> = {}): ChartOptionsInput => ({
  width: 600,
  height: 200,
  series: [
    { label: 'Temperatura', colour: 'text-primary', values: [20, 21, null], min: [19, 20, null], max: [22, 23, null] },
    { label: 'Umidade', colour: 'text-sky-500', values: [50, 55, 60] },
  ],
  xAxis: { kind: 'time', timeZone: 'America/Sao_Paulo' },
  colours,
  formatValue: () => (v) => formatQuantity(v, 'kWh', 'pt', 1),
  formatAxisX: () => (x) => `x${x}`,
  onCursor: () => undefined,
  onZoom: () => undefined,
  ...over,
});

/** An axis' labels as uPlot asks for them (only the scales are read). */
const axisValues = (options: uPlot.Options, axis: number, splits: number[], scaleX = { min: 0, max: 1 }) => {
  const values = options.axes![axis]!.values as (
    self: uPlot,
    splits: number[],
    axisIdx: number,
    space: number,
    incr: number,
  ) => string[];
  return values({ scales: { x: scaleX } } as unknown as uPlot, splits, axis, 50, 1);
};

describe('uPlot options', () => {
  it('lays the columns out as x, each line, then the band edges (max, min) of the lines that have one', () => {
    const { series } = input();
    expect(chartData([1, 2, 3], series)).toEqual([
      [1, 2, 3],
      [20, 21, null],
      [50, 55, 60],
      [22, 23, null],
      [19, 20, null],
    ]);
  });

  it('draws each line in its theme colour, the band between its edges, no hover dot on the edges', () => {
    const options = chartOptions(input());
    expect(options.series.map((s) => s.label)).toEqual([
      undefined,
      'Temperatura',
      'Umidade',
      'Temperatura max',
      'Temperatura min',
    ]);
    expect(options.series[1]!.stroke).toBe('rgb(1, 1, 1)');
    expect(options.series[2]!.stroke).toBe('rgb(2, 2, 2)');
    expect(options.bands).toEqual([{ series: [3, 4], fill: 'rgba(1, 1, 1, 0.15)' }]);
    const size = options.cursor!.points!.size as (self: uPlot, si: number) => number;
    expect([1, 2, 3, 4].map((si) => size({} as uPlot, si))).toEqual([8, 8, 0, 0]);
    expect(options.legend?.show).toBe(false);
    expect(options.ms).toBe(1);
    expect(options.scales!.x!.time).toBe(true);
  });

  it('labels the value axis with the page’s number format and the x axis with the caller’s', () => {
    const options = chartOptions(input());
    expect(axisValues(options, 1, [0, 1500.25])).toEqual(['0\u00a0kWh', '1.500,3\u00a0kWh']);
    expect(axisValues(options, 0, [10, 20])).toEqual(['x10', 'x20']);
    const hours = chartOptions(input({ xAxis: { kind: 'number', format: (h) => `${h}h` } }));
    expect(hours.scales!.x!.time).toBe(false);
    expect(hours.ms).toBeUndefined();
  });

  it('widens the value range to the reference line and to zero when asked', () => {
    expect(valueRange(80, 90, 95, false)[1]).toBeGreaterThanOrEqual(95);
    expect(valueRange(80, 90, 70, false)[0]).toBeLessThanOrEqual(70);
    expect(valueRange(10, 20, undefined, true)[0]).toBe(0);
    const [lo, hi] = valueRange(10, 20, undefined, false);
    expect(lo).toBeGreaterThan(0);
    expect(lo).toBeLessThanOrEqual(10);
    expect(hi).toBeGreaterThanOrEqual(20);
    expect(valueRange(-5, 3, undefined, true)[0]).toBeLessThanOrEqual(-5);
    // No value at all (every point null): a range still, not NaN.
    expect(valueRange(null, null, undefined, true).every(Number.isFinite)).toBe(true);
  });

  it('reads moments so no two ticks read the same (seconds, times, days), in the facility’s zone', () => {
    const at = Date.UTC(2026, 2, 5, 17, 7, 9); // 14:07:09 in São Paulo
    const pt = timeLabels('pt', 'America/Sao_Paulo');
    const en = timeLabels('en', 'America/Sao_Paulo');
    const hour = 3_600_000;
    expect(pt.axis(at, 24 * hour, hour)).toBe('14:07');
    expect(en.axis(at, 24 * hour, hour)).toBe('2:07 PM');
    expect(pt.axis(at, 5 * 60_000, 30_000)).toBe('14:07:09');
    expect(pt.axis(at, 7 * 24 * hour, 24 * hour)).toBe('05/03');
    expect(en.axis(at, 7 * 24 * hour, 24 * hour)).toBe('3/5');
    expect(pt.axis(at, 3 * 24 * hour, 12 * hour)).toBe('05/03 14:07');
    expect(pt.cursor(at, hour)).toBe('14:07:09');
    expect(pt.cursor(at, 24 * hour)).toBe('14:07');
    expect(pt.cursor(at, 7 * 24 * hour)).toBe('05/03/2026, 14:07');
  });
});
