import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { equipment, equipmentStatusChanges, facilities, telemetry } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { rebuildDerived, setReportedStatus, writeBatch } from './telemetry-writer';

/** The telemetry's status changes (offline ↔ online) kept in equipment_status_changes, once each. */
describe.each(testDatabaseKinds())('equipment status history from telemetry on %s', (kind) => {
  let handle: DatabaseHandle;
  const t0 = new Date('2026-03-02T12:00:10Z');
  const history = () =>
    handle.db
      .select({
        id: equipmentStatusChanges.equipmentId,
        from: equipmentStatusChanges.fromStatus,
        to: equipmentStatusChanges.toStatus,
      })
      .from(equipmentStatusChanges)
      .orderBy(equipmentStatusChanges.id);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta', city: 'Campinas' })
      .returning();
    await handle.db.insert(equipment).values([
      { id: 'mtr-1', name: 'Motor 1', kind: 'motor', status: 'offline', facilityId: site!.id },
      { id: 'mtr-2', name: 'Motor 2', kind: 'motor', status: 'maintenance', facilityId: site!.id },
      { id: 'mtr-3', name: 'Motor 3', kind: 'motor', status: 'offline', facilityId: site!.id },
    ]);
  });
  afterAll(() => handle.close());

  it('records a device back online once, in the derived write, and nothing for one in maintenance', async () => {
    await writeBatch(handle.db, [
      { equipmentId: 'mtr-1', metric: 'temperature', ts: t0, value: 60 },
      { equipmentId: 'mtr-2', metric: 'temperature', ts: t0, value: 60 },
    ]);
    await writeBatch(handle.db, [
      { equipmentId: 'mtr-1', metric: 'temperature', ts: new Date(t0.getTime() + 5000), value: 61 },
    ]);
    expect(await history()).toEqual([{ id: 'mtr-1', from: 'offline', to: 'online' }]);
  });

  it("records a device's own status reports only when they change it", async () => {
    expect(await setReportedStatus(handle.db, 'mtr-1', 'offline')).toBe(true);
    expect(await setReportedStatus(handle.db, 'mtr-1', 'offline')).toBe(false);
    expect(await setReportedStatus(handle.db, 'mtr-2', 'online')).toBe(false); // maintenance stays
    expect(await setReportedStatus(handle.db, 'mtr-1', 'online')).toBe(true);
    expect((await history()).slice(1)).toEqual([
      { id: 'mtr-1', from: 'online', to: 'offline' },
      { id: 'mtr-1', from: 'offline', to: 'online' },
    ]);
  });

  it('records the devices a rebuild after a crash brings back online', async () => {
    await handle.db.insert(telemetry).values({ equipmentId: 'mtr-3', metric: 'temperature', ts: t0, value: 50 });
    expect(await rebuildDerived(handle.db)).toEqual(['mtr-3']);
    expect((await history()).at(-1)).toEqual({ id: 'mtr-3', from: 'offline', to: 'online' });
    expect(await rebuildDerived(handle.db)).toEqual([]);
    expect(await history()).toHaveLength(4);
  });
});
