import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { alerts, equipment } from '@sentinela/db/schema/plant';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { auditedChange, recordAudit } from '../../platform/audit';
import { seedPlant } from '../../../test/plant-fixture';

const origin = { ip: '127.0.0.1', userAgent: undefined };

// ADR 035: an audit entry carries its target's facility and equipment from the moment it is written.
describe.each(testDatabaseKinds())('audit entries carry their place on %s', (kind) => {
  let database: DatabaseHandle;
  let f: { alfa: string; beta: string };
  let r: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ f, r } = await seedPlant(database.db));
  });
  afterAll(() => database.close());

  async function latest() {
    const [entry] = await database.db
      .select({ action: auditLog.action, facilityId: auditLog.facilityId, equipmentId: auditLog.equipmentId })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  }

  it("writes an alert's entry with its equipment's facility", async () => {
    const [alert] = await database.db.select().from(alerts).where(eq(alerts.equipmentId, 'mtr-b1')).limit(1);
    await recordAudit(database.db, origin, { action: 'alerts.acknowledge', result: 'success', target: alert!.id });
    expect(await latest()).toEqual({ action: 'alerts.acknowledge', facilityId: f.beta, equipmentId: 'mtr-b1' });
  });

  it('sees the record its own transaction created (a new work order)', async () => {
    await auditedChange(
      database.db,
      origin,
      async (tx) => {
        const [order] = await tx
          .insert(workOrders)
          .values({
            number: 'OS-PLACE-1',
            title: 'Troca',
            equipmentId: 'mtr-a2',
            facilityId: f.alfa,
            kind: 'corrective',
            priority: 'low',
            scheduledAt: new Date(),
            durationHours: 1,
          })
          .returning();
        return order!;
      },
      (order) => ({ action: 'workOrders.create', result: 'success', target: order.id }),
    );
    expect(await latest()).toEqual({ action: 'workOrders.create', facilityId: f.alfa, equipmentId: 'mtr-a2' });
  });

  it('places a room, a facility and a device by themselves; a user or no target nowhere', async () => {
    const cases: [string, string | null, string | null, string | null][] = [
      ['rooms.update', r.b2!, f.beta, null],
      ['facilities.update', f.alfa, f.alfa, null],
      ['equipment.update', 'lgt-a1', f.alfa, 'lgt-a1'],
      ['users.disable', '5a4b3c2d-1e0f-4a5b-8c7d-6e5f4a3b2c1d', null, null],
      ['auth.login', null, null, null],
      ['settings.update', 'tariff', null, null],
    ];
    for (const [action, target, facilityId, equipmentId] of cases) {
      await recordAudit(database.db, origin, { action, result: 'success', target });
      expect(await latest()).toEqual({ action, facilityId, equipmentId });
    }
  });

  it("keeps a deleted device's id on its deletion entry (written after the row is gone)", async () => {
    await database.db
      .insert(equipment)
      .values({ id: 'tmp-x1', name: 'Temporário', kind: 'sensor', facilityId: f.beta });
    await database.db.delete(equipment).where(eq(equipment.id, 'tmp-x1'));
    await recordAudit(database.db, origin, { action: 'equipment.delete', result: 'success', target: 'tmp-x1' });
    expect(await latest()).toEqual({ action: 'equipment.delete', facilityId: null, equipmentId: 'tmp-x1' });
  });

  it('answers the backfill of older entries with the same place (audit_place)', async () => {
    const [alert] = await database.db.select().from(alerts).where(eq(alerts.equipmentId, 'mtr-a1')).limit(1);
    const rows = rowsOf<{ facility: string | null; equipment: string | null }>(
      await database.db.execute(sql`select * from audit_place('alerts.clear', ${alert!.id})`),
    );
    expect(rows).toEqual([{ facility: f.alfa, equipment: 'mtr-a1' }]);
  });
});
