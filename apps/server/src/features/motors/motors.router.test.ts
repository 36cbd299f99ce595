import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, equipment, facilities, rooms, telemetryLatest } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { startCommandGateway, type CommandGateway } from '../../platform/commands/command-gateway';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../telemetry/embedded-broker';
import { connectMqtt, whenConnected } from '../../platform/mqtt-connection';

const log = pino({ level: 'silent' });
const T = new Date('2026-03-02T11:59:00Z').getTime();

// The motors API on a real database, with the real command path: embedded broker, command
// gateway and a fake device that acknowledges as the virtual plant does (one is locked out).
describe.each(testDatabaseKinds())('motors API on %s', (kind) => {
  let broker: EmbeddedBroker;
  let gateway: CommandGateway;
  let device: MqttClient;
  let server: TestServer;
  let operator: TestClient;
  let viewer: TestClient;
  let viewerEn: TestClient;
  let operatorEn: TestClient;
  /** Every command a device received (its id). */
  const received: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    broker = await startEmbeddedBroker(0, '127.0.0.1', log);
    const target = { kind: 'embedded' as const, broker: broker.broker };
    gateway = startCommandGateway(target, log);
    server = await startTestServer(kind, { commands: gateway });
    const db = server.database.db;
    const [a, b] = await db
      .insert(facilities)
      .values([
        { code: 'pla', name: 'Planta A', city: 'Campinas' },
        { code: 'plb', name: 'Planta B', city: 'Joinville' },
      ])
      .returning();
    const [r1, r2] = await db
      .insert(rooms)
      .values([
        { facilityId: a!.id, name: 'Galpão 1' },
        { facilityId: a!.id, name: 'Casa de Bombas' },
      ])
      .returning();
    Object.assign(ids, { a: a!.id, b: b!.id, r1: r1!.id, r2: r2!.id });
    const motor = (
      id: string,
      name: string,
      status: 'online' | 'offline' | 'maintenance' | 'error',
      on: boolean,
      facilityId: string,
      roomId: string | null,
      powerKw: number,
    ) => ({
      id,
      name,
      kind: 'motor' as const,
      status,
      facilityId,
      roomId,
      location: roomId === r1!.id ? 'Galpão 1, linha 2' : null,
      rated: { powerKw, currentA: 15, rpm: 1765, voltageV: 380, efficiency: 91 },
      state: { on },
    });
    await db.insert(equipment).values([
      motor('m-a1', 'Motor Esteira 01', 'online', true, a!.id, r1!.id, 7.5),
      motor('m-a2', 'Motor Esteira 02', 'online', false, a!.id, r1!.id, 7.5),
      motor('m-a3', 'Bomba 01', 'online', true, a!.id, r2!.id, 18.5),
      motor('m-a4', 'Moinho 01', 'maintenance', false, a!.id, r2!.id, 45),
      motor('m-b1', 'Compressor 01', 'error', false, b!.id, null, 37),
      motor('m-b2', 'Compressor 02', 'online', true, b!.id, null, 30),
      {
        id: 'l-a1',
        name: 'Luminária 01',
        kind: 'light',
        status: 'online',
        facilityId: a!.id,
        roomId: r1!.id,
        state: { on: true },
      },
    ]);
    const readings = (equipmentId: string, at: number, metrics: Record<string, number>) =>
      Object.entries(metrics).map(([metric, value]) => ({ equipmentId, metric, value, ts: new Date(at) }));
    await db.insert(telemetryLatest).values([
      ...readings('m-a1', T, { temperature: 60, vibration: 2, current: 10, efficiency: 90, rpm: 1750, powerKw: 5 }),
      // Stopped: its efficiency is from before it stopped (stale), everything else is current.
      ...readings('m-a2', T, { temperature: 30, vibration: 0.05, current: 0, rpm: 0, powerKw: 0 }),
      ...readings('m-a2', T - 60_000, { efficiency: 88 }),
      ...readings('m-a3', T + 1000, {
        temperature: 70,
        vibration: 3,
        current: 30,
        efficiency: 94,
        rpm: 3500,
        powerKw: 15,
      }),
      ...readings('m-a4', T - 3_600_000, { temperature: 25, rpm: 0, powerKw: 0 }),
      ...readings('m-b1', T - 3_600_000, { temperature: 40, efficiency: 85, powerKw: 9 }),
      ...readings('l-a1', T, { temperature: 99, powerKw: 0.15 }),
    ]);
    await db.insert(commands).values({
      equipmentId: 'm-a1',
      action: 'setPower',
      payload: { on: true },
      requestedAt: new Date('2026-03-01T08:00:00Z'),
      completedAt: new Date('2026-03-01T08:00:00.400Z'),
      status: 'confirmed',
    });

    device = connectMqtt(target, { clientId: 'fake-motors' });
    await whenConnected(device);
    await device.subscribeAsync('sentinela/+/+/cmd', { qos: 1 });
    device.on('message', (topic, payload) => {
      const [, site, id] = topic.split('/');
      received.push(id!);
      const cmd = JSON.parse(payload.toString()) as { id: string; params: Record<string, unknown> };
      const ack =
        id === 'm-a4'
          ? { id: cmd.id, ok: false, code: 'maintenanceLockout', error: 'locked out for maintenance' }
          : { id: cmd.id, ok: true, state: cmd.params };
      device.publish(`sentinela/${site}/${id}/ack`, JSON.stringify(ack), { qos: 1 });
    });

    operator = await server.enrolledClient(`operador-${kind}@example.com`, 'operator');
    viewer = await server.enrolledClient(`leitor-${kind}@example.com`, 'viewer');
    viewerEn = await server.enrolledClient(`reader-${kind}@example.com`, 'viewer', 'en');
    operatorEn = await server.enrolledClient(`otto-${kind}@example.com`, 'operator', 'en');
  });

  afterAll(async () => {
    await device.endAsync();
    await gateway.stop();
    await server.close();
    await broker.close();
  });

  it('sums up the motors: totals, operating, averages of the right motors, power', async () => {
    const all = await viewer.trpc.motors.summary.query({});
    expect(all).toEqual({
      total: 6,
      byStatus: { online: 4, offline: 0, maintenance: 1, error: 1 },
      // Online and on: m-a1, m-a3, m-b2 (no readings yet).
      operating: 3,
      // Online motors with a reading: (60 + 30 + 70) / 3; not the maintenance or tripped ones.
      averageTemperature: expect.closeTo(53.333, 3) as number,
      temperatureCount: 3,
      // Operating motors whose newest message carried efficiency: (90 + 94) / 2.
      averageEfficiency: 92,
      efficiencyCount: 2,
      totalPowerKw: 20,
      ratedPowerKw: 145.5,
      readingsAt: new Date(T + 1000),
    });
    const siteA = await viewer.trpc.motors.summary.query({ facilityId: ids.a });
    expect(siteA).toMatchObject({
      total: 4,
      operating: 2,
      temperatureCount: 3,
      averageEfficiency: 92,
      totalPowerKw: 20,
      ratedPowerKw: 78.5,
    });
    const pumps = await viewer.trpc.motors.summary.query({ roomId: ids.r2 });
    expect(pumps).toMatchObject({
      total: 2,
      operating: 1,
      averageTemperature: 70,
      averageEfficiency: 94,
      totalPowerKw: 15,
    });
    const none = await viewer.trpc.motors.summary.query({ roomId: '00000000-0000-0000-0000-000000000000' });
    expect(none).toMatchObject({
      total: 0,
      operating: 0,
      averageTemperature: null,
      averageEfficiency: null,
      totalPowerKw: 0,
      readingsAt: null,
    });
  });

  it('lists motors by name with their latest readings; stale efficiency is left out', async () => {
    const list = await viewer.trpc.motors.list.query({});
    expect(list.total).toBe(6);
    expect(list.items.map((m) => m.id)).toEqual(['m-a3', 'm-b1', 'm-b2', 'm-a4', 'm-a1', 'm-a2']);
    const a1 = list.items.find((m) => m.id === 'm-a1');
    expect(a1).toEqual({
      id: 'm-a1',
      name: 'Motor Esteira 01',
      status: 'online',
      location: 'Galpão 1, linha 2',
      facilityId: ids.a,
      facilityName: 'Planta A',
      roomId: ids.r1,
      roomName: 'Galpão 1',
      lockedBy: null,
      on: true,
      rated: { powerKw: 7.5, currentA: 15, rpm: 1765, voltageV: 380, efficiency: 91 },
      lastSeenAt: null,
      readingsAt: new Date(T),
      readings: { temperature: 60, vibration: 2, current: 10, efficiency: 90, rpm: 1750, powerKw: 5 },
    });
    expect(list.items.find((m) => m.id === 'm-a2')?.readings).toEqual({
      temperature: 30,
      vibration: 0.05,
      current: 0,
      efficiency: null,
      rpm: 0,
      powerKw: 0,
    });
    const b2 = list.items.find((m) => m.id === 'm-b2');
    expect(b2).toMatchObject({ on: true, roomId: null, roomName: null, readingsAt: null });
    expect(b2?.readings).toEqual({
      temperature: null,
      vibration: null,
      current: null,
      efficiency: null,
      rpm: null,
      powerKw: null,
    });
  });

  it('filters by search, status, power, facility and room, and pages on the server', async () => {
    const listed = async (input: Parameters<typeof viewer.trpc.motors.list.query>[0]) =>
      (await viewer.trpc.motors.list.query(input)).items.map((m) => m.id);
    expect(await listed({ search: 'esteira' })).toEqual(['m-a1', 'm-a2']);
    expect(await listed({ search: 'linha 2' })).toEqual(['m-a1', 'm-a2']);
    expect(await listed({ search: 'M-B' })).toEqual(['m-b1', 'm-b2']);
    expect(await listed({ search: '100%' })).toEqual([]);
    expect(await listed({ status: 'maintenance' })).toEqual(['m-a4']);
    expect(await listed({ power: 'off' })).toEqual(['m-b1', 'm-a4', 'm-a2']);
    expect(await listed({ power: 'on', status: 'online' })).toEqual(['m-a3', 'm-b2', 'm-a1']);
    expect(await listed({ facilityId: ids.b })).toEqual(['m-b1', 'm-b2']);
    expect(await listed({ roomId: ids.r1 })).toEqual(['m-a1', 'm-a2']);
    const page2 = await viewer.trpc.motors.list.query({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page2.items.map((m) => m.id)).toEqual(['m-b2', 'm-a4']);
  });

  it('offers the facilities and rooms that hold motors', async () => {
    expect(await viewer.trpc.motors.locations.query()).toEqual([
      { facilityId: ids.a, facilityName: 'Planta A', roomId: ids.r2, roomName: 'Casa de Bombas', count: 2 },
      { facilityId: ids.a, facilityName: 'Planta A', roomId: ids.r1, roomName: 'Galpão 1', count: 2 },
      { facilityId: ids.b, facilityName: 'Planta B', roomId: null, roomName: null, count: 2 },
    ]);
  });

  it('refuses bad input clearly, in the caller language', async () => {
    const badFacility = await failure(viewer.trpc.motors.list.query({ facilityId: 'campinas' }));
    expect(badFacility.code).toBe('BAD_REQUEST');
    expect(badFacility.message).toMatch(/^Dados inválidos: facilityId: /);
    expect((await failure(viewer.trpc.motors.list.query({ pageSize: 1000 }))).code).toBe('BAD_REQUEST');
    expect((await failure(viewer.trpc.motors.list.query({ status: 'broken' as 'online' }))).code).toBe('BAD_REQUEST');
    expect(await failure(viewerEn.trpc.motors.commands.query({ id: 'M A1' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid input: id: Invalid equipment.',
    });
    expect(await failure(viewer.trpc.motors.commands.query({ id: 'nope-1' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Equipamento não encontrado.',
    });
    expect((await failure(viewer.trpc.motors.commands.query({ id: 'l-a1' }))).code).toBe('BAD_REQUEST');
    expect(await failure(server.client().trpc.motors.summary.query({}))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses the on/off control to a viewer, changing nothing', async () => {
    expect(await failure(viewer.trpc.motors.setPower.mutate({ id: 'm-a1', on: false }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Você não tem permissão para esta ação.',
    });
    expect(await failure(viewerEn.trpc.motors.setPower.mutate({ id: 'm-a1', on: false }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission for this action.',
    });
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'm-a1'));
    expect(row?.state).toEqual({ on: true });
    expect(await viewer.trpc.motors.commands.query({ id: 'm-a1' })).toHaveLength(1);
  });

  it('turns a motor off when the device confirms, and keeps who/when/result in its history', async () => {
    const result = await operator.trpc.motors.setPower.mutate({ id: 'm-a1', on: false });
    expect(result).toMatchObject({ status: 'confirmed', equipmentId: 'm-a1', state: { on: false } });
    const list = await viewer.trpc.motors.list.query({ search: 'Esteira 01' });
    expect(list.items[0]?.on).toBe(false);
    expect((await viewer.trpc.motors.summary.query({})).operating).toBe(2);

    const history = await viewer.trpc.motors.commands.query({ id: 'm-a1' });
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      id: result.commandId,
      action: 'setPower',
      payload: { on: false },
      status: 'confirmed',
      requestedAt: server.clock.now(),
      error: null,
      requestedByName: `operador-${kind}`,
    });
    expect(history[1]).toMatchObject({
      status: 'confirmed',
      requestedByName: null,
      requestedAt: new Date('2026-03-01T08:00:00Z'),
    });
    expect(await viewer.trpc.motors.commands.query({ id: 'm-a1', limit: 1 })).toHaveLength(1);
  });

  it('refuses switching on a motor in maintenance or error, with the reason, sending and recording nothing', async () => {
    const before = await server.database.db.select().from(commands);
    received.length = 0;
    expect(await failure(operator.trpc.motors.setPower.mutate({ id: 'm-a4', on: true }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Moinho 01 está em manutenção: só aceita o comando de desligar.',
    });
    expect(await failure(operatorEn.trpc.motors.setPower.mutate({ id: 'm-b1', on: true }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Compressor 01 is in error: it can only be switched off.',
    });
    expect(received).toEqual([]);
    expect(await server.database.db.select().from(commands)).toHaveLength(before.length);
    // Switching off is the safe way: it stays allowed.
    expect(await operator.trpc.motors.setPower.mutate({ id: 'm-b1', on: false })).toMatchObject({
      status: 'confirmed',
      state: { on: false },
    });
    expect(received).toEqual(['m-b1']);
  });

  it('reports a refusal and leaves the motor as it was', async () => {
    const result = await operator.trpc.motors.setPower.mutate({ id: 'm-a4', on: false });
    expect(result).toMatchObject({ status: 'failed', code: 'maintenanceLockout', error: 'locked out for maintenance' });
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'm-a4'));
    expect(row?.state).toEqual({ on: false });
    const [latest] = await viewer.trpc.motors.commands.query({ id: 'm-a4' });
    expect(latest).toMatchObject({
      status: 'failed',
      error: 'locked out for maintenance',
      errorCode: 'maintenanceLockout',
      requestedByName: `operador-${kind}`,
    });
    expect(await failure(operator.trpc.motors.setPower.mutate({ id: 'l-a1', on: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Este comando não se aplica a este tipo de equipamento.',
    });
  });
});
