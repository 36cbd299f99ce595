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
