import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { equipment, facilities, telemetry, telemetry1h, telemetry1m, telemetryLatest } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { applyRetention, recomputeRollups, writeBatch } from './telemetry-writer';

describe.each(testDatabaseKinds())('telemetry writer on %s', (kind) => {
  let handle: DatabaseHandle;
  const t0 = new Date('2026-03-02T12:00:10Z');
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db.insert(facilities).values({ code: 'cps', name: 'Planta', city: 'Campinas' }).returning();
    await handle.db.insert(equipment).values([
      { id: 'mtr-1', name: 'Motor 1', kind: 'motor', status: 'offline', facilityId: site!.id },
      { id: 'mtr-2', name: 'Motor 2', kind: 'motor', status: 'maintenance', facilityId: site!.id },
    ]);
  });
  afterAll(() => handle.close());

  it('writes raw points, replaces duplicates, keeps the newest latest value and marks devices seen', async () => {
    const back = await writeBatch(handle.db, [
      { equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 60 },
      { equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 61 }, // same key in one batch
      { equipmentId: 'mtr-1', metric: 'temperature', ts: new Date(t0.getTime() + 5000), value: 62 },
      { equipmentId: 'mtr-2', metric: 'rpm', ts: t0, value: 1750 },
    ]);
    expect(back).toEqual(['mtr-1']);
    // Redelivery of an old point: replaces, never doubles; latest stays on the newer one.
    await writeBatch(handle.db, [{ equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 63 }]);
    const raw = await handle.db.select().from(telemetry).where(eq(telemetry.equipmentId, 'mtr-1'));
    expect(raw.map((r) => r.value).sort()).toEqual([62, 63]);
    const [latest] = await handle.db.select().from(telemetryLatest).where(eq(telemetryLatest.equipmentId, 'mtr-1'));
    expect(latest?.value).toBe(62);
    const rows = await handle.db.select().from(equipment).orderBy(equipment.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['mtr-1', 'online'],
      ['mtr-2', 'maintenance'],
    ]);
    expect(rows[0]?.lastSeenAt?.getTime()).toBe(t0.getTime() + 5000);
  });

  it('rolls minutes and hours up from raw, idempotently', async () => {
    await recomputeRollups(handle.db, new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z'));
    await recomputeRollups(handle.db, new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z'));
    const [minute] = await handle.db.select().from(telemetry1m).where(sql`${telemetry1m.equipmentId} = 'mtr-1' and ${telemetry1m.metric} = 'temperature'`);
    expect(minute).toMatchObject({ count: 2, sum: 125, min: 62, max: 63 });
    const [hour] = await handle.db.select().from(telemetry1h).where(sql`${telemetry1h.equipmentId} = 'mtr-1' and ${telemetry1h.metric} = 'temperature'`);
    expect(hour).toMatchObject({ count: 2, sum: 125 });
  });

  it('drops raw points and minutes past retention, keeps hours', async () => {
    await applyRetention(handle.db, new Date('2026-06-30T00:00:00Z'), { rawDays: 7, minuteDays: 90 });
    expect(await handle.db.select().from(telemetry)).toEqual([]);
    expect(await handle.db.select().from(telemetry1m)).toEqual([]);
    expect((await handle.db.select().from(telemetry1h)).length).toBeGreaterThan(0);
  });
});
