import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, like } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@sentinela/db/client';
import { alerts, equipment, facilities, telemetry } from '@sentinela/db/schema/plant';
import { createTestDatabase } from '@sentinela/db/test/test-database';
import { buildMosquittoFiles, type MosquittoCredential } from '../features/device-credentials/mosquitto-files';
import { hashDeviceSecret, newDeviceSecret } from '../platform/device-secret';
import { BROKER_DROPPED_SOURCE, startBrokerHealth } from './broker-health';
import { startIngest } from './ingest';
import { LiveBus } from './live-bus';
import { startPrivateMosquitto, until, type PrivateMosquitto } from '../../test/private-mosquitto';

// deploy/mosquitto/mosquitto.conf as shipped, on a private mosquitto (free port, temporary
// folder), with password and ACL files written by the functions of `npm run mqtt:credentials`.
const log = pino({ level: 'silent' });
const SITE = 'mq';
const server = { username: 'sentinela', password: newDeviceSecret() };
const secrets = { 'mq-m0': newDeviceSecret(), 'mq-m1': newDeviceSecret(), 'mq-gw': newDeviceSecret() };
const revokedSecret = newDeviceSecret();

const devices = [
  { id: 'mq-m0', gatewayId: null },
  { id: 'mq-m1', gatewayId: null },
  { id: 'mq-m2', gatewayId: null },
  { id: 'mq-m3', gatewayId: 'mq-gw' },
  { id: 'mq-gw', gatewayId: null },
];

function files() {
  const created = new Date(Date.now() - 60_000);
  const credentials: MosquittoCredential[] = [
    ...Object.entries(secrets).map(([equipmentId, secret]) => ({
      equipmentId,
      secretHash: hashDeviceSecret(secret),
      createdAt: created,
      validUntil: null,
      revokedAt: null,
    })),
    {
      equipmentId: 'mq-m2',
      secretHash: hashDeviceSecret(revokedSecret),
      createdAt: created,
      validUntil: null,
      revokedAt: new Date(Date.now() - 1000),
    },
  ];
  return buildMosquittoFiles({
    devices: devices.map((d) => ({ ...d, site: SITE, retired: false })),
    credentials,
    server: { username: server.username, passwordHash: hashDeviceSecret(server.password) },
    now: new Date(),
  });
}

async function seed(db: Database): Promise<void> {
  const [facility] = await db
    .insert(facilities)
    .values({ code: SITE, name: 'Mosquitto', city: 'Campinas' })
    .returning();
  await db
    .insert(equipment)
    .values(devices.map((d) => ({ id: d.id, name: d.id, kind: 'motor' as const, facilityId: facility!.id })));
}

async function pointsOf(db: Database, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(telemetry).where(like(telemetry.equipmentId, id));
  return row?.n ?? 0;
}

const clientId = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

function login(url: string, username: string | undefined, password: string | undefined, extra: IClientOptions = {}) {
  return mqtt.connectAsync(url, {
    clientId: clientId(username ?? 'anon'),
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 3000,
    ...(username === undefined ? {} : { username, password }),
    ...extra,
  });
}

/** The CONNACK return code a login gets (0: accepted). */
async function connackOf(url: string, username?: string, password?: string): Promise<number> {
  try {
    const client = await login(url, username, password);
    await client.endAsync();
    return 0;
  } catch (error) {
    return Number((error as { code?: unknown }).code);
  }
}

const reading = (ts: number, i: number) => JSON.stringify({ ts, metrics: { temperature: 40 + (i % 20), rpm: 1700 } });

describe('the shipped Mosquitto configuration', () => {
  let broker: PrivateMosquitto;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    broker = await startPrivateMosquitto(files(), { sys_interval: '1' });
    handle = await createTestDatabase('pglite');
    await seed(handle.db);
  });
  afterAll(async () => {
    await broker.stop();
    await handle.close();
  });

  it("refuses an anonymous client, another device's secret and a revoked one (CONNACK 5)", async () => {
    expect(await connackOf(broker.url)).toBe(5);
    expect(await connackOf(broker.url, 'mq-m0', secrets['mq-m1'])).toBe(5);
    expect(await connackOf(broker.url, 'mq-m2', revokedSecret)).toBe(5);
    expect(await connackOf(broker.url, 'mq-m0', secrets['mq-m0'])).toBe(0);
  });

  it('lets a device publish only its own topics and read only its own commands; a gateway speaks for its devices', async () => {
    const watcher = await login(broker.url, server.username, server.password);
    const seen: string[] = [];
    watcher.on('message', (topic) => seen.push(topic));
    await watcher.subscribeAsync('sentinela/#', { qos: 1 });
    const device = await login(broker.url, 'mq-m0', secrets['mq-m0']);
    const gateway = await login(broker.url, 'mq-gw', secrets['mq-gw']);
    const deviceHeard: string[] = [];
    device.on('message', (topic) => deviceHeard.push(topic));
    try {
      await device.subscribeAsync(['sentinela/mq/mq-m0/cmd', '#', 'sentinela/mq/mq-m1/cmd'], { qos: 1 });
      const now = Date.now();
      await device.publishAsync('sentinela/mq/mq-m0/telemetry', reading(now, 0), { qos: 1 });
      await device.publishAsync('sentinela/mq/mq-m1/telemetry', reading(now, 1), { qos: 1 });
      await device.publishAsync('sentinela/other/mq-m0/telemetry', reading(now, 2), { qos: 1 });
      await device.publishAsync('sentinela/mq/mq-m0/cmd', '{"id":"x","action":"off"}', { qos: 1 });
      await device.publishAsync('sentinela/mq/mq-m1/ack', '{"id":"x","ok":true}', { qos: 1 });
      await gateway.publishAsync('sentinela/mq/mq-m3/telemetry', reading(now, 3), { qos: 1 });
      await gateway.publishAsync('sentinela/mq/mq-m0/telemetry', reading(now, 4), { qos: 1 });
      await watcher.publishAsync('sentinela/mq/mq-m0/cmd', '{"id":"1","action":"on"}', { qos: 1 });
      await watcher.publishAsync('sentinela/mq/mq-m1/cmd', '{"id":"2","action":"on"}', { qos: 1 });
      await until(() => seen.length >= 4 && deviceHeard.length >= 1, 'the allowed messages');
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.sort()).toEqual([
        'sentinela/mq/mq-m0/cmd',
        'sentinela/mq/mq-m0/telemetry',
        'sentinela/mq/mq-m1/cmd',
        'sentinela/mq/mq-m3/telemetry',
      ]);
      // The device hears its own commands only, neither another's nor anything through '#'.
      expect(deviceHeard).toEqual(['sentinela/mq/mq-m0/cmd']);
    } finally {
      await Promise.all([watcher.endAsync(), device.endAsync(), gateway.endAsync()]);
    }
  });

  it('disconnects a client sending a packet over 64 KiB', async () => {
    const device = await login(broker.url, 'mq-m0', secrets['mq-m0']);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish('sentinela/mq/mq-m0/telemetry', 'x'.repeat(70_000), { qos: 1 });
    await closed;
    await device.endAsync(true);
  });

  it('feeds the ingest, logged in as the server, with what a device publishes', async () => {
    const group = clientId('ing');
    const ingest = await startIngest({
      db: handle.db,
      bus: new LiveBus(),
      log,
      target: { kind: 'url', url: broker.url, username: server.username, password: server.password },
      external: true,
      connections: 2,
      shareGroup: group,
      clientIdPrefix: group,
    });
    const device = await login(broker.url, 'mq-m1', secrets['mq-m1']);
    try {
      await new Promise((r) => setTimeout(r, 500)); // subscriptions in place
      const t0 = Date.now() - 10_000;
      for (let i = 0; i < 20; i++)
        await device.publishAsync('sentinela/mq/mq-m1/telemetry', reading(t0 + i, i), { qos: 1 });
      await until(async () => (await pointsOf(handle.db, 'mq-m1')) === 40, '40 points of mq-m1');
    } finally {
      await device.endAsync();
      await ingest.stop();
    }
  });
});

/** Publishes `total` QoS 1 messages with up to `window` unacknowledged; answers the PUBACKs received. */
async function flood(client: MqttClient, topic: string, total: number, window: number, t0: number): Promise<number> {
  let acked = 0;
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const i = next++;
      try {
        await client.publishAsync(topic, reading(t0 + i, i), { qos: 1 });
        acked++;
      } catch {
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: window }, lane));
  return acked;
}

describe('a flood faster than the ingest stores', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    await seed(handle.db);
  });
  afterAll(() => handle.close());

  async function slowIngest(url: string, group: string) {
    return startIngest({
      db: handle.db,
      bus: new LiveBus(),
      log,
      target: { kind: 'url', url, username: server.username, password: server.password },
      external: true,
      connections: 2,
      shareGroup: group,
      clientIdPrefix: group,
      maxBatchPoints: 100,
      maxDelayMs: 50,
    });
  }

  it('with the shipped queue limits: every acknowledged point is stored once the ingest catches up', async () => {
    const broker = await startPrivateMosquitto(files(), { sys_interval: '1' });
    const bus = new LiveBus();
    const health = startBrokerHealth({
      db: handle.db,
      bus,
      log,
      target: { kind: 'url', url: broker.url, username: server.username, password: server.password },
    });
    const ingest = await slowIngest(broker.url, 'floodok');
    const device = await login(broker.url, 'mq-m0', secrets['mq-m0']);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const total = 20_000;
      const started = Date.now();
      const acked = await flood(device, 'sentinela/mq/mq-m0/telemetry', total, 500, Date.now() - 3_600_000);
      const publishedMs = Date.now() - started;
      const storedAtEnd = (await pointsOf(handle.db, 'mq-m0')) / 2;
      await until(async () => (await pointsOf(handle.db, 'mq-m0')) >= acked * 2, 'every acknowledged point', 120_000);
      await new Promise((r) => setTimeout(r, 1500)); // a $SYS round
      const stored = (await pointsOf(handle.db, 'mq-m0')) / 2;
      const dropped = health.report().sys?.droppedMessages;
      console.log(
        `flood, shipped limits: ${acked} acknowledged in ${publishedMs} ms, ${storedAtEnd} stored by then, ` +
          `${stored} stored after catching up, broker dropped ${dropped}`,
      );
      expect(acked).toBe(total);
      expect(stored).toBe(acked);
      expect(dropped).toBe(0);
    } finally {
      await device.endAsync();
      await ingest.stop();
      await health.stop();
      await broker.stop();
    }
  }, 180_000);

  it('with a tiny queue: the broker drops, system health shows it and one site alert is raised', async () => {
    const broker = await startPrivateMosquitto(files(), {
      sys_interval: '1',
      max_queued_messages: '20',
      max_inflight_messages: '5',
    });
    const bus = new LiveBus();
    const events: unknown[] = [];
    bus.subscribe((event) => {
      if (event.type === 'alert') events.push(event);
    });
    const target = { kind: 'url' as const, url: broker.url, username: server.username, password: server.password };
    const health = startBrokerHealth({ db: handle.db, bus, log, target });
    const ingest = await slowIngest(broker.url, 'floodlost');
    const device = await login(broker.url, 'mq-m1', secrets['mq-m1']);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const acked = await flood(device, 'sentinela/mq/mq-m1/telemetry', 5_000, 200, Date.now() - 7_200_000);
      await until(() => (health.report().sys?.droppedMessages ?? 0) > 0, 'the $SYS dropped counter', 15_000);
      await health.settled();
      await until(
        async () => (await handle.db.select().from(alerts).where(isNull(alerts.equipmentId))).length > 0,
        'the site alert',
      );
      // Every acknowledged message is either stored once the ingest catches up or counted as dropped.
      const storedNow = async () => (await pointsOf(handle.db, 'mq-m1')) / 2;
      await until(
        async () => (await storedNow()) + (health.report().sys?.droppedMessages ?? 0) === acked,
        'stored + dropped = acknowledged',
        60_000,
      );
      const stored = await storedNow();
      const report = health.report();
      console.log(
        `flood, queue of 20: ${acked} acknowledged, ${stored} stored, broker dropped ${report.sys?.droppedMessages}`,
      );
      expect(report).toMatchObject({ kind: 'external', connected: true });
      expect(stored).toBeLessThan(acked);
      const open = await handle.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.source, BROKER_DROPPED_SOURCE), isNull(alerts.equipmentId)));
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ severity: 'critical', status: 'active', equipmentId: null });
      expect(open[0]!.value).toBeGreaterThan(0);
      expect(open[0]!.message).toMatch(/^Broker MQTT descartou mensagens: [\d.]+$/);
      expect(events).toContainEqual(expect.objectContaining({ type: 'alert', equipmentId: null, status: 'active' }));
    } finally {
      await device.endAsync();
      await ingest.stop();
      await health.stop();
      await broker.stop();
    }
  }, 120_000);
});
