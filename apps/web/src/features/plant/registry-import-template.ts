import type { Language } from '@sentinela/shared/language';
import { IMPORT_SEPARATOR, importColumnWords, type RegistryImportEntity } from '@sentinela/shared/registry-import';

/**
 * The "download template" file of an entity: its header in the user's language, written with the
 * same words the server's parser reads (shared `importColumnWords`), and one example line.
 * Built in the browser: nothing to ask the server.
 */

type Example = Record<string, string | Record<Language, string>>;

/** One line per entity; a cell the example leaves out is blank. Numbers with the language's decimal mark. */
const examples: Record<RegistryImportEntity, Example> = {
  facilities: {
    code: 'sp-01',
    name: { pt: 'Fábrica São Paulo', en: 'São Paulo plant' },
    address: { pt: 'Av. Industrial, 1000', en: '1000 Industrial Ave.' },
    city: 'São Paulo',
    state: 'SP',
    latitude: { pt: '-23,5505', en: '-23.5505' },
    longitude: { pt: '-46,6333', en: '-46.6333' },
    timezone: 'America/Sao_Paulo',
  },
  rooms: {
    facility: 'sp-01',
    name: { pt: 'Linha 1', en: 'Line 1' },
    kind: 'production',
    areaM2: { pt: '850,5', en: '850.5' },
    setpointMin: '18',
    setpointMax: '24',
  },
  equipment: {
    id: 'sp-mtr-001',
    name: { pt: 'Motor da esteira 1', en: 'Conveyor motor 1' },
    kind: 'motor',
    facility: 'sp-01',
    room: { pt: 'Linha 1', en: 'Line 1' },
    location: { pt: 'Esteira 1, lado norte', en: 'Conveyor 1, north side' },
    manufacturer: 'WEG',
    model: 'W22',
    serial: 'SN-12345',
    installDate: '2024-03-15',
    'rated.powerKw': { pt: '7,5', en: '7.5' },
    'rated.voltageV': '380',
    'rated.rpm': '1750',
    metrics: '',
  },
};

/** A cell as RFC 4180 wants it: quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The template's text: a BOM (Excel then reads UTF-8), the header and the example, CRLF. */
export function importTemplate(entity: RegistryImportEntity, language: Language): string {
  const columns = importColumnWords[entity];
  const example = examples[entity];
  const cellOf = (field: string) => {
    const value = example[field];
    return value === undefined ? '' : typeof value === 'string' ? value : value[language];
  };
  const header = columns.map((c) => csvCell(c[language])).join(IMPORT_SEPARATOR);
  const line = columns.map((c) => csvCell(cellOf(c.field))).join(IMPORT_SEPARATOR);
  return `\uFEFF${header}\r\n${line}\r\n`;
}

/** The template as a link's address: a real link (keyboard, "save link as"), no object URL to revoke. */
export function templateHref(entity: RegistryImportEntity, language: Language): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplate(entity, language))}`;
}
