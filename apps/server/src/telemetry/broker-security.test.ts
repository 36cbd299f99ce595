import { and, count, eq } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { equipment, facilities, telemetry } from '@sentinela/db/schema/plant';
import { createTestDatabase } from '@sentinela/db/test/test-database';
import { startCommandGateway, type CommandGateway } from '../platform/commands/command-gateway';
import { connectMqtt, whenConnected } from '../platform/mqtt-connection';
import type { DeviceDirectory } from './device-directory';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { startIngest, type Ingest } from './ingest';
import { LiveBus } from './live-bus';

const log = pino({ level: 'silent' });

/** A directory whose secrets can be revoked while devices are connected. */
function mutableDirectory() {
  const devices: Record<string, { site: string; secret: string; valid: boolean; speaksFor?: Record<string, string> }> =
    {};
  const directory: DeviceDirectory = {
    authenticate(username, secret) {
      const d = devices[username];
      const ok = d?.valid === true && d.secret === secret.toString();
      return Promise.resolve(ok ? { equipmentId: username, credentialId: username } : null);
    },
    scope(id) {
      const d = devices[id];
      return d ? new Map([[id, d.site], ...Object.entries(d.speaksFor ?? {})]) : null;
    },
    isValid: (credentialId) => devices[credentialId]?.valid === true,
    reload: async () => {},
  };
  return { devices, directory };
}

/** The CONNACK of a connection attempt: its return code (0: accepted), or 'closed'. */
function connackOf(url: string, options: IClientOptions): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3000, ...options });
    client.on('connect', () => {
      resolve(0);
      client.end(true);
    });
    client.on('error', (error: Error & { code?: number }) => {
      resolve(typeof error.code === 'number' ? error.code : 'closed');
      client.end(true);
    });
    client.on('close', () => resolve('closed'));
  });
}

async function device(url: string, username: string, secret: string, extra: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: `${username}-${Math.random().toString(16).slice(2, 8)}`,
    username,
    password: secret,
    reconnectPeriod: 0,
    ...extra,
  });
  await whenConnected(client, 5000);
  return client;
}

/** What a SUBSCRIBE was granted, topic by topic (128: refused; mqtt.js then rejects with the SUBACK). */
async function grants(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics, { qos: 1 })).map((g) => g.qos);
  } catch (error) {
    const granted = (error as { packet?: { granted?: (number | { reasonCode?: number })[] } }).packet?.granted;
    if (!granted) throw error;
    return granted.map((g) => (typeof g === 'number' ? g : (g.reasonCode ?? -1)));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('embedded broker security', () => {
  let handle: DatabaseHandle;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  let gateway: CommandGateway;
  let url = '';
  const { devices, directory } = mutableDirectory();
  const bus = new LiveBus();

  const stored = async (equipmentId: string) => {
    await ingest.flush();
    const [row] = await handle.db.select({ n: count() }).from(telemetry).where(eq(telemetry.equipmentId, equipmentId));
    return row!.n;
  };

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    const [site] = await handle.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Campinas', city: 'Campinas' })
      .returning();
    const [other] = await handle.db
      .insert(facilities)
      .values({ code: 'rec', name: 'Recife', city: 'Recife' })
      .returning();
    await handle.db.insert(equipment).values([
      { id: 'm1', name: 'Motor 1', kind: 'motor', facilityId: site!.id, state: { on: true } },
      { id: 'm2', name: 'Motor 2', kind: 'motor', status: 'online', facilityId: site!.id, state: { on: true } },
      { id: 'gw', name: 'Gateway', kind: 'gateway', facilityId: site!.id },
      { id: 'm3', name: 'Motor 3', kind: 'motor', facilityId: site!.id, gatewayId: 'gw' },
      { id: 'r1', name: 'Motor Recife', kind: 'motor', facilityId: other!.id },
    ]);
    devices.m1 = { site: 'cps', secret: 'secret-m1-0123456789', valid: true };
    devices.m2 = { site: 'cps', secret: 'secret-m2-0123456789', valid: true };
    devices.gw = { site: 'cps', secret: 'secret-gw-0123456789', valid: true, speaksFor: { m3: 'cps' } };
    devices.r1 = { site: 'rec', secret: 'secret-r1-0123456789', valid: true };
    broker = await startEmbeddedBroker(0, '127.0.0.1', log, {
      directory,
      limits: { maxPacketBytes: 64 * 1024, maxMessagesPerSecond: 200 },
    });
    url = `mqtt://127.0.0.1:${broker.port}`;
    const target = { kind: 'embedded' as const, broker: broker.broker };
    ingest = await startIngest({
      db: handle.db,
      bus,
      log,
      target,
      external: false,
      intake: broker.guard,
      maxDelayMs: 20,
    });
    gateway = startCommandGateway(target, log);
  });

  afterAll(async () => {
    await gateway?.stop();
    await ingest?.stop();
    await broker?.close();
    await handle?.close();
  });

  it('refuses an anonymous client, a wrong secret, another device’s secret and a reserved name (CONNACK 5)', async () => {
    expect(await connackOf(url, { clientId: 'anon' })).toBe(5);
    expect(await connackOf(url, { clientId: 'x', username: 'm1', password: 'wrong' })).toBe(5);
    expect(await connackOf(url, { clientId: 'x', username: 'm1', password: devices.m2!.secret })).toBe(5);
    expect(await connackOf(url, { clientId: 'x', username: '$server', password: 'anything' })).toBe(5);
    expect(await connackOf(url, { clientId: 'x', username: 'm1', password: devices.m1!.secret })).toBe(0);
    const counts = broker.guard.counts();
    expect(counts.anonymous).toBeGreaterThanOrEqual(1);
    expect(counts.badCredentials).toBeGreaterThanOrEqual(3);
  });

  it('acknowledges a QoS 1 point only once it is committed', async () => {
    const m1 = await device(url, 'm1', devices.m1!.secret);
    try {
      const ts = Date.now();
      await m1.publishAsync('sentinela/cps/m1/telemetry', JSON.stringify({ ts, metrics: { temperature: 41.5 } }), {
        qos: 1,
      });
      // No flush: the PUBACK itself says the row is there.
      const [row] = await handle.db
        .select({ n: count() })
        .from(telemetry)
        .where(and(eq(telemetry.equipmentId, 'm1'), eq(telemetry.ts, new Date(ts))));
      expect(row!.n).toBe(1);
    } finally {
      await m1.endAsync();
    }
  });

  it('drops what a device publishes for another device, another site or a command, and refuses # and others’ cmd', async () => {
    const m1 = await device(url, 'm1', devices.m1!.secret);
    try {
      const before = { m2: await stored('m2'), r1: await stored('r1') };
      const point = JSON.stringify({ ts: Date.now(), metrics: { temperature: 180.5 } });
      await m1.publishAsync('sentinela/cps/m2/telemetry', point, { qos: 1 });
      await m1.publishAsync('sentinela/rec/r1/telemetry', point, { qos: 1 });
      await m1.publishAsync('sentinela/rec/m1/telemetry', point, { qos: 1 });
      await m1.publishAsync('sentinela/cps/m2/status', 'offline', { qos: 1, retain: true });
      expect(await grants(m1, ['#', 'sentinela/cps/m2/cmd', 'sentinela/cps/+/cmd', '$SYS/#'])).toEqual([
        128, 128, 128, 128,
      ]);
      expect(await grants(m1, ['sentinela/cps/m1/cmd'])).toEqual([1]);
      expect(await stored('m2')).toBe(before.m2);
      expect(await stored('r1')).toBe(before.r1);
      const [m2] = await handle.db.select().from(equipment).where(eq(equipment.id, 'm2'));
      expect(m2!.status).toBe('online');
      expect(broker.guard.counts().topic).toBeGreaterThanOrEqual(4);
      expect(broker.guard.counts().subscription).toBeGreaterThanOrEqual(4);
    } finally {
      await m1.endAsync();
    }
  });

  it('lets only the server send commands, and believes an ack only from the device itself', async () => {
    const m1 = await device(url, 'm1', devices.m1!.secret);
    const m2 = await device(url, 'm2', devices.m2!.secret);
    try {
      // m2 tries to command m1 and to answer for m1.
      const received: string[] = [];
      await m1.subscribeAsync('sentinela/cps/m1/cmd', { qos: 1 });
      m1.on('message', (_topic, payload) => received.push(payload.toString()));
      await m2.publishAsync(
        'sentinela/cps/m1/cmd',
        JSON.stringify({ id: 'x', action: 'setPower', params: { on: false } }),
        {
          qos: 1,
        },
      );
      await sleep(200);
      expect(received).toEqual([]);

      const sent = gateway.send('cps', 'm1', 'cmd-1', 'setPower', { on: false }, 1500);
      await sleep(100);
      expect(received).toHaveLength(1);
      await m2.publishAsync('sentinela/cps/m1/ack', JSON.stringify({ id: 'cmd-1', ok: true, state: { on: true } }), {
        qos: 1,
      });
      await sleep(100);
      await m1.publishAsync('sentinela/cps/m1/ack', JSON.stringify({ id: 'cmd-1', ok: true, state: { on: false } }), {
        qos: 1,
      });
      expect(await sent).toEqual({ status: 'confirmed', state: { on: false } });
    } finally {
      await Promise.all([m1.endAsync(), m2.endAsync()]);
    }
  });

  it('lets a gateway publish for its own devices over one connection, and nothing else', async () => {
    const gw = await device(url, 'gw', devices.gw!.secret);
    try {
      const before = { m3: await stored('m3'), m1: await stored('m1') };
      const point = (v: number) => JSON.stringify({ ts: Date.now() + v, metrics: { temperature: 40 + v } });
      await gw.publishAsync('sentinela/cps/m3/telemetry', point(1), { qos: 1 });
      await gw.publishAsync('sentinela/cps/m1/telemetry', point(2), { qos: 1 });
      expect(await grants(gw, ['sentinela/cps/m3/cmd', 'sentinela/cps/m1/cmd'])).toEqual([1, 128]);
      expect(await stored('m3')).toBe(before.m3 + 1);
      expect(await stored('m1')).toBe(before.m1);
    } finally {
      await gw.endAsync();
    }
  });

  it('keeps no retained telemetry, nor a retained status that is not online/offline', async () => {
    const m1 = await device(url, 'm1', devices.m1!.secret);
    await m1.publishAsync(
      'sentinela/cps/m1/telemetry',
      JSON.stringify({ ts: Date.now(), metrics: { temperature: 30 } }),
      {
        qos: 1,
        retain: true,
      },
    );
    await m1.publishAsync('sentinela/cps/m1/status', '<img src=x onerror=alert(1)>', { qos: 1, retain: true });
    await m1.endAsync();
    const watcher = connectMqtt({ kind: 'embedded', broker: broker.broker }, { clientId: 'watcher' });
    try {
      await whenConnected(watcher);
      const retained: string[] = [];
      watcher.on('message', (topic, _p, packet) => packet.retain && retained.push(topic));
      await watcher.subscribeAsync(['sentinela/cps/m1/telemetry', 'sentinela/cps/m1/status']);
      await sleep(200);
      expect(retained).toEqual([]);
    } finally {
      await watcher.endAsync();
    }
  });

  it('closes a connection that sends a message over 64 KiB, before reading it', async () => {
    const m1 = await device(url, 'm1', devices.m1!.secret);
    const closed = new Promise<void>((resolve) => m1.once('close', () => resolve()));
    const before = broker.guard.counts().tooLarge ?? 0;
    m1.publish('sentinela/cps/m1/telemetry', Buffer.alloc(70 * 1024, 'a'), { qos: 0 });
    await closed;
    expect(broker.guard.counts().tooLarge).toBe(before + 1);
    m1.end(true);
  });

  it('disconnects a device over its message rate, and one that keeps being refused', async () => {
    const fast = await device(url, 'm2', devices.m2!.secret);
    const closedFast = new Promise<void>((resolve) => fast.once('close', () => resolve()));
    for (let i = 0; i < 1000 && fast.connected; i++) {
      fast.publish('sentinela/cps/m2/telemetry', JSON.stringify({ ts: Date.now() - i, metrics: { a: i } }), { qos: 0 });
    }
    await closedFast;
    fast.end(true);
    expect(broker.guard.counts().rate).toBeGreaterThanOrEqual(1);

    const pest = await device(url, 'm1', devices.m1!.secret);
    const closedPest = new Promise<void>((resolve) => pest.once('close', () => resolve()));
    for (let i = 0; i < 12; i++) pest.publish('sentinela/cps/m2/telemetry', '{}', { qos: 0 });
    await closedPest;
    pest.end(true);
    expect(broker.guard.counts().offender).toBeGreaterThanOrEqual(1);
  });

  it('ends the connection of a revoked secret and refuses it from then on', async () => {
    const r1 = await device(url, 'r1', devices.r1!.secret);
    const closed = new Promise<void>((resolve) => r1.once('close', () => resolve()));
    devices.r1!.valid = false;
    broker.guard.revalidate(broker.broker);
    await closed;
    r1.end(true);
    expect(await connackOf(url, { clientId: 'r1x', username: 'r1', password: devices.r1!.secret })).toBe(5);
    expect(broker.guard.counts().revoked).toBe(1);
  });
});
