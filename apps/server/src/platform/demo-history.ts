import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@sentinela/db/client';
import { demoHistoryProgress, type DemoHistoryProgress } from '@sentinela/db/seed/demo-history-record';
import { fillDemoHistory, type DemoRegistry } from '@sentinela/db/seed/demo-site';
import { inBackground } from '@sentinela/db/priority';

export interface DemoHistory {
  /** Where the demo history stands; null when there is none (DEMO_DATA off, or no demo site). */
  progress(): DemoHistoryProgress | null;
  /** Begins the fill (once the server listens). */
  start(): void;
  /** Settles when the fill ends: complete, stopped, or failed (logged); at once if never started. */
  settled(): Promise<void>;
  /** Stops after the batch in progress; the next start resumes. */
  stop(): Promise<void>;
}

export interface DemoHistoryOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The site just seeded (first start), or null to generate it again from its record (a resumed fill). */
  site: DemoRegistry['site'];
  /** Between batches (tests slow the fill down); default: the next turn of the event loop. */
  pause?: () => Promise<void>;
  /** Runs once when the history is complete (caches computed from a partial history start again). */
  onComplete?: () => void;
}

/**
 * Fills the demo history in the background after the server listens (issue 11): batch after
 * batch, each a short transaction, so requests are answered meanwhile and a restart resumes.
 */
export function createDemoHistory(options: DemoHistoryOptions): DemoHistory {
  const { db, log, pause, onComplete } = options;
  // Let go of the generated site (a few hundred thousand rows) once written: `options` is not
  // kept by the closures below.
  let site = options.site;
  const abort = new AbortController();
  let current: DemoHistoryProgress | null = null;
  const run = async () => {
    current = await demoHistoryProgress(db);
    if (!current || current.complete) {
      log.debug({ demo: current !== null }, 'demo history: nothing to generate');
      return;
    }
    const started = performance.now();
    log.info({ percent: current.percent }, 'generating the demo history in the background');
    const ended = await inBackground(() =>
      fillDemoHistory(db, {
        site,
        signal: abort.signal,
        ...(pause ? { pause } : {}),
        onProgress: (progress) => (current = progress),
      }),
    );
    site = null;
    if (ended?.complete) {
      log.info({ ms: Math.round(performance.now() - started) }, 'demo history complete');
      onComplete?.();
    }
  };
  let running: Promise<void> = Promise.resolve();
  return {
    progress: () => current,
    start() {
      running = run().catch((error: unknown) => {
        if (!abort.signal.aborted) log.error({ err: error }, 'the demo history stopped; the next start resumes it');
      });
    },
    settled: () => running,
    async stop() {
      abort.abort();
      await running;
    },
  };
}
