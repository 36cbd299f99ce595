import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { alerts, equipment, equipmentStatusChanges, rooms } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { CommandGateway } from '../../platform/commands/command-gateway';
import { markOffline } from '../alerts/alarm-store';
import { failure } from '../../../test/call-failure';
import { seedPlant } from '../../../test/plant-fixture';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const confirming: CommandGateway = {
  send: (_site, _equipmentId, _id, _action, params) => Promise.resolve({ status: 'confirmed', state: params }),
  stop: () => Promise.resolve(),
};

describe.each(testDatabaseKinds())('events timeline on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let operator: TestClient;
  let admin: TestClient;
  let alertId: string;
  let commandsDone: Date;
  const MINUTE = 60_000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

  beforeAll(async () => {
    // The real clock: the audit log's times are the database's.
    server = await startTestServer(kind, { commands: confirming, useClock: false });
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    await seedPlant(server.database.db);
    const db = server.database.db;

    // The chain on Motor A2: alert raised → acknowledged → command → device offline.
    const start = new Date();
    const [alert] = await db
      .insert(alerts)
      .values({
        equipmentId: 'mtr-a2',
        source: 'threshold:temperature',
        severity: 'critical',
        message: 'Temperatura alta',
        messageKey: 'threshold.above',
        messageParams: { metric: 'temperature', value: 91, threshold: 85 },
        value: 91,
        raisedAt: new Date(start.getTime() - 5 * MINUTE),
      })
      .returning();
    alertId = alert!.id;
    await operator.trpc.alerts.acknowledge.mutate({ id: alertId, note: 'Vendo' });
    await pause();
    await operator.trpc.motors.setPower.mutate({ id: 'mtr-a2', on: false });
    await pause();
    commandsDone = new Date();
    await pause();
    const cutoff = new Date(Date.now() + MINUTE);
    expect(await markOffline(db, ['mtr-a2'], cutoff, new Date())).toEqual(['mtr-a2']);
    // A second pass finds it offline already: no second change.
    expect(await markOffline(db, ['mtr-a2'], cutoff, new Date())).toEqual([]);
  });
  afterAll(() => server.close());

  it('tells the chain of one motor newest first, each fact once, with its subject and place', async () => {
    const page = await viewer.trpc.events.list.query({ filters: { equipmentId: 'mtr-a2' } });
    expect(page.items.map((e) => e.code)).toEqual([
      'device.offline',
      'command.confirmed',
      'command.sent',
      'alerts.acknowledge',
      'alert.raised',
    ]);
    expect(page.nextCursor).toBeNull();
    const [offline, confirmed, sent, acknowledged, raised] = page.items;
    expect(offline).toMatchObject({
      kind: 'device',
      actor: 'system',
      params: { from: 'online' },
      subject: { type: 'equipment', id: 'mtr-a2', label: 'Motor A2' },
      equipment: { id: 'mtr-a2', name: 'Motor A2' },
      facility: { name: 'Fábrica Alfa', timezone: 'America/Sao_Paulo' },
    });
    expect(confirmed).toMatchObject({ kind: 'command', result: 'success', actor: 'otto@example.com' });
    expect(sent).toMatchObject({ kind: 'command', params: { action: 'setPower', on: false }, result: null });
    expect(acknowledged).toMatchObject({
      kind: 'alert',
      actor: 'otto@example.com',
      severity: 'critical',
      subject: { type: 'alert', id: alertId },
      params: { note: 'Vendo' },
    });
    expect(raised).toMatchObject({
      kind: 'alert',
      severity: 'critical',
      actor: 'system',
      alert: { messageKey: 'threshold.above', messageParams: { metric: 'temperature', value: 91, threshold: 85 } },
    });
    expect(new Set(page.items.map((e) => e.id)).size).toBe(page.items.length);
  });

  it('filters by kind, actor, facility and time range', async () => {
    const commands = await viewer.trpc.events.list.query({ filters: { kinds: ['command'] } });
    expect(commands.items.map((e) => e.code)).toEqual(['command.confirmed', 'command.sent']);

    const [otto] = (await viewer.trpc.events.actors.query()).filter((u) => u.email === 'otto@example.com');
    const byOtto = await viewer.trpc.events.list.query({ filters: { actor: otto!.id } });
    expect(byOtto.items.map((e) => e.code)).toEqual(['command.confirmed', 'command.sent', 'alerts.acknowledge']);

    const beta = await viewer.trpc.events.list.query({
      filters: { facilityId: (await facilityIdOf('beta'))!, kinds: ['device', 'command'] },
    });
    expect(beta.items).toEqual([]);

    const window = await viewer.trpc.events.list.query({ filters: { equipmentId: 'mtr-a2', to: commandsDone } });
    expect(window.items.map((e) => e.code)).toEqual([
      'command.confirmed',
      'command.sent',
      'alerts.acknowledge',
      'alert.raised',
    ]);
    const after = await viewer.trpc.events.list.query({ filters: { equipmentId: 'mtr-a2', from: commandsDone } });
    expect(after.items.map((e) => e.code)).toEqual(['device.offline']);
  });

  it("reads a facility's audit entries target by target: its alerts', not another facility's", async () => {
    const alfa = (await facilityIdOf('alfa'))!;
    const beta = (await facilityIdOf('beta'))!;
    const inAlfa = await viewer.trpc.events.list.query({ filters: { facilityId: alfa, kinds: ['alert'] } });
    const audited = (items: { id: string }[]) => items.filter((e) => e.id.startsWith('audit:'));
    expect(audited(inAlfa.items)).toMatchObject([
      { code: 'alerts.acknowledge', kind: 'alert', subject: { type: 'alert', id: alertId } },
    ]);
    const inBeta = await viewer.trpc.events.list.query({ filters: { facilityId: beta, kinds: ['alert'] } });
    expect(audited(inBeta.items)).toEqual([]);
    // A device with its own facility: the same facts; with another facility: none.
    const both = await viewer.trpc.events.list.query({ filters: { facilityId: alfa, equipmentId: 'mtr-a2' } });
    expect(both.items.map((e) => e.code)).toContain('alerts.acknowledge');
    const mismatch = await viewer.trpc.events.list.query({ filters: { facilityId: beta, equipmentId: 'mtr-a2' } });
    expect(mismatch.items).toEqual([]);
  });

  it('names a registry entry by the room or the facility it changed, in its place', async () => {
    const alfa = (await facilityIdOf('alfa'))!;
    const [room] = await server.database.db.select().from(rooms).where(eq(rooms.name, 'Sala A1'));
    await server.database.db.insert(auditLog).values([
      { action: 'rooms.update', result: 'success', actorEmail: 'ana@example.com', target: room!.id },
      { action: 'facilities.update', result: 'success', actorEmail: 'ana@example.com', target: alfa },
    ]);
    const page = await viewer.trpc.events.list.query({ filters: { kinds: ['registry'] } });
    expect(page.items.slice(0, 2)).toMatchObject([
      {
        code: 'facilities.update',
        subject: { type: 'facility', id: alfa, label: 'Fábrica Alfa' },
        facility: { id: alfa },
      },
      { code: 'rooms.update', subject: { type: 'room', id: room!.id, label: 'Sala A1' }, facility: { id: alfa } },
    ]);
  });

  async function facilityIdOf(code: string) {
    const rows = await server.database.db
      .select()
      .from(equipment)
      .where(eq(equipment.id, `emt-${code[0]}1`));
    return rows[0]?.facilityId;
  }

  it('pages by cursor without losing or repeating an entry', async () => {
    const whole = await viewer.trpc.events.list.query({ limit: 100 });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await viewer.trpc.events.list.query({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((e) => e.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(whole.items.map((e) => e.id));
    expect(seen.length).toBeGreaterThan(5);
  });

  it('shows account events to administrators only', async () => {
    await server.database.db.insert(auditLog).values([
      { action: 'auth.login', result: 'success', actorEmail: 'vera@example.com', ip: '127.0.0.1' },
      { action: 'notification.email', result: 'failure', actorEmail: null, ip: '127.0.0.1', target: 'alert' },
    ]);
    const forViewer = await viewer.trpc.events.list.query({ limit: 100 });
    expect(forViewer.items.some((e) => e.kind === 'account')).toBe(false);
    expect(forViewer.items.find((e) => e.code === 'notification.email')).toMatchObject({
      kind: 'notification',
      result: 'failure',
      actor: 'system',
    });
    expect((await viewer.trpc.events.list.query({ filters: { kinds: ['account'] } })).items).toEqual([]);
    const forAdmin = await admin.trpc.events.list.query({ filters: { kinds: ['account'] } });
    expect(forAdmin.items.map((e) => e.code)).toContain('auth.login');
  });

  it('exports the filtered timeline as CSV in the caller language', async () => {
    const file = await viewer.trpc.events.exportCsv.query({ filters: { equipmentId: 'mtr-a2', kinds: ['device'] } });
    expect(file.rows).toBe(1);
    expect(file.truncated).toBe(false);
    expect(file.filename).toMatch(/^eventos-\d{4}-\d\d-\d\d\.csv$/);
    const lines = file.csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Data e hora (UTC);Tipo;Evento;Detalhe;Resultado;Severidade;Quem;Equipamento;Instalação');
    expect(lines[1]).toContain(';Status de equipamentos;Equipamento offline;');
    expect(lines[1]).toContain('Motor A2;Fábrica Alfa');
  });

  it("words an alert's detail from its key in the caller's language (the CSV in English)", async () => {
    const english = await server.enrolledClient('eve@example.com', 'viewer', 'en');
    const file = await english.trpc.events.exportCsv.query({ filters: { equipmentId: 'mtr-a2', kinds: ['alert'] } });
    expect(file.filename).toMatch(/^events-/);
    const raised = file.csv.split('\r\n').find((line) => line.includes('Alert raised'));
    // The stored text is Portuguese ('Temperatura alta'): the detail is worded from the key.
    expect(raised).toContain('above the limit: 195.8\u00a0°F (limit 185.0\u00a0°F)');
    expect(raised).not.toContain('Temperatura alta');
  });

  it('refuses a mangled cursor and a backwards time range with a clear error', async () => {
    expect(await failure(viewer.trpc.events.list.query({ cursor: 'bm90LWEtY3Vyc29y' }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
    const now = new Date();
    expect(
      await failure(viewer.trpc.events.list.query({ filters: { from: now, to: new Date(now.getTime() - 1) } })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a time past what the database can read (the fuzzer’s 500) with a field error', async () => {
    const far = new Date(8.64e15); // +275760-09-13: a valid JavaScript date
    // One call at a time: a rejected call nobody awaits yet would be an unhandled rejection.
    for (const call of [
      () => viewer.trpc.events.exportCsv.query({ filters: { from: new Date('2056-05-04'), to: far } }),
      () => viewer.trpc.events.list.query({ filters: { from: new Date(-8.64e15) } }),
      () => viewer.trpc.telemetry.series.query({ equipmentId: 'mtr-001', metric: 'powerKw', from: far, to: far }),
    ]) {
      expect(await failure(call())).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('Data fora do intervalo aceito (anos de 1970 a 9999).') as unknown,
      });
    }
  });

  it('keeps the maintenance lifecycle in the status history: maintenance, then the status back', async () => {
    const db = server.database.db;
    const order = await operator.trpc.maintenance.orders.create.mutate({
      title: 'Troca de rolamentos',
      kind: 'corrective',
      priority: 'high',
      equipmentId: 'mtr-a1',
      scheduledAt: new Date(),
      durationHours: 2,
    });
    await operator.trpc.maintenance.orders.start.mutate({ id: order.id });
    await pause();
    await operator.trpc.maintenance.orders.complete.mutate({
      id: order.id,
      laborHours: 1,
      partsCost: '0',
      otherCost: '0',
      closingNote: 'Feito',
    });
    const rows = await db
      .select({ from: equipmentStatusChanges.fromStatus, to: equipmentStatusChanges.toStatus })
      .from(equipmentStatusChanges)
      .where(eq(equipmentStatusChanges.equipmentId, 'mtr-a1'))
      .orderBy(equipmentStatusChanges.id);
    // Never heard (no last contact): it comes back offline.
    expect(rows).toEqual([
      { from: 'online', to: 'maintenance' },
      { from: 'maintenance', to: 'offline' },
    ]);
    const page = await viewer.trpc.events.list.query({
      filters: { equipmentId: 'mtr-a1', kinds: ['device', 'workOrder'] },
    });
    expect(page.items.map((e) => e.code)).toEqual([
      'device.offline',
      'workOrders.complete',
      'device.maintenance',
      'workOrders.start',
      'workOrders.create',
    ]);
    expect(page.items[1]).toMatchObject({
      subject: { type: 'workOrder', id: order.id, label: order.number },
      params: { number: order.number },
    });
  });
});
