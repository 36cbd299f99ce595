import type { ServerMessageKey } from '@sentinela/shared/messages';
import { AppError } from './errors';

/** The SQLSTATE of a database error (Drizzle wraps the driver's error; PGlite's and postgres-js's both carry it). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Runs `write`; a unique key another request took meanwhile (SQLSTATE 23505) answers CONFLICT
 * (409) with `key` and `params`, never a 500.
 */
export async function conflictIfTaken<T>(
  write: () => Promise<T>,
  key: ServerMessageKey,
  params?: Record<string, string | number>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', key, params);
    throw error;
  }
}
