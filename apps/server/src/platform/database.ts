import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, type DataDirLock } from '@sentinela/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import type { Config } from '../env';

/**
 * Opens the configured database and brings its schema up to date. Embedded mode: PGlite in
 * DATA_DIR/pglite, held by a PID lock (PGlite has none) that the returned close() releases.
 */
export async function openAppDatabase(config: Config, migrationsFolder?: string): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    await migrateDatabase(handle, migrationsFolder);
    return handle;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(path.join(config.dataDir, 'pglite.lock'));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    await migrateDatabase(handle, migrationsFolder);
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
