import { existsSync } from 'node:fs';
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
   * PGlite only: its WASM linear memory (it grows, never shrinks) and, in worker mode, the
   * worker thread's V8 heap (ADR 039).
   */
  memoryUsage?(): Promise<PgliteMemory>;
  /** PGlite in worker mode: a full collection of the worker thread's V8 heap (ADR 039, "At rest"). */
  tidyMemory?(): Promise<void>;
  /**
   * PGlite in worker mode on a data folder: PGlite reopened in a new worker thread, which gives
   * back the WASM memory a burst grew (ADR 039, "A new thread after the first start"); calls
   * made meanwhile wait.
   */
  recycle?(): Promise<void>;
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
  /**
   * PostgreSQL only: `statement` (a `COPY … FROM STDIN`) on a connection of the pool, fed `data`
   * whole. Resolves once the server has taken every row; rejects with the server's error (a
   * duplicate key: 23505), in which case none of the rows is written.
   */
  copyIn?: (statement: string, data: Uint8Array) => Promise<void>;
}

export interface PgliteMemory {
  wasmBytes: number;
  /** The worker thread's V8 heap; null in-process (it is the process's own heap). */
  heapUsedBytes: number | null;
  heapTotalBytes: number | null;
}

/** The size of PGlite's WASM memory (its Emscripten module's heap view). */
function wasmBytes(client: PGlite): number {
  return (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0;
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

/**
 * PostgreSQL settings of every PGlite we open (ADR 039), on top of PGlite's own start parameters.
 * PGlite's build defaults to a server's sizes: shared_buffers 160 MB (touched page by page as
 * the ingest reads and writes, and WASM memory never shrinks once grown), wal_buffers 5 MB,
 * maintenance_work_mem 64 MB. One embedded user needs far less; these bound PGlite's resident
 * memory to ≈ 60 MB (and the page cache of the OS still holds the data files).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '24MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's start parameters: its defaults, then ours (`-c name=value`; the later one wins). */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const sql = postgres(options.url, {
      max: options.maxConnections ?? 10,
      // Parameters typed from their JavaScript values, as postgres.js 3 did (ADR 008).
      infer: true,
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
      async copyIn(statement, data) {
        const writable = await sql.unsafe(statement).writable();
        await new Promise<void>((resolve, reject) => {
          writable.once('error', reject);
          writable.end(data, (error?: Error | null) => (error ? reject(error) : resolve()));
        });
      },
    };
  }
  if (options.dataDir) await mkdir(path.dirname(options.dataDir), { recursive: true });
  if (options.worker) {
    if (options.dataDir && !options.loadDataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      // A new data folder: initdb (a second WASM module, ≈ 250 MB of memory that stays with the
      // thread) runs in a worker of its own, ended before the one that serves (ADR 039).
      await (await startPgliteWorker({ dataDir: options.dataDir, startParams: pgliteStartParams() })).close();
    }
    const worker = await startPgliteWorker({
      startParams: pgliteStartParams(),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(asPglite(worker), { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: () => worker.close(),
      dumpDataDir: () => worker.dumpDataDir(),
      memoryUsage: () => worker.memoryUsage(),
      tidyMemory: () => worker.tidyMemory(),
      ...(options.dataDir ? { recycle: () => worker.recycle() } : {}),
    };
  }
  const client = await PGlite.create(options.dataDir, {
    startParams: pgliteStartParams(),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    memoryUsage: () => Promise.resolve({ wasmBytes: wasmBytes(client), heapUsedBytes: null, heapTotalBytes: null }),
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
    infer: true,
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
