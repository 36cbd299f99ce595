import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { equipment } from '../schema/plant';
import { rowsOf } from '../sql-helpers';
import { createTestDatabase, testDatabaseKinds } from '../../test/test-database';
import { fillDemoHistory, seedDemoRegistry, type DemoRegistry } from './demo-site';
import { demoHistoryProgress, type DemoHistoryProgress } from './demo-history-record';

const NOW = new Date('2026-03-18T14:37:21.000Z');

async function rollupRows(handle: DatabaseHandle) {
  const [row] = rowsOf<{ hourly: number; minutely: number }>(
    await handle.db.execute(
      sql`select (select count(*)::int from telemetry_1h) as hourly, (select count(*)::int from telemetry_1m) as minutely`,
    ),
  );
  return row;
}

// The server's start: the registry before it listens, the history after, in batches.
describe.each(testDatabaseKinds())('demo history in the background on %s', (kind) => {
  let handle: DatabaseHandle;
  let registry: DemoRegistry;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    registry = await seedDemoRegistry(handle.db, { now: NOW, seed: 7 });
  }, 120_000);
  afterAll(() => handle.close());

  it('seeds what one signs in to, with no history yet and its progress at 0 %', async () => {
    expect(registry.result.seeded).toBe(true);
    expect(await handle.db.$count(equipment)).toBe(registry.result.equipment);
    expect(await rollupRows(handle)).toEqual({ hourly: 0, minutely: 0 });
    expect(await demoHistoryProgress(handle.db)).toMatchObject({ done: 0, percent: 0, complete: false });
  });

  it('resumes an interrupted fill where it stopped, reaches 100 % and writes every row once', async () => {
    const seen: DemoHistoryProgress[] = [];
    // A start stopped after three batches; the next start generates the site again from the record.
    const stopped = await fillDemoHistory(handle.db, { site: registry.site, maxBatches: 3 });
    expect(stopped).toMatchObject({ done: 3, complete: false });
    expect(await demoHistoryProgress(handle.db)).toMatchObject({ done: 3 });
    const done = await fillDemoHistory(handle.db, { onProgress: (p) => seen.push(p), pause: () => Promise.resolve() });
    expect(done).toMatchObject({ percent: 100, complete: true });
    expect(seen[0]?.done).toBe(4);
    expect(seen.map((p) => p.percent)).toEqual([...seen.map((p) => p.percent)].sort((a, b) => a - b));
    expect(await rollupRows(handle)).toEqual({
      hourly: registry.result.hourlyRollups,
      minutely: registry.result.minuteRollups,
    });
  }, 300_000);

  it('adds no rows on a second start', async () => {
    const before = await rollupRows(handle);
    expect((await seedDemoRegistry(handle.db, { now: new Date(NOW.getTime() + 60_000), seed: 7 })).result.seeded).toBe(
      false,
    );
    expect(await fillDemoHistory(handle.db)).toMatchObject({ complete: true });
    expect(await rollupRows(handle)).toEqual(before);
  });
});
