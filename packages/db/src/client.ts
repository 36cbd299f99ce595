import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { asPglite, startPgliteWorker } from './pglite-worker-client';
import * as schema from './schema/index';

export { schema };

/** What every service receives: the same Drizzle API over PGlite or PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * PGlite only: its data folder as a gzipped tarball (what `loadDataDir` takes back), taken
   * between two transactions after a checkpoint, so it opens as the database stood then.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /**
   * PostgreSQL only: a session-level advisory lock on `key` (hashed), held on a connection of its
   * own until `release()` or until that connection ends (the process died: PostgreSQL frees it).
   * `wait`: wait for it; else answer null at once when another session holds it.
   */
  sessionLock?(key: string, options: { wait: boolean }): Promise<SessionLock | null>;
  /**
   * PostgreSQL only: LISTEN/NOTIFY, what carries live events between instances (ADR 038).
   * `listen` holds a connection of its own (the driver's), `notify` takes one of the pool.
   */
  notifications?: Notifications;
}

/** PostgreSQL LISTEN/NOTIFY on one database (payloads shorter than 8000 bytes). */
export interface Notifications {
  /** Resolves once listening; `onListen` runs then and each time the driver listens again after a reconnect. */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

/** A held session-level advisory lock (see `DatabaseHandle.sessionLock`). */
export interface SessionLock {
  /** Whether it is still held: its connection is the same backend and answers. */
  held(): Promise<boolean>;
  /** Releases it and gives the connection back (never throws). */
  release(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir` undefined: an in-memory database (tests). `worker`: PGlite runs in a worker thread
   * (ADR 037), so no statement blocks this thread's event loop; what `npm start` uses.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; worker?: boolean };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const sql = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: { application_name: 'sentinela' },
    });
    // Fail at start, with the driver's own message, rather than on the first request.
    await sql`select 1`;
    const db = drizzlePostgres(sql, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => sql.end({ timeout: 5 }),
      sessionLock: (key, lockOptions) => takeSessionLock(options.url, key, lockOptions.wait),
      notifications: {
        async listen(channel, onPayload, onListen) {
          const listening = await sql.listen(channel, onPayload, onListen);
          return { unlisten: async () => void (await listening.unlisten()) };
        },
        async notify(channel, payload) {
          await sql.notify(channel, payload);
        },
      },
    };
  }
  if (options.dataDir) await mkdir(path.dirname(options.dataDir), { recursive: true });
  if (options.worker) {
    const worker = await startPgliteWorker({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(asPglite(worker), { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: () => worker.close(),
      dumpDataDir: () => worker.dumpDataDir(),
    };
  }
  const client = await PGlite.create(options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    async dumpDataDir() {
      // The checkpoint writes the shared buffers out (a shorter recovery on restore); holding the
      // transaction mutex keeps every transaction out of the copy (statements each take it too).
      await client.exec('checkpoint');
      const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
      return new Uint8Array(await tarball.arrayBuffer());
    },
  };
}

const backendRow = (rows: readonly Record<string, unknown>[]) => Number(rows[0]?.pid);

async function takeSessionLock(url: string, key: string, wait: boolean): Promise<SessionLock | null> {
  // A client of its own, one connection: not taken from the pool (a pool of one would wait on
  // itself), and ended with the lock.
  const connection = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: `sentinela lock ${key}`.slice(0, 63) },
  });
  let pid: number;
  try {
    if (wait) {
      await connection`select pg_advisory_lock(hashtext(${key}))`;
    } else {
      const [row] = await connection`select pg_try_advisory_lock(hashtext(${key})) as locked`;
      if (row?.locked !== true) {
        await connection.end({ timeout: 5 });
        return null;
      }
    }
    pid = backendRow(await connection`select pg_backend_pid() as pid`);
  } catch (error) {
    await connection.end({ timeout: 5 });
    throw error;
  }
  let released = false;
  return {
    async held() {
      if (released) return false;
      try {
        // A connection that broke and was opened again is another backend, without the lock.
        return backendRow(await connection`select pg_backend_pid() as pid`) === pid;
      } catch {
        return false;
      }
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await connection`select pg_advisory_unlock(hashtext(${key}))`;
      } catch {
        // The connection is gone, and the lock with it.
      }
      await connection.end({ timeout: 5 });
    },
  };
}
