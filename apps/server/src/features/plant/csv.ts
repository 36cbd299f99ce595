import type { Language } from '@sentinela/shared/language';

/**
 * CSV text for spreadsheet programs (RFC 4180: CRLF lines, quoted cells). Portuguese files use
 * ';' between cells (Excel in pt-BR reads ',' as the decimal mark), English ones ','.
 */
export const csvSeparator: Record<Language, string> = { pt: ';', en: ',' };

type CsvValue = string | number | null | undefined;

/** A cell a spreadsheet would run as a formula starts with one of these (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, safe to open: formulas neutralised with a leading apostrophe, quoted when needed. */
export function csvCell(value: CsvValue, separator: string): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes('"') || text.includes(separator) || /[\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[], separator: string): string {
  return cells.map((cell) => csvCell(cell, separator)).join(separator);
}

/** A decimal's text with the reader's decimal mark: a comma in Portuguese. */
export function csvDecimal(text: string, lang: Language): string {
  return lang === 'pt' ? text.replace('.', ',') : text;
}

/** Lets Excel open the file as UTF-8 (accents intact). */
const BOM = '\uFEFF';

/**
 * A whole file in the reader's language: the BOM, the header line, then one line per item (its
 * cells from `cells`), every line ended by CRLF.
 */
export function csvDocument<T>(
  lang: Language,
  headers: Record<Language, readonly string[]>,
  items: readonly T[],
  cells: (item: T) => CsvValue[],
): string {
  const separator = csvSeparator[lang];
  const lines = [csvLine(headers[lang], separator)];
  for (const item of items) lines.push(csvLine(cells(item), separator));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Rows read from the database per query while building a file. */
const CSV_PAGE_ROWS = 5_000;

/**
 * Up to `max + 1` rows read a page at a time from the start of the list: the row past the cap
 * tells whether the file is cut short.
 */
export async function readUpToCap<T>(
  max: number,
  readPage: (limit: number, offset: number) => Promise<T[]>,
): Promise<T[]> {
  const items: T[] = [];
  while (items.length <= max) {
    const want = Math.min(CSV_PAGE_ROWS, max + 1 - items.length);
    const page = await readPage(want, items.length);
    items.push(...page);
    if (page.length < want) break;
  }
  return items;
}

/** What "Exportar CSV" answers: the file, its name, its rows and whether the cap cut it short. */
export interface CsvExport {
  filename: string;
  csv: string;
  rows: number;
  truncated: boolean;
}

/**
 * "Exportar CSV" from the rows read (up to one past `max`, which is dropped and marks the file
 * truncated), named `<name>-YYYY-MM-DD.csv` with the name in the reader's language.
 */
export function csvExport<T>(
  read: T[],
  file: {
    max: number;
    name: Record<Language, string>;
    lang: Language;
    now: Date;
    csv: (items: T[], lang: Language) => string;
  },
): CsvExport {
  const truncated = read.length > file.max;
  const kept = truncated ? read.slice(0, file.max) : read;
  const filename = `${file.name[file.lang]}-${file.now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: file.csv(kept, file.lang), rows: kept.length, truncated };
}
