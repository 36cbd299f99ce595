import type { z } from 'zod';

/** The rows of a raw `db.execute()`: PGlite answers `{ rows }`, postgres-js an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/**
 * The rows of a raw `db.execute()` parsed by a schema (PGlite `{ rows }` or a postgres-js
 * array): a column renamed or retyped in the query fails here, not somewhere downstream.
 */
export function parseRows<T extends z.ZodType>(schema: T, result: unknown): z.output<T>[] {
  return rowsOf<unknown>(result).map((row) => schema.parse(row));
}

/** An ILIKE pattern that finds `search` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
