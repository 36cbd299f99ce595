import type { Language } from '@sentinela/shared/language';
import {
  importColumnWords,
  type ImportLineResult,
  type RegistryImportEntity,
  type RegistryImportOutput,
} from '@sentinela/shared/registry-import';

/**
 * The import dialog's rules, apart from its screen so they are tested alone: what may be applied,
 * the order of the line results, and the names of the columns in the user's language.
 */

/** The largest file sent: the server takes a request up to 8 MB (http/security.ts). */
export const MAX_IMPORT_FILE_BYTES = 8 * 1024 * 1024;

/** The line results drawn at once (the answer may list 2,000); "show more" adds as many. */
export const IMPORT_ROWS_STEP = 200;

/**
 * "Import" is offered only after a dry run of this file that refused no line and has something
 * to create or update: a refused line would refuse the whole apply, and nothing to do is no import.
 */
export function canApply(result: RegistryImportOutput | null): boolean {
  if (!result || result.applied) return false;
  const { create, update, refuse } = result.counts;
  return refuse === 0 && create + update > 0;
}

/** The lines the apply writes (created and updated); unchanged ones are left as they are. */
export const linesToApply = (result: RegistryImportOutput) => result.counts.create + result.counts.update;

/** Every line of the file the answer counts. */
export const totalLines = (result: RegistryImportOutput) =>
  result.counts.create + result.counts.update + result.counts.unchanged + result.counts.refuse;

const actionOrder: Record<ImportLineResult['action'], number> = { refuse: 0, create: 1, update: 1, unchanged: 2 };

/** Refused lines first (what must be fixed), then changes, then unchanged lines; by line within each. */
export function orderLines(lines: readonly ImportLineResult[]): ImportLineResult[] {
  return [...lines].sort((a, b) => actionOrder[a.action] - actionOrder[b.action] || a.line - b.line);
}

/**
 * The data lines of a file, for the busy message while the server reads it (the request cannot
 * report progress). Counts non-blank lines after the header; a line break inside quotes counts
 * once more, which is good enough for "Checking 10,000 lines…".
 */
export function estimateDataLines(text: string): number {
  let lines = 0;
  for (const line of text.split(/\r\n|\r|\n/)) if (line.trim() !== '') lines++;
  return Math.max(0, lines - 1);
}

/** Fields of the line results that are not columns of the file (the service's own names). */
const extraFields: Record<string, string> = { facilityId: 'facility', roomId: 'room' };

/**
 * A column's header in the user's language, from the field a refusal or a change names
 * ('facility', 'rated.powerKw'); a field that is no column is shown as it is, blank as nothing.
 */
export function columnLabel(entity: RegistryImportEntity, field: string, language: Language): string {
  const name = extraFields[field] ?? field;
  const column = importColumnWords[entity].find((c) => c.field === name);
  return column ? column[language] : field;
}

/** The header words of the columns a file must have, in the user's language. */
export function requiredColumns(entity: RegistryImportEntity, language: Language): string[] {
  return importColumnWords[entity].filter((c) => c.required).map((c) => c[language]);
}

/** A value of a change, short: blank for none, lists joined, records as `key: value`. */
export function valueText(value: unknown, blank: string): string {
  if (value === null || value === undefined || value === '') return blank;
  if (Array.isArray(value)) return value.map((v) => valueText(v, blank)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? blank : entries.map(([k, v]) => `${k}: ${valueText(v, blank)}`).join(', ');
  }
  return blank;
}

/** A file size for a message: "9,3 MB". */
export function megabytes(bytes: number, language: Language): string {
  return `${(bytes / (1024 * 1024)).toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 1 })} MB`;
}
