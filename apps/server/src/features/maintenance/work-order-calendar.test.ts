import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { WORK_ORDER_CALENDAR_MAX } from '@sentinela/shared/maintenance-calendar';
import { failure } from '../../../test/call-failure';
import { seedPlant } from '../../../test/plant-fixture';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

describe.each(testDatabaseKinds())('maintenance calendar on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let operatorEn: TestClient;
  let ids: Awaited<ReturnType<typeof seedPlant>>;
  // March 2026 in São Paulo (UTC−3, no daylight saving).
  const from = new Date('2026-03-01T03:00:00Z');
  const to = new Date('2026-04-01T03:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operatorEn = await server.enrolledClient('olga@example.com', 'operator', 'en');
    ids = await seedPlant(server.database.db);
  });
  afterAll(() => server.close());

  const row = (n: number, scheduledAt: Date, extra: Partial<typeof workOrders.$inferInsert> = {}) => ({
    number: `OS-2026-${String(n).padStart(4, '0')}`,
    title: `Inspeção ${n}`,
    facilityId: ids.f.alfa,
    kind: 'preventive' as const,
    priority: 'medium' as const,
    scheduledAt,
    durationHours: 2,
    ...extra,
  });

  it('returns the orders of [from, to), earliest first, compact, with the filters of the list', async () => {
    await server.database.db.insert(workOrders).values([
      row(1, new Date('2026-03-10T12:00:00Z'), { equipmentId: 'mtr-a1', priority: 'urgent', kind: 'corrective' }),
      row(2, new Date('2026-03-01T03:00:00Z'), { roomId: ids.r.a2 }),
      row(3, new Date('2026-04-01T03:00:00Z')), // the next month: left out
      row(4, new Date('2026-03-01T02:59:00Z')), // 23:59 on 28 February, site time: left out
      row(5, new Date('2026-03-20T12:00:00Z'), { status: 'cancelled' }),
    ]);
    const open = await viewer.trpc.maintenance.orders.calendar.query({ from, to, status: 'open' });
    expect(open.truncated).toBe(false);
    expect(open.items).toEqual([
      expect.objectContaining({ number: 'OS-2026-0002', place: 'Sala A2', timezone: 'America/Sao_Paulo' }),
      expect.objectContaining({
        number: 'OS-2026-0001',
        title: 'Inspeção 1',
        place: 'Motor A1',
        priority: 'urgent',
        kind: 'corrective',
        status: 'scheduled',
        scheduledAt: new Date('2026-03-10T12:00:00Z'),
      }),
    ]);
    const all = await viewer.trpc.maintenance.orders.calendar.query({ from, to });
    expect(all.items.map((o) => o.number)).toEqual(['OS-2026-0002', 'OS-2026-0001', 'OS-2026-0005']);
    const urgent = await viewer.trpc.maintenance.orders.calendar.query({
      from,
      to,
      priority: 'urgent',
      search: 'motor',
    });
    expect(urgent.items.map((o) => o.number)).toEqual(['OS-2026-0001']);
    const overdue = await viewer.trpc.maintenance.orders.calendar.query({ from, to, status: 'overdue' });
    // The test server's clock reads 2 March, 12:00 UTC: only the order of 1 March is past its end.
    expect(overdue.items.map((o) => [o.number, o.overdue])).toEqual([['OS-2026-0002', true]]);
  });

  it(`caps a range at ${WORK_ORDER_CALENDAR_MAX} orders and says it is truncated`, async () => {
    const day = new Date('2027-01-15T12:00:00Z');
    await server.database.db
      .insert(workOrders)
      .values(
        Array.from({ length: WORK_ORDER_CALENDAR_MAX + 1 }, (_, i) =>
          row(1000 + i, new Date(day.getTime() + i * 60_000), { number: `OS-2027-${String(i + 1).padStart(4, '0')}` }),
        ),
      );
    const range = { from: new Date('2027-01-01T03:00:00Z'), to: new Date('2027-02-01T03:00:00Z') };
    const capped = await viewer.trpc.maintenance.orders.calendar.query(range);
    expect(capped.truncated).toBe(true);
    expect(capped.items).toHaveLength(WORK_ORDER_CALENDAR_MAX);
    expect(capped.items[0]?.number).toBe('OS-2027-0001');
    const under = await viewer.trpc.maintenance.orders.calendar.query({ ...range, search: 'OS-2027-2001' });
    expect(under).toMatchObject({ truncated: false, items: [{ number: 'OS-2027-2001' }] });
  });

  it('refuses a range that ends before it starts or spans more than 45 days', async () => {
    expect(await failure(operatorEn.trpc.maintenance.orders.calendar.query({ from: to, to: from }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('at most 45 days later'),
    });
    expect(
      await failure(viewer.trpc.maintenance.orders.calendar.query({ from, to: new Date('2026-06-01T03:00:00Z') })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('no máximo 45 dias depois') });
  });
});
