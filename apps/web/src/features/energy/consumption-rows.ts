import type { EnergyConsumption, LoadByKind } from '@sentinela/shared/energy';
import { loadKinds } from '@sentinela/shared/energy-values';

/** A table of figures: its header and rows, numbers kept as numbers until shown or exported. */
export interface FigureTable {
  columns: string[];
  rows: (string | number | null)[][];
}

const kindCells = (k: LoadByKind) => loadKinds.map((kind) => k[kind]);

/** The consumption by day: day, total, then each kind. */
export function byDayTable(
  data: EnergyConsumption,
  columns: { day: string; total: string; kinds: string[] },
): FigureTable {
  return {
    columns: [columns.day, columns.total, ...columns.kinds],
    rows: data.byDay.map((d) => [d.day, d.kwh, ...kindCells(d.byKind)]),
  };
}

/** The consumption by hour of the day: hour (HH:00), total, then each kind. */
export function byHourTable(
  data: EnergyConsumption,
  columns: { hour: string; total: string; kinds: string[] },
): FigureTable {
  return {
    columns: [columns.hour, columns.total, ...columns.kinds],
    rows: data.byHour.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.kwh, ...kindCells(h.byKind)]),
  };
}

/** The 24-hour profile: hour, today, mean working day, mean weekend day. */
export function profileTable(data: EnergyConsumption, columns: [string, string, string, string]): FigureTable {
  return {
    columns,
    rows: data.profile.map((p) => [`${String(p.hour).padStart(2, '0')}:00`, p.today, p.weekday, p.weekend]),
  };
}

/** The separator of a CSV in each language (as the server's exports): ';' in pt (decimal commas), ',' in en. */
const separators = { pt: ';', en: ',' } as const;

/**
 * A table as CSV text as the app's exports write it: a BOM (Excel reads UTF-8), CRLF; numbers
 * with a decimal comma in Portuguese; no value is an empty cell; a cell is quoted when needed.
 */
export function tableCsv(table: FigureTable, language: 'pt' | 'en'): string {
  const separator = separators[language];
  const text = (value: string) =>
    value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const cell = (value: string | number | null) =>
    value === null
      ? ''
      : typeof value === 'number'
        ? text(language === 'pt' ? String(value).replace('.', ',') : String(value))
        : text(value);
  const lines = [table.columns.map(text), ...table.rows.map((row) => row.map(cell))];
  return `\uFEFF${lines.map((line) => line.join(separator)).join('\r\n')}\r\n`;
}
