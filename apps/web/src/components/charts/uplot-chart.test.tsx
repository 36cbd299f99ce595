import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatQuantity } from '../../lib/format';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { canvasStyles } from '../../test/canvas-context';
import { pointsSeries, TimeSeriesChart as LazyChart, type ChartSeries } from './time-series-chart';
import { chartRows, UplotChart as TimeSeriesChart } from './uplot-chart';

// The theme's tokens as the stylesheet gives them, one colour per theme (the page's CSS is not loaded here).
const themeCss = `
  .text-primary { color: rgb(200, 120, 0); }
  .dark .text-primary { color: rgb(250, 180, 40); }
  .text-sky-500 { color: rgb(0, 150, 230); }
  .text-muted-foreground { color: rgb(100, 100, 110); }
  .text-border { color: rgb(220, 220, 225); }
  .text-destructive { color: rgb(220, 40, 40); }
`;
let style: HTMLStyleElement;
beforeEach(() => {
  style = document.createElement('style');
  style.textContent = themeCss;
  document.head.append(style);
});
afterEach(() => {
  cleanup();
  style.remove();
  document.documentElement.classList.remove('dark');
});

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

const hours = Array.from({ length: 24 }, (_, h) => h);
const profile: ChartSeries[] = [
  { label: 'Hoje', colour: 'text-primary', values: hours.map((h) => (h < 12 ? 10 + h : null)) },
  { label: 'Dia útil médio', colour: 'text-sky-500', values: hours.map((h) => 20 + h / 2), dashed: true },
];
const kwh = (v: number) => formatQuantity(v, 'kWh', 'pt', 1);
const hourAxis = { kind: 'number' as const, format: (h: number) => `${String(h).padStart(2, '0')}h` };

/** The plot's width once uPlot has laid it out (it sizes its parts on its first commit, a microtask later). */
async function plotWidth(over: HTMLElement): Promise<number> {
  await waitFor(() => expect(Number.parseFloat(over.style.width)).toBeGreaterThan(0));
  return Number.parseFloat(over.style.width);
}

function chartIn(container: HTMLElement) {
  const canvas = container.querySelector('canvas');
  const over = container.querySelector<HTMLElement>('.u-over');
  if (!canvas || !over) throw new Error('uPlot drew no chart');
  return { canvas, over };
}

describe('TimeSeriesChart (uPlot)', () => {
  it('is an image with a name, its figures in a hidden table, every line at each x', () => {
    const { container } = render(
      <TimeSeriesChart x={hours} series={profile} label="Perfil de carga" formatValue={kwh} xAxis={hourAxis} />,
      { wrapper: inLanguage('pt') },
    );
    const image = screen.getByRole('img', { name: 'Perfil de carga' });
    expect(within(image).getByText('Dia útil médio')).toBeTruthy(); // the legend, hidden from readers
    chartIn(container);
    const table = screen.getByRole('table', { name: 'Perfil de carga' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Momento', 'Hoje', 'Dia útil médio']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(24);
    expect(within(rows[3]!).getByRole('rowheader').textContent).toBe('03h');
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['13\u00a0kWh', '21,5\u00a0kWh']);
    expect(
      within(rows[20]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['—', '30\u00a0kWh']);
  });

  it('loads uPlot after the page, a placeholder of the chart’s size until then', async () => {
    const { container } = render(
      <LazyChart x={hours} series={profile} label="Perfil" formatValue={kwh} xAxis={hourAxis} height={180} />,
      { wrapper: inLanguage('pt') },
    );
    expect(await screen.findByRole('img', { name: 'Perfil' })).toBeTruthy();
    // uPlot draws in an effect after the lazy chunk's first commit: under load that can trail findByRole.
    await waitFor(() => expect(container.querySelector('canvas')).not.toBeNull());
    expect(container.querySelector('figure')?.style.height).toBe('180px');
  });

  it('keeps at most 24 rows for a long series, every n-th point', () => {
    const x = Array.from({ length: 240 }, (_, i) => i);
    const rows = chartRows(x, [{ label: 'A', colour: 'text-primary', values: x }], String, String);
    expect(rows).toHaveLength(24);
    expect(rows.slice(0, 3).map((r) => r.label)).toEqual(['0', '10', '20']);
    expect(rows[1]!.value).toBe('10');
  });

  it('reads out every line at the cursor, in the page’s number format', async () => {
    const { container } = render(
      <TimeSeriesChart x={hours} series={profile} label="Perfil" formatValue={kwh} xAxis={hourAxis} />,
      { wrapper: inLanguage('pt') },
    );
    const { over } = chartIn(container);
    const width = await plotWidth(over);
    // uPlot places the cursor from the pointer: a third of the way across is hour 8 (of 0 … 23).
    fireEvent.mouseEnter(over);
    fireEvent.mouseMove(over, { clientX: (width * 8) / 23, clientY: 20 });
    const readout = await screen.findByTestId('chart-readout');
    expect(readout.textContent).toContain('08h');
    expect(readout.textContent).toContain('Hoje18\u00a0kWh');
    expect(readout.textContent).toContain('Dia útil médio24\u00a0kWh');
  });

  it('zooms to a dragged span and goes back with “Ver tudo”', async () => {
    const { container } = render(
      <TimeSeriesChart x={hours} series={profile} label="Perfil" formatValue={kwh} xAxis={hourAxis} />,
      { wrapper: inLanguage('pt') },
    );
    const { over } = chartIn(container);
    const width = await plotWidth(over);
    expect(screen.queryByRole('button', { name: 'Ver tudo' })).toBeNull();
    fireEvent.mouseEnter(over);
    fireEvent.mouseDown(over, { clientX: width * 0.2, clientY: 20, button: 0 });
    // uPlot ignores a move without movement while dragging (a Chrome quirk), so the moves carry one.
    fireEvent.mouseMove(over, { clientX: width * 0.4, clientY: 20, movementX: 10 });
    fireEvent.mouseMove(over, { clientX: width * 0.6, clientY: 20, movementX: 10 });
    fireEvent.mouseUp(document, { clientX: width * 0.6, clientY: 20, button: 0 });
    const reset = await screen.findByRole('button', { name: 'Ver tudo' });
    fireEvent.click(reset);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ver tudo' })).toBeNull());
  });

  it('draws in the theme’s colours and draws again in the other theme’s when it switches', async () => {
    const { container } = render(
      <TimeSeriesChart
        {...pointsSeries(
          [0, 1, 2].map((i) => ({ ts: new Date(Date.UTC(2026, 2, 5, 12, i)), value: 20 + i, min: 19, max: 23 })),
          'Temperatura',
        )}
        label="Temperatura, 1 h"
        formatValue={kwh}
        reference={{ value: 25, label: 'Meta' }}
      />,
      { wrapper: inLanguage('pt') },
    );
    const first = chartIn(container).canvas;
    await waitFor(() => expect(canvasStyles(first)).toContain('rgb(200, 120, 0)'));
    expect(canvasStyles(first)).toContain('rgb(220, 40, 40)'); // the reference line
    expect(canvasStyles(first)).not.toContain('rgb(250, 180, 40)');
    act(() => document.documentElement.classList.add('dark'));
    await waitFor(() => expect(chartIn(container).canvas).not.toBe(first));
    const second = chartIn(container).canvas;
    await waitFor(() => expect(canvasStyles(second)).toContain('rgb(250, 180, 40)'));
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
  });
});
