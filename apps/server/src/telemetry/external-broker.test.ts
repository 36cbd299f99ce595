import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, count, eq, like } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@sentinela/db/client';
import { equipment, facilities, telemetry } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startIngest } from './ingest';
import { LiveBus } from './live-bus';
import { freePort } from '../../test/free-port';

// Against real brokers: the machine's Mosquitto (test code may read the environment) and a
// private mosquitto started on a free port for the restart test.
const MOSQUITTO_URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const log = pino({ level: 'silent' });

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function seedSite(db: Database, site: string, devices: number): Promise<void> {
  const [facility] = await db
    .insert(facilities)
    .values({ code: site, name: `Teste ${site}`, city: 'Campinas' })
    .returning();
  await db.insert(equipment).values(
    Array.from({ length: devices }, (_, i) => ({
      id: `${site}-m${i}`,
      name: `Motor ${i}`,
      kind: 'motor' as const,
      facilityId: facility!.id,
    })),
  );
}

async function pointsOf(db: Database, site: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(telemetry)
    .where(like(telemetry.equipmentId, `${site}-%`));
  return row?.n ?? 0;
}

/** Ends the persistent sessions an ingest left on the shared broker, so they queue nothing more. */
async function endPersistentSessions(url: string, prefix: string, connections: number): Promise<void> {
  for (let n = 0; n < connections; n++) {
    const client = await mqtt.connectAsync(url, { clientId: `${prefix}-${n}`, clean: true, protocolVersion: 4 });
    await client.endAsync();
  }
}

async function publisher(url: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: `pub-${randomBytes(4).toString('hex')}`,
    protocolVersion: 4,
  });
  return client;
}

describe.each(testDatabaseKinds())('ingest from an external broker (Mosquitto) on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('subscribes QoS 1 over shared subscriptions and never doubles a redelivered point', async () => {
    const site = `x${randomBytes(3).toString('hex')}`;
    await seedSite(handle.db, site, 10);
    const ingest = await startIngest({
      db: handle.db,
      bus: new LiveBus(),
      log,
      target: { kind: 'url', url: MOSQUITTO_URL },
      external: true,
      connections: 4,
      shareGroup: site,
      clientIdPrefix: site,
    });
    const pub = await publisher(MOSQUITTO_URL);
    try {
      await new Promise((r) => setTimeout(r, 500)); // subscriptions in place
      const t0 = Date.now() - 10_000;
      const messages = Array.from({ length: 200 }, (_, i) => ({
        topic: `sentinela/${site}/${site}-m${i % 10}/telemetry`,
        body: JSON.stringify({ ts: t0 + i, metrics: { temperature: 50 + (i % 7), rpm: 1700, current: 10 } }),
      }));
      await Promise.all(messages.map((m) => pub.publishAsync(m.topic, m.body, { qos: 1 })));
      await until(async () => (await pointsOf(handle.db, site)) === 600, '600 points');
      // The same messages again (a redelivery): replaced, not doubled.
      await Promise.all(messages.slice(0, 50).map((m) => pub.publishAsync(m.topic, m.body, { qos: 1 })));
      await until(() => Promise.resolve(ingest.stats().messages >= 250), 'the redelivered messages');
      await ingest.flush();
      expect(await pointsOf(handle.db, site)).toBe(600);
    } finally {
      await pub.endAsync();
      await ingest.stop();
      await endPersistentSessions(MOSQUITTO_URL, site, 4);
    }
  });
});

describe.each(testDatabaseKinds())('acknowledgement after the commit (Mosquitto) on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  /** The database, failing its first `failures` raw-point writes (as a lost connection would). */
  function failingRawWrites(db: Database, failures: number): { db: Database; failed: () => number } {
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
    let failed = 0;
    const proxy = new Proxy(db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (key !== 'execute')
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return async (query: Parameters<Database['execute']>[0]) => {
          if (failed < failures && /^\s*insert into telemetry \(/.test(dialect.sqlToQuery(query).sql)) {
            failed++;
            throw new Error('database unavailable (test)');
          }
          return target.execute(query);
        };
      },
    });
    return { db: proxy, failed: () => failed };
  }

  it('acknowledges nothing of a batch that failed: the broker redelivers it, stored once', async () => {
    const site = `a${randomBytes(3).toString('hex')}`;
    await seedSite(handle.db, site, 5);
    const gated = failingRawWrites(handle.db, 2);
    const ingest = await startIngest({
      db: gated.db,
      bus: new LiveBus(),
      log,
      target: { kind: 'url', url: MOSQUITTO_URL },
      external: true,
      connections: 2,
      shareGroup: site,
      clientIdPrefix: site,
    });
    const pub = await publisher(MOSQUITTO_URL);
    try {
      await new Promise((r) => setTimeout(r, 500)); // subscriptions in place
      const t0 = Date.now() - 10_000;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          pub.publishAsync(
            `sentinela/${site}/${site}-m${i % 5}/telemetry`,
            JSON.stringify({ ts: t0 + i, metrics: { temperature: i, rpm: 1700 } }),
            { qos: 1 },
          ),
        ),
      );
      // The first writes fail: their messages were not acknowledged, so the broker sends them
      // again once the ingest's connections are back; every point ends up stored exactly once.
      await until(async () => (await pointsOf(handle.db, site)) === 80, '80 points after the failed batches');
      expect(gated.failed()).toBe(2);
      expect(ingest.stats().messages).toBeGreaterThan(40);
      await new Promise((r) => setTimeout(r, 300));
      expect(await pointsOf(handle.db, site)).toBe(80);
    } finally {
      await pub.endAsync();
      await ingest.stop();
      await endPersistentSessions(MOSQUITTO_URL, site, 2);
    }
  }, 60_000);
});

describe.runIf(testDatabaseKinds().includes('postgres'))('kill -9 during QoS 1 ingest into PostgreSQL', () => {
  let handle: DatabaseHandle & { url?: string };
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await handle.close();
  });

  function startIngestProcess(group: string): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/ingest-process.ts', MOSQUITTO_URL, handle.url!, group],
      {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`ingest process exited with ${code}`)));
    });
  }

  it('loses no acknowledged point and doubles none after a restart', async () => {
    const site = `k${randomBytes(3).toString('hex')}`;
    await seedSite(handle.db, site, 20);
    const first = await startIngestProcess(site);
    await new Promise((r) => setTimeout(r, 700));
    const pub = await publisher(MOSQUITTO_URL);
    const total = 600;
    const t0 = Date.now() - 60_000;
    const publishOne = (i: number) =>
      pub.publishAsync(
        `sentinela/${site}/${site}-m${i % 20}/telemetry`,
        JSON.stringify({ ts: t0 + i, metrics: { temperature: i, vibration: 1.5 } }),
        { qos: 1 },
      );
    try {
      for (let i = 0; i < total; i++) {
        await publishOne(i);
        if (i === 250) first.kill('SIGKILL');
      }
      await startIngestProcess(site);
      await until(
        async () => (await pointsOf(handle.db, site)) >= total * 2,
        `${total * 2} points after the restart`,
        60_000,
      );
      expect(await pointsOf(handle.db, site)).toBe(total * 2);
      const [sample] = await handle.db
        .select({ n: count() })
        .from(telemetry)
        .where(and(eq(telemetry.equipmentId, `${site}-m0`), eq(telemetry.metric, 'temperature')));
      expect(sample?.n).toBe(total / 20);
    } finally {
      await pub.endAsync();
      for (const child of children.splice(0)) child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      await endPersistentSessions(MOSQUITTO_URL, site, 4);
    }
  }, 120_000);
});

describe('broker restart', () => {
  let handle: DatabaseHandle;
  let broker: ChildProcess | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    broker?.kill('SIGKILL');
    await handle.close();
  });

  const startMosquitto = async (port: number) => {
    const child = spawn('mosquitto', ['-p', String(port)], { stdio: 'ignore' });
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 500 });
          probe.once('connect', () => probe.end(true, () => resolve(true)));
          probe.once('error', () => probe.end(true, () => resolve(false)));
        }),
      'mosquitto',
      10_000,
    );
    return child;
  };

  it('reconnects the ingest by itself', async () => {
    const port = await freePort();
    const url = `mqtt://127.0.0.1:${port}`;
    broker = await startMosquitto(port);
    const site = 'rst';
    await seedSite(handle.db, site, 1);
    const ingest = await startIngest({
      db: handle.db,
      bus: new LiveBus(),
      log,
      target: { kind: 'url', url },
      external: true,
      connections: 2,
      shareGroup: 'rst',
      clientIdPrefix: 'rst',
    });
    try {
      await new Promise((r) => setTimeout(r, 500));
      const pub = await publisher(url);
      await pub.publishAsync(
        `sentinela/${site}/${site}-m0/telemetry`,
        JSON.stringify({ ts: Date.now(), metrics: { a: 1 } }),
        { qos: 1 },
      );
      await pub.endAsync();
      await until(async () => (await pointsOf(handle.db, site)) === 1, 'the first point');

      broker.kill('SIGTERM');
      await new Promise((r) => broker!.once('exit', r));
      broker = await startMosquitto(port);
      await new Promise((r) => setTimeout(r, 2500)); // the ingest's reconnect period is 1 s
      const again = await publisher(url);
      await again.publishAsync(
        `sentinela/${site}/${site}-m0/telemetry`,
        JSON.stringify({ ts: Date.now(), metrics: { a: 2 } }),
        { qos: 1 },
      );
      await again.endAsync();
      await until(async () => (await pointsOf(handle.db, site)) === 2, 'a point after the broker restart');
    } finally {
      await ingest.stop();
    }
  }, 60_000);
});
