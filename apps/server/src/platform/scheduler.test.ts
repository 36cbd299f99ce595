import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startScheduler, type Scheduler } from './scheduler';

const log = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe.each(testDatabaseKinds())('scheduler on %s', (kind) => {
  let database: DatabaseHandle;
  const schedulers: Scheduler[] = [];
  const scheduler = (now?: () => Date) => {
    const started = startScheduler({ database, log, ...(now ? { now } : {}) });
    schedulers.push(started);
    return started;
  };
  const runOf = async (name: string) => (await database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  });
  afterAll(() => database.close());

  it('runs a job and keeps its last run, duration and outcome', async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const seen: Date[] = [];
    const jobs = scheduler(() => at);
    jobs.add({ name: 'ok-job', intervalMs: HOUR, run: (now) => Promise.resolve(seen.push(now)) });
    expect(await jobs.runNow('ok-job')).toMatchObject({ outcome: 'ok' });
    expect(await jobs.runNow('ok-job')).toMatchObject({ outcome: 'ok' });
    expect(seen).toEqual([at, at]);
    const row = await runOf('ok-job');
    expect(row).toMatchObject({
      lastStartedAt: at,
      lastFinishedAt: at,
      lastOutcome: 'ok',
      lastError: null,
      runCount: 2,
    });
    expect(row?.lastDurationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps a failing job’s error and goes on with the others', async () => {
    const jobs = scheduler();
    let ran = 0;
    jobs.add({ name: 'failing-job', intervalMs: HOUR, run: () => Promise.reject(new Error('disk full')) });
    jobs.add({ name: 'other-job', intervalMs: HOUR, run: () => Promise.resolve(ran++) });
    expect(await jobs.runNow('failing-job')).toMatchObject({ outcome: 'error', error: 'disk full' });
    expect(await jobs.runNow('other-job')).toMatchObject({ outcome: 'ok' });
    expect(ran).toBe(1);
    expect(await runOf('failing-job')).toMatchObject({ lastOutcome: 'error', lastError: 'disk full', runCount: 1 });
    // Failed once, it still runs at the next call.
    expect(await jobs.runNow('failing-job')).toMatchObject({ outcome: 'error' });
    expect(await runOf('failing-job')).toMatchObject({ runCount: 2 });
  });

  it('never overlaps a run of the same job', async () => {
    const jobs = scheduler();
    const gate = deferred();
    let runs = 0;
    jobs.add({
      name: 'slow-job',
      intervalMs: HOUR,
      run: async () => {
        runs++;
        await gate.promise;
      },
    });
    const first = jobs.runNow('slow-job');
    await expect(jobs.runNow('slow-job')).resolves.toEqual({ outcome: 'skipped' });
    gate.release();
    await expect(first).resolves.toMatchObject({ outcome: 'ok' });
    expect(runs).toBe(1);
  });

  it('runs a due job once per interval, across instances', async () => {
    let clock = new Date('2026-05-01T10:00:00Z');
    const now = () => clock;
    let runs = 0;
    const job = { name: 'tick-job', intervalMs: HOUR, run: () => Promise.resolve(runs++) };
    const [a, b] = [scheduler(now), scheduler(now)];
    a.add(job);
    b.add(job);
    expect(await a.runDue('tick-job')).toMatchObject({ outcome: 'ok' });
    expect(await b.runDue('tick-job')).toEqual({ outcome: 'skipped' });
    clock = new Date('2026-05-01T10:30:00Z');
    expect(await a.runDue('tick-job')).toEqual({ outcome: 'skipped' });
    clock = new Date('2026-05-01T11:00:00Z');
    expect(await b.runDue('tick-job')).toMatchObject({ outcome: 'ok' });
    expect(runs).toBe(2);
  });

  it('tries again when the tick another instance ran falls due, not a whole interval later', async () => {
    // A claims the tick at 10:00:00.000 and dies; B's clock reads 10:00:01.700 when it finds the
    // tick taken. B's own timer would come 2 s (its interval) later; the retry comes when A's next
    // tick falls due (10:00:02.100, 2 s plus 100 ms after A's), i.e. 400 ms of real time here.
    const start = new Date('2026-05-01T10:00:00Z').getTime();
    let clockB = start + 1700;
    let runs = 0;
    const job = { name: 'takeover-job', intervalMs: 2000, run: () => Promise.resolve(runs++) };
    const a = scheduler(() => new Date(start));
    const b = scheduler(() => new Date(clockB));
    a.add(job);
    b.add(job);
    expect(await a.runDue('takeover-job')).toMatchObject({ outcome: 'ok' });
    await a.stop();
    expect(await b.runDue('takeover-job')).toEqual({ outcome: 'skipped' });
    const skippedAt = performance.now();
    clockB = start + 2100;
    await expect.poll(() => runs, { timeout: 1500, interval: 20 }).toBe(2);
    expect(performance.now() - skippedAt).toBeLessThan(1500);
    expect(await runOf('takeover-job')).toMatchObject({ runCount: 2, lastOutcome: 'ok' });
  });

  it('runs a job once per interval when two instances’ timers are out of step (issue 19)', async () => {
    // Real timers, real clock: A's timer starts, B's 130 ms (0.43 of an interval) later, so each
    // fires between the other's ticks, and B's retries come just after A's ticks fall due.
    const INTERVAL = 300;
    const runs: { at: number; by: string }[] = [];
    const job = (by: string) => ({
      name: 'out-of-step-job',
      intervalMs: INTERVAL,
      run: (now: Date) => Promise.resolve(runs.push({ at: now.getTime(), by })),
    });
    const a = scheduler();
    a.add(job('a'));
    await new Promise((resolve) => setTimeout(resolve, 130));
    const b = scheduler();
    b.add(job('b'));
    const began = Date.now();
    await new Promise((resolve) => setTimeout(resolve, INTERVAL * 10));
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - began;
    // Never twice in one tick: consecutive runs (whichever instance) at least the tick's slack
    // of an interval apart, by the times they claimed it.
    const gaps = runs.slice(1).map((run, i) => run.at - runs[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL * 0.9);
    // And no tick lost: about one run per interval (timers on a busy machine run late, never early).
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(elapsed / INTERVAL) - 2);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / INTERVAL) + 1);
    expect(await runOf('out-of-step-job')).toMatchObject({ runCount: runs.length, lastOutcome: 'ok' });
  });

  it('runs an instance-scoped job in every instance, and keeps its last run', async () => {
    const clock = new Date('2026-05-01T10:00:00Z');
    const now = () => clock;
    let runs = 0;
    const job = { name: 'own-job', intervalMs: HOUR, scope: 'instance' as const, run: () => Promise.resolve(runs++) };
    const [a, b] = [scheduler(now), scheduler(now)];
    a.add(job);
    b.add(job);
    expect(await a.runDue('own-job')).toMatchObject({ outcome: 'ok' });
    expect(await b.runDue('own-job')).toMatchObject({ outcome: 'ok' });
    expect(runs).toBe(2);
    expect(await runOf('own-job')).toMatchObject({ lastOutcome: 'ok', runCount: 2 });
  });

  it('runs by its timer, at start when asked, and stops with the scheduler', async () => {
    const jobs = scheduler();
    let runs = 0;
    jobs.add({ name: 'timed-job', intervalMs: 40, runAtStart: true, run: () => Promise.resolve(runs++) });
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await jobs.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(runs).toBe(stoppedAt);
    await expect(jobs.runNow('timed-job')).resolves.toEqual({ outcome: 'skipped' });
  });

  it.runIf(kind === 'postgres')('holds an advisory lock: another instance skips a job that runs', async () => {
    const gate = deferred();
    const a = scheduler();
    const b = scheduler();
    let runs = 0;
    const job = {
      name: 'locked-job',
      intervalMs: HOUR,
      run: async () => {
        runs++;
        await gate.promise;
      },
    };
    a.add(job);
    b.add(job);
    const first = a.runNow('locked-job');
    await expect.poll(() => runs).toBe(1);
    await expect(b.runNow('locked-job')).resolves.toEqual({ outcome: 'skipped' });
    gate.release();
    await expect(first).resolves.toMatchObject({ outcome: 'ok' });
    await expect(b.runNow('locked-job')).resolves.toMatchObject({ outcome: 'ok' });
    expect(runs).toBe(2);
  });
});
