import type { ServerMessageKey } from '@sentinela/shared/messages';
import { equipmentKindValues } from '@sentinela/shared/plant';
import { roomKindValues } from '@sentinela/shared/registry';
import {
  IMPORT_SEPARATOR,
  importColumnWords,
  MAX_IMPORT_LINES,
  type ImportCellType,
  type ImportColumnWords,
  type RegistryImportEntity,
} from '@sentinela/shared/registry-import';
import { AppError } from '../../platform/errors';
import { kindLabels, roomKindLabels } from './kind-labels';

/**
 * Reads a registry CSV file (facilities, rooms or equipment): UTF-8 with or without BOM, `;`
 * between cells (what Excel in pt-BR writes), CRLF or LF, RFC 4180 quotes. The header names the
 * columns in Portuguese or English, in any order; columns left out of the header are not
 * touched on records that exist. Pure: it knows no database; the import service resolves codes
 * and names and validates each line with the shared schemas.
 */

/** One record of the file and the line where it starts (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Splits the text into records. Quoted cells may hold separators, line breaks and `""`; a
 * quote never closed refuses the whole file (everything after it would be one cell).
 */
export function parseCsv(text: string, separator = IMPORT_SEPARATOR): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    // A blank line (one empty cell) is no record.
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      // A quoted cell (spaces before the opening quote are dropped, as spreadsheets do).
      cell = '';
      quoted = true;
      quoteLine = line;
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && source[i + 1] === '\n') {
      // CRLF: the LF ends the record.
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
    }
    i++;
  }
  if (quoted) throw new AppError('BAD_REQUEST', 'registry.importUnclosedQuote', { line: quoteLine });
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** A column a file may have: the input field it fills, its header words (pt, en, aliases). */
export interface ImportColumn {
  field: string;
  headers: readonly string[];
  type: ImportCellType;
  /** The header must name it. */
  required?: boolean;
}

/** The shared header words (the screen's template writes the same ones), pt first: a missing one is named in pt. */
const columnOf = (w: ImportColumnWords): ImportColumn => ({
  field: w.field,
  headers: [...new Set([w.pt, w.en, ...(w.aliases ?? [])])],
  type: w.type,
  required: w.required ?? false,
});

export const importColumns: Record<RegistryImportEntity, readonly ImportColumn[]> = {
  facilities: importColumnWords.facilities.map(columnOf),
  rooms: importColumnWords.rooms.map(columnOf),
  equipment: importColumnWords.equipment.map(columnOf),
};

const normalize = (header: string) => header.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A label or code → the value, any case (Iluminação, light, LIGHT…). */
function labelMap(values: readonly string[], labels: Record<string, Record<string, string>>[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values) {
    map.set(normalize(value), value);
    for (const byLang of labels) for (const lang of Object.values(byLang)) map.set(normalize(lang[value]!), value);
  }
  return map;
}
const equipmentKinds = labelMap(equipmentKindValues, [kindLabels]);
const roomKinds = labelMap(roomKindValues, [roomKindLabels]);

/** `12`, `-12,5`, `12.5`, `.5`: a decimal comma or point, nothing else. */
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** A refusal of one cell or line: a message key, its parameters, the column's field. */
export interface LineIssue {
  field: string;
  key: ServerMessageKey;
  params?: Record<string, string | number>;
}

/**
 * One data line: the value of each column the header names, read into the type the schemas
 * take (numbers, kinds by code or label, metric lists). A blank cell is null (none); a cell that
 * cannot be read is left out and named in `issues`.
 */
export interface ImportRow {
  line: number;
  values: Record<string, unknown>;
  issues: LineIssue[];
}

export interface ImportFile {
  columns: readonly ImportColumn[];
  rows: ImportRow[];
}

function readCell(column: ImportColumn, raw: string): { value?: unknown; issue?: ServerMessageKey } {
  const text = raw.trim();
  switch (column.type) {
    case 'requiredText':
      return { value: raw };
    case 'text':
      return { value: text === '' ? null : raw };
    case 'date':
      return { value: text === '' ? null : text };
    case 'number':
      if (text === '') return { value: null };
      if (!NUMBER.test(text)) return { issue: 'validation.number' };
      return { value: Number(text.replace(',', '.')) };
    case 'equipmentKind':
      return { value: equipmentKinds.get(normalize(text)) ?? text };
    case 'roomKind':
      return { value: roomKinds.get(normalize(text)) ?? text };
    case 'metrics': {
      const names = text
        .split(/[,|]/)
        .map((s) => s.trim())
        .filter((s) => s !== '');
      return { value: names.length > 0 ? names : null };
    }
  }
}

/**
 * Reads a whole file for one entity. An unknown, repeated or missing header, a quote never
 * closed or more than MAX_IMPORT_LINES data lines refuse the file (AppError 400); anything
 * wrong within a line is that line's issue.
 */
export function readRegistryCsv(entity: RegistryImportEntity, text: string): ImportFile {
  const records = parseCsv(text);
  const [header, ...data] = records;
  if (!header) throw new AppError('BAD_REQUEST', 'registry.importEmpty');
  if (data.length > MAX_IMPORT_LINES) {
    throw new AppError('BAD_REQUEST', 'registry.importTooManyLines', { max: MAX_IMPORT_LINES });
  }
  const known = importColumns[entity];
  const byHeader = new Map(known.flatMap((c) => c.headers.map((h) => [normalize(h), c] as const)));
  const columns: (ImportColumn | null)[] = [];
  for (const name of header.cells) {
    if (name.trim() === '') {
      // A trailing separator leaves an empty header cell: a column of nothing.
      columns.push(null);
      continue;
    }
    const column = byHeader.get(normalize(name));
    if (!column) throw new AppError('BAD_REQUEST', 'registry.importUnknownHeader', { header: name.trim() });
    if (columns.includes(column)) {
      throw new AppError('BAD_REQUEST', 'registry.importDuplicateHeader', { header: name.trim() });
    }
    columns.push(column);
  }
  for (const column of known) {
    if (column.required && !columns.includes(column)) {
      throw new AppError('BAD_REQUEST', 'registry.importMissingHeader', { header: column.headers[0]! });
    }
  }

  const rows = data.map(({ line, cells }): ImportRow => {
    const values: Record<string, unknown> = {};
    const issues: LineIssue[] = [];
    cells.forEach((raw, index) => {
      const column = columns[index];
      if (column === null) return;
      if (column === undefined) {
        if (raw.trim() !== '') issues.push({ field: '', key: 'registry.importExtraCells' });
        return;
      }
      const { value, issue } = readCell(column, raw);
      if (issue) issues.push({ field: column.field, key: issue });
      else values[column.field] = value;
    });
    // A short line: the missing cells are blank.
    columns.forEach((column, index) => {
      if (column && index >= cells.length) values[column.field] = readCell(column, '').value;
    });
    return { line, values, issues: dedupe(issues) };
  });
  return { columns: columns.filter((c): c is ImportColumn => c !== null), rows };
}

function dedupe(issues: LineIssue[]): LineIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const id = `${i.field}\u0000${i.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The values of the `rated.*` columns as a nameplate record (null cells: the key is removed). */
export function ratedOf(values: Record<string, unknown>): Record<string, number | null> {
  const rated: Record<string, number | null> = {};
  for (const [field, value] of Object.entries(values)) {
    if (field.startsWith('rated.')) rated[field.slice('rated.'.length)] = value as number | null;
  }
  return rated;
}
