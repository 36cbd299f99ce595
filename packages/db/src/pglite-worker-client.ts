import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { isBackground } from './priority';

/**
 * PGlite in a worker thread (ADR 037), seen from the main thread: what drizzle-orm/pglite's
 * session calls on its client (`query(sql, params, { rowMode, parsers })` and
 * `transaction(cb)` whose client offers `query` and `exec`), forwarded to
 * pglite-worker.mjs, which owns the PGlite instance. The server's event loop only posts
 * messages and receives rows: no statement runs on it.
 */

/** A PostgreSQL error from the worker, with its fields (code, detail, constraint…) as PGlite gives them. */
export class PgliteWorkerError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  severity?: string;
}

/** What PGlite's transaction callback gets (and drizzle uses). */
export interface WorkerQueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteWorkerClient extends WorkerQueryClient {
  transaction<T>(callback: (tx: WorkerQueryClient) => Promise<T>): Promise<T>;
  /** The worker's WASM memory and V8 heap (ADR 039). */
  memoryUsage(): Promise<{ wasmBytes: number; heapUsedBytes: number; heapTotalBytes: number }>;
  /** A full collection of the worker's own V8 heap (ADR 039, "At rest"). */
  tidyMemory(): Promise<void>;
  /** Checkpoint, then the data folder as a gzipped tarball (between two transactions). */
  dumpDataDir(): Promise<Uint8Array>;
  /**
   * A new worker thread in place of this one, on the same data folder (ADR 039, "A new thread
   * after the first start"): once the calls and transactions under way have ended, PGlite is
   * closed and the thread ended, which gives back all it grew (WASM memory never shrinks); then
   * PGlite opens again in a new thread. Calls made meanwhile wait and then run there. A data
   * folder only (in memory, the data would go with the thread).
   */
  recycle(): Promise<void>;
  close(): Promise<void>;
  /** The thread itself (tests end it to see pending calls fail). */
  readonly worker: Worker;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  [field: string]: unknown;
}

type Reply = { id: number; result?: unknown; error?: SerializedError };

/** The worker's young generation (V8's default is 48 MB on 64-bit). */
const WORKER_YOUNG_GENERATION_MB = 12;

/** The worker's file: beside this one in the sources, beside dist/main.mjs in the bundle. */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

function toError(serialized: SerializedError): PgliteWorkerError {
  const { message, name, stack, ...fields } = serialized;
  const error = new PgliteWorkerError(message);
  Object.assign(error, fields);
  if (name) error.name = name;
  if (stack)
    error.stack = `${error.name}: ${message}\n    in the PGlite worker:\n${stack.split('\n').slice(1).join('\n')}`;
  return error;
}

/**
 * Applies the caller's parsers in this thread: functions cannot cross to the worker, which
 * leaves those types as PostgreSQL text (drizzle passes identity parsers for its date and
 * interval types, so they stay strings it maps itself).
 */
function applyParsers(result: Results, rowMode: 'array' | 'object', parsers: QueryOptions['parsers']): void {
  if (!parsers) return;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((c) => c.parse !== undefined);
  if (columns.length === 0) return;
  for (const row of result.rows as unknown[]) {
    for (const c of columns) {
      const key = rowMode === 'array' ? c.index : c.name;
      const cells = row as Record<string | number, unknown>;
      const value = cells[key];
      if (typeof value === 'string') cells[key] = c.parse!(value);
    }
  }
}

export interface PgliteWorkerOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** PGlite's start parameters (client.ts, pgliteStartParams). */
  startParams?: string[];
  /**
   * How long background work waits after a request's statement for that request's next one
   * (ADR 040; the worker's default, 3 ms, when not given). Tests lengthen it so that a loaded
   * machine's pauses between two statements do not decide their outcome.
   */
  requestGraceMs?: number;
  /**
   * How long a background statement waits behind requests' before it goes first anyway (the
   * worker's default, 200 ms, when not given). Tests of the grace lengthen it: on a loaded
   * machine the queue would otherwise be overdue before the grace is ever asked.
   */
  backgroundMaxWaitMs?: number;
}

/** One worker thread with PGlite open in it, and how to call it. */
interface Thread {
  worker: Worker;
  call<T>(message: Record<string, unknown>): Promise<T>;
}

/** Starts a worker thread and opens PGlite in it. */
async function openThread(options: PgliteWorkerOptions): Promise<Thread> {
  const worker = new Worker(WORKER_URL, {
    stdout: false,
    stderr: false,
    // A smaller young generation than V8's default (3 × 16 MB semi-spaces): the worker's objects
    // are short-lived messages and rows (ADR 039).
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  /** Set once the worker is gone: every later call fails with it. */
  let gone: Error | undefined;

  const fail = (error: Error) => {
    gone ??= error;
    for (const p of pending.values()) p.reject(gone);
    pending.clear();
  };
  worker.on('error', (error) => fail(new Error(`PGlite worker failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => fail(new Error(`PGlite worker exited (code ${code})`)));

  const opened = new Promise<void>((resolve, reject) => {
    const onOpen = (message: { type?: string; error?: SerializedError }) => {
      if (message.type === 'opened') resolve();
      else if (message.type === 'failed') reject(toError(message.error!));
      else return;
      worker.off('message', onOpen);
    };
    worker.on('message', onOpen);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited while opening (code ${code})`)));
    worker.once('error', reject);
  });
  const loadDataDir = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
  worker.postMessage(
    {
      type: 'open',
      dataDir: options.dataDir,
      loadDataDir,
      startParams: options.startParams,
      requestGraceMs: options.requestGraceMs,
      backgroundMaxWaitMs: options.backgroundMaxWaitMs,
    },
    loadDataDir ? [loadDataDir.buffer] : [],
  );
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.error) p.reject(toError(reply.error));
    else p.resolve(reply.result);
  });

  return {
    worker,
    call<T>(message: Record<string, unknown>): Promise<T> {
      if (gone) return Promise.reject(gone);
      const id = nextId++;
      // Background work gives way to requests' statements in the worker (priority.ts).
      const background = isBackground();
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve, reject });
        worker.postMessage({ ...message, id, ...(background ? { background } : {}) });
      });
    },
  };
}

/** Closes PGlite (a failure is not the caller's: the thread goes all the same), then ends the thread. */
async function endThread(thread: Thread): Promise<void> {
  await thread.call({ op: 'close' }).catch(() => {});
  await thread.worker.terminate();
}

/** Starts the worker and opens PGlite in it (`dataDir` undefined: in memory). */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
  let thread = await openThread(options);
  // Calls and transactions under way on the thread (a transaction from BEGIN to its end), and
  // while the thread is replaced (recycle), the promise every new one waits for.
  let busy = 0;
  let idle: (() => void) | undefined;
  let replacing: Promise<void> | undefined;
  const leave = () => {
    if (--busy === 0) idle?.();
  };
  const onThread = <T>(run: (t: Thread) => Promise<T>): Promise<T> => {
    if (replacing) return replacing.then(() => onThread(run));
    busy++;
    // Run now (the executor runs at once); a throw becomes the rejection, and leaves all the same.
    return new Promise<T>((resolve) => resolve(run(thread))).finally(leave);
  };

  function queryClient(tx?: { thread: Thread; txId: number }): WorkerQueryClient {
    // Outside a transaction each call waits for the thread (onThread); inside one, it goes to
    // the thread the transaction began on.
    const txId = tx?.txId;
    const call = <T>(message: Record<string, unknown>): Promise<T> =>
      tx ? tx.thread.call<T>(message) : onThread((current) => current.call<T>(message));
    return {
      async query<T>(sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) {
        if (queryOptions.serializers || queryOptions.blob || queryOptions.paramTypes) {
          throw new Error('PGlite worker: serializers, blob and paramTypes are not supported');
        }
        const rowMode = queryOptions.rowMode ?? 'object';
        const parsers = queryOptions.parsers;
        const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
        const result = await call<Results<T>>({ op: 'query', sql, params, rowMode, rawTypes, txId });
        applyParsers(result as Results, rowMode, parsers);
        return result;
      },
      exec: (sql: string) => call<Results[]>({ op: 'exec', sql, txId }),
    };
  }
  const simple = <T>(op: string) => onThread((t) => t.call<T>({ op }));

  let closing: Promise<void> | undefined;
  return {
    ...queryClient(),
    transaction<T>(callback: (tx: WorkerQueryClient) => Promise<T>): Promise<T> {
      return onThread(async (t) => {
        const txId = await t.call<number>({ op: 'begin' });
        let result: T;
        try {
          result = await callback(queryClient({ thread: t, txId }));
        } catch (error) {
          // The caller's error, not a failed ROLLBACK's (the worker ends the transaction either way).
          await t.call({ op: 'end', txId, commit: false }).catch(() => {});
          throw error;
        }
        await t.call({ op: 'end', txId, commit: true });
        return result;
      });
    },
    dumpDataDir: () => simple<Uint8Array>('dump'),
    memoryUsage: () => simple('memory'),
    tidyMemory: () => simple('tidy'),
    get worker() {
      return thread.worker;
    },
    recycle() {
      if (!options.dataDir) return Promise.reject(new Error('PGlite worker: an in-memory database cannot be recycled'));
      if (closing) return Promise.reject(new Error('PGlite worker: closed'));
      replacing ??= (async () => {
        try {
          if (busy > 0) await new Promise<void>((resolve) => (idle = resolve));
          idle = undefined;
          // A close that fails leaves the folder as a crash would: PGlite recovers it on opening.
          await endThread(thread);
          // The folder holds the data now: it opens as a restart opens it (once more after a
          // failure; a second one is the caller's error, and every later call fails).
          const reopen = { ...options, loadDataDir: undefined };
          thread = await openThread(reopen).catch(async () => {
            await new Promise((resolve) => setTimeout(resolve, 500));
            return openThread(reopen);
          });
        } finally {
          replacing = undefined;
        }
      })();
      return replacing;
    },
    close() {
      closing ??= (async () => {
        await replacing?.catch(() => {});
        await endThread(thread);
      })();
      return closing;
    },
  };
}

/** The worker client as drizzle-orm/pglite's `drizzle(client)` takes it (it calls only the methods above). */
export function asPglite(client: PgliteWorkerClient): PGlite {
  return client as unknown as PGlite;
}
