// The PGlite worker thread (ADR 037): owns one PGlite instance and runs every statement the main
// thread sends, so no statement runs on the server's event loop. Plain JavaScript: the same file
// runs under tsx, Vitest and the esbuild bundle (copied beside dist/main.mjs), with no loader.
// Protocol (client.ts, PgliteWorkerClient, is the other side):
//   ← { type: 'open', dataDir?, loadDataDir? (Uint8Array), startParams?, requestGraceMs?, backgroundMaxWaitMs? }  → { type: 'opened' } | { type: 'failed', error }
//   ← { id, op: 'query', sql, params, rowMode, rawTypes, txId?, background? }  → { id, result } | { id, error }
//   ← { id, op: 'exec', sql, txId?, background? }
//   ← { id, op: 'begin', background? }  → { id, result: txId } once BEGIN ran (the transaction stays open)
//   ← { id, op: 'end', txId, commit }  → { id } once COMMIT (or ROLLBACK) ran
//   ← { id, op: 'dump' }  → { id, result: Uint8Array }  (checkpoint, then the data folder as .tar.gz)
//   ← { id, op: 'memory' }  → { id, result: { wasmBytes, heapUsedBytes, heapTotalBytes } }
//   ← { id, op: 'tidy' }  → { id } after a full collection of this thread's heap
//   ← { id, op: 'close' }  → { id }
// Messages are handled as they arrive, without waiting for the previous one: a transaction's own
// statements must run while its `pg.transaction` callback is pending. PGlite orders them itself
// (a statement outside the open transaction waits for it, as in-process).
// Who goes next on the one connection is decided here first (the turn, below): statements marked
// `background` (ingest writes, rollups, scheduled jobs, cache fills: priority.ts) wait while
// requests' statements are waiting, so a page's query waits for at most the one statement or
// transaction in progress, not for the queue behind it; a background statement that has waited
// backgroundMaxWaitMs goes first all the same, so no load starves the ingest. After a request's
// statement, background work waits requestGraceMs (3 ms) for that request's next one.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { fullCollection } from './full-collection.mjs';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** @type {PGlite | undefined} */
let pg;
/** Open transactions by id: the transaction object and how to end it. */
const transactions = new Map();
let nextTxId = 1;

const raw = (value) => value;

/**
 * The longest a background statement waits behind requests' statements before it goes first
 * anyway (200 ms; tests of the grace lengthen it, so that a loaded machine's slow statements do
 * not make the queue overdue and decide their outcome).
 */
let backgroundMaxWaitMs = 200;
/** How long after a request's statement background work waits for that request's next statement. */
let requestGraceMs = 3;
/** A diagnostic (ADR 040): PGLITE_TRACE_TURNS_MS=N prints every turn of N ms or more to stderr. */
const TRACE_MS = Number(process.env.PGLITE_TRACE_TURNS_MS ?? -1);

/**
 * The turn on the connection: one top-level statement or transaction at a time (what PGlite
 * does itself, in arrival order), handed out to requests' statements before background ones.
 * A transaction keeps its turn until it ends; its own statements run within it.
 * A statement runs this thread for its whole length (PGlite's WebAssembly is synchronous), so the
 * messages sent meanwhile are read only after it: the next turn is handed out on the following
 * turn of this thread's event loop (setImmediate), once every waiting message has queued.
 */
const turn = {
  busy: false,
  scheduled: false,
  /** @type {Array<() => void>} */
  foreground: [],
  /** @type {Array<{ go: () => void, since: number }>} */
  background: [],
  /** Whether the last turn went to an overdue background statement ahead of waiting requests. */
  overdueLast: false,
  /** Who has the turn ('request' or 'background'). */
  current: 'request',
  /** When the last request's turn ended (performance.now()). */
  requestEnded: -Infinity,
  /** The timer that hands the turn to background work once the grace after a request is over. */
  graceTimer: null,
  /** Resolves when the caller's turn has come. */
  take(background) {
    return new Promise((go) => {
      if (background) this.background.push({ go, since: performance.now() });
      else this.foreground.push(go);
      this.schedule();
    });
  },
  /** Ends a turn. */
  give() {
    if (this.current === 'request') this.requestEnded = performance.now();
    this.busy = false;
    this.schedule();
  },
  schedule() {
    if (this.busy || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.busy) this.next();
    });
  },
  /**
   * The next turn goes to requests first; to the oldest background statement when none waits, or
   * when it is past its wait, but then the turn after goes to a request again (each side gets at
   * least every other turn under any load).
   */
  next() {
    const oldest = this.background[0];
    const waiting = this.foreground.length > 0;
    const now = performance.now();
    const overdue = oldest !== undefined && now - oldest.since >= backgroundMaxWaitMs;
    // A request's statements come one after another: the next one is on its way from the main
    // thread (results read, the next statement built). Background work waits that long first, so a
    // page's query does not queue behind a background statement at each of its steps.
    const grace = requestGraceMs - (now - this.requestEnded);
    if (oldest && !waiting && !overdue && grace > 0) {
      if (!this.graceTimer)
        this.graceTimer = setTimeout(() => {
          this.graceTimer = null;
          this.schedule();
        }, Math.ceil(grace));
      return;
    }
    if (oldest && (!waiting || (overdue && !this.overdueLast))) {
      this.overdueLast = waiting;
      this.busy = true;
      this.current = 'background';
      this.background.shift();
      oldest.go();
    } else if (waiting) {
      this.overdueLast = false;
      this.busy = true;
      this.current = 'request';
      this.foreground.shift()();
    }
  },
};

/** Runs a top-level operation in its turn (a transaction's own statements already have one). */
async function inTurn(message, run) {
  if (message.txId !== undefined) return run();
  await turn.take(message.background === true);
  const started = TRACE_MS >= 0 ? performance.now() : 0;
  try {
    return await run();
  } finally {
    turn.give();
    if (TRACE_MS >= 0) trace(message, performance.now() - started);
  }
}

/** Logs each top-level statement that held the turn this long or longer (stderr); off when unset. */
function trace(message, ms) {
  if (ms < TRACE_MS) return;
  const text = String(message.sql ?? message.op)
    .replace(/\s+/g, ' ')
    .slice(0, 140);
  process.stderr.write(`[pglite turn] ${ms.toFixed(1)} ms ${message.background ? 'bg ' : 'req'} ${text}\n`);
}

/** Parsers that leave the given types as PostgreSQL's text (the main thread applies the caller's). */
function rawParsers(types) {
  if (!types || types.length === 0) return undefined;
  const parsers = {};
  for (const oid of types) parsers[oid] = raw;
  return parsers;
}

/** What crosses the thread boundary of a PostgreSQL error: every plain field (code, detail, constraint…). */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const out = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    // Not `params` or `queryOptions`: Drizzle's error names the parameters already, and a batch's can be large.
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

function target(txId) {
  if (txId === undefined) return pg;
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`PGlite worker: transaction ${txId} is not open`);
  return tx.client;
}

/** Commits (or rolls back) an open transaction; resolves once PGlite has ended it. */
async function end(txId, commit) {
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`PGlite worker: transaction ${txId} is not open`);
  transactions.delete(txId);
  const rolledBack = new Error('rolled back');
  if (commit) tx.commit(undefined);
  else tx.rollback(rolledBack);
  try {
    await tx.settled;
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return inTurn(message, async () => {
        const options = { rowMode: message.rowMode };
        const parsers = rawParsers(message.rawTypes);
        if (parsers) options.parsers = parsers;
        const result = await target(message.txId).query(message.sql, message.params, options);
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      });
    case 'exec':
      return inTurn(message, async () => {
        const results = await target(message.txId).exec(message.sql);
        return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
      });
    case 'begin': {
      // The turn is kept until the transaction ends ('end' gives it back).
      await turn.take(message.background === true);
      try {
        return await openTransaction();
      } catch (error) {
        turn.give();
        throw error;
      }
    }
    case 'end': {
      if (!transactions.has(message.txId)) throw new Error(`PGlite worker: transaction ${message.txId} is not open`);
      try {
        return await end(message.txId, message.commit);
      } finally {
        turn.give();
      }
    }
    case 'dump':
      return inTurn(message, async () => {
        // The checkpoint writes the shared buffers out (a shorter recovery on restore); holding the
        // transaction mutex keeps every transaction out of the copy (statements each take it too).
        await pg.exec('checkpoint');
        const tarball = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
        return new Uint8Array(await tarball.arrayBuffer());
      });
    case 'memory': {
      const heap = getHeapStatistics();
      return {
        wasmBytes: pg.mod?.HEAPU8?.byteLength ?? 0,
        heapUsedBytes: heap.used_heap_size,
        heapTotalBytes: heap.total_heap_size,
      };
    }
    case 'tidy':
      // The main thread's memory tidy asks when the portal is quiet (ADR 039, "At rest"). V8's gc(),
      // taken as memory-tidy.ts's fallback takes it: an inspector session's collection never
      // answers inside a worker thread.
      fullCollection()?.();
      return undefined;
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`PGlite worker: unknown operation ${String(message.op)}`);
  }
}

/** BEGIN, and the transaction kept open until an 'end' message settles it. */
async function openTransaction() {
  const txId = nextTxId++;
  let settled;
  await new Promise((opened, failed) => {
    settled = pg.transaction(
      (client) =>
        new Promise((commit, rollback) => {
          transactions.set(txId, { client, commit, rollback, settled: undefined });
          opened();
        }),
    );
    settled.catch(failed);
  });
  transactions.get(txId).settled = settled;
  return txId;
}

port.on('message', (message) => {
  if (message.type === 'open') {
    const options = message.loadDataDir ? { loadDataDir: new Blob([message.loadDataDir]) } : {};
    if (message.startParams) options.startParams = message.startParams;
    if (typeof message.requestGraceMs === 'number') requestGraceMs = message.requestGraceMs;
    if (typeof message.backgroundMaxWaitMs === 'number') backgroundMaxWaitMs = message.backgroundMaxWaitMs;
    PGlite.create(message.dataDir, options).then(
      (instance) => {
        pg = instance;
        port.postMessage({ type: 'opened' });
      },
      (error) => port.postMessage({ type: 'failed', error: serializeError(error) }),
    );
    return;
  }
  handle(message).then(
    (result) => {
      if (result instanceof Uint8Array) port.postMessage({ id: message.id, result }, [result.buffer]);
      else port.postMessage({ id: message.id, result });
    },
    (error) => port.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
