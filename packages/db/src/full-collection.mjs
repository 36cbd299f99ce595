// Plain JavaScript: the PGlite worker thread (pglite-worker.mjs) runs without a TypeScript loader
// and imports it as it is; the server's memory tidy imports it too (@sentinela/db/full-collection).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full collection without starting Node with --expose-gc: the flag set for a moment and the
 * function taken from a new context (as Jest's leak detector does). Null if V8 refuses. It neither
 * compacts every page nor shrinks the young generation: the main thread's fallback where there is
 * no inspector, and the worker thread's collection (an inspector session's never answers there).
 */
export function fullCollection() {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : null;
  } catch {
    return null;
  }
}
