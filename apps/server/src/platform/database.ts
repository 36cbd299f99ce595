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
  // In a worker thread: no statement blocks HTTP, the live stream or MQTT (ADR 037).
  return openOwnedPglite(config.dataDir, (handle) => migrateDatabase(handle, migrationsFolder), { worker: true });
}

/**
 * PGlite in `dataDir`/pglite, held by the data folder's PID lock (PGlite has none: a second
 * owner would corrupt it) until the returned close(). Throws when another process holds it.
 * `prepare` runs once it is open (the lock is released if it fails).
 */
export async function openOwnedPglite(
  dataDir: string,
  prepare?: (handle: DatabaseHandle) => Promise<void>,
  options: { worker?: boolean } = {},
): Promise<DatabaseHandle> {
  const lock: DataDirLock = acquireDataDirLock(path.join(dataDir, 'pglite.lock'));
  try {
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dataDir, 'pglite'),
      ...(options.worker ? { worker: true } : {}),
    });
    await prepare?.(handle);
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
