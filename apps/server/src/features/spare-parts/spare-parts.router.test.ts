import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partStock, stockMovements, suppliers } from '@sentinela/db/schema/procurement';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { seedPlant } from '../../../test/plant-fixture';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

describe.each(testDatabaseKinds())('spare parts API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let operator: TestClient;
  let operatorEn: TestClient;
  let admin: TestClient;
  let central: string;
  let workshop: string;
  let supplierId: string;

  const part = (extra: Record<string, unknown> = {}) => ({
    code: 'ROL-6205',
    description: 'Rolamento 6205-2RS',
    unit: 'un' as const,
    minimumStock: '4',
    compatibleKinds: ['motor' as const],
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    operatorEn = await server.enrolledClient('olga@example.com', 'operator', 'en');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    await seedPlant(server.database.db);
    const [s] = await server.database.db
      .insert(suppliers)
      .values({ legalName: 'Rolamentos Paulista Ltda', cnpj: '11222333000181', categories: ['motors_drives'] })
      .returning({ id: suppliers.id });
    supplierId = s!.id;
    central = (await admin.trpc.spareParts.locations.create.mutate({ name: 'Almoxarifado central' })).id;
    workshop = (await admin.trpc.spareParts.locations.create.mutate({ name: 'Oficina' })).id;
  });
  afterAll(() => server.close());

  it('creates parts with a unique code (a clear conflict), edits them; viewers only read; admins retire', async () => {
    const created = await operator.trpc.spareParts.create.mutate(
      part({ preferredSupplierId: supplierId, defaultLocationId: central }),
    );
    expect(created).toMatchObject({
      code: 'ROL-6205',
      stock: '0.000',
      minimumStock: '4.000',
      belowMinimum: true,
      preferredSupplier: { id: supplierId, name: 'Rolamentos Paulista Ltda' },
      defaultLocation: { id: central, name: 'Almoxarifado central' },
      movements: [],
    });
    expect(await failure(operator.trpc.spareParts.create.mutate(part()))).toMatchObject({
      code: 'CONFLICT',
      message: 'Já existe uma peça com o código ROL-6205.',
    });
    expect(await failure(operatorEn.trpc.spareParts.create.mutate(part({ code: 'X', unit: 'bad' })))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Invalid unit of measure'),
    });
    expect(await failure(viewer.trpc.spareParts.create.mutate(part({ code: 'OTHER' })))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const other = await operator.trpc.spareParts.create.mutate(part({ code: 'CONT-9A', description: 'Contator 9 A' }));
    expect(
      await failure(operator.trpc.spareParts.update.mutate({ ...part(), id: other.id, code: 'ROL-6205' })),
    ).toMatchObject({ code: 'CONFLICT', message: 'Já existe uma peça com o código ROL-6205.' });
    const edited = await operator.trpc.spareParts.update.mutate({
      ...part({ code: 'CONT-9A', description: 'Contator tripolar 9 A 220 V', minimumStock: '2' }),
      id: other.id,
    });
    expect(edited).toMatchObject({ description: 'Contator tripolar 9 A 220 V', minimumStock: '2.000' });
    expect(await failure(operator.trpc.spareParts.setActive.mutate({ id: other.id, active: false }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    await admin.trpc.spareParts.setActive.mutate({ id: other.id, active: false });
    expect(
      await failure(
        operator.trpc.spareParts.adjust.mutate({
          partId: other.id,
          locationId: central,
          direction: 'in',
          quantity: '1',
          reason: 'Contagem',
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('A peça CONT-9A está desativada') });
    expect(await viewer.trpc.spareParts.supplierOptions.query()).toEqual([
      { id: supplierId, name: 'Rolamentos Paulista Ltda' },
    ]);
    const list = await viewer.trpc.spareParts.list.query({});
    expect(list.items.map((p) => p.code)).toEqual(['ROL-6205']);
    const retired = await viewer.trpc.spareParts.list.query({ active: false });
    expect(retired.items.map((p) => p.code)).toEqual(['CONT-9A']);
    expect(await failure(operator.trpc.spareParts.locations.create.mutate({ name: 'Outro' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await failure(admin.trpc.spareParts.locations.create.mutate({ name: 'Oficina' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Já existe um local de estoque chamado Oficina.',
    });
  });

  it('moves stock by adjustments (reason required) and transfers, never below zero, with who and when', async () => {
    const p = await operator.trpc.spareParts.create.mutate(part({ code: 'FUS-10A', description: 'Fusível NH 10 A' }));
    expect(
      await failure(
        operator.trpc.spareParts.adjust.mutate({
          partId: p.id,
          locationId: central,
          direction: 'in',
          quantity: '10',
          reason: ' ',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    await operator.trpc.spareParts.adjust.mutate({
      partId: p.id,
      locationId: central,
      direction: 'in',
      quantity: '10',
      reason: 'Inventário inicial',
    });
    const moved = await operator.trpc.spareParts.transfer.mutate({
      partId: p.id,
      fromLocationId: central,
      toLocationId: workshop,
      quantity: '3.5',
    });
    expect(moved.stock).toBe('10.000');
    expect(moved.stockByLocation).toEqual([
      { location: { id: central, name: 'Almoxarifado central' }, quantity: '6.500' },
      { location: { id: workshop, name: 'Oficina' }, quantity: '3.500' },
    ]);
    expect(moved.movements.map((m) => [m.kind, m.quantity, m.by])).toEqual([
      ['transferred', '3.500', 'otto'],
      ['adjusted', '10.000', 'otto'],
    ]);
    expect(
      await failure(
        operator.trpc.spareParts.transfer.mutate({
          partId: p.id,
          fromLocationId: workshop,
          toLocationId: central,
          quantity: '4',
        }),
      ),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Estoque insuficiente de FUS-10A (Fusível NH 10 A) em Oficina: há 3.5 un, são necessários 4 un.',
    });
    expect(
      await failure(
        operatorEn.trpc.spareParts.adjust.mutate({
          partId: p.id,
          locationId: workshop,
          direction: 'out',
          quantity: '3.501',
          reason: 'Perda',
        }),
      ),
    ).toMatchObject({ message: 'Not enough FUS-10A (Fusível NH 10 A) at Oficina: 3.5 un in stock, 3.501 un needed.' });
    expect(
      await failure(
        viewer.trpc.spareParts.transfer.mutate({
          partId: p.id,
          fromLocationId: central,
          toLocationId: workshop,
          quantity: '1',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const detail = await viewer.trpc.spareParts.get.query({ id: p.id });
    expect(detail.stock).toBe('10.000');
  });

  it('never drives stock negative under parallel adjustments', async () => {
    const p = await operator.trpc.spareParts.create.mutate(part({ code: 'LAMP-LED', description: 'Lâmpada LED 18 W' }));
    await operator.trpc.spareParts.adjust.mutate({
      partId: p.id,
      locationId: central,
      direction: 'in',
      quantity: '5',
      reason: 'Inventário inicial',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        operator.trpc.spareParts.adjust.mutate({
          partId: p.id,
          locationId: central,
          direction: 'out',
          quantity: '1',
          reason: 'Avaria',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    const [balance] = await server.database.db.select().from(partStock).where(eq(partStock.partId, p.id));
    expect(balance?.quantity).toBe('0.000');
    const taken = await server.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(eq(stockMovements.partId, p.id));
    expect(taken[0]?.n).toBe(6);
  });

  it('shows the stock of any day from the movements up to its end (site time zone)', async () => {
    const db = server.database.db;
    const p = await operator.trpc.spareParts.create.mutate(part({ code: 'COR-A42', description: 'Correia A-42' }));
    const adjust = (direction: 'in' | 'out', quantity: string) =>
      operator.trpc.spareParts.adjust.mutate({
        partId: p.id,
        locationId: central,
        direction,
        quantity,
        reason: 'Contagem',
      });
    await adjust('in', '8');
    await adjust('out', '3');
    await operator.trpc.spareParts.transfer.mutate({
      partId: p.id,
      fromLocationId: central,
      toLocationId: workshop,
      quantity: '2',
    });
    const movements = await db
      .select({ id: stockMovements.id, kind: stockMovements.kind, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.partId, p.id))
      .orderBy(stockMovements.createdAt);
    // Back-date them: +8 on 1 March, −3 late on 10 March (São Paulo: still the 10th), transfer on 20 March.
    const when = ['2026-03-01T12:00:00Z', '2026-03-11T02:30:00Z', '2026-03-20T12:00:00Z'];
    for (const [i, m] of movements.entries())
      await db
        .update(stockMovements)
        .set({ createdAt: new Date(when[i]!) })
        .where(eq(stockMovements.id, m.id));
    const on = (day: string) => viewer.trpc.spareParts.stockOnDay.query({ partId: p.id, day });
    expect(await on('2026-02-28')).toEqual({ day: '2026-02-28', stockByLocation: [], total: '0.000' });
    expect((await on('2026-03-01')).total).toBe('8.000');
    expect((await on('2026-03-10')).total).toBe('5.000');
    expect((await on('2026-03-21')).stockByLocation).toEqual([
      { location: { id: central, name: 'Almoxarifado central' }, quantity: '3.000' },
      { location: { id: workshop, name: 'Oficina' }, quantity: '2.000' },
    ]);
    expect(await failure(viewer.trpc.spareParts.stockOnDay.query({ partId: p.id, day: '2026-02-30' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('filters the catalogue (below minimum, location, kind, supplier, search) and exports it as CSV', async () => {
    const codes = async (input: Record<string, unknown>) =>
      (await viewer.trpc.spareParts.list.query(input)).items.map((p) => p.code);
    expect(await codes({ belowMinimum: true })).toContain('ROL-6205');
    expect(await codes({ belowMinimum: true })).not.toContain('FUS-10A');
    expect(await codes({ locationId: workshop })).toEqual(['COR-A42', 'FUS-10A']);
    expect(await codes({ supplierId })).toEqual(['ROL-6205']);
    expect(await codes({ equipmentKind: 'light' })).toEqual([]);
    expect(await codes({ search: 'fusivel' })).toEqual(['FUS-10A']);
    const paged = await viewer.trpc.spareParts.list.query({ pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    const csv = await viewer.trpc.spareParts.exportCsv.query({ search: 'fus' });
    expect(csv.rows).toBe(1);
    expect(csv.csv).toContain('Código;Descrição;Unidade;Estoque');
    expect(csv.csv).toContain('FUS-10A;Fusível NH 10 A;un;10,000;4,000;Não;');
  });

  it('a work order takes its part lines from stock when it completes, or refuses naming the part', async () => {
    const p = await operator.trpc.spareParts.create.mutate(part({ code: 'CAP-30UF', description: 'Capacitor 30 µF' }));
    await operator.trpc.spareParts.adjust.mutate({
      partId: p.id,
      locationId: central,
      direction: 'in',
      quantity: '2',
      reason: 'Inventário inicial',
    });
    const order = await operator.trpc.maintenance.orders.create.mutate({
      title: 'Troca de capacitor',
      kind: 'corrective',
      priority: 'high',
      equipmentId: 'mtr-a1',
      scheduledAt: new Date('2026-03-05T11:00:00Z'),
      durationHours: 2,
    });
    const line = { workOrderId: order.id, partId: p.id, locationId: central };
    expect(await failure(viewer.trpc.maintenance.orders.parts.set.mutate({ ...line, quantity: '1' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const lines = await operator.trpc.maintenance.orders.parts.set.mutate({ ...line, quantity: '3' });
    expect(lines).toMatchObject({
      editable: true,
      estimatedCost: '0.00',
      unpricedLines: 1,
      lines: [{ part: { code: 'CAP-30UF' }, quantity: '3.000', available: '2.000', consumedAt: null }],
    });
    await operator.trpc.maintenance.orders.start.mutate({ id: order.id });
    const completion = { id: order.id, laborHours: 1, partsCost: '80.00', otherCost: '0', closingNote: 'Trocado' };
    expect(await failure(operator.trpc.maintenance.orders.complete.mutate(completion))).toMatchObject({
      code: 'CONFLICT',
      message:
        'Estoque insuficiente de CAP-30UF (Capacitor 30 µF) em Almoxarifado central: há 2 un, são necessários 3 un.',
    });
    expect((await viewer.trpc.maintenance.orders.get.query({ id: order.id })).status).toBe('in_progress');
    await operator.trpc.maintenance.orders.parts.set.mutate({ ...line, quantity: '2' });
    const completed = await operator.trpc.maintenance.orders.complete.mutate(completion);
    expect(completed).toMatchObject({ status: 'completed', partsCost: '80.00' });
    expect(completed.history.map((h) => h.action)).toContain('workOrders.partSet');
    const after = await viewer.trpc.spareParts.get.query({ id: p.id });
    expect(after.stock).toBe('0.000');
    expect(after.movements[0]).toMatchObject({
      kind: 'consumed',
      quantity: '2.000',
      from: { id: central },
      workOrder: { id: order.id, number: completed.number },
      by: 'otto',
    });
    const closed = await viewer.trpc.maintenance.orders.parts.list.query({ workOrderId: order.id });
    expect(closed.editable).toBe(false);
    expect(closed.lines[0]?.consumedAt).toEqual(expect.any(Date));
    expect(
      await failure(operatorEn.trpc.maintenance.orders.parts.set.mutate({ ...line, quantity: '1' })),
    ).toMatchObject({ code: 'CONFLICT', message: `Order ${completed.number} is closed: its parts no longer change.` });
  });
});
