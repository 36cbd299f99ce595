import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DatabaseHandle } from './client';

/** The committed SQL migrations, next to this package's sources. */
export const defaultMigrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** The session-level advisory lock migrations run under on PostgreSQL. */
export const MIGRATIONS_LOCK = 'sentinela.migrations';

/**
 * Applies every committed migration not yet applied; safe to call on every start. On PostgreSQL
 * under an advisory lock, so instances started together migrate one after the other (the
 * second finds nothing left to do). PGlite has one owner of its data folder: no lock.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = defaultMigrationsFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const lock = await handle.sessionLock?.(MIGRATIONS_LOCK, { wait: true });
  try {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder });
  } finally {
    await lock?.release();
  }
}
