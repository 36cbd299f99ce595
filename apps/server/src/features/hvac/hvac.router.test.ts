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

// The HVAC API on a real database, with the real command path (embedded broker, gateway, a fake
// unit that acknowledges as the virtual plant does; the one in maintenance refuses).
describe.each(testDatabaseKinds())('HVAC API on %s', (kind) => {
  let broker: EmbeddedBroker;
  let gateway: CommandGateway;
  let device: MqttClient;
  let server: TestServer;
  let operator: TestClient;
  let viewer: TestClient;
  let operatorEn: TestClient;
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
    const [offices, yard, servers, officesB, store] = await db
      .insert(rooms)
      .values([
        { facilityId: a!.id, name: 'Escritórios', kind: 'office' },
        { facilityId: a!.id, name: 'Patio Externo', kind: 'outdoor' },
        { facilityId: a!.id, name: 'Sala de Servidores', kind: 'server-room' },
        { facilityId: b!.id, name: 'Escritórios', kind: 'office' },
        { facilityId: b!.id, name: 'Armazém', kind: 'warehouse' },
      ])
      .returning();
    Object.assign(ids, {
      a: a!.id,
      b: b!.id,
      offices: offices!.id,
      yard: yard!.id,
      servers: servers!.id,
      officesB: officesB!.id,
    });
    const hvac = (
      id: string,
      name: string,
      status: 'online' | 'maintenance',
      roomId: string,
      facilityId: string,
      state: Record<string, unknown>,
    ) => ({
      id,
      name,
      kind: 'hvac' as const,
      status,
      facilityId,
      roomId,
      location: 'Teto',
      rated: { coolingKw: 10.5, powerKw: 3.3 },
      state,
    });
    await db.insert(equipment).values([
      hvac('h-1', 'Split Escritório 01', 'online', offices!.id, a!.id, { on: true, setpoint: 23, mode: 'cool' }),
      hvac('h-2', 'Split Escritório 02', 'online', offices!.id, a!.id, { on: false, setpoint: 22, mode: 'cool' }),
      hvac('h-3', 'Ar de Precisão 01', 'maintenance', servers!.id, a!.id, { on: false, setpoint: 22, mode: 'cool' }),
      // Never commanded: its set-point is the one it reports.
      hvac('h-4', 'Split Joinville 01', 'online', officesB!.id, b!.id, { on: true }),
      {
        id: 's-1',
        name: 'Estação Meteorológica',
        kind: 'sensor',
        status: 'online',
        facilityId: a!.id,
        roomId: yard!.id,
      },
      {
        id: 'l-1',
        name: 'Luminária Armazém 01',
        kind: 'light',
        status: 'online',
        facilityId: b!.id,
        roomId: store!.id,
      },
      {
        id: 'm-1',
        name: 'Motor Esteira 01',
        kind: 'motor',
        status: 'online',
        facilityId: b!.id,
        roomId: store!.id,
        state: { on: true },
      },
    ]);
    const readings = (equipmentId: string, at: number, metrics: Record<string, number>) =>
      Object.entries(metrics).map(([metric, value]) => ({ equipmentId, metric, value, ts: new Date(at) }));
    await db.insert(telemetryLatest).values([
      ...readings('h-1', T, { supplyTemp: 13, returnTemp: 24, setpoint: 23, humidity: 50, powerKw: 3, on: 1 }),
      ...readings('h-2', T, { supplyTemp: 26, returnTemp: 26, setpoint: 22, humidity: 60, powerKw: 0.05, on: 0 }),
      ...readings('h-3', T - 3_600_000, {
        supplyTemp: 30,
        returnTemp: 30,
        setpoint: 22,
        humidity: 40,
        powerKw: 0.05,
      }),
      ...readings('h-4', T + 2000, { supplyTemp: 14, returnTemp: 25, setpoint: 24, humidity: 55, powerKw: 2 }),
      ...readings('s-1', T, { temperature: 28, humidity: 70 }),
      ...readings('l-1', T, { powerW: 150 }),
    ]);

    device = connectMqtt(target, { clientId: 'fake-hvac' });
    await whenConnected(device);
    await device.subscribeAsync('sentinela/+/+/cmd', { qos: 1 });
    device.on('message', (topic, payload) => {
      const [, site, id] = topic.split('/');
      const cmd = JSON.parse(payload.toString()) as { id: string; params: Record<string, unknown> };
      const ack =
        id === 'h-3'
          ? { id: cmd.id, ok: false, error: 'locked out for maintenance' }
          : { id: cmd.id, ok: true, state: cmd.params };
      device.publish(`sentinela/${site}/${id}/ack`, JSON.stringify(ack), { qos: 1 });
    });

    operator = await server.enrolledClient(`operador-${kind}@example.com`, 'operator');
    operatorEn = await server.enrolledClient(`operator-${kind}@example.com`, 'operator', 'en');
    viewer = await server.enrolledClient(`leitor-${kind}@example.com`, 'viewer');
  });

  afterAll(async () => {
    await device.endAsync();
    await gateway.stop();
    await server.close();
    await broker.close();
  });

  it('sums up the units: running ones for supply air and set-point, online ones for the rest', async () => {
    expect(await viewer.trpc.hvac.summary.query({})).toEqual({
      total: 4,
      online: 3,
      running: 2,
      averageSupplyTemp: 13.5,
      averageSetpoint: 23.5,
      averageReturnTemp: 25,
      averageHumidity: 55,
      totalPowerKw: expect.closeTo(5.05, 6) as number,
      readingsAt: new Date(T + 2000),
      setpointLimits: { min: 10, max: 35 },
    });
    expect(await viewer.trpc.hvac.summary.query({ facilityId: ids.b })).toMatchObject({
      total: 1,
      running: 1,
      averageSupplyTemp: 14,
      averageReturnTemp: 25,
      totalPowerKw: 2,
    });
  });

  it('lists units with confirmed state, set-point and latest readings, filtered and paged', async () => {
    const list = await viewer.trpc.hvac.list.query({});
    expect(list).toMatchObject({ total: 4, page: 1, pageSize: 25, setpointLimits: { min: 10, max: 35 } });
    expect(list.items.map((u) => u.id)).toEqual(['h-3', 'h-1', 'h-2', 'h-4']);
    expect(list.items[1]).toEqual({
      id: 'h-1',
      name: 'Split Escritório 01',
      status: 'online',
      location: 'Teto',
      facilityId: ids.a,
      facilityName: 'Planta A',
      roomId: ids.offices,
      roomName: 'Escritórios',
      lockedBy: null,
      on: true,
      mode: 'cool',
      setpoint: 23,
      rated: { coolingKw: 10.5, powerKw: 3.3 },
      readingsAt: new Date(T),
      readings: { supplyTemp: 13, returnTemp: 24, setpoint: 23, humidity: 50, powerKw: 3 },
    });
    expect(list.items[3]).toMatchObject({ id: 'h-4', on: true, mode: null, setpoint: 24 });
    const listed = async (input: Parameters<typeof viewer.trpc.hvac.list.query>[0]) =>
      (await viewer.trpc.hvac.list.query(input)).items.map((u) => u.id);
    expect(await listed({ search: 'escrit' })).toEqual(['h-1', 'h-2']);
    expect(await listed({ status: 'maintenance' })).toEqual(['h-3']);
    expect(await listed({ facilityId: ids.b })).toEqual(['h-4']);
    expect(await listed({ roomId: ids.offices })).toEqual(['h-1', 'h-2']);
    const page2 = await viewer.trpc.hvac.list.query({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.items.map((u) => u.id)).toEqual(['h-4']);
    expect(await viewer.trpc.hvac.locations.query()).toEqual([
      { facilityId: ids.a, facilityName: 'Planta A', count: 3 },
      { facilityId: ids.b, facilityName: 'Planta B', count: 1 },
    ]);
  });

  it('gives each room with HVAC or sensors its temperature, humidity and set-point', async () => {
    const rooms = await viewer.trpc.hvac.rooms.query({});
    expect(rooms.total).toBe(4);
    expect(rooms.items).toEqual([
      {
        roomId: ids.offices,
        roomName: 'Escritórios',
        roomKind: 'office',
        facilityId: ids.a,
        facilityName: 'Planta A',
        hvacCount: 2,
        hvacRunning: 1,
        sensorCount: 0,
        temperature: 25,
        temperatureSource: 'hvac',
        humidity: 55,
        setpoint: 22.5,
        readingsAt: new Date(T),
      },
      expect.objectContaining({
        roomId: ids.yard,
        hvacCount: 0,
        sensorCount: 1,
        temperature: 28,
        temperatureSource: 'sensor',
        humidity: 70,
        setpoint: null,
      }),
      // Its only unit is in maintenance: no current reading, but a set-point.
      expect.objectContaining({
        roomId: ids.servers,
        hvacCount: 1,
        hvacRunning: 0,
        temperature: null,
        temperatureSource: null,
        humidity: null,
        setpoint: 22,
      }),
      expect.objectContaining({
        roomId: ids.officesB,
        facilityName: 'Planta B',
        temperature: 25,
        setpoint: 24,
        hvacRunning: 1,
      }),
    ]);
    const page2 = await viewer.trpc.hvac.rooms.query({ page: 2, pageSize: 3 });
    expect(page2.items.map((r) => r.roomId)).toEqual([ids.officesB]);
    const siteB = await viewer.trpc.hvac.rooms.query({ facilityId: ids.b });
    expect(siteB).toMatchObject({ total: 1, items: [{ roomId: ids.officesB }] });
  });

  it('refuses a set-point outside 10–35 °C or not a number, clearly and in the caller language', async () => {
    expect(await failure(operator.trpc.hvac.setSetpoint.mutate({ id: 'h-1', setpoint: 40 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Dados inválidos: setpoint: O set-point deve estar entre 10 e 35 °C.',
    });
    expect(await failure(operatorEn.trpc.hvac.setSetpoint.mutate({ id: 'h-1', setpoint: 9.9 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid input: setpoint: The set-point must be between 10 and 35 °C (50 and 95 °F).',
    });
    expect(
      (await failure(operator.trpc.hvac.setSetpoint.mutate({ id: 'h-1', setpoint: '22' as unknown as number })))
        .message,
    ).toBe('Dados inválidos: setpoint: O set-point deve estar entre 10 e 35 °C.');
    expect(await failure(operator.trpc.hvac.setSetpoint.mutate({ id: 'm-1', setpoint: 22 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Este comando não se aplica a este tipo de equipamento.',
    });
    expect((await failure(viewer.trpc.hvac.list.query({ facilityId: 'x' }))).code).toBe('BAD_REQUEST');
    expect((await failure(viewer.trpc.hvac.rooms.query({ pageSize: 0 }))).code).toBe('BAD_REQUEST');
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'h-1'));
    expect(row?.state).toEqual({ on: true, setpoint: 23, mode: 'cool' });
  });

  it('refuses set-point and power changes to a viewer', async () => {
    expect(await failure(viewer.trpc.hvac.setSetpoint.mutate({ id: 'h-1', setpoint: 21 }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Você não tem permissão para esta ação.',
    });
    expect((await failure(viewer.trpc.hvac.setPower.mutate({ id: 'h-2', on: true }))).code).toBe('FORBIDDEN');
    expect(await server.database.db.select().from(commands)).toEqual([]);
  });

  it('changes a set-point when the unit confirms it; the list and room show the new one', async () => {
    const result = await operator.trpc.hvac.setSetpoint.mutate({ id: 'h-1', setpoint: 21.5 });
    expect(result).toMatchObject({ status: 'confirmed', equipmentId: 'h-1', state: { setpoint: 21.5 } });
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'h-1'));
    expect(row?.state).toEqual({ on: true, setpoint: 21.5, mode: 'cool' });
    const list = await viewer.trpc.hvac.list.query({ search: 'Escritório 01' });
    expect(list.items[0]?.setpoint).toBe(21.5);
    const rooms = await viewer.trpc.hvac.rooms.query({ facilityId: ids.a });
    expect(rooms.items[0]?.setpoint).toBe(21.75);
    const [cmd] = await server.database.db.select().from(commands).where(eq(commands.id, result.commandId));
    expect(cmd).toMatchObject({ action: 'setSetpoint', payload: { setpoint: 21.5 }, status: 'confirmed' });
  });

  it('switches a unit on when it confirms; a unit that refuses stays as it was', async () => {
    expect(await operator.trpc.hvac.setPower.mutate({ id: 'h-2', on: true })).toMatchObject({ status: 'confirmed' });
    expect((await viewer.trpc.hvac.summary.query({})).running).toBe(3);
    expect(await failure(operatorEn.trpc.hvac.setPower.mutate({ id: 'h-3', on: true }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Ar de Precisão 01 is under maintenance: it can only be switched off.',
    });
    expect(await operator.trpc.hvac.setPower.mutate({ id: 'h-3', on: false })).toMatchObject({
      status: 'failed',
      error: 'locked out for maintenance',
    });
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'h-3'));
    expect(row?.state).toEqual({ on: false, setpoint: 22, mode: 'cool' });
  });
});
