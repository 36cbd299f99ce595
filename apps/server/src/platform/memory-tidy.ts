import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection when the portal is quiet (ADR 039, "At rest"). V8 collects the old
 * generation only when it reaches its limit, so after a burst (the demo history of a first start,
 * an import, a spell of ingest) the main heap keeps pages it no longer needs, and the young
 * generation keeps the size the burst gave it: measured 150 s after a first start, heap 149 MB of
 * which 57 MB in use, RSS 368 MB; one full collection took RSS to 276 MB. Nothing of V8's own
 * runs such a collection in a server that is never wholly idle, so this one does: when the event
 * loop was busy less than `quietBelow` of the last `everyMs`, `minGapMs` have passed since the
 * previous one, and the heap holds at least `minSlackBytes` it does not use (committed, not
 * allocated: what a collection and its compaction can give back). (A rule on the heap's growth
 * since the last tidy was tried and dropped: a tidy that falls inside a burst leaves a large
 * heap, and the slack the burst leaves is then never "grown" enough.) A collection of the ≈ 50 MB live heap takes 30–50 ms: once in 2 minutes, and
 * only while the portal is quiet.
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
  /** Tests: the collection, the heap's size, the event loop's utilisation, the clock. */
  gc?: (() => void) | null;
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
 * V8's full collection without starting Node with --expose-gc: the flag set for a moment and the
 * function taken from a new context (as Jest's leak detector does). Null if V8 refuses.
 */
export function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
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
  look(): boolean;
  stop(): void;
}

export function startMemoryTidy(options: MemoryTidyOptions): MemoryTidy {
  const { everyMs, quietBelow, minGapMs, minSlackBytes } = { ...TIDY_DEFAULTS, ...options };
  const gc = options.gc === undefined ? fullCollection() : options.gc;
  const heap =
    options.heap ??
    (() => {
      const statistics = getHeapStatistics();
      return { total: statistics.total_heap_size, used: statistics.used_heap_size };
    });
  const utilization = options.utilization ?? loopUtilization();
  const now = options.now ?? (() => performance.now());
  let lastAt = Number.NEGATIVE_INFINITY;

  const look = (): boolean => {
    const before = heap();
    const state = { utilization: utilization(), sinceLastMs: now() - lastAt, slackBytes: before.total - before.used };
    if (!gc || !shouldTidy(state, { quietBelow, minGapMs, minSlackBytes })) return false;
    const started = performance.now();
    gc();
    lastAt = now();
    options.log.debug(
      {
        heapMbBefore: Math.round(before.total / 2 ** 20),
        heapMbAfter: Math.round(heap().total / 2 ** 20),
        ms: Math.round(performance.now() - started),
      },
      'memory tidied while quiet',
    );
    return true;
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  return { look, stop: () => clearInterval(timer) };
}
