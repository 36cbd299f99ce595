import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { equipment, facilities, telemetry1h, telemetry1m } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { createRandom } from '@sentinela/db/seed/seeded-random';
import { LiveRollups } from './live-rollups';
import { recomputeRollups, unrolledSpan, writeDirtyRollups } from './rollups';
import { mergeDuplicates, writeRaw, type Reading } from './telemetry-writer';

const DEVICES = ['m-1', 'm-2', 'm-3'];
const METRICS = ['kw', 'rpm'];

async function rollupTables(handle: DatabaseHandle) {
  const order = (t: typeof telemetry1m | typeof telemetry1h) => [asc(t.equipmentId), asc(t.metric), asc(t.bucket)];
  return {
    minutes: await handle.db
      .select()
      .from(telemetry1m)
      .orderBy(...order(telemetry1m)),
    hours: await handle.db
      .select()
      .from(telemetry1h)
      .orderBy(...order(telemetry1h)),
  };
}

// What memory writes must be what a recompute from every raw point gives: batches as the ingest
// commits them (plain inserts, redeliveries that replace values, late points, points before the
// start), rollup runs in between, across an hour's end.
describe.each(testDatabaseKinds())('rollups counted in memory on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values(
      DEVICES.map((id) => ({
        id,
        name: id,
        kind: 'meter' as const,
        status: 'online' as const,
        facilityId: site!.id,
      })),
    );
  });
  afterAll(() => handle.close());

  it.each([
    ['memory holds everything', 150_000],
    ['memory gives up on the way', 40],
  ])('writes what a recompute from raw gives (%s)', async (_name, maxAggregates) => {
    await handle.db.execute(sql`truncate telemetry, telemetry_1m, telemetry_1h`);
    const random = createRandom(maxAggregates);
    const start = Date.parse('2026-03-02T11:51:20Z');
    // Points stored before the start (a crash), in the minute before it: memory does not hold
    // that minute; it holds the start's own.
    await writeRaw(handle.db, [{ equipmentId: 'm-1', ts: start - 30_000, metrics: { kw: 5, rpm: 900 } }], 'insert');
    const unrolled = await unrolledSpan(handle.db);
    const rollups = new LiveRollups({
      source: 'memory',
      startedAt: start,
      newestStored: unrolled.newest,
      maxAggregates,
    });
    for (const ts of unrolled.span) rollups.unknown(ts);

    const sent: Reading[] = [];
    let now = start;
    for (let step = 0; step < 120; step++) {
      now += 5_000 + Math.floor(random.next() * 10_000);
      const batch: Reading[] = [];
      for (const equipmentId of DEVICES) {
        const metrics: Record<string, number> = {};
        for (const metric of METRICS) if (random.next() < 0.8) metrics[metric] = Math.floor(random.next() * 100);
        if (Object.keys(metrics).length > 0)
          batch.push({ equipmentId, ts: now - Math.floor(random.next() * 3_000), metrics });
      }
      const roll = random.next();
      if (roll < 0.05 && sent.length > 0) {
        // A redelivery: a stored point again, with another value.
        const old = sent[Math.floor(random.next() * sent.length)]!;
        batch.push({ ...old, metrics: Object.fromEntries(Object.keys(old.metrics).map((m) => [m, 200])) });
      } else if (roll < 0.1) {
        // A device's stored points, minutes late.
        batch.push({
          equipmentId: 'm-2',
          ts: now - 6 * 60_000 - Math.floor(random.next() * 600_000),
          metrics: { kw: 7 },
        });
      }
      // A device's message twice in one batch, the second with another value: stored once.
      if (roll > 0.9 && batch[0]) batch.push({ ...batch[0], metrics: { kw: 300 } });
      const wrote = await writeRaw(handle.db, batch, 'insert');
      if (wrote === 'insert') rollups.added(mergeDuplicates(batch));
      else rollups.replaced(batch);
      sent.push(...batch);
      // A run within the start's minute too, so that minute gets points after its first run.
      if (step === 0 || step % 6 === 5) await writeDirtyRollups(handle.db, rollups, now);
    }
    await writeDirtyRollups(handle.db, rollups, now);
    const written = await rollupTables(handle);
    expect(written.hours.some((h) => h.bucket.getTime() === Date.parse('2026-03-02T12:00:00Z'))).toBe(true);

    await recomputeRollups(handle.db, new Date(start - 3_600_000), new Date(now + 60_000));
    const recomputed = await rollupTables(handle);
    expect(written.minutes.length).toBeGreaterThan(20);
    expect(written).toEqual(recomputed);
  });

  it('leaves the start’s minute to raw when a stored point lies in it, run after run', async () => {
    await handle.db.execute(sql`truncate telemetry, telemetry_1m, telemetry_1h`);
    const start = Date.parse('2026-03-02T11:51:20Z');
    await writeRaw(handle.db, [{ equipmentId: 'm-1', ts: start - 5_000, metrics: { kw: 5 } }], 'insert');
    const unrolled = await unrolledSpan(handle.db);
    const rollups = new LiveRollups({ source: 'memory', startedAt: start, newestStored: unrolled.newest });
    for (const ts of unrolled.span) rollups.unknown(ts);
    for (const [after, kw] of [
      [5_000, 10],
      [10_000, 20],
    ] as const) {
      const batch = [{ equipmentId: 'm-1', ts: start + after, metrics: { kw } }];
      expect(await writeRaw(handle.db, batch, 'insert')).toBe('insert');
      rollups.added(batch);
      await writeDirtyRollups(handle.db, rollups, start + after + 1_000);
    }
    const written = await rollupTables(handle);
    expect(written.minutes).toMatchObject([{ count: 3, sum: 35, min: 5, max: 20 }]);
    await recomputeRollups(handle.db, new Date(start - 3_600_000), new Date(start + 60_000));
    expect(written).toEqual(await rollupTables(handle));
  });
});
