import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { maintenancePlans, workOrderSequences, workOrders } from '@sentinela/db/schema/maintenance';
import { equipment } from '@sentinela/db/schema/plant';
import { seedDemoSite } from '@sentinela/db/seed/demo-site';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { maintenanceKpis } from './maintenance-kpis.service';
import { listMaintenancePlans, PLANS_ORIGIN, runPreventivePlans } from './maintenance-plans.service';
import { listWorkOrders } from './work-orders.service';

const NOW = new Date('2026-03-18T14:37:21.000Z');

// Maintenance on a first start: the demo site's orders and plans give every figure a value.
describe.each(testDatabaseKinds())('maintenance of the demo site on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoSite(handle.db, { now: NOW, seed: 7 });
  }, 180_000);
  afterAll(() => handle.close());

  it('has a history of preventive and corrective orders: MTBF, MTTR, on-time rate and costs are real', async () => {
    const kpis = await maintenanceKpis(handle.db, {}, NOW);
    expect(kpis.completed.preventive).toBeGreaterThan(10);
    expect(kpis.completed.corrective).toBeGreaterThan(3);
    expect(kpis.mtbfHours).toBeGreaterThan(0);
    expect(kpis.mttrHours).toBeGreaterThan(0);
    expect(kpis.onTimeRate).toBeGreaterThan(0.5);
    expect(kpis.onTimeRate).toBeLessThan(1);
    expect(kpis.scheduledThisWeek).toBeGreaterThan(0);
    expect(Number(kpis.costTotal)).toBeGreaterThan(1000);
  });

  it('puts every device in maintenance under an order in progress, numbered after the history', async () => {
    const db = handle.db;
    const inMaintenance = await db
      .select({ id: equipment.id })
      .from(equipment)
      .where(eq(equipment.status, 'maintenance'));
    expect(inMaintenance.length).toBeGreaterThan(0);
    const inProgress = await db
      .select({ equipmentId: workOrders.equipmentId })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.status, 'in_progress'),
          inArray(
            workOrders.equipmentId,
            inMaintenance.map((d) => d.id),
          ),
        ),
      );
    expect(new Set(inProgress.map((o) => o.equipmentId)).size).toBe(inMaintenance.length);
    const numbers = (await db.select({ number: workOrders.number }).from(workOrders)).map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const { year, last } of await db.select().from(workOrderSequences))
      expect(numbers).toContain(`OS-${year}-${String(last).padStart(4, '0')}`);
    const list = await listWorkOrders(db, { page: 1, pageSize: 25, search: 'rolamento' }, NOW);
    expect(list.total).toBeGreaterThanOrEqual(0);
  });

  it('has plans due in the coming days: the plans job creates their orders once', async () => {
    const caller = { db: handle.db, actor: SYSTEM_ACTOR, origin: PLANS_ORIGIN };
    const plans = await listMaintenancePlans(handle.db, undefined, NOW);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.some((p) => p.hoursLeft !== null && p.hoursLeft > 0)).toBe(true);
    const { created } = await runPreventivePlans(caller, NOW);
    expect(created).toBeGreaterThan(0);
    expect(await runPreventivePlans(caller, NOW)).toEqual({ created: 0 });
    const fromPlans = await handle.db.select({ planId: workOrders.planId }).from(workOrders);
    const planIds = new Set(
      (await handle.db.select({ id: maintenancePlans.id }).from(maintenancePlans)).map((p) => p.id),
    );
    expect(fromPlans.filter((o) => o.planId && planIds.has(o.planId)).length).toBe(created);
  });
});
