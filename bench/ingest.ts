// `npm run bench:ingest`: MQTT → database throughput of the app's ingest, for each database
// (PGlite on disk, PostgreSQL) and each broker (embedded aedes, the machine's Mosquitto), next
// to the raw COPY rate of the same database in the same run. Prints figures; asserts nothing.
//
// Per combination: a fresh ingest process (bench/ingest-worker.ts: database, seeded motors,
// broker, startIngest as the app runs it, measurements) and a load generator process
// (bench/load-generator.ts: one MQTT connection per device) publishing as fast as the ingest
// takes the messages (at most 6,000 published and not yet committed) for BENCH_SECONDS.
//
// Environment (all optional): BENCH_SECONDS (15), BENCH_DEVICES (1000), BENCH_METRICS (8),
// BENCH_INGEST_CONNECTIONS (12, Mosquitto), BENCH_ONLY (e.g. "pglite:embedded,postgres:mosquitto"),
// BENCH_MAX_BATCH_POINTS, BENCH_DERIVED_EVERY_MS, BENCH_CONCURRENT_BATCHES (the ingest's
// maxBatchPoints, derivedEveryMs, concurrentBatches; default the app's), BENCH_SLOW_MS (log the
// ingest's statements slower than this), BENCH_CPU_PROF (a folder: CPU profiles of the ingest
// processes), DATABASE_URL (its server is used for the PostgreSQL runs; default
// postgres://postgres@127.0.0.1:5432), MQTT_BENCH_URL (default mqtt://127.0.0.1:1883).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { fmt, nextMessage, reachable, spawnTs, stopChild, table, type Message } from './bench-util';
import type { WorkerConfig, WorkerResult } from './ingest-worker';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const METRICS = Number(process.env.BENCH_METRICS ?? 8);
const INGEST_CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 12);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const CPU_PROF = process.env.BENCH_CPU_PROF;
const MQTT_URL = process.env.MQTT_BENCH_URL ?? 'mqtt://127.0.0.1:1883';
const TARGETS = { pglite: 20_000, postgres: 50_000 } as const;
const run = `b${process.pid}`;

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchDatabase = `sentinela_bench_${process.pid}`;
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${benchDatabase}`;

type DbKind = 'pglite' | 'postgres';
type BrokerKind = 'embedded' | 'mosquitto';
interface Row {
  db: DbKind;
  broker: BrokerKind;
  connections: number;
  failed: number;
  published: number;
  generatorCpuMs: number;
  seconds: number;
  startedAt: number;
  result?: WorkerResult;
  error?: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function combination(db: DbKind, broker: BrokerKind): Promise<Row> {
  const row: Row = {
    db,
    broker,
    connections: 0,
    failed: 0,
    published: 0,
    generatorCpuMs: 0,
    seconds: SECONDS,
    startedAt: 0,
  };
  let dataDir: string | undefined;
  const worker = spawnTs(
    './ingest-worker.ts',
    CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF, `${db}-${broker}`)}`] : [],
  );
  const generator = spawnTs('./load-generator.ts');
  try {
    if (db === 'pglite') dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-'));
    const config: WorkerConfig = {
      database:
        db === 'pglite'
          ? { kind: 'pglite', dataDir: path.join(dataDir!, 'data') }
          : { kind: 'postgres', url: benchUrl.toString() },
      broker:
        broker === 'embedded'
          ? { kind: 'embedded' }
          : { kind: 'mosquitto', url: MQTT_URL, connections: INGEST_CONNECTIONS, group: `${run}-${db}` },
      site: run,
      devices: DEVICES,
    };
    worker.send({ type: 'start', ...config });
    const { mqttUrl } = await nextMessage<Message & { mqttUrl: string }>(worker, 'ready');

    generator.send({
      type: 'connect',
      url: mqttUrl,
      site: run,
      ids: Array.from({ length: DEVICES }, (_, i) => `${run}-m${String(i).padStart(4, '0')}`),
      qos: broker === 'embedded' ? 0 : 1,
      metrics: METRICS,
      clientPrefix: `${run}-dev`,
    });
    const connected = await nextMessage<Message & { connections: number; failed: number }>(generator, 'connected');
    row.connections = connected.connections;
    row.failed = connected.failed;

    // Worker progress → the generator's window.
    const relay = (m: Message) => {
      if (m.type === 'progress') generator.send({ type: 'credit', taken: m.taken });
    };
    worker.on('message', relay);
    worker.send({ type: 'go' });
    generator.send({ type: 'run', mode: 'max', durationMs: SECONDS * 1000, window: 6000 });
    const done = await nextMessage<Message & { published: number; startedAt: number; errors: number; cpuMs: number }>(
      generator,
      'done',
      SECONDS * 1000 + 60_000,
    );
    row.published = done.published;
    row.generatorCpuMs = done.cpuMs;
    worker.send({ type: 'drain', published: done.published });
    await nextMessage(worker, 'drained', 180_000);
    worker.off('message', relay);
    generator.send({ type: 'close' });
    await nextMessage(generator, 'closed', 20_000).catch(() => undefined);
    worker.send({ type: 'finish' });
    row.result = await nextMessage<WorkerResult>(worker, 'result', 180_000);
    row.startedAt = done.startedAt;
  } catch (error) {
    row.error = error instanceof Error ? error.message : String(error);
  } finally {
    await stopChild(generator);
    await stopChild(worker, 15_000, row.result ? 10_000 : 0);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

async function main() {
  const combos: [DbKind, BrokerKind][] = [];
  const notes: string[] = [];
  const pgUp = await reachable(serverUrl.hostname, Number(serverUrl.port || 5432));
  const mqttUrl = new URL(MQTT_URL);
  const mosquittoUp = await reachable(mqttUrl.hostname, Number(mqttUrl.port || 1883));
  if (!pgUp) notes.push(`PostgreSQL at ${serverUrl.host} not reachable: its runs are skipped.`);
  if (!mosquittoUp) notes.push(`Mosquitto at ${MQTT_URL} not reachable: its runs are skipped.`);
  for (const db of ['pglite', 'postgres'] as const) {
    for (const broker of ['embedded', 'mosquitto'] as const) {
      if ((db === 'postgres' && !pgUp) || (broker === 'mosquitto' && !mosquittoUp)) continue;
      if (ONLY && !ONLY.includes(`${db}:${broker}`)) continue;
      combos.push([db, broker]);
    }
  }

  if (combos.some(([db]) => db === 'postgres')) {
    const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${benchDatabase}"`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${benchDatabase}" with (force)`);
      await dropper.end();
    });
  }

  console.log(
    `bench:ingest — ${DEVICES} devices (1 MQTT connection each, from a separate process), ${METRICS} metrics per message, ` +
      `${SECONDS} s of publishing per combination; ingest as the app runs it (embedded: batches of ≤ 5,000 points or 250 ms; Mosquitto: a batch whenever the database is free).`,
  );
  const loadStart = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const rows: Row[] = [];
  for (const [db, broker] of combos) {
    process.stdout.write(`  ${db} + ${broker}… `);
    const row = await combination(db, broker);
    rows.push(row);
    console.log(row.error ? `failed: ${row.error}` : 'done');
  }

  const header = [
    'database',
    'broker',
    'conns',
    'msgs/s',
    'points/s',
    'target',
    'COPY rows/s',
    '% of COPY',
    'peak RSS MB',
    'API p50/p95 ms',
    'loop max ms',
    'dropped',
    'lost',
  ];
  const lines = rows.map((r) => {
    const x = r.result;
    if (!x) return [r.db, r.broker, String(r.connections), '—', '—', '', '—', '—', '—', '—', '—', '—', r.error ?? ''];
    const seconds = (x.lastCommitAt - r.startedAt) / 1000;
    const pointsPerSecond = x.rows / seconds;
    const copyPerSecond = x.copyRows / (x.copyMs / 1000);
    const target = TARGETS[r.db];
    return [
      r.db === 'pglite' ? 'PGlite (disk)' : 'PostgreSQL',
      r.broker === 'embedded' ? 'embedded aedes' : `Mosquitto (${INGEST_CONNECTIONS} shared)`,
      `${r.connections}${r.failed ? ` (${r.failed} failed)` : ''}`,
      fmt(x.messages / seconds),
      fmt(pointsPerSecond),
      `≥ ${fmt(target)} ${pointsPerSecond >= target ? 'met' : 'MISSED'}`,
      fmt(copyPerSecond),
      `${fmt((100 * pointsPerSecond) / copyPerSecond, 1)} %`,
      fmt(x.peakRssMb),
      `${fmt(x.apiMs.p50)} / ${fmt(x.apiMs.p95)}`,
      fmt(x.loopDelayMs.max),
      String(x.dropped),
      String(Math.max(0, r.published - x.messages)),
    ];
  });
  console.log('');
  console.log(table(header, lines));
  console.log('');
  console.log(
    'points/s  = rows in telemetry ÷ (first publish → last batch committed and latest values written), i.e. until the ingest caught up.',
  );
  console.log(
    'COPY      = COPY of as many rows (at least 100,000) into a scratch table like telemetry (same key and indexes), same database, same run.',
  );
  console.log(
    'API       = service-level call latestTelemetry(db, 50 ids) due every 100 ms in the ingest process during the ingest, not HTTP; timed from when it was due',
  );
  console.log(
    '            (so it includes waiting for the event loop, which PGlite shares, and for the database); the call alone is in the lines below.',
  );
  console.log('loop max  = longest event-loop delay of the ingest process during the ingest.');
  console.log(
    'dropped   = messages the ingest refused (validation, unknown device); lost = published but never received by the ingest',
  );
  console.log(
    '            (Mosquitto drops QoS 1 messages it already acknowledged to the publisher beyond max_queued_messages, 1,000 per connection by default).',
  );
  console.log(
    'CPU per point (below) = CPU time ÷ rows from first publish to caught up: steadier than points/s when other work loads the machine.',
  );
  for (const r of rows) {
    if (r.result) {
      const x = r.result;
      console.log(
        `${r.db}+${r.broker}: ${fmt(r.published)} messages published, ${fmt(x.messages)} received, ${fmt(x.rows)} rows in ${fmt((x.lastCommitAt - r.startedAt) / 1000, 1)} s ` +
          `(${fmt(x.batches)} batches, ${fmt(x.rows / Math.max(1, x.batches))} points/batch); API from due n=${x.apiMs.n} max ${fmt(x.apiMs.max)} ms, ` +
          `call alone p50/p95 ${fmt(x.apiCallMs.p50, 1)} / ${fmt(x.apiCallMs.p95, 1)} ms; event-loop delay p99 ${fmt(x.loopDelayMs.p99)} ms; ` +
          `CPU per point: ingest process ${fmt((1000 * x.cpuMs.ingest) / Math.max(1, x.rows), 1)} µs` +
          (x.cpuMs.database === null
            ? ''
            : `, PostgreSQL backends ${fmt((1000 * x.cpuMs.database) / Math.max(1, x.rows), 1)} µs`) +
          `, load generator ${fmt((1000 * r.generatorCpuMs) / Math.max(1, x.rows), 1)} µs` +
          (x.dropped ? `, dropped ${JSON.stringify(x.droppedBy)}` : ''),
      );
    }
  }
  for (const note of notes) console.log(note);
  console.log(
    `Load average at start ${loadStart}, at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${cpus().length} cores; the generator, broker, ingest and database share them).`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
