import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commands,
  equipment,
  facilities,
  rooms,
  telemetry,
  telemetry1h,
  telemetry1m,
  telemetryLatest,
} from '@sentinela/db/schema/plant';
import { auditLog } from '@sentinela/db/schema/audit';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../test/test-server';
import { cookieHeader, streamClient } from '../../test/stream-client';
import { startCommandGateway, type CommandGateway } from '../platform/commands/command-gateway';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { startIngest, type Ingest } from './ingest';
import type { LiveEvent } from './live-bus';
import { LiveBus } from './live-bus';
import { connectMqtt, whenConnected } from '../platform/mqtt-connection';
import { writeRaw } from './telemetry-writer';

const log = pino({ level: 'silent' });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The whole path with real parts: embedded broker, ingest, database, command gateway, tRPC over
// HTTP (and SSE), and a fake device that answers commands as a real one would.
describe.each(testDatabaseKinds())('telemetry path on %s', (kind) => {
  let broker: EmbeddedBroker;
  let gateway: CommandGateway;
  let server: TestServer;
  let ingest: Ingest;
  let device: MqttClient;
  let operator: TestClient;
  let viewer: TestClient;
  let roomId = '';
  const bus = new LiveBus();

  beforeAll(async () => {
    broker = await startEmbeddedBroker(0, '127.0.0.1', log);
    const target = { kind: 'embedded' as const, broker: broker.broker };
    gateway = startCommandGateway(target, log);
    server = await startTestServer(kind, { bus, commands: gateway, useClock: false });
    const [site] = await server.database.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Planta Campinas', city: 'Campinas' })
      .returning();
    const [room] = await server.database.db
      .insert(rooms)
      .values({ facilityId: site!.id, name: 'Galpão 1' })
      .returning();
    roomId = room!.id;
    await server.database.db.insert(equipment).values([
      {
        id: 'mtr-1',
        name: 'Motor Esteira 01',
        kind: 'motor',
        status: 'offline',
        facilityId: site!.id,
        roomId,
        state: { on: true },
      },
      {
        id: 'mtr-silent',
        name: 'Motor Mudo',
        kind: 'motor',
        status: 'online',
        facilityId: site!.id,
        state: { on: true },
      },
      {
        id: 'mtr-lwt',
        name: 'Motor Intermitente',
        kind: 'motor',
        status: 'offline',
        facilityId: site!.id,
        state: { on: true },
      },
      {
        id: 'lgt-1',
        name: 'Luminária 01',
        kind: 'light',
        status: 'online',
        facilityId: site!.id,
        roomId,
        state: { on: true, brightness: 100, mode: 'normal' },
      },
      {
        id: 'lgt-2',
        name: 'Luminária 02',
        kind: 'light',
        status: 'online',
        facilityId: site!.id,
        roomId,
        state: { on: false, brightness: 0, mode: 'normal' },
      },
      {
        id: 'lgt-bad',
        name: 'Luminária com defeito',
        kind: 'light',
        // Online as far as the portal knows: its driver refuses every command.
        status: 'online',
        facilityId: site!.id,
        roomId,
        state: { on: false },
      },
    ]);
    ingest = await startIngest({ db: server.database.db, bus, log, target, external: false, maxDelayMs: 50 });

    // The fake device side: acknowledges like the virtual plant; one refuses, one stays silent.
    device = connectMqtt(target, { clientId: 'fake-devices' });
    await whenConnected(device);
    await device.subscribeAsync('sentinela/cps/+/cmd', { qos: 1 });
    device.on('message', (topic, payload) => {
      const id = topic.split('/')[2]!;
      const cmd = JSON.parse(payload.toString()) as { id: string; params: Record<string, unknown> };
      if (id === 'mtr-silent') return;
      const ack =
        id === 'lgt-bad'
          ? { id: cmd.id, ok: false, error: 'driver fault' }
          : { id: cmd.id, ok: true, state: cmd.params };
      device.publish(`sentinela/cps/${id}/ack`, JSON.stringify(ack), { qos: 1 });
    });

    operator = await server.enrolledClient(`operador-${kind}@example.com`, 'operator');
    viewer = await server.enrolledClient(`leitor-${kind}@example.com`, 'viewer');
  });

  afterAll(async () => {
    await device.endAsync();
    await ingest.stop();
    await gateway.stop();
    await server.close();
    await broker.close();
  });

  it('takes telemetry in, keeps the latest values and brings the device online', async () => {
    const ts = Date.now();
    device.publish(
      'sentinela/cps/mtr-1/telemetry',
      JSON.stringify({ ts, metrics: { temperature: 71.5, rpm: 1745, current: 12.1 } }),
    );
    const latest = await until(
      () => viewer.trpc.telemetry.latest.query({ equipmentIds: ['mtr-1'] }),
      (rows) => rows.length === 3,
    );
    expect(Object.fromEntries(latest.map((r) => [r.metric, r.value]))).toEqual({
      temperature: 71.5,
      rpm: 1745,
      current: 12.1,
    });
    const list = await viewer.trpc.equipment.list.query({ search: 'esteira' });
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: 'mtr-1',
      status: 'online',
      facilityName: 'Planta Campinas',
      roomName: 'Galpão 1',
    });
    expect(list.items[0]?.lastSeenAt?.getTime()).toBe(ts);
    // What System Health reads: the batch's write time, nothing left to write, the last point's arrival.
    await ingest.flush();
    const stats = ingest.stats();
    expect(stats.lastBatchMs).toBeGreaterThanOrEqual(0);
    expect(stats.backlog).toBe(0);
    expect(stats.lastPointAt).toBeInstanceOf(Date);
  });

  it('counts and drops bad messages without stopping', async () => {
    const before = ingest.stats().dropped;
    const now = Date.now();
    device.publish('sentinela/cps/mtr-1/telemetry', '{not json');
    device.publish('sentinela/cps/nope-99/telemetry', JSON.stringify({ ts: now, metrics: { a: 1 } }));
    device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: now, metrics: { temperature: 'hot' } }));
    device.publish(
      'sentinela/cps/mtr-1/telemetry',
      JSON.stringify({ ts: now + 86_400_000, metrics: { temperature: 1 } }),
    );
    device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: 0, metrics: { temperature: 1 } }));
    device.publish(
      'sentinela/cps/mtr-1/telemetry',
      JSON.stringify({ ts: now, metrics: { big: 1 }, pad: 'x'.repeat(70_000) }),
    );
    device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: now, metrics: { temperature: 72 } }));
    await until(
      () => Promise.resolve(ingest.stats().dropped),
      (d) => d.malformed > before.malformed && d.tooLarge > before.tooLarge,
    );
    const after = ingest.stats().dropped;
    expect(after.malformed - before.malformed).toBe(1);
    expect(after.unknownEquipment - before.unknownEquipment).toBe(1);
    expect(after.invalid - before.invalid).toBe(1);
    expect(after.badTimestamp - before.badTimestamp).toBe(2);
    expect(after.tooLarge - before.tooLarge).toBe(1);
    // And the good message after them still went in.
    await until(
      () => viewer.trpc.telemetry.latest.query({ equipmentIds: ['mtr-1'] }),
      (rows) => rows.some((r) => r.metric === 'temperature' && r.value === 72),
    );
  });

  it('keeps the newest latest value when an older point arrives after it', async () => {
    const base = Date.now() - 10_000;
    device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: base + 2000, metrics: { pressure: 2 } }));
    device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: base + 1000, metrics: { pressure: 1 } }));
    const db = server.database.db;
    await until(
      () =>
        db
          .select()
          .from(telemetry)
          .where(and(eq(telemetry.equipmentId, 'mtr-1'), eq(telemetry.metric, 'pressure'))),
      (rows) => rows.length === 2,
    );
    await ingest.flush();
    const [latest] = await db
      .select()
      .from(telemetryLatest)
      .where(and(eq(telemetryLatest.equipmentId, 'mtr-1'), eq(telemetryLatest.metric, 'pressure')));
    expect(latest).toMatchObject({ value: 2, ts: new Date(base + 2000) });
  });

  it('brings an offline device online on data, and a later "offline" (LWT) wins over that data', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = bus.subscribe((e) => {
      if (e.type === 'status' && e.equipmentId === 'mtr-lwt') events.push(e);
    });
    const db = server.database.db;
    const statusOf = async () => (await db.select().from(equipment).where(eq(equipment.id, 'mtr-lwt')))[0]?.status;
    try {
      device.publish('sentinela/cps/mtr-lwt/telemetry', JSON.stringify({ ts: Date.now(), metrics: { rpm: 1750 } }));
      await until(statusOf, (s) => s === 'online');
      expect(events.map((e) => e.type === 'status' && e.status)).toEqual(['online']);

      // Offline again, then data and its last will right behind it: offline is the last word.
      await db.update(equipment).set({ status: 'offline' }).where(eq(equipment.id, 'mtr-lwt'));
      events.length = 0;
      device.publish('sentinela/cps/mtr-lwt/telemetry', JSON.stringify({ ts: Date.now(), metrics: { rpm: 1751 } }));
      device.publish('sentinela/cps/mtr-lwt/status', 'offline');
      await until(
        () => Promise.resolve(events.length),
        (n) => n >= 2,
      );
      await ingest.flush();
      await new Promise((r) => setTimeout(r, 100));
      expect(await statusOf()).toBe('offline');
      expect(events.map((e) => e.type === 'status' && e.status)).toEqual(['online', 'offline']);
    } finally {
      unsubscribe();
    }
  });

  /** A second ingest on the same database and broker, as after a restart. */
  const restartIngest = (clientIdPrefix: string, extra: Partial<Parameters<typeof startIngest>[0]> = {}) =>
    startIngest({
      db: server.database.db,
      bus,
      log,
      target: { kind: 'embedded', broker: broker.broker },
      external: false,
      clientIdPrefix,
      ...extra,
    });

  it('counts the minutes it takes in (rollups from memory), and a redelivered point’s from raw', async () => {
    // From here on the ingest counts its rollups in memory, as on PGlite in the server.
    await ingest.stop();
    ingest = await restartIngest('counted', { rollupsFrom: 'memory', rollups: 'scheduler', maxDelayMs: 50 });
    // Subscribed once a point of its own arrives.
    await until(
      async () => {
        device.publish('sentinela/cps/mtr-1/telemetry', JSON.stringify({ ts: Date.now(), metrics: { probe: 1 } }));
        await ingest.flush();
        return ingest.stats().written;
      },
      (written) => written > 0,
    );
    const minute = Math.ceil(Date.now() / 60_000) * 60_000 + 120_000;
    const send = (offset: number, value: number) =>
      device.publishAsync(
        'sentinela/cps/mtr-1/telemetry',
        JSON.stringify({ ts: minute + offset, metrics: { counted: value } }),
        { qos: 1 },
      );
    const db = server.database.db;
    /** The rollups once the raw points of the minute add up to `sum` (every point committed). */
    const rolled = async (sum: number) => {
      await until(
        async () => {
          await ingest.flush();
          const rows = await db.select().from(telemetry).where(eq(telemetry.metric, 'counted'));
          return rows.reduce((n, r) => n + r.value, 0);
        },
        (total) => total === sum,
      );
      await ingest.recomputeRollups();
      const [m] = await db.select().from(telemetry1m).where(eq(telemetry1m.metric, 'counted'));
      const [h] = await db.select().from(telemetry1h).where(eq(telemetry1h.metric, 'counted'));
      return { minute: m, hour: h };
    };
    for (const [offset, value] of [
      [1_000, 2],
      [2_000, 4],
      [3_000, 6],
    ] as const)
      await send(offset, value);
    const whole = { bucket: new Date(minute), count: 3, sum: 12, min: 2, max: 6 };
    expect(await rolled(12)).toMatchObject({ minute: whole, hour: { count: 3, sum: 12, min: 2, max: 6 } });
    await send(2_000, 10); // the same point again, another value: it replaces 4
    const again = { count: 3, sum: 18, min: 2, max: 10 };
    expect(await rolled(18)).toMatchObject({ minute: { ...whole, ...again }, hour: again });
  });

  it('rebuilds latest values and last contact from raw points at start (what a crash lost)', async () => {
    const db = server.database.db;
    const ts = Date.now() + 1000;
    // Committed raw points whose coalesced derived write never happened.
    await writeRaw(db, [{ equipmentId: 'mtr-silent', ts, metrics: { rebuilt: 5 } }]);
    const restarted = await restartIngest('restarted');
    await restarted.stop();
    const [latest] = await db.select().from(telemetryLatest).where(eq(telemetryLatest.metric, 'rebuilt'));
    expect(latest).toMatchObject({ equipmentId: 'mtr-silent', value: 5, ts: new Date(ts) });
    const [row] = await db.select().from(equipment).where(eq(equipment.id, 'mtr-silent'));
    expect(row?.lastSeenAt?.getTime()).toBe(ts);
  });

  it('rolls up at start the minutes a crash left without rollups', async () => {
    const db = server.database.db;
    // Committed raw points whose minute was never rolled up (the dirty minutes lived in memory).
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000;
    await writeRaw(db, [
      { equipmentId: 'mtr-silent', ts: minute + 1_000, metrics: { unrolled: 2 } },
      { equipmentId: 'mtr-silent', ts: minute + 2_000, metrics: { unrolled: 4 } },
    ]);
    const restarted = await restartIngest('unrolled', { rollups: 'scheduler' });
    await restarted.recomputeRollups();
    const rows = await db.select().from(telemetry1m).where(eq(telemetry1m.metric, 'unrolled'));
    await restarted.stop();
    expect(rows).toMatchObject([
      { equipmentId: 'mtr-silent', bucket: new Date(minute), count: 2, sum: 6, min: 2, max: 4 },
    ]);
  });

  it('turns a motor off through the device, confirmed, logged and audited', async () => {
    const result = await operator.trpc.motors.setPower.mutate({ id: 'mtr-1', on: false });
    expect(result).toMatchObject({ status: 'confirmed', equipmentId: 'mtr-1', state: { on: false } });
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'mtr-1'));
    expect(row?.state).toEqual({ on: false });
    const [cmd] = await server.database.db.select().from(commands).where(eq(commands.id, result.commandId));
    expect(cmd).toMatchObject({ status: 'confirmed', action: 'setPower' });
    expect(cmd?.completedAt).toBeInstanceOf(Date);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'command.setPower'));
    expect(audit.at(-1)).toMatchObject({
      result: 'success',
      target: 'mtr-1',
      actorEmail: `operador-${kind}@example.com`,
    });
  });

  it('reports a refusal and a silent device without changing their state', async () => {
    expect(await operator.trpc.lights.set.mutate({ id: 'lgt-bad', on: true })).toMatchObject({
      status: 'failed',
      error: 'driver fault',
    });
    const silent = await operator.trpc.motors.setPower.mutate({ id: 'mtr-silent', on: false });
    expect(silent.status).toBe('timeout');
    const [row] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'mtr-silent'));
    expect(row?.state).toEqual({ on: true });
  }, 15_000);

  it('applies eco to the lights of a room and answers the counts', async () => {
    expect(await operator.trpc.lights.bulk.mutate({ action: 'eco', roomId })).toEqual({
      total: 3,
      confirmed: 2,
      failed: 1,
      timeout: 0,
      skipped: [],
    });
    const rows = await server.database.db.select().from(equipment).where(eq(equipment.id, 'lgt-2'));
    expect(rows[0]?.state).toEqual({ on: true, brightness: 50, mode: 'eco' });
  });

  it('refuses control to a viewer, a wrong kind and bad input, clearly', async () => {
    await expect(viewer.trpc.motors.setPower.mutate({ id: 'mtr-1', on: true })).rejects.toThrow(
      'Você não tem permissão para esta ação.',
    );
    await expect(operator.trpc.motors.setPower.mutate({ id: 'lgt-1', on: true })).rejects.toThrow(
      'Este comando não se aplica a este tipo de equipamento.',
    );
    await expect(operator.trpc.motors.setPower.mutate({ id: 'mtr-404', on: true })).rejects.toThrow(
      'Equipamento não encontrado.',
    );
    await expect(operator.trpc.lights.set.mutate({ id: 'lgt-1', brightness: 150 })).rejects.toThrow('Dados inválidos');
    await expect(operator.trpc.lights.set.mutate({ id: 'lgt-1' })).rejects.toThrow('Nada a alterar.');
  });

  it('pushes live values to a signed-in client over SSE', async () => {
    const client = streamClient(server.base, () => cookieHeader(operator.cookies));
    const received: unknown[] = [];
    const subscription = client.live.events.subscribe(
      { equipmentIds: ['mtr-1'] },
      { onData: (data) => received.push(...data.events) },
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      device.publish(
        'sentinela/cps/mtr-1/telemetry',
        JSON.stringify({ ts: Date.now(), metrics: { temperature: 73.2 } }),
      );
      await until(
        () => Promise.resolve(received),
        (events) => events.some((e) => (e as { metrics?: { temperature?: number } }).metrics?.temperature === 73.2),
      );
    } finally {
      subscription.unsubscribe();
    }
  });

  it('answers history downsampled from raw points', async () => {
    const base = Date.now() - 60_000;
    for (let i = 0; i < 30; i++) {
      device.publish(
        'sentinela/cps/mtr-1/telemetry',
        JSON.stringify({ ts: base + i * 1000, metrics: { vibration: i } }),
      );
    }
    await until(
      () =>
        viewer.trpc.telemetry.series.query({
          equipmentId: 'mtr-1',
          metric: 'vibration',
          from: new Date(base),
          to: new Date(base + 30_000),
          maxPoints: 10,
        }),
      (s) => s.points.reduce((n, p) => n + p.count, 0) === 30,
    );
    const series = await viewer.trpc.telemetry.series.query({
      equipmentId: 'mtr-1',
      metric: 'vibration',
      from: new Date(base),
      to: new Date(base + 30_000),
      maxPoints: 10,
    });
    expect(series.source).toBe('raw');
    expect(series.points.length).toBeLessThanOrEqual(11);
    expect(Math.min(...series.points.map((p) => p.min))).toBe(0);
    expect(Math.max(...series.points.map((p) => p.max))).toBe(29);
    await expect(
      viewer.trpc.telemetry.series.query({
        equipmentId: 'mtr-1',
        metric: 'vibration',
        from: new Date(base),
        to: new Date(base - 1),
      }),
    ).rejects.toThrow('Intervalo de tempo inválido');
  });
});
