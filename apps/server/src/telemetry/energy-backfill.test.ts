import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { backfills, jobRuns } from '@sentinela/db/schema/jobs';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startScheduler } from '../platform/scheduler';
import { ENERGY_BACKFILL, runEnergyBackfill } from './rollups';

const HOUR_MS = 3_600_000;
const DAYS = 5;
// The newest rollup hour; the backfill starts two hours after it (the hour after the newest too).
const LAST = Date.UTC(2026, 10, 24, 14);
const FIRST = LAST - (DAYS * 24 - 1) * HOUR_MS;
const END = LAST + 2 * HOUR_MS;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A facility with a main meter and a motor, DAYS days of hourly rollups up to LAST. */
async function plant(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`insert into facilities (id, code, name, city, timezone) values
    ('00000000-0000-4000-8000-00000000000a', 'cps', 'Campinas', 'Campinas', 'America/Sao_Paulo')`);
  await handle.db.execute(sql`insert into equipment (id, name, kind, facility_id, rated) values
    ('m-a', 'Geral', 'meter', '00000000-0000-4000-8000-00000000000a', '{}'),
    ('mtr-a', 'Motor', 'motor', '00000000-0000-4000-8000-00000000000a', '{"powerKw": 50}')`);
  await handle.db.execute(sql`
    with hours as (
      select n, ${new Date(FIRST).toISOString()}::timestamptz + n * interval '1 hour' as bucket
        from generate_series(0, ${DAYS * 24 - 1}) n)
    insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
    select 'm-a', 'energyKwh', bucket, 60, 60 * (1000 + 40 * n), 1000 + 40 * n - 35, 1000 + 40 * n from hours
    union all
    select 'mtr-a', 'powerKw', bucket, 60, 60 * (10 + n % 30), 0, 0 from hours`);
}

type Row = { bucket: string; metered: number | null; motors: number };
async function derived(handle: DatabaseHandle): Promise<Row[]> {
  return rowsOf<Record<string, unknown>>(
    await handle.db.execute(sql`select place_id, bucket, metered, motors from energy_1h order by place_id, bucket`),
  ).map((r) => ({
    bucket: new Date(r.bucket as string).toISOString(),
    metered: r.metered === null ? null : Number(r.metered),
    motors: Number(r.motors),
  }));
}

async function position(handle: DatabaseHandle): Promise<number | null | undefined> {
  const [row] = await handle.db
    .select({ nextId: backfills.nextId })
    .from(backfills)
    .where(eq(backfills.name, ENERGY_BACKFILL));
  return row ? row.nextId : undefined;
}

// ADR 032: a database from before energy_1h gets it derived in the background, newest week first,
// and a backfill cut short (a restart) goes on where it stood instead of stopping half done.
describe.each(testDatabaseKinds())('the energy_1h backfill on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await plant(handle);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('derives a day per run when cut short, newest first, and resumes where it stood', async () => {
    expect(await derived(handle)).toEqual([]);
    // One statement, then out of time: the newest day (and the hour after the newest).
    expect(await runEnergyBackfill(handle.db, { budgetMs: 0, chunkHours: 24 })).toEqual({ hours: 24 });
    expect(await position(handle)).toBe(END - 24 * HOUR_MS);
    const first = await derived(handle);
    expect(first.length).toBeGreaterThan(0);
    expect(Math.min(...first.map((r) => Date.parse(r.bucket)))).toBe(END - 24 * HOUR_MS);

    // A restart: energy_1h is no longer empty, yet the backfill goes on from its position.
    expect(await runEnergyBackfill(handle.db, { budgetMs: 0, chunkHours: 24 })).toEqual({ hours: 24 });
    expect(await position(handle)).toBe(END - 48 * HOUR_MS);
    const second = await derived(handle);
    expect(Math.min(...second.map((r) => Date.parse(r.bucket)))).toBe(END - 48 * HOUR_MS);

    // A run with time enough finishes it, down to the first rollup hour.
    expect(await runEnergyBackfill(handle.db, { chunkHours: 24 })).toEqual({
      hours: (END - 48 * HOUR_MS - FIRST) / HOUR_MS,
    });
    expect(await position(handle)).toBeNull();
    const done = await derived(handle);
    expect(Math.min(...done.map((r) => Date.parse(r.bucket)))).toBe(FIRST);
    // The same rows a whole rebuild writes.
    await rebuildEnergyHours(handle.db);
    expect(await derived(handle)).toEqual(done);

    // Done: nothing more, however often it runs.
    expect(await runEnergyBackfill(handle.db, { budgetMs: 0, chunkHours: 24 })).toEqual({ hours: 0 });
  }, 120_000);

  it('runs as a scheduler job that keeps the hours it derived', async () => {
    // Another database from before energy_1h, derived by the job the server schedules.
    const other = await createTestDatabase(kind);
    try {
      await plant(other);
      const jobs = startScheduler({ database: other, log: silent });
      jobs.add({
        name: 'energy.backfill',
        intervalMs: 3_600_000,
        run: () => runEnergyBackfill(other.db, { budgetMs: 0, chunkHours: 48 }),
      });
      expect(await jobs.runNow('energy.backfill')).toMatchObject({ outcome: 'ok' });
      await jobs.stop();
      const [run] = await other.db.select().from(jobRuns).where(eq(jobRuns.name, 'energy.backfill'));
      expect(run?.lastResult).toEqual({ hours: 48 });
      expect(await position(other)).toBe(END - 48 * HOUR_MS);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('has nothing to do on a database whose energy_1h is already derived', async () => {
    const other = await createTestDatabase(kind);
    try {
      await plant(other);
      await rebuildEnergyHours(other.db);
      const before = await derived(other);
      expect(await runEnergyBackfill(other.db)).toEqual({ hours: 0 });
      expect(await position(other)).toBeNull();
      expect(await derived(other)).toEqual(before);
    } finally {
      await other.close();
    }
  }, 120_000);
});
