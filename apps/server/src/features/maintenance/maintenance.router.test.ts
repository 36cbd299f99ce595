import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { alerts, commands, equipment, telemetry1h } from '@sentinela/db/schema/plant';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { CommandGateway } from '../../platform/commands/command-gateway';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { seedPlant } from '../../../test/plant-fixture';

/** Answers every command as confirmed and keeps what reached it: a locked-out device never may. */
function recordingGateway(): CommandGateway & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    send(_site, equipmentId, _id, _action, params) {
      sent.push(equipmentId);
      return Promise.resolve({ status: 'confirmed', state: params });
    },
    stop: () => Promise.resolve(),
  };
}

describe.each(testDatabaseKinds())('work orders API on %s', (kind) => {
  let server: TestServer;
  let gateway: ReturnType<typeof recordingGateway>;
  let viewer: TestClient;
  let operator: TestClient;
  let operatorEn: TestClient;
  let admin: TestClient;
  let ids: Awaited<ReturnType<typeof seedPlant>>;
  const at = new Date('2026-03-05T11:00:00Z');
  const order = (extra: Record<string, unknown> = {}) => ({
    title: 'Troca de rolamentos',
    kind: 'corrective' as const,
    priority: 'high' as const,
    equipmentId: 'mtr-a1',
    scheduledAt: at,
    durationHours: 4,
    ...extra,
  });

  beforeAll(async () => {
    gateway = recordingGateway();
    server = await startTestServer(kind, { commands: gateway });
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    operatorEn = await server.enrolledClient('olga@example.com', 'operator', 'en');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    ids = await seedPlant(server.database.db);
  });
  afterAll(() => server.close());

  it('creates a numbered order at its equipment, not assigned, with its checklist; viewers only read', async () => {
    const created = await operator.trpc.maintenance.orders.create.mutate(
      order({ checklist: [{ label: 'Bloquear e etiquetar', mandatory: true }, { label: 'Limpar' }] }),
    );
    expect(created).toMatchObject({
      number: 'OS-2026-0001',
      status: 'scheduled',
      equipment: { id: 'mtr-a1', name: 'Motor A1', kind: 'motor' },
      facility: { id: ids.f.alfa, name: 'Fábrica Alfa' },
      room: { id: ids.r.a1, name: 'Sala A1' },
      technician: { id: null, name: null },
      checklist: { done: 0, total: 2 },
      cost: '0.00',
      overdue: false,
    });
    expect(created.history.map((h) => h.action)).toEqual(['workOrders.create']);
    expect(await failure(viewer.trpc.maintenance.orders.create.mutate(order()))).toMatchObject({ code: 'FORBIDDEN' });
    const list = await viewer.trpc.maintenance.orders.list.query({ search: 'rolamento' });
    expect(list.items.map((o) => o.number)).toEqual(['OS-2026-0001']);
    expect(list.counts).toMatchObject({ total: 1, scheduled: 1 });
  });

  it('numbers orders created at the same time without gaps or repeats', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        operator.trpc.maintenance.orders.create.mutate(order({ title: `Inspeção ${i}` })),
      ),
    );
    const numbers = made.map((o) => o.number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `OS-2026-${String(i + 2).padStart(4, '0')}`));
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = (await server.database.db.select().from(workOrders)).length;
    expect(
      await failure(operator.trpc.maintenance.orders.create.mutate(order({ equipmentId: 'nao-existe' }))),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Equipamento não encontrado ou desativado.',
    });
    expect(
      await failure(
        operatorEn.trpc.maintenance.orders.create.mutate(order({ scheduledAt: new Date('1999-12-31T12:00:00Z') })),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Choose a date between 2000 and 2100') });
    expect(
      await failure(operator.trpc.maintenance.orders.create.mutate(order({ equipmentId: null, facilityId: null }))),
    ).toMatchObject({ message: expect.stringContaining('Escolha o equipamento ou a instalação da ordem') });
    expect(
      await failure(
        operator.trpc.maintenance.orders.create.mutate(
          order({ equipmentId: null, facilityId: ids.f.beta, roomId: ids.r.a1 }),
        ),
      ),
    ).toMatchObject({ message: 'Sala não encontrada nesta instalação.' });
    expect(
      await failure(operator.trpc.maintenance.orders.create.mutate(order({ technicianId: crypto.randomUUID() }))),
    ).toMatchObject({ message: 'Técnico não encontrado: escolha um operador ativo.' });
    expect((await server.database.db.select().from(workOrders)).length).toBe(before);
  });

  it('locks its equipment out while in progress, on every command path, and gives the status back', async () => {
    const db = server.database.db;
    const created = await operator.trpc.maintenance.orders.create.mutate(
      order({ equipmentId: 'lgt-a1', title: 'Reator queimado', checklist: [{ label: 'Testar', mandatory: true }] }),
    );
    const started = await operator.trpc.maintenance.orders.start.mutate({ id: created.id });
    expect(started).toMatchObject({ status: 'in_progress' });
    const [light] = await db.select({ status: equipment.status }).from(equipment).where(eq(equipment.id, 'lgt-a1'));
    expect(light?.status).toBe('maintenance');
    // Its switch shows the lock: the lists name the order.
    const lockedIn = async () => ({
      lights: (await viewer.trpc.lights.list.query({ search: 'Luz A1' })).items.find((l) => l.id === 'lgt-a1')
        ?.lockedBy,
      equipment: (await viewer.trpc.equipment.list.query({ search: 'lgt-a1' })).items[0]?.lockedBy,
    });
    expect(await lockedIn()).toEqual({ lights: created.number, equipment: created.number });

    // Off included, before anything is recorded or sent.
    const sentBefore = gateway.sent.length;
    const commandsBefore = (await db.select().from(commands)).length;
    expect(await failure(operator.trpc.lights.set.mutate({ id: 'lgt-a1', on: false }))).toMatchObject({
      code: 'CONFLICT',
      message: `Luz A1: bloqueado pela ${created.number} em andamento.`,
    });
    expect(await failure(operatorEn.trpc.lights.set.mutate({ id: 'lgt-a1', on: true }))).toMatchObject({
      message: `Luz A1: locked out by ${created.number} in progress.`,
    });
    // A bulk action skips it, names the order, and sends to the others.
    const bulk = await operator.trpc.lights.bulk.mutate({ action: 'allOff', roomId: ids.r.a1 });
    expect(bulk.skipped).toEqual([{ equipmentId: 'lgt-a1', name: 'Luz A1', reason: 'lockout', order: created.number }]);
    expect(gateway.sent.slice(sentBefore)).not.toContain('lgt-a1');
    expect((await db.select().from(commands).where(eq(commands.equipmentId, 'lgt-a1'))).length).toBe(0);
    expect((await db.select().from(commands)).length).toBe(commandsBefore + bulk.total - bulk.skipped.length);

    // Mandatory checklist first; then completion gives the status back (not heard lately: offline).
    const completion = {
      id: created.id,
      laborHours: 1.5,
      partsCost: '120.50',
      otherCost: '0',
      closingNote: 'Reator trocado',
    };
    expect(await failure(operator.trpc.maintenance.orders.complete.mutate(completion))).toMatchObject({
      code: 'CONFLICT',
      message: 'Marque os itens obrigatórios do checklist antes de concluir (1 pendentes).',
    });
    const item = started.checklistItems[0]!;
    await operator.trpc.maintenance.orders.check.mutate({ id: created.id, itemId: item.id, done: true });
    const completed = await operator.trpc.maintenance.orders.complete.mutate(completion);
    expect(completed).toMatchObject({
      status: 'completed',
      cost: '120.50',
      laborHours: 1.5,
      closingNote: 'Reator trocado',
    });
    expect(completed.checklistItems[0]).toMatchObject({ doneBy: 'otto', doneAt: expect.any(Date) });
    expect(completed.history.map((h) => h.action)).toEqual([
      'workOrders.create',
      'workOrders.start',
      'workOrders.check',
      'workOrders.complete',
    ]);
    const [after] = await db.select({ status: equipment.status }).from(equipment).where(eq(equipment.id, 'lgt-a1'));
    expect(after?.status).toBe('offline');
    expect(await lockedIn()).toEqual({ lights: null, equipment: null });
    await operator.trpc.lights.set.mutate({ id: 'lgt-a1', on: true });
    expect(gateway.sent.at(-1)).toBe('lgt-a1');
  });

  it('opens a corrective order from an alert, shows it on the alert, and clears the alert on completion', async () => {
    const db = server.database.db;
    const [hot] = await db.select().from(alerts).where(eq(alerts.source, 'event:hot'));
    const events: LiveEvent[] = [];
    const unsubscribe = server.bus.subscribe((event) => events.push(event));
    // The equipment comes from the alert.
    const created = await operator.trpc.maintenance.orders.create.mutate(
      order({ equipmentId: null, alertId: hot!.id, title: 'Motor A1 quente', priority: 'urgent' }),
    );
    expect(created).toMatchObject({ alertId: hot!.id, equipment: { id: 'mtr-a1' } });
    const listed = await viewer.trpc.alerts.list.query({});
    expect(listed.items.find((a) => a.id === hot!.id)?.workOrder).toEqual({
      id: created.id,
      number: created.number,
      status: 'scheduled',
    });
    await operator.trpc.maintenance.orders.start.mutate({ id: created.id });
    await operator.trpc.maintenance.orders.complete.mutate({
      id: created.id,
      laborHours: 3,
      partsCost: '0',
      otherCost: '0',
      closingNote: 'Rolamento trocado',
    });
    unsubscribe();
    const [after] = await db.select().from(alerts).where(eq(alerts.id, hot!.id));
    expect(after).toMatchObject({ status: 'cleared', clearNote: `${created.number}: Rolamento trocado` });
    expect(events).toContainEqual(expect.objectContaining({ type: 'alert', alertId: hot!.id, status: 'cleared' }));
    expect(
      await failure(operator.trpc.maintenance.orders.create.mutate(order({ alertId: crypto.randomUUID() }))),
    ).toMatchObject({
      message: 'Alerta não encontrado.',
    });
  });

  it('keeps the lockout while another order on the same equipment is still in progress', async () => {
    const db = server.database.db;
    await db
      .update(equipment)
      .set({ status: 'online', lastSeenAt: server.clock.now() })
      .where(eq(equipment.id, 'mtr-a2'));
    const first = await operator.trpc.maintenance.orders.create.mutate(order({ equipmentId: 'mtr-a2' }));
    const second = await operator.trpc.maintenance.orders.create.mutate(order({ equipmentId: 'mtr-a2' }));
    await operator.trpc.maintenance.orders.start.mutate({ id: first.id });
    await operator.trpc.maintenance.orders.start.mutate({ id: second.id });
    await admin.trpc.maintenance.orders.cancel.mutate({ id: first.id, reason: 'Duplicada' });
    expect(await failure(operator.trpc.motors.setPower.mutate({ id: 'mtr-a2', on: false }))).toMatchObject({
      message: `Motor A2: bloqueado pela ${second.number} em andamento.`,
    });
    const status = async () =>
      (await db.select({ status: equipment.status }).from(equipment).where(eq(equipment.id, 'mtr-a2')))[0]?.status;
    expect(await status()).toBe('maintenance');
    await operator.trpc.maintenance.orders.complete.mutate({
      id: second.id,
      laborHours: 2,
      partsCost: '0',
      otherCost: '35.10',
      closingNote: 'Ok',
    });
    // Heard from a moment ago: back online, as before the work.
    expect(await status()).toBe('online');
  });

  it('refuses the HVAC commands too, set-point included, and lets them through once the order ends', async () => {
    const db = server.database.db;
    const created = await operator.trpc.maintenance.orders.create.mutate(
      order({ equipmentId: 'hvac-a2', title: 'Limpeza do evaporador' }),
    );
    await operator.trpc.maintenance.orders.start.mutate({ id: created.id });
    const sentBefore = gateway.sent.length;
    const refused = { code: 'CONFLICT', message: `Split A2: bloqueado pela ${created.number} em andamento.` };
    // A set-point and switching off are allowed in maintenance status, never under lockout.
    expect(await failure(operator.trpc.hvac.setSetpoint.mutate({ id: 'hvac-a2', setpoint: 22 }))).toMatchObject(
      refused,
    );
    expect(await failure(operator.trpc.hvac.setPower.mutate({ id: 'hvac-a2', on: false }))).toMatchObject(refused);
    expect(await failure(operatorEn.trpc.hvac.setPower.mutate({ id: 'hvac-a2', on: true }))).toMatchObject({
      message: `Split A2: locked out by ${created.number} in progress.`,
    });
    expect(gateway.sent.slice(sentBefore)).toEqual([]);
    expect((await db.select().from(commands).where(eq(commands.equipmentId, 'hvac-a2'))).length).toBe(0);
    await admin.trpc.maintenance.orders.cancel.mutate({ id: created.id, reason: 'Feita em outra OS' });
    await operator.trpc.hvac.setSetpoint.mutate({ id: 'hvac-a2', setpoint: 22 });
    expect(gateway.sent.slice(sentBefore)).toEqual(['hvac-a2']);
  });

  it('refuses transitions an order is not in, and cancelling to operators', async () => {
    const created = await operator.trpc.maintenance.orders.create.mutate(order());
    const completion = { id: created.id, laborHours: 1, partsCost: '0', otherCost: '0', closingNote: 'x' };
    expect(await failure(operator.trpc.maintenance.orders.complete.mutate(completion))).toMatchObject({
      code: 'CONFLICT',
      message: `A ${created.number} ainda não foi iniciada: inicie-a antes de concluir.`,
    });
    expect(
      await failure(operator.trpc.maintenance.orders.cancel.mutate({ id: created.id, reason: 'x' })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    await admin.trpc.maintenance.orders.cancel.mutate({ id: created.id, reason: 'Equipamento substituído' });
    // One call at a time: each starts when it is awaited (a rejection nobody awaits yet is unhandled).
    for (const call of [
      () => operator.trpc.maintenance.orders.start.mutate({ id: created.id }),
      () => operator.trpc.maintenance.orders.complete.mutate(completion),
      () => operator.trpc.maintenance.orders.reschedule.mutate({ id: created.id, scheduledAt: at }),
    ])
      expect(await failure(call())).toMatchObject({
        code: 'CONFLICT',
        message: `A ${created.number} já foi concluída ou cancelada: não pode mais ser alterada.`,
      });
    expect(
      await failure(operator.trpc.maintenance.orders.complete.mutate({ ...completion, partsCost: '-5' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('sem sinal'),
    });
    const detail = await viewer.trpc.maintenance.orders.get.query({ id: created.id });
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Equipamento substituído' });
  });

  it('reassigns to an operator or a contractor, reschedules, and filters and counts overdue orders', async () => {
    const [technician] = (await operator.trpc.maintenance.orders.technicians.query()).filter((t) => t.name === 'otto');
    const created = await operator.trpc.maintenance.orders.create.mutate(
      order({ title: 'Lubrificação', kind: 'preventive', scheduledAt: new Date('2026-02-20T12:00:00Z') }),
    );
    expect(created.overdue).toBe(true);
    const assigned = await operator.trpc.maintenance.orders.reassign.mutate({
      id: created.id,
      technicianId: technician!.id,
    });
    expect(assigned.technician).toEqual({ id: technician!.id, name: 'otto' });
    const contractor = await operator.trpc.maintenance.orders.reassign.mutate({
      id: created.id,
      technicianName: 'Elétrica Sul Ltda',
    });
    expect(contractor.technician).toEqual({ id: null, name: 'Elétrica Sul Ltda' });
    expect(
      await failure(
        operator.trpc.maintenance.orders.reassign.mutate({
          id: created.id,
          technicianId: technician!.id,
          technicianName: 'X',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    const overdue = await viewer.trpc.maintenance.orders.list.query({ status: 'overdue', kind: 'preventive' });
    expect(overdue.items.map((o) => o.id)).toEqual([created.id]);
    expect(overdue.counts.overdue).toBe(1);
    const moved = await operator.trpc.maintenance.orders.reschedule.mutate({
      id: created.id,
      scheduledAt: new Date('2026-03-10T12:00:00Z'),
    });
    expect(moved.overdue).toBe(false);
    const byContractor = await viewer.trpc.maintenance.orders.list.query({ search: 'eletrica sul' });
    expect(byContractor.items.map((o) => o.id)).toEqual([created.id]);
    const march = await viewer.trpc.maintenance.orders.list.query({
      from: new Date('2026-03-10T00:00:00Z'),
      to: new Date('2026-03-11T00:00:00Z'),
    });
    expect(march.items.map((o) => o.id)).toEqual([created.id]);
  });
});

describe.each(testDatabaseKinds())('maintenance figures on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    await seedPlant(server.database.db);
  });
  afterAll(() => server.close());

  it('computes open, overdue, this week, MTBF, MTTR, on-time rate and this month’s cost as the page says', async () => {
    const db = server.database.db;
    const [facility] = await db.select().from(equipment).where(eq(equipment.id, 'mtr-a1'));
    const h = (iso: string) => new Date(iso);
    const base = {
      facilityId: facility!.facilityId,
      equipmentId: 'mtr-a1',
      durationHours: 2,
      priority: 'high' as const,
    };
    // The test clock reads 2026-03-02 12:00Z (Monday).
    await db.insert(workOrders).values([
      // Corrective, 10 h from creation to completion, on time (same day), cost 100 + 20.
      {
        ...base,
        number: 'OS-2026-9001',
        title: 'a',
        kind: 'corrective',
        status: 'completed',
        createdAt: h('2026-02-10T08:00:00Z'),
        scheduledAt: h('2026-02-10T12:00:00Z'),
        completedAt: h('2026-02-10T18:00:00Z'),
        partsCost: '100.00',
        otherCost: '20.00',
      },
      // Corrective, 30 h, a day late, completed this month: cost 55.50.
      {
        ...base,
        number: 'OS-2026-9002',
        title: 'b',
        kind: 'corrective',
        status: 'completed',
        createdAt: h('2026-02-28T10:00:00Z'),
        scheduledAt: h('2026-02-28T12:00:00Z'),
        completedAt: h('2026-03-01T16:00:00Z'),
        partsCost: '55.50',
        otherCost: '0',
      },
      // Preventive, on time.
      {
        ...base,
        number: 'OS-2026-9003',
        title: 'c',
        kind: 'preventive',
        status: 'completed',
        createdAt: h('2026-01-01T10:00:00Z'),
        scheduledAt: h('2026-01-05T12:00:00Z'),
        completedAt: h('2026-01-05T15:00:00Z'),
      },
      // Open: one overdue (scheduled last week), one this week (urgent), one cancelled (not counted).
      {
        ...base,
        number: 'OS-2026-9004',
        title: 'd',
        kind: 'preventive',
        status: 'scheduled',
        scheduledAt: h('2026-02-25T12:00:00Z'),
      },
      {
        ...base,
        number: 'OS-2026-9005',
        title: 'e',
        kind: 'preventive',
        status: 'scheduled',
        priority: 'urgent',
        scheduledAt: h('2026-03-04T12:00:00Z'),
      },
      {
        ...base,
        number: 'OS-2026-9006',
        title: 'f',
        kind: 'corrective',
        status: 'cancelled',
        scheduledAt: h('2026-03-03T12:00:00Z'),
      },
    ]);
    // 40 running hours of the motor in the window.
    await db.insert(telemetry1h).values(
      Array.from({ length: 40 }, (_, i) => ({
        equipmentId: 'mtr-a1',
        metric: 'powerKw',
        bucket: new Date(h('2026-02-01T00:00:00Z').getTime() + i * 3_600_000),
        count: 60,
        sum: 60 * 20,
        min: 20,
        max: 20,
      })),
    );
    const kpis = await viewer.trpc.maintenance.kpis.query({ equipmentId: 'mtr-a1' });
    expect(kpis).toMatchObject({
      total: 6,
      costTotal: '175.50',
      open: { total: 2, scheduled: 2, in_progress: 0 },
      openByPriority: { low: 0, medium: 0, high: 1, urgent: 1 },
      overdue: 1,
      scheduledThisWeek: 1,
      completed: { total: 3, preventive: 1, corrective: 2 },
      failures: 2,
      runningHours: 40,
      mtbfHours: 20,
      mttrHours: 20,
      costThisMonth: '55.50',
    });
    expect(kpis.onTimeRate).toBeCloseTo(2 / 3);
    const empty = await viewer.trpc.maintenance.kpis.query({ equipmentId: 'mtr-a2' });
    expect(empty).toMatchObject({
      mtbfHours: null,
      mttrHours: null,
      onTimeRate: null,
      costThisMonth: '0.00',
      total: 0,
      costTotal: '0.00',
    });
  });
});
