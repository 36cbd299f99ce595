import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';

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

/** A timestamptz column of a raw read: a Date from PGlite, a string from postgres-js; null when absent. */
export const timestampColumn = z.union([z.date(), z.string()]).nullable();

/** An ILIKE pattern that finds `search` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition of a list's search box: some of `columns` contains `search`, ignoring case and
 * Latin accents on both sides ("camara", "CAMARA" and "Câmara" all find "Câmara Fria"), the
 * search's own %, _ and \ taken literally. Both sides go through `search_fold` (migration
 * 0008), the same SQL on PGlite and PostgreSQL.
 */
export function searchMatches(search: string, columns: SQLWrapper[]): SQL {
  const pattern = sql`search_fold(${containsPattern(search)})`;
  const tests = columns.map((column) => sql`search_fold(${column}) like ${pattern}`);
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * `searchMatches` over a column that already holds its row's folded search text (a generated
 * `search_text`, migration 0012): one LIKE per row, the pattern folded once.
 */
export function searchTextMatches(search: string, searchText: SQLWrapper): SQL {
  return sql`${searchText} like search_fold(${containsPattern(search)})`;
}
