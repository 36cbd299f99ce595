import { z } from 'zod';
import { nameplateFields } from './registry';

/**
 * Importing the plant registry from a CSV file (`registry.import`): a dry run answers what each
 * line would do; applying writes every line or none. The file's format is read on the server
 * (features/plant/registry-csv.ts); docs/decisions/015-plant-registry.md describes it.
 */

export const registryImportEntities = ['facilities', 'rooms', 'equipment'] as const;
export type RegistryImportEntity = (typeof registryImportEntities)[number];

/** The CSV text, in characters (the request may be up to 8 MB, see http/app.ts). */
export const MAX_IMPORT_CSV_CHARS = 8_000_000;
/** Data lines in one file: more is refused as a whole (split the file). */
export const MAX_IMPORT_LINES = 10_000;
/** Line results in one answer; the counts always cover every line. */
export const MAX_IMPORT_RESULTS = 2_000;

/** How the parser reads a column's cells (features/plant/registry-csv.ts). */
export type ImportCellType = 'text' | 'requiredText' | 'number' | 'date' | 'equipmentKind' | 'roomKind' | 'metrics';

/**
 * A column a file may have: the input field it fills and its header words. The parser takes
 * `pt`, `en` and the aliases, in any case; the screen writes `pt` or `en` (the template, the
 * format note, a refused column's name). Shared so both read the same words.
 */
export interface ImportColumnWords {
  field: string;
  pt: string;
  en: string;
  aliases?: readonly string[];
  type: ImportCellType;
  /** The header must name it. */
  required?: boolean;
}

const words = (
  field: string,
  type: ImportCellType,
  pt: string,
  en: string,
  extra: { aliases?: string[]; required?: boolean } = {},
): ImportColumnWords => ({ field, type, pt, en, ...extra });
const required = { required: true };

/** Every nameplate key of every kind once, with its unit (the same key has the same unit in each kind). */
const nameplateWords: ImportColumnWords[] = [
  ...new Map(
    Object.values(nameplateFields)
      .flat()
      .map((f) => {
        const header = `${f.key} (${f.unit})`;
        return [f.key, words(`rated.${f.key}`, 'number', header, header, { aliases: [f.key] })] as const;
      }),
  ).values(),
];

/** The columns of each entity's file, in the template's order. */
export const importColumnWords: Record<RegistryImportEntity, readonly ImportColumnWords[]> = {
  facilities: [
    words('code', 'requiredText', 'Código', 'Code', required),
    words('name', 'requiredText', 'Nome', 'Name', required),
    words('address', 'text', 'Endereço', 'Address'),
    words('city', 'requiredText', 'Cidade', 'City', required),
    words('state', 'text', 'Estado', 'State'),
    words('latitude', 'number', 'Latitude', 'Latitude'),
    words('longitude', 'number', 'Longitude', 'Longitude'),
    words('timezone', 'requiredText', 'Fuso horário', 'Time zone', required),
  ],
  rooms: [
    words('facility', 'requiredText', 'Instalação', 'Facility', required),
    words('name', 'requiredText', 'Sala', 'Room', required),
    words('kind', 'roomKind', 'Tipo', 'Type', required),
    words('areaM2', 'number', 'Área (m²)', 'Area (m²)', { aliases: ['Área (m2)', 'Area (m2)'] }),
    words('setpointMin', 'number', 'Set-point mín.', 'Min set-point'),
    words('setpointMax', 'number', 'Set-point máx.', 'Max set-point'),
  ],
  equipment: [
    words('id', 'requiredText', 'Código', 'Code', { aliases: ['ID'], required: true }),
    words('name', 'requiredText', 'Nome', 'Name', required),
    words('kind', 'equipmentKind', 'Tipo', 'Type', required),
    words('facility', 'requiredText', 'Instalação', 'Facility', required),
    words('room', 'text', 'Sala', 'Room'),
    words('gateway', 'text', 'Gateway', 'Gateway'),
    words('location', 'text', 'Local', 'Location', { aliases: ['Localização'] }),
    words('manufacturer', 'text', 'Fabricante', 'Manufacturer'),
    words('model', 'text', 'Modelo', 'Model'),
    words('serial', 'text', 'Série', 'Serial'),
    words('installDate', 'date', 'Instalação em', 'Install date'),
    ...nameplateWords,
    words('metrics', 'metrics', 'Métricas', 'Metrics'),
  ],
};

/** The separator between cells (what Excel in pt-BR writes). */
export const IMPORT_SEPARATOR = ';';

export const registryImportInput = z.object({
  entity: z.enum(registryImportEntities, 'validation.importEntity'),
  csv: z.string().max(MAX_IMPORT_CSV_CHARS, 'registry.importTooLarge'),
  /** false: a dry run, nothing written. */
  apply: z.boolean().default(false),
});

export const importActionValues = ['create', 'update', 'unchanged', 'refuse'] as const;
export type ImportAction = (typeof importActionValues)[number];

export const importLineResult = z.object({
  /** The line of the file where the record starts (the header is line 1). */
  line: z.number().int(),
  /** What the line names: a code, or "facility code / room name". */
  key: z.string(),
  action: z.enum(importActionValues),
  /** update: `{ field: [old, new] }`. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).optional(),
  /** refuse: the reasons, per column, in the caller's language. */
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ImportLineResult = z.infer<typeof importLineResult>;

export const registryImportOutput = z.object({
  entity: z.enum(registryImportEntities),
  applied: z.boolean(),
  counts: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), refuse: z.number() }),
  /** Refused lines first, then changes, then unchanged ones, at most MAX_IMPORT_RESULTS, by line. */
  lines: z.array(importLineResult),
  /** Lines left out of `lines`. */
  omitted: z.number(),
});
export type RegistryImportOutput = z.infer<typeof registryImportOutput>;

export const registryExportInput = z.object({ entity: z.enum(registryImportEntities, 'validation.importEntity') });
/** The registry of one entity in the import's format: export, edit, import. */
export const registryExportOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type RegistryExportOutput = z.infer<typeof registryExportOutput>;
