import { Session } from 'node:inspector';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { fullCollection } from '@sentinela/db/full-collection';
import { mallocTrim } from './malloc-trim';

/**
 * A full garbage collection when the portal is quiet (ADR 039, "At rest"). V8 collects the old
 * generation only when it reaches its limit, so after a burst (the demo history of a first start,
 * an import, a spell of ingest) the main heap keeps pages it no longer needs: measured 150 s after
 * a first start, heap 149 MB of which 57 MB in use, RSS 368 MB; one full collection took RSS to
 * 276 MB. Nothing of V8's own runs such a collection in a server that is never wholly idle, so
 * this one does: when the event loop was busy less than `quietBelow` of the last `everyMs`,
 * `minGapMs` have passed since the previous one, and the heap holds at least `minSlackBytes` it
 * does not use (committed, not allocated: what a collection and its compaction can give back);
 * never while `holdWhile` says a burst is under way, and `afterBurst()` once it ends. (A rule on
 * the heap's growth since the last tidy was tried and dropped: a tidy that falls inside a burst
 * leaves a large heap, and the slack the burst leaves is then never "grown" enough.) V8's
 * low-memory collection of the ≈ 50 MB live heap takes 160–330 ms (`gc()`: 30–80 ms, but it
 * leaves ≈ 60 MB more): once in 2 minutes at most, and only while quiet.
 */
export interface MemoryTidyOptions {
  log: { debug(details: object, message: string): void };
  /** How often it looks (30 s). */
  everyMs?: number;
  /** The event loop's utilisation (0–1) under which the portal counts as quiet (0.25). */
  quietBelow?: number;
  /** The least time between two tidies (2 min). */
  minGapMs?: number;
  /** The least unused heap worth a collection (16 MB). */
  minSlackBytes?: number;
  /** Another thread's collection, run after this one's (the PGlite worker's: its own heap). */
  alsoTidy?: () => Promise<unknown>;
  /**
   * What the C heaps hold free given back to the system (glibc's `malloc_trim`; by default loaded
   * at the first call, null where there is none): after the collections, and at every other quiet
   * look (ADR 039, "Freed, and given back").
   */
  release?: (() => boolean) | null;
  /** While true, no tidy: a burst is under way (the demo history), and would fill the heap again. */
  holdWhile?: () => boolean;
  /** How long after `afterBurst()` it looks (5 s). */
  afterBurstMs?: number;
  /** Tests: the collection, the heap's size, the event loop's utilisation, the clock. */
  gc?: (() => void | Promise<void>) | null;
  heap?: () => { total: number; used: number };
  utilization?: () => number;
  now?: () => number;
}

export interface TidyState {
  /** The event loop's utilisation since the last look (0–1). */
  utilization: number;
  /** Since the last tidy (Infinity: none yet). */
  sinceLastMs: number;
  /** The heap's committed size less what is allocated in it. */
  slackBytes: number;
}

export interface TidyLimits {
  quietBelow: number;
  minGapMs: number;
  minSlackBytes: number;
}

export const TIDY_DEFAULTS: TidyLimits & { everyMs: number } = {
  everyMs: 30_000,
  quietBelow: 0.25,
  minGapMs: 2 * 60_000,
  minSlackBytes: 16 * 2 ** 20,
};

/** Whether to collect now. */
export function shouldTidy(state: TidyState, options: TidyLimits = TIDY_DEFAULTS): boolean {
  return (
    state.utilization < options.quietBelow &&
    state.sinceLastMs >= options.minGapMs &&
    state.slackBytes >= options.minSlackBytes
  );
}

/**
 * V8's most thorough collection, the one it runs on a low-memory notification: full collections
 * until nothing more is freed, every page compacted, the young generation shrunk to its least size,
 * and the pages given back at once. Asked through an in-process inspector session
 * (`HeapProfiler.collectGarbage`, what DevTools' "collect garbage" runs; no port is opened, no
 * other domain enabled), connected for that one call. After a first start's demo history it left
 * the old space at 41 MB and the young generation at 8, where `gc()` (below) left 72 and 32:
 * RSS 256 against 315 MB. Null where Node has no inspector. (In a worker thread its answer never
 * comes: the PGlite worker uses `gc()`.)
 */
export function lowMemoryCollection(): (() => Promise<void>) | null {
  let session: Session;
  try {
    session = new Session();
  } catch {
    return null;
  }
  return async () => {
    session.connect();
    try {
      await new Promise<void>((resolve, reject) =>
        session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())),
      );
    } finally {
      // Not from within post's callback: a disconnect there never returns.
      session.disconnect();
    }
  };
}

// V8's full collection without --expose-gc: the fallback where there is no inspector (one
// function for this thread and the PGlite worker's).
export { fullCollection };

/**
 * Whether `count` (a running total) grew faster than `perSecond` since the previous call (the
 * first: since this was made). The server holds the tidy with it while the ingest writes more
 * than a plant at rest sends: under that allocation V8 collects by itself, and the tidy's
 * 160–330 ms collection would stall the live stream (a busy portal's event loop can still be
 * "quiet": PGlite works in its own thread).
 */
export function rateAbove(
  count: () => number,
  perSecond: number,
  now: () => number = () => performance.now(),
): () => boolean {
  let lastCount = count();
  let lastAt = now();
  return () => {
    const at = now();
    const total = count();
    const rate = ((total - lastCount) * 1000) / Math.max(1, at - lastAt);
    lastCount = total;
    lastAt = at;
    return rate > perSecond;
  };
}

function loopUtilization(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
}

export interface MemoryTidy {
  /** One look (the timer calls it; tests call it directly). Answers whether it collected. */
  look(): Promise<boolean>;
  /**
   * A burst has ended (the demo history is written): look again `afterBurstMs` from now, without
   * waiting for the gap since the last tidy, so that what the burst left goes back at once.
   */
  afterBurst(): void;
  stop(): void;
}

export function startMemoryTidy(options: MemoryTidyOptions): MemoryTidy {
  const { everyMs, quietBelow, minGapMs, minSlackBytes } = { ...TIDY_DEFAULTS, ...options };
  const gc: (() => void | Promise<void>) | null =
    options.gc === undefined ? (lowMemoryCollection() ?? fullCollection()) : options.gc;
  const afterBurstMs = options.afterBurstMs ?? 5_000;
  const heap =
    options.heap ??
    (() => {
      const statistics = getHeapStatistics();
      return { total: statistics.total_heap_size, used: statistics.used_heap_size };
    });
  const utilization = options.utilization ?? loopUtilization();
  const now = options.now ?? (() => performance.now());
  let release = options.release;
  const giveBack = (): boolean => {
    if (release === undefined) release = mallocTrim();
    return release?.() ?? false;
  };
  let lastAt = Number.NEGATIVE_INFINITY;
  let running = false;

  const look = async (): Promise<boolean> => {
    const before = heap();
    const state = { utilization: utilization(), sinceLastMs: now() - lastAt, slackBytes: before.total - before.used };
    if (running || options.holdWhile?.()) return false;
    if (!gc || !shouldTidy(state, { quietBelow, minGapMs, minSlackBytes })) {
      // Between two collections, what the C heaps freed since the last look goes back at every
      // quiet look (2–6 ms; under load the pages would only be taken again at once).
      if (state.utilization < quietBelow) giveBack();
      return false;
    }
    running = true;
    try {
      const started = performance.now();
      await gc();
      const ms = Math.round(performance.now() - started);
      await options.alsoTidy?.();
      const releasedAt = performance.now();
      const released = giveBack();
      lastAt = now();
      options.log.debug(
        {
          heapMbBefore: Math.round(before.total / 2 ** 20),
          heapMbAfter: Math.round(heap().total / 2 ** 20),
          ms,
          released,
          releaseMs: Math.round(performance.now() - releasedAt),
        },
        'memory tidied while quiet',
      );
      return true;
    } finally {
      running = false;
    }
  };
  const lookLogged = () => {
    look().catch((error: unknown) => options.log.debug({ err: error }, 'memory tidy failed'));
  };
  const timer = setInterval(lookLogged, everyMs);
  timer.unref();
  let burstTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    look,
    afterBurst() {
      if (stopped) return;
      lastAt = Number.NEGATIVE_INFINITY;
      clearTimeout(burstTimer);
      burstTimer = setTimeout(lookLogged, afterBurstMs);
      burstTimer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(burstTimer);
    },
  };
}
