import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { equipment, facilities, telemetry, telemetry1h, telemetry1m } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { applyRetention } from './retention';
import { retentionPeriods } from './retention-periods';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('retention on %s', (kind) => {
  let handle: DatabaseHandle;
  const now = new Date('2026-06-30T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta', city: 'Campinas' })
      .returning();
    await handle.db
      .insert(equipment)
      .values({ id: 'mtr-1', name: 'Motor 1', kind: 'motor', status: 'online', facilityId: site!.id });
    // 30 raw points a day for 12 days, one minute rollup a day for 120 days, one hour for 120 days,
    // 3 audit entries a day for 400 days.
    await handle.db.insert(telemetry).values(
      Array.from({ length: 12 * 30 }, (_, i) => ({
        equipmentId: 'mtr-1',
        metric: 'rpm',
        ts: new Date(daysAgo(12).getTime() + i * (DAY / 30) + 1),
        value: i,
      })),
    );
    const rollup = (i: number) => ({
      equipmentId: 'mtr-1',
      metric: 'rpm',
      bucket: daysAgo(i + 0.5),
      count: 1,
      sum: 1,
      min: 1,
      max: 1,
    });
    await handle.db.insert(telemetry1m).values(Array.from({ length: 120 }, (_, i) => rollup(i)));
    await handle.db.insert(telemetry1h).values(Array.from({ length: 120 }, (_, i) => rollup(i)));
    await handle.db.insert(auditLog).values(
      Array.from({ length: 1200 }, (_, i) => ({
        at: daysAgo(i / 3 + 0.1),
        action: 'test.entry',
        result: 'success' as const,
      })),
    );
  });
  afterAll(() => handle.close());

  it('reads the periods from the settings rows, each field falling back to its default', async () => {
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 7, minuteDays: 90, auditDays: 365 });
    await handle.db.insert(settings).values([
      { key: 'telemetryRetention', value: { rawDays: 0, minuteDays: 60 } },
      { key: 'auditRetention', value: { auditDays: 180 } },
    ]);
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 7, minuteDays: 60, auditDays: 180 });
    await handle.db.insert(settings).values({ key: 'retention', value: { rawDays: 5, auditDays: 'never' } });
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 5, minuteDays: 60, auditDays: 180 });
  });

  it('deletes raw points, minutes and audit entries past their periods in batches, and keeps the hours', async () => {
    const batches: [string, number][] = [];
    const result = await applyRetention(
      handle.db,
      now,
      { rawDays: 7, minuteDays: 90, auditDays: 365 },
      { batch: 50, pauseMs: 0, onBatch: (table, n) => batches.push([table, n]) },
    );
    expect(result).toMatchObject({ telemetry: 5 * 30, telemetry1m: 30, audit: 1200 - 365 * 3 });
    expect(Math.max(...batches.map(([, n]) => n))).toBeLessThanOrEqual(50);
    expect(batches.filter(([table]) => table === 'audit_log').length).toBe(Math.ceil((1200 - 365 * 3 + 1) / 50));
    expect(await handle.db.$count(telemetry)).toBe(7 * 30);
    expect(await handle.db.$count(telemetry1m)).toBe(90);
    expect(await handle.db.$count(telemetry1h)).toBe(120);
    expect(await handle.db.$count(auditLog)).toBe(365 * 3);
    // A second run finds nothing more.
    await expect(applyRetention(handle.db, now, { rawDays: 7, minuteDays: 90, auditDays: 365 })).resolves.toMatchObject(
      {
        telemetry: 0,
        telemetry1m: 0,
        audit: 0,
      },
    );
  });
});
