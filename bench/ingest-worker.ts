// bench:ingest's ingest process: one database × broker combination, the app's own ingest
// (startIngest) as the server runs it, plus the measurements taken from inside the process
// (committed points, peak RSS, a service-level API call during the ingest, the raw COPY rate).
// Driven over IPC by bench/ingest.ts:
//   → { type: 'start', ...WorkerConfig }  ← { type: 'ready', mqttUrl }
//   → { type: 'go' }                      ← { type: 'progress', taken, committed, messages } every 50 ms
//   → { type: 'drain', published }        ← { type: 'drained' }
//   → { type: 'finish' }                  ← { type: 'result', ... }
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { openDatabase, type Database, type DatabaseHandle } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import { equipment, facilities } from '@sentinela/db/schema/plant';
import { latestTelemetry } from '../apps/server/src/features/plant/readings.service';
import { staticDirectory } from '../apps/server/src/telemetry/device-directory';
import { startEmbeddedBroker, type EmbeddedBroker } from '../apps/server/src/telemetry/embedded-broker';
import { startIngest, type Ingest } from '../apps/server/src/telemetry/ingest';
import { LiveBus } from '../apps/server/src/telemetry/live-bus';
import type { MqttTarget } from '../apps/server/src/platform/mqtt-connection';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { backendCpu, backendCpuSpent } from './backend-cpu';
import { benchDeviceSecret, caughtUp, quantile, sleep } from './bench-util';

export interface WorkerConfig {
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  broker: { kind: 'embedded' } | { kind: 'mosquitto'; url: string; connections: number; group: string };
  site: string;
  devices: number;
  /**
   * Embedded broker: authentication and topic checks on or off (the "checks" comparison); unset,
   * the broker's default. Devices always present their credentials (benchDeviceSecret).
   */
  security?: 'on' | 'off';
  /** Measure the raw COPY rate after the run (the throughput table); default true. */
  copy?: boolean;
}

export type WorkerResult = {
  type: 'result';
  rows: number;
  messages: number;
  points: number;
  dropped: number;
  droppedBy: Record<string, number>;
  batches: number;
  firstCommitAt: number;
  lastCommitAt: number;
  copyRows: number;
  copyMs: number;
  peakRssMb: number;
  /** From when each call was due (every 100 ms) to its answer. */
  apiMs: { p50: number; p95: number; max: number; n: number };
  /** The call alone. */
  apiCallMs: { p50: number; p95: number; n: number };
  loopDelayMs: { p99: number; max: number };
  /** CPU time of the ingest process, and of the PostgreSQL backends serving it, from go to caught up. */
  cpuMs: { ingest: number; database: number | null };
  /**
   * Embedded broker with `security: 'on'`: whether it refused an anonymous client (false: the
   * checks were not in force, the option was ignored); null otherwise.
   */
  checksInForce: boolean | null;
};

const log = pino({ level: 'warn' });
const send = (message: Record<string, unknown>) => process.send?.(message);
const deviceId = (site: string, i: number) => `${site}-m${String(i).padStart(4, '0')}`;

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

/**
 * The database, logging every statement slower than `ms` (BENCH_SLOW_MS, to find stalls); the raw
 * batches' COPY on PostgreSQL does not pass through it.
 */
function slowLog(db: Database, ms: number): Database {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  return new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'execute' || typeof value !== 'function')
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      return async (query: Parameters<Database['execute']>[0]) => {
        const began = performance.now();
        try {
          return await target.execute(query);
        } finally {
          const took = performance.now() - began;
          if (took > ms)
            console.error(
              `slow statement ${took.toFixed(0)} ms: ${dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').slice(0, 90)}`,
            );
        }
      };
    },
  });
}

async function seed(db: Database, site: string, devices: number): Promise<string[]> {
  const ids = Array.from({ length: devices }, (_, i) => deviceId(site, i));
  const existing = rowsOf<{ id: string }>(await db.execute(sql`select id from facilities where code = ${site}`));
  if (existing.length === 0) {
    const [facility] = await db
      .insert(facilities)
      .values({ code: site, name: `Bench ${site}`, city: 'Campinas' })
      .returning();
    for (let i = 0; i < ids.length; i += 500) {
      await db.insert(equipment).values(
        ids.slice(i, i + 500).map((id, k) => ({
          id,
          name: `Motor ${i + k}`,
          kind: 'motor' as const,
          status: 'online' as const,
          facilityId: facility!.id,
        })),
      );
    }
  }
  return ids;
}

/** COPY of `rows` telemetry-shaped rows into a scratch table like telemetry (same keys and indexes). */
async function copyRate(handle: DatabaseHandle, ids: string[], rows: number): Promise<number> {
  const metrics = ['temperature', 'vibration', 'current', 'efficiency', 'rpm', 'power', 'voltage', 'torque'];
  const base = Date.now() - 3_600_000;
  const chunks: string[] = [];
  let chunk = '';
  for (let n = 0; n < rows; n++) {
    const device = n % ids.length;
    const step = Math.floor(n / ids.length);
    chunk += `${ids[device]},${metrics[step % metrics.length]},${new Date(base + Math.floor(step / metrics.length)).toISOString()},${(50 + (n % 500) / 10).toFixed(3)}\n`;
    if (chunk.length > 1 << 20) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk) chunks.push(chunk);
  await handle.db.execute(sql`drop table if exists bench_copy`);
  await handle.db.execute(sql`create table bench_copy (like telemetry including all)`);
  const began = performance.now();
  if (handle.kind === 'pglite') {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    await client.query(`copy bench_copy from '/dev/blob' with (format csv)`, [], { blob: new Blob(chunks) });
  } else {
    const client = (handle.db as unknown as { $client: postgres.Sql }).$client;
    const writable = await client`copy bench_copy from stdin with (format csv)`.writable();
    for (const c of chunks) if (!writable.write(c)) await once(writable, 'drain');
    writable.end();
    await once(writable, 'finish');
  }
  const ms = performance.now() - began;
  const copied =
    rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from bench_copy`))[0]?.n ?? 0;
  await handle.db.execute(sql`drop table bench_copy`);
  if (copied !== rows) throw new Error(`COPY wrote ${copied} rows, expected ${rows}`);
  return ms;
}

async function main(config: WorkerConfig): Promise<void> {
  const handle =
    config.database.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir })
      : await openDatabase({ kind: 'postgres', url: config.database.url });
  await migrateDatabase(handle);
  await handle.db.execute(sql`truncate telemetry, telemetry_latest, telemetry_1m, telemetry_1h`);
  const ids = await seed(handle.db, config.site, config.devices);

  const db = process.env.BENCH_SLOW_MS ? slowLog(handle.db, Number(process.env.BENCH_SLOW_MS)) : handle.db;

  let broker: EmbeddedBroker | null = null;
  let target: MqttTarget;
  let mqttUrl: string;
  if (config.broker.kind === 'embedded') {
    broker = await startEmbeddedBrokerFor(ids, config.site, config.security);
    target = { kind: 'embedded', broker: broker.broker };
    mqttUrl = `mqtt://127.0.0.1:${broker.port}`;
  } else {
    target = { kind: 'url', url: config.broker.url };
    mqttUrl = config.broker.url;
  }
  const external = config.broker.kind === 'mosquitto';
  const ingest: Ingest = await startIngest({
    db,
    // As the app runs it on PostgreSQL: raw batches as a binary COPY (ADR 008).
    ...(handle.copyIn ? { copyIn: handle.copyIn } : {}),
    bus: new LiveBus(),
    log,
    target,
    external,
    // As the app runs it: telemetry handed over by the broker, a QoS 1 PUBACK after the commit.
    ...(broker ? { intake: broker.guard } : {}),
    ...(process.env.BENCH_MAX_BATCH_POINTS ? { maxBatchPoints: Number(process.env.BENCH_MAX_BATCH_POINTS) } : {}),
    ...(process.env.BENCH_CONCURRENT_BATCHES
      ? { concurrentBatches: Number(process.env.BENCH_CONCURRENT_BATCHES) }
      : {}),
    ...(process.env.BENCH_DERIVED_EVERY_MS ? { derivedEveryMs: Number(process.env.BENCH_DERIVED_EVERY_MS) } : {}),
    ...(config.broker.kind === 'mosquitto'
      ? { connections: config.broker.connections, shareGroup: config.broker.group, clientIdPrefix: config.broker.group }
      : {}),
  });
  await sleep(500); // subscriptions in place
  const checksInForce = broker && config.security === 'on' ? !(await anonymousAccepted(mqttUrl)) : null;
  send({ type: 'ready', mqttUrl });

  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const cpuAtGo = process.cpuUsage();
  const backendsAtGo = await backendCpu(handle, 'sentinela');
  // Progress for the load generator's window: messages fully taken = committed or dropped.
  const metricsPerMessage = () => {
    const s = ingest.stats();
    return s.messages > 0 && s.points > 0 ? s.points / (s.messages - sum(s.dropped)) : 1;
  };
  let firstCommitAt = 0;
  const progress = setInterval(() => {
    const s = ingest.stats();
    const committed = s.written;
    if (committed > 0) firstCommitAt ||= s.lastBatchAt?.getTime() ?? 0;
    send({
      type: 'progress',
      taken: Math.floor(committed / metricsPerMessage()) + sum(s.dropped),
      committed,
      messages: s.messages,
    });
  }, 50);

  // The API call of a page during the ingest: telemetry.latest of 50 devices, due every 100 ms.
  // Measured twice: the call itself, and from when it was due (a call cannot start while the
  // event loop is busy, e.g. with PGlite; a request arriving then would wait as long).
  const callTimes: number[] = [];
  const dueTimes: number[] = [];
  let sampling = true;
  const sampleIds = Array.from({ length: 50 }, (_, k) => ids[(k * 19) % ids.length]!);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const sampler = (async () => {
    const began = performance.now();
    let tick = 0;
    while (sampling) {
      const wait = began + tick * 100 - performance.now();
      if (wait > 0) await sleep(wait);
      const start = performance.now();
      await latestTelemetry(handle.db, sampleIds);
      const end = performance.now();
      callTimes.push(end - start);
      // Every tick that fell due before the call started is answered now.
      do dueTimes.push(end - (began + tick++ * 100));
      while (began + tick * 100 <= start);
    }
  })();

  const drain = await new Promise<{ published: number }>((resolve) =>
    process.once('message', (m: { published: number }) => resolve(m)),
  );
  // Caught up: every published message has arrived (or nothing arrived for 3 s), and the buffer is written.
  await caughtUp(() => ingest.stats().messages, drain.published);
  await ingest.flush();
  sampling = false;
  await sampler;
  lag.disable();
  const cpu = process.cpuUsage(cpuAtGo);
  const databaseCpuMs = backendCpuSpent(backendsAtGo, await backendCpu(handle, 'sentinela'));
  clearInterval(progress);

  const stats = ingest.stats();
  // Caught up = the last batch committed and the derived data (latest values, last contact) written.
  const lastCommitAt = Math.max(stats.lastBatchAt?.getTime() ?? 0, stats.lastDerivedAt?.getTime() ?? 0);
  const rows = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from telemetry`))[0]?.n ?? 0;
  // The load generator disconnects before the broker closes (a TCP server waits for its connections).
  send({ type: 'drained' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  await ingest.stop();
  await broker?.close();
  if (config.broker.kind === 'mosquitto') {
    // The ingest's persistent sessions would queue telemetry for ever: end them (clean session).
    for (let n = 0; n < config.broker.connections; n++) {
      const c = await mqtt.connectAsync(config.broker.url, {
        clientId: `${config.broker.group}-${n}`,
        clean: true,
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      await c.endAsync();
    }
  }

  const ingestPeakRss = peakRss;
  clearInterval(rssTimer);
  const copyRows = config.copy === false ? 0 : Math.max(rows, 100_000);
  const copyMs = config.copy === false ? 0 : await copyRate(handle, ids, copyRows);
  await handle.close();

  const result: WorkerResult = {
    type: 'result',
    rows,
    messages: stats.messages,
    points: stats.points,
    dropped: sum(stats.dropped),
    droppedBy: Object.fromEntries(Object.entries(stats.dropped).filter(([, v]) => v > 0)),
    batches: stats.batches,
    firstCommitAt,
    lastCommitAt,
    copyRows,
    copyMs,
    peakRssMb: ingestPeakRss / 2 ** 20,
    apiMs: {
      p50: quantile(dueTimes, 0.5),
      p95: quantile(dueTimes, 0.95),
      max: Math.max(...dueTimes),
      n: dueTimes.length,
    },
    apiCallMs: { p50: quantile(callTimes, 0.5), p95: quantile(callTimes, 0.95), n: callTimes.length },
    loopDelayMs: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
    cpuMs: { ingest: (cpu.user + cpu.system) / 1000, database: databaseCpuMs },
    checksInForce,
  };
  send(result);
}

/**
 * The embedded broker as the app starts it, knowing every bench device (username = equipment id,
 * password = benchDeviceSecret(id)), with authentication and topic checks as asked.
 */
async function startEmbeddedBrokerFor(
  ids: string[],
  site: string,
  security: 'on' | 'off' | undefined,
): Promise<EmbeddedBroker> {
  const directory = staticDirectory(Object.fromEntries(ids.map((id) => [id, { site, secret: benchDeviceSecret(id) }])));
  // As the app starts it (its default limits), with the checks off only for the comparison.
  return startEmbeddedBroker(0, '127.0.0.1', log, { directory, checks: security !== 'off' });
}

/** Whether the broker accepts a client without credentials. */
async function anonymousAccepted(url: string): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, protocolVersion: 4 });
    await client.endAsync(true);
    return true;
  } catch {
    return false;
  }
}

function sum(record: Record<string, number>): number {
  return Object.values(record).reduce((a, b) => a + b, 0);
}

process.once('message', (message: { type: 'start' } & WorkerConfig) => {
  main(message).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('ingest worker failed:', error);
      process.exit(1);
    },
  );
});
