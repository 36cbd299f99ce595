import type { Language } from '@sentinela/shared/language';

/**
 * CSV text for spreadsheet programs (RFC 4180: CRLF lines, quoted cells). Portuguese files use
 * ';' between cells (Excel in pt-BR reads ',' as the decimal mark), English ones ','.
 */
export const csvSeparator: Record<Language, string> = { pt: ';', en: ',' };

/** A cell a spreadsheet would run as a formula starts with one of these (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, safe to open: formulas neutralised with a leading apostrophe, quoted when needed. */
export function csvCell(value: string | number | null | undefined, separator: string): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes('"') || text.includes(separator) || /[\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[], separator: string): string {
  return cells.map((cell) => csvCell(cell, separator)).join(separator);
}

/** Rows read from the database per query while building a file. */
const CSV_PAGE_ROWS = 5_000;

/**
 * The rows of an export, read a page at a time (`readRows(limit, offset)` in the list's order) up
 * to `max`; `truncated` when more matched (one row past the cap tells).
 */
export async function readCapped<T>(
  readRows: (limit: number, offset: number) => Promise<T[]>,
  max: number,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  while (items.length <= max) {
    const want = Math.min(CSV_PAGE_ROWS, max + 1 - items.length);
    const page = await readRows(want, items.length);
    items.push(...page);
    if (page.length < want) break;
  }
  const truncated = items.length > max;
  return { items: truncated ? items.slice(0, max) : items, truncated };
}
