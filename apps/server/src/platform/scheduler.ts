import { eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '@sentinela/db/client';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';
import { inBackground } from '@sentinela/db/priority';

/** One background job: a name (the key of its row in job_runs), how often, and what it does. */
export interface Job {
  name: string;
  intervalMs: number;
  run: (now: Date) => Promise<unknown>;
  /** Also run once when the scheduler starts (default: first run after one interval). */
  runAtStart?: boolean;
  /**
   * `site` (default): once per interval for the whole site, whichever instance gets it.
   * `instance`: every instance runs it on what it alone holds (the rollups of the minutes its
   * own ingest touched), so neither the tick claim nor the lock applies; its row in job_runs
   * shows the last run of any instance.
   */
  scope?: 'site' | 'instance';
}

/** How one attempt ended: ran (ok or error), or skipped (running here, or run elsewhere this tick). */
export type JobRunResult =
  | { outcome: 'ok'; durationMs: number }
  | { outcome: 'error'; durationMs: number; error: string }
  | { outcome: 'skipped' };

export interface SchedulerOptions {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

export interface Scheduler {
  /** Registers a job; its timer starts at once. Names are unique. */
  add(job: Job): void;
  /** What the timer does: runs the job if no instance ran it this interval. */
  runDue(name: string): Promise<JobRunResult>;
  /** Runs a job now, due or not; never overlaps a run of the same job. */
  runNow(name: string): Promise<JobRunResult>;
  /** Stops every timer and waits for the runs in flight. */
  stop(): Promise<void>;
}

// A slightly early timer (or another instance's) must still count as the same tick.
const TICK_SLACK = 0.1;
/** How long after another instance's tick falls due this one tries again (at most 1 s, 5 % of the interval). */
const retryMarginMs = (intervalMs: number) => Math.min(1000, Math.round(intervalMs * 0.05));
const MAX_ERROR_LENGTH = 2000;

/**
 * The one scheduler of background jobs. Each run of a job is guarded three ways: never two
 * at once in this process; on PostgreSQL, a transaction-scoped advisory lock on the job's
 * name, so two instances never run it at the same time; and a claim of the tick in job_runs
 * (last_started_at older than the interval), so several instances run it once per interval.
 * An instance that finds the tick taken tries again just after the next one falls due, so when
 * the instance that ran it dies, the next tick is run at most about a second late.
 * On PGlite one process owns the data folder, so the lock is not needed (and a transaction
 * held there would stall every other query). A failure is logged and kept in job_runs, never thrown.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const { database, log } = options;
  const now = options.now ?? (() => new Date());
  const jobs = new Map<
    string,
    { job: Job; timer: NodeJS.Timeout; retry: NodeJS.Timeout | null; running: Promise<JobRunResult> | null }
  >();
  let stopped = false;

  async function claim(job: Job, startedAt: Date, force: boolean): Promise<boolean> {
    const dueBefore = new Date(startedAt.getTime() - job.intervalMs * (1 - TICK_SLACK));
    const claimed = await database.db
      .insert(jobRuns)
      .values({ name: job.name, lastStartedAt: startedAt, runCount: 1 })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { lastStartedAt: startedAt, runCount: sql`${jobRuns.runCount} + 1` },
        ...(force ? {} : { setWhere: or(isNull(jobRuns.lastStartedAt), lte(jobRuns.lastStartedAt, dueBefore)) }),
      })
      .returning({ name: jobRuns.name });
    return claimed.length > 0;
  }

  async function execute(job: Job, force: boolean): Promise<JobRunResult> {
    const startedAt = now();
    if (!(await claim(job, startedAt, force || job.scope === 'instance'))) {
      await retryWhenDue(job);
      return { outcome: 'skipped' };
    }
    const started = performance.now();
    let error: string | null = null;
    let result: Record<string, number> | null = null;
    try {
      // Its statements give way to requests' (priority.ts).
      result = countsOf(await inBackground(() => job.run(startedAt)));
    } catch (caught) {
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, MAX_ERROR_LENGTH);
      log.error({ err: caught, job: job.name }, 'background job failed');
    }
    const durationMs = Math.round(performance.now() - started);
    await database.db
      .update(jobRuns)
      .set({
        lastFinishedAt: now(),
        lastDurationMs: durationMs,
        lastOutcome: error === null ? 'ok' : 'error',
        lastError: error,
        lastResult: result,
      })
      .where(eq(jobRuns.name, job.name));
    return error === null ? { outcome: 'ok', durationMs } : { outcome: 'error', durationMs, error };
  }

  /**
   * Another instance ran this tick. Its next one falls due one interval after it started: try
   * again just after that moment rather than at this instance's own next timer, which may come
   * almost an interval later. If that instance died (kill -9), this one runs the tick about when
   * it would have; while it lives, it claims first and this attempt is skipped (and set again).
   */
  async function retryWhenDue(job: Job): Promise<void> {
    const entry = jobs.get(job.name);
    if (!entry || stopped) return;
    const [row] = await database.db
      .select({ lastStartedAt: jobRuns.lastStartedAt })
      .from(jobRuns)
      .where(eq(jobRuns.name, job.name));
    if (!row?.lastStartedAt || stopped) return;
    const delay = row.lastStartedAt.getTime() + job.intervalMs + retryMarginMs(job.intervalMs) - now().getTime();
    if (entry.retry) clearTimeout(entry.retry);
    entry.retry = setTimeout(
      () => {
        entry.retry = null;
        void start(job.name, false);
      },
      Math.min(Math.max(delay, 0), job.intervalMs),
    );
    entry.retry.unref();
  }

  async function guarded(job: Job, force: boolean): Promise<JobRunResult> {
    if (database.kind === 'pglite' || job.scope === 'instance') return execute(job, force);
    return database.db.transaction(async (tx) => {
      if (!(await tryAdvisoryLock(tx, job.name))) return { outcome: 'skipped' } as const;
      return execute(job, force);
    });
  }

  function start(name: string, force: boolean): Promise<JobRunResult> {
    const entry = jobs.get(name);
    if (!entry) return Promise.reject(new Error(`unknown job ${name}`));
    if (stopped || entry.running) return Promise.resolve({ outcome: 'skipped' });
    const running = guarded(entry.job, force)
      .catch((error: unknown): JobRunResult => {
        // The bookkeeping itself failed (database gone?): logged, the job is tried again next tick.
        log.warn({ err: error, job: name }, 'background job could not run');
        return { outcome: 'skipped' };
      })
      .finally(() => {
        entry.running = null;
      });
    entry.running = running;
    return running;
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} already scheduled`);
      if (stopped) return;
      const timer = setInterval(() => void start(job.name, false), job.intervalMs);
      timer.unref();
      jobs.set(job.name, { job, timer, retry: null, running: null });
      if (job.runAtStart) void start(job.name, false);
    },
    runDue: (name) => start(name, false),
    runNow: (name) => start(name, true),
    async stop() {
      stopped = true;
      for (const entry of jobs.values()) {
        clearInterval(entry.timer);
        if (entry.retry) clearTimeout(entry.retry);
      }
      await Promise.all([...jobs.values()].flatMap((entry) => (entry.running ? [entry.running] : [])));
    },
  };
}

/** A run's answer kept in job_runs: a record of at most 20 finite numbers (counts), else nothing. */
export function countsOf(value: unknown): Record<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || entries.length > 20) return null;
  const counts: Record<string, number> = {};
  for (const [key, n] of entries) {
    if (typeof n !== 'number' || !Number.isFinite(n)) return null;
    counts[key] = n;
  }
  return counts;
}

const lockRow = z.object({ locked: z.boolean() });

/** Held until the transaction ends; answers false at once when another session holds it. */
async function tryAdvisoryLock(tx: Database, name: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext(${`sentinela.job:${name}`})) as locked`,
  );
  return parseRows(lockRow, result)[0]?.locked === true;
}
