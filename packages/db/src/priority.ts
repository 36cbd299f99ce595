import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Background work: what no one waits on a page for (the ingest's writes, rollups, scheduled jobs,
 * cache fills, the demo history). Its statements run in `inBackground`; on the embedded database
 * (PGlite's one connection, in its worker thread) they give way to requests' statements, which
 * then wait for at most the one statement or transaction in progress (pglite-worker.mjs, the turn;
 * ADR 037). A background statement that has waited 200 ms goes first anyway: no load starves it.
 * On PostgreSQL (a pool of connections) the mark changes nothing.
 */
const background = new AsyncLocalStorage<true>();

/** Runs `work` (and every statement it and what it starts send) as background work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export function isBackground(): boolean {
  return background.getStore() === true;
}
