/** The rows of a raw `db.execute()`: PGlite answers `{ rows }`, postgres-js an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** An ILIKE pattern that finds `search` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows of a raw `db.execute()`, each checked by `schema` (a zod schema): a renamed or
 * retyped column fails here, and the row type follows the schema instead of a cast.
 */
export function parseRows<T>(schema: { parse: (row: unknown) => T }, result: unknown): T[] {
  return rowsOf<unknown>(result).map((row) => schema.parse(row));
}
