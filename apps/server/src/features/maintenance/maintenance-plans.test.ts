import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { equipment, telemetry1h } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { SYSTEM_ACTOR, type ChangeCaller } from '../../platform/audit';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { seedPlant } from '../../../test/plant-fixture';
import { calendarDue, runPreventivePlans } from './maintenance-plans.service';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('calendarDue', () => {
  const plan = { startsAt: day('2026-03-10'), everyDays: 30, leadDays: 7 };
  it('is the latest due date whose lead time has begun, never a backlog', () => {
    expect(calendarDue(plan, day('2026-03-02'))).toBeNull();
    expect(calendarDue(plan, day('2026-03-03'))).toEqual(day('2026-03-10'));
    expect(calendarDue(plan, day('2026-04-01'))).toEqual(day('2026-03-10'));
    expect(calendarDue(plan, day('2026-04-02'))).toEqual(day('2026-04-09'));
    // Two years off: the next one, not 24 missed ones.
    expect(calendarDue(plan, day('2028-03-01'))).toEqual(day('2028-02-28'));
  });
});

describe.each(testDatabaseKinds())('preventive plans on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let operator: TestClient;
  let system: ChangeCaller;
  let ids: Awaited<ReturnType<typeof seedPlant>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.enrolledClient('ana@example.com', 'admin');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    ids = await seedPlant(server.database.db);
    system = { db: server.database.db, actor: SYSTEM_ACTOR, origin: { ip: 'system', userAgent: 'test' } };
  });
  afterAll(() => server.close());

  const plan = (extra: Record<string, unknown> = {}) => ({
    title: 'Inspeção mensal',
    priority: 'medium' as const,
    durationHours: 2,
    startsAt: day('2026-03-10'),
    checklist: [{ label: 'Medir isolamento', mandatory: true }],
    ...extra,
  });
  const ordersOf = async (planId: string) =>
    server.database.db.select().from(workOrders).where(eq(workOrders.planId, planId)).orderBy(workOrders.planDueKey);

  it('creates a calendar plan’s order once, its lead time ahead, also when run again after a restart', async () => {
    const created = await admin.trpc.maintenance.plans.create.mutate(plan({ equipmentId: 'mtr-a1', everyDays: 30 }));
    expect(created).toMatchObject({ targets: 1, nextDueAt: day('2026-03-10'), hoursLeft: null });
    expect(await runPreventivePlans(system, day('2026-03-02'))).toEqual({ created: 0 });
    expect(await runPreventivePlans(system, day('2026-03-04'))).toEqual({ created: 1 });
    // Run again (another tick, another instance, a restart): nothing new.
    expect(await runPreventivePlans(system, day('2026-03-05'))).toEqual({ created: 0 });
    const [order] = await ordersOf(created.id);
    expect(order).toMatchObject({ kind: 'preventive', equipmentId: 'mtr-a1', scheduledAt: day('2026-03-10') });
    const detail = await operator.trpc.maintenance.orders.get.query({ id: order!.id });
    expect(detail.checklistItems).toMatchObject([{ label: 'Medir isolamento', mandatory: true }]);
    const [listed] = (await operator.trpc.maintenance.plans.list.query()).filter((p) => p.id === created.id);
    expect(listed?.nextDueAt).toEqual(day('2026-04-09'));
  });

  it('covers every equipment of a kind in a facility', async () => {
    const created = await admin.trpc.maintenance.plans.create.mutate(
      plan({ kind: 'motor', facilityId: ids.f.alfa, everyDays: 90, startsAt: day('2026-03-01') }),
    );
    expect(created.targets).toBe(2);
    await runPreventivePlans(system, day('2026-03-02'));
    expect((await ordersOf(created.id)).map((o) => o.equipmentId)).toEqual(['mtr-a1', 'mtr-a2']);
  });

  it('creates an order every N running hours, counted from the hourly power the device sent', async () => {
    const db = server.database.db;
    await db
      .update(equipment)
      .set({ rated: { powerKw: 15 } })
      .where(eq(equipment.id, 'mtr-b1'));
    const hour = (i: number, kw: number) => ({
      equipmentId: 'mtr-b1',
      metric: 'powerKw',
      bucket: new Date(day('2026-01-01').getTime() + i * 3_600_000),
      count: 60,
      sum: kw * 60,
      min: kw,
      max: kw,
    });
    // 120 hours running (12 kW), 50 stopped (0.5 kW, under 10 % of 15 kW).
    await db
      .insert(telemetry1h)
      .values([
        ...Array.from({ length: 120 }, (_, i) => hour(i, 12)),
        ...Array.from({ length: 50 }, (_, i) => hour(200 + i, 0.5)),
      ]);
    const created = await admin.trpc.maintenance.plans.create.mutate(
      plan({ equipmentId: 'mtr-b1', everyRunningHours: 100, startsAt: day('2025-12-31') }),
    );
    expect(created).toMatchObject({ hoursLeft: 80, nextDueAt: null });
    await runPreventivePlans(system, day('2026-03-02'));
    await runPreventivePlans(system, day('2026-03-02'));
    expect((await ordersOf(created.id)).map((o) => o.planDueKey)).toEqual(['mtr-b1#1']);
    await db.insert(telemetry1h).values(Array.from({ length: 90 }, (_, i) => hour(300 + i, 14)));
    await runPreventivePlans(system, day('2026-03-03'));
    expect((await ordersOf(created.id)).map((o) => o.planDueKey)).toEqual(['mtr-b1#1', 'mtr-b1#2']);
  });

  it('lets only admins write plans, and refuses a plan with two intervals or no target', async () => {
    expect(
      await failure(operator.trpc.maintenance.plans.create.mutate(plan({ equipmentId: 'mtr-a1', everyDays: 7 }))),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(
        admin.trpc.maintenance.plans.create.mutate(
          plan({ equipmentId: 'mtr-a1', everyDays: 7, everyRunningHours: 10 }),
        ),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('a cada N dias ou a cada N horas') });
    expect(await failure(admin.trpc.maintenance.plans.create.mutate(plan({ everyDays: 7 })))).toMatchObject({
      message: expect.stringContaining('Escolha um equipamento ou um tipo'),
    });
  });

  it('runs the due plans now for an admin, once, audited; others may not', async () => {
    const created = await admin.trpc.maintenance.plans.create.mutate(
      plan({ equipmentId: 'emt-b2', everyDays: 30, startsAt: day('2026-03-05'), leadDays: 7 }),
    );
    expect(await failure(operator.trpc.maintenance.plans.runDue.mutate())).toMatchObject({ code: 'FORBIDDEN' });
    // The test clock reads 2026-03-02: within the lead days of 2026-03-05.
    expect((await admin.trpc.maintenance.plans.runDue.mutate()).created).toBeGreaterThanOrEqual(1);
    expect(await admin.trpc.maintenance.plans.runDue.mutate()).toEqual({ created: 0 });
    expect((await ordersOf(created.id)).map((o) => o.planDueKey)).toEqual(['emt-b2@2026-03-05']);
    const runs = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'maintenancePlans.runDue'));
    expect(runs.map((r) => r.details)).toEqual([{ created: expect.any(Number) }, { created: 0 }]);
  });

  it('deactivates a plan: it creates no more orders', async () => {
    const created = await admin.trpc.maintenance.plans.create.mutate(
      plan({ kind: 'motor', facilityId: ids.f.beta, everyDays: 30, startsAt: day('2026-03-04') }),
    );
    const updated = await admin.trpc.maintenance.plans.update.mutate({
      ...plan({ kind: 'motor', facilityId: ids.f.beta, everyDays: 30, startsAt: day('2026-03-04') }),
      id: created.id,
      active: false,
    });
    expect(updated.active).toBe(false);
    await runPreventivePlans(system, day('2026-03-03'));
    expect(await ordersOf(created.id)).toEqual([]);
  });
});
