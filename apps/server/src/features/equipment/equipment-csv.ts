import type { Language } from '@sentinela/shared/language';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { kindLabels } from '../plant/kind-labels';

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

const headers: Record<Language, string[]> = {
  pt: ['ID', 'Nome', 'Tipo', 'Status', 'Instalação', 'Sala', 'Localização', 'Última comunicação (UTC)'],
  en: ['ID', 'Name', 'Type', 'Status', 'Facility', 'Room', 'Location', 'Last seen (UTC)'],
};

const statusLabels: Record<Language, Record<EquipmentStatus, string>> = {
  pt: { online: 'Online', offline: 'Offline', maintenance: 'Manutenção', error: 'Erro' },
  en: { online: 'Online', offline: 'Offline', maintenance: 'Maintenance', error: 'Error' },
};

export interface CsvEquipmentRow {
  id: string;
  name: string;
  kind: EquipmentKind;
  status: EquipmentStatus;
  facilityName: string;
  roomName: string | null;
  location: string | null;
  lastSeenAt: Date | null;
}

const BOM = '\uFEFF';

/** The equipment list as a CSV file in the caller's language. */
export function equipmentCsv(rows: CsvEquipmentRow[], lang: Language): string {
  const separator = csvSeparator[lang];
  const lines = [csvLine(headers[lang], separator)];
  for (const row of rows) {
    lines.push(
      csvLine(
        [
          row.id,
          row.name,
          kindLabels[lang][row.kind],
          statusLabels[lang][row.status],
          row.facilityName,
          row.roomName,
          row.location,
          row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
        ],
        separator,
      ),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function equipmentCsvFilename(lang: Language, now: Date): string {
  return `${lang === 'pt' ? 'equipamentos' : 'equipment'}-${now.toISOString().slice(0, 10)}.csv`;
}
