/** The SQLSTATE of a database error (Drizzle wraps the driver's error; PGlite's and postgres-js's both carry it). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
