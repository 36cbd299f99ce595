import { z } from 'zod';

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
