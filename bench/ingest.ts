// `npm run bench:ingest`: MQTT → database throughput of the app's ingest, for each database
// (PGlite on disk, PostgreSQL) and each broker (embedded aedes, the machine's Mosquitto), next
// to the raw COPY rate of the same database in the same run. Prints figures; asserts nothing.
//
// Per combination: a fresh ingest process (bench/ingest-worker.ts: database, seeded motors,
// broker, startIngest as the app runs it, measurements) and a load generator process
// (bench/load-generator.ts: one MQTT connection per device) publishing as fast as the ingest
// takes the messages (at most 6,000 published and not yet committed) for BENCH_SECONDS.
//
// Each throughput combination is followed by a full-app row (issue 18; BENCH_APP=off skips them):
// the server as `npm start` runs it (bench/live-server.ts, bundled as the server is and run with
// its Node flags, no tsx: startServer with the alarm engine, live fan-out, HTTP; DEMO_DATA and
// SIMULATOR off; PGlite in its worker thread) with one
// signed-in client subscribed to live.events over SSE (bench/live-client.ts), fed by the same
// load generator the same way; its points/s as a share of the COPY ceiling of the isolated row
// just before it (same database, same run). Mosquitto rows, isolated and full app, use a private
// Mosquitto with the shipped queue limits (deploy/mosquitto), one per row: the machine's broker keeps
// Debian's defaults (1,000 queued messages a session, 20 in flight), which dropped messages and
// would measure another broker than the one the full-app row meets; MQTT_BENCH_URL names a broker
// to use instead.
//
// BENCH_ROUNDS (1) repeats each combination's pair of rows (isolated with its COPY, then the full
// app) that many times, one round after the other, and ends with the median and range of each
// ratio: on a shared 2-core machine one run's COPY ceiling and ingest rate each move by a third
// between runs minutes apart, so a target is judged on the median of several rounds.
//
// Two more scenarios follow the throughput table (issue 10):
// - flood with loss: per broker, the load generator publishes QoS 1 as fast as the broker
//   acknowledges (no window; up to 20 unacknowledged per device) for BENCH_FLOOD_SECONDS into the app's ingest; then, once the ingest
//   has caught up: acknowledged (PUBACKs the devices got), stored (messages whose points are in
//   the database), dropped = acknowledged − stored, and Mosquitto's own $SYS dropped counter.
// - checks on / off: the embedded broker's CPU per stored point (ingest process: aedes, ingest
//   and, on PGlite, the database) with device authentication and topic checks on, then off, in
//   the same run, and the ratio (the issue's budget: at most 10 % more).
//
// Environment (all optional): BENCH_SCENARIOS ("throughput,flood,checks"), BENCH_SECONDS (15), BENCH_ROUNDS (1),
// BENCH_DEVICES (1000), BENCH_METRICS (8), BENCH_INGEST_CONNECTIONS (12, Mosquitto), BENCH_ONLY
// (e.g. "pglite:embedded,postgres:mosquitto"; the throughput table), BENCH_MAX_BATCH_POINTS,
// BENCH_DERIVED_EVERY_MS, BENCH_CONCURRENT_BATCHES (the ingest's maxBatchPoints, derivedEveryMs,
// concurrentBatches; default the app's), BENCH_SLOW_MS (log the ingest's statements slower than
// this), BENCH_CPU_PROF (a folder: CPU profiles of the ingest processes and of the full app's server), DATABASE_URL (its server
// is used for the PostgreSQL runs; default postgres://postgres@127.0.0.1:5432), MQTT_BENCH_URL
// (default mqtt://127.0.0.1:1883), BENCH_FLOOD_SECONDS (10), BENCH_FLOOD_INFLIGHT (20
// unacknowledged messages per device), BENCH_FLOOD_DB and BENCH_CHECKS_DB (pglite or postgres;
// default postgres when reachable), BENCH_CHECKS_ROUNDS (3 pairs of off/on runs, interleaved),
// BENCH_CHECKS_SECONDS (BENCH_SECONDS), BENCH_SYS_WAIT_MS (12,000: how long to wait for
// Mosquitto's next $SYS update after a flood; its sys_interval is 10 s by default),
// BENCH_FLOOD_MQTT_URL (the flood's Mosquitto; default a private one the bench starts, with the
// queue limits of deploy/mosquitto/mosquitto.conf when it exists, else Mosquitto's defaults).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import postgres from 'postgres';
import {
  fmt,
  nextMessage,
  quantile,
  startBenchMosquitto,
  reachable,
  sleep,
  spawnTs,
  spawnNode,
  liveServerBundle,
  stopChild,
  stopFleetAndServer,
  table,
  type Message,
} from './bench-util';
import type { WorkerConfig, WorkerResult } from './ingest-worker';
import { signedIn } from './live-client';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const METRICS = Number(process.env.BENCH_METRICS ?? 8);
const INGEST_CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 12);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const CPU_PROF = process.env.BENCH_CPU_PROF;
const MQTT_URL = process.env.MQTT_BENCH_URL ?? 'mqtt://127.0.0.1:1883';
const TARGETS = { pglite: 20_000, postgres: 50_000 } as const;
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'throughput,flood,checks').split(',').map((s) => s.trim());
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOOD_INFLIGHT = Number(process.env.BENCH_FLOOD_INFLIGHT ?? 20);
const CHECKS_ROUNDS = Number(process.env.BENCH_CHECKS_ROUNDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CHECKS_SECONDS = Number(process.env.BENCH_CHECKS_SECONDS ?? SECONDS);
const SYS_WAIT_MS = Number(process.env.BENCH_SYS_WAIT_MS ?? 12_000);
const SYS_DROPPED = '$SYS/broker/publish/messages/dropped';
const site = `b${process.pid}`;

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchDatabase = `sentinela_bench_${process.pid}`;
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${benchDatabase}`;

type DbKind = 'pglite' | 'postgres';
type BrokerKind = 'embedded' | 'mosquitto';
const dbLabel = (db: DbKind) => (db === 'pglite' ? 'PGlite (disk)' : 'PostgreSQL');
interface Row {
  db: DbKind;
  broker: BrokerKind;
  /** Which of BENCH_ROUNDS (from 1). */
  round: number;
  connections: number;
  failed: number;
  published: number;
  /** PUBACKs the devices received (QoS 1 runs). */
  acked: number;
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

interface AppRow {
  db: DbKind;
  broker: BrokerKind;
  /** The isolated row of the same round, just before: its COPY ceiling is this row's. */
  isolated: Row;
  published: number;
  rows: number;
  seconds: number;
  peakRssMb: number;
  /** The main thread's V8 heap (total) and external memory at their peaks (MB). */
  peakMainHeapMb: number;
  peakExternalMb: number;
  /** PGlite's worker thread: WASM memory and V8 heap at the end (MB). */
  worker: { wasmMb: number; heapMb: number } | null;
  /** Telemetry events received by the SSE client per second. */
  clientEventsPerSecond: number;
  /** CPU ms from go to caught up: the server process, its PostgreSQL backends (null on PGlite), the load generator. */
  cpuMs: { server: number; database: number | null; generator: number } | null;
  error?: string;
}

interface AppDrained extends Message {
  rows: number;
  goAt: number;
  lastCommitAt: number;
  peakRssMb: number;
  peakMainHeapMb: number;
  peakExternalMb: number;
  worker: { wasmBytes: number; heapTotalBytes: number | null } | null;
  cpuMs: { server: number; database: number | null };
}

/** The full app (startServer) under the same load as the isolated ingest: see the header. */
async function fullApp(db: DbKind, broker: BrokerKind, isolated: Row): Promise<AppRow> {
  const row: AppRow = {
    db,
    broker,
    isolated,
    published: 0,
    rows: 0,
    seconds: 0,
    peakRssMb: Number.NaN,
    peakMainHeapMb: Number.NaN,
    peakExternalMb: Number.NaN,
    worker: null,
    clientEventsPerSecond: Number.NaN,
    cpuMs: null,
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-app-'));
  const appDatabase = `${benchDatabase}_app`;
  const appUrl = new URL(serverUrl);
  appUrl.pathname = `/${appDatabase}`;
  const admin = db === 'postgres' ? postgres(adminUrl.toString(), { max: 1, onnotice: () => {} }) : null;
  const mosquitto = broker === 'mosquitto' ? await startBenchMosquitto() : null;
  const server = spawnNode(
    await liveServerBundle(),
    [
      ...benchServerNodeFlags(admin ? { DATABASE_URL: appUrl.toString() } : {}),
      ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF, `app-${db}-${broker}`)}`] : []),
    ],
    { ...process.env, ...benchServerEnv() },
  );
  const generator = spawnTs('./load-generator.ts');
  let unsubscribe = () => {};
  try {
    if (broker === 'mosquitto' && !mosquitto) throw new Error('mosquitto could not be started');
    if (admin) await admin.unsafe(`create database "${appDatabase}"`);
    server.send({
      type: 'start',
      dataDir,
      devices: DEVICES,
      site,
      ...(admin ? { databaseUrl: appUrl.toString() } : {}),
      ...(mosquitto ? { mqttUrl: mosquitto.url } : {}),
    });
    const ready = await nextMessage<Message & { url: string; mqttPort?: number }>(server, 'ready');
    await signedIn(ready.url, 'bench-admin@example.com');
    const viewer = await signedIn(ready.url, 'bench-viewer@example.com');
    let events = 0;
    const subscription = viewer.live.events.subscribe(undefined, {
      onData: ({ events: received }) => {
        for (const event of received) if (event.type === 'telemetry') events++;
      },
      onError: (error) => console.error('live.events failed:', error),
    });
    unsubscribe = () => subscription.unsubscribe();
    await sleep(500);

    generator.send({
      type: 'connect',
      url: mosquitto?.url ?? `mqtt://127.0.0.1:${ready.mqttPort}`,
      site,
      ids: Array.from({ length: DEVICES }, (_, i) => `${site}-m${String(i).padStart(4, '0')}`),
      qos: broker === 'mosquitto' ? 1 : 0,
      metrics: METRICS,
      clientPrefix: `${site}-app-dev`,
      credentials: broker === 'embedded',
    });
    await nextMessage(generator, 'connected');
    const relay = (m: Message) => {
      if (m.type === 'progress') generator.send({ type: 'credit', taken: m.taken });
    };
    server.on('message', relay);
    server.send({ type: 'go' });
    generator.send({ type: 'run', mode: 'max', durationMs: SECONDS * 1000, window: 6000, inflight: 1 });
    const done = await nextMessage<Message & { published: number; startedAt: number; cpuMs: number }>(
      generator,
      'done',
      SECONDS * 1000 + 60_000,
    );
    server.send({ type: 'drain', published: done.published });
    const drained = await nextMessage<AppDrained>(server, 'drained', 180_000);
    server.off('message', relay);
    row.published = done.published;
    row.rows = drained.rows;
    row.seconds = (drained.lastCommitAt - done.startedAt) / 1000;
    row.peakRssMb = drained.peakRssMb;
    row.peakMainHeapMb = drained.peakMainHeapMb;
    row.peakExternalMb = drained.peakExternalMb;
    row.clientEventsPerSecond = events / Math.max(row.seconds, 1e-3);
    row.cpuMs = { ...drained.cpuMs, generator: done.cpuMs };
    if (drained.worker) {
      row.worker = {
        wasmMb: drained.worker.wasmBytes / 2 ** 20,
        heapMb: (drained.worker.heapTotalBytes ?? Number.NaN) / 2 ** 20,
      };
    }
  } catch (error) {
    row.error = error instanceof Error ? error.message : String(error);
  } finally {
    unsubscribe();
    await stopFleetAndServer(generator, server);
    await mosquitto?.stop();
    if (admin) {
      await admin.unsafe(`drop database if exists "${appDatabase}" with (force)`).catch(() => undefined);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

interface RunOptions {
  seconds: number;
  qos: 0 | 1;
  /** Messages published and not yet taken by the ingest, at most (Infinity: as fast as the broker acknowledges). */
  window: number;
  /** Per device, messages published and not yet acknowledged, at most. */
  inflight: number;
  security?: 'on' | 'off';
  copy: boolean;
  /** The Mosquitto to use (default MQTT_BENCH_URL). */
  mosquittoUrl?: string;
  /** A label that keeps the run's Mosquitto share group and client ids apart from other runs. */
  tag: string;
}

const throughputRun: RunOptions = { seconds: SECONDS, qos: 0, window: 6000, inflight: 1, copy: true, tag: 't' };

async function combination(db: DbKind, broker: BrokerKind, run = throughputRun, round = 1): Promise<Row> {
  const row: Row = {
    db,
    broker,
    round,
    connections: 0,
    failed: 0,
    published: 0,
    acked: 0,
    generatorCpuMs: 0,
    seconds: run.seconds,
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
          : {
              kind: 'mosquitto',
              url: run.mosquittoUrl ?? MQTT_URL,
              connections: INGEST_CONNECTIONS,
              group: `${site}-${run.tag}-${db}`,
            },
      site,
      devices: DEVICES,
      copy: run.copy,
      ...(run.security ? { security: run.security } : {}),
    };
    worker.send({ type: 'start', ...config });
    const { mqttUrl } = await nextMessage<Message & { mqttUrl: string }>(worker, 'ready');

    generator.send({
      type: 'connect',
      url: mqttUrl,
      site,
      ids: Array.from({ length: DEVICES }, (_, i) => `${site}-m${String(i).padStart(4, '0')}`),
      qos: run.qos === 1 || broker === 'mosquitto' ? 1 : 0,
      metrics: METRICS,
      clientPrefix: `${site}-${run.tag}-dev`,
      credentials: broker === 'embedded',
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
    generator.send({
      type: 'run',
      mode: 'max',
      durationMs: run.seconds * 1000,
      window: Number.isFinite(run.window) ? run.window : Number.MAX_SAFE_INTEGER,
      inflight: run.inflight,
    });
    const done = await nextMessage<
      Message & { published: number; acked: number; startedAt: number; errors: number; cpuMs: number }
    >(generator, 'done', run.seconds * 1000 + 60_000);
    row.published = done.published;
    row.acked = done.acked;
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
  if (SCENARIOS.includes('throughput')) {
    for (const db of ['pglite', 'postgres'] as const) {
      for (const broker of ['embedded', 'mosquitto'] as const) {
        if ((db === 'postgres' && !pgUp) || (broker === 'mosquitto' && !mosquittoUp)) continue;
        if (ONLY && !ONLY.includes(`${db}:${broker}`)) continue;
        combos.push([db, broker]);
      }
    }
  }
  const chosenDb = (name: string | undefined): DbKind | null => {
    const db = name === 'pglite' || name === 'postgres' ? name : pgUp ? 'postgres' : 'pglite';
    return db === 'postgres' && !pgUp ? null : db;
  };
  const floodDb = SCENARIOS.includes('flood') ? chosenDb(process.env.BENCH_FLOOD_DB) : null;
  const checksDb = SCENARIOS.includes('checks') ? chosenDb(process.env.BENCH_CHECKS_DB) : null;

  if (combos.some(([db]) => db === 'postgres') || floodDb === 'postgres' || checksDb === 'postgres') {
    const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${benchDatabase}"`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${benchDatabase}" with (force)`);
      await dropper.end();
    });
  }

  const loadStart = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  if (combos.length > 0) {
    console.log(
      `bench:ingest — ${DEVICES} devices (1 MQTT connection each, from a separate process), ${METRICS} metrics per message, ` +
        `${SECONDS} s of publishing per combination; ingest as the app runs it (embedded: batches of ≤ 5,000 points or 250 ms; Mosquitto: a batch whenever the database is free, or half a batch beside the one in flight).`,
    );
    const rows: Row[] = [];
    const appRows: AppRow[] = [];
    for (const [db, broker] of combos) {
      for (let round = 1; round <= ROUNDS; round++) {
        const label = `  ${db} + ${broker}${ROUNDS > 1 ? `, round ${round}` : ''}`;
        process.stdout.write(`${label}… `);
        // The isolated row's broker: a private Mosquitto as the full app's (see the header).
        const own = broker === 'mosquitto' && !process.env.MQTT_BENCH_URL ? await startBenchMosquitto() : null;
        const row = await combination(
          db,
          broker,
          own ? { ...throughputRun, mosquittoUrl: own.url, tag: `t${round}` } : { ...throughputRun, tag: `t${round}` },
          round,
        );
        await own?.stop();
        rows.push(row);
        console.log(row.error ? `failed: ${row.error}` : 'done');
        if (process.env.BENCH_APP === 'off') continue;
        process.stdout.write(`${label}, full app… `);
        const app = await fullApp(db, broker, row);
        appRows.push(app);
        console.log(app.error ? `failed: ${app.error}` : 'done');
      }
    }
    printThroughput(rows);
    if (appRows.length > 0) printFullApp(appRows);
    if (ROUNDS > 1) printMedians(combos, rows, appRows);
  }
  if (floodDb) await floodWithLoss(floodDb, mosquittoUp);
  if (checksDb) await checksOnOff(checksDb);
  for (const note of notes) console.log(note);
  console.log(
    `Load average at start ${loadStart}, at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${cpus().length} cores; the generator, broker, ingest and database share them).`,
  );
}

function printThroughput(rows: Row[]): void {
  const header = [
    'round',
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
    if (!x)
      return [
        String(r.round),
        r.db,
        r.broker,
        String(r.connections),
        '—',
        '—',
        '',
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
        r.error ?? '',
      ];
    const seconds = (x.lastCommitAt - r.startedAt) / 1000;
    const pointsPerSecond = x.rows / seconds;
    const copyPerSecond = x.copyRows / (x.copyMs / 1000);
    const target = TARGETS[r.db];
    return [
      String(r.round),
      dbLabel(r.db),
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
        `${r.db}+${r.broker}${ROUNDS > 1 ? ` round ${r.round}` : ''}: ${fmt(r.published)} messages published, ${fmt(x.messages)} received, ${fmt(x.rows)} rows in ${fmt((x.lastCommitAt - r.startedAt) / 1000, 1)} s ` +
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
}

/** The COPY ceiling of an isolated row (rows/s). */
const copyRateOf = (r: Row): number => {
  const x = r.result;
  return x && x.copyMs > 0 ? x.copyRows / (x.copyMs / 1000) : Number.NaN;
};
/** An isolated row's points/s. */
const isolatedRateOf = (r: Row): number =>
  r.result ? r.result.rows / ((r.result.lastCommitAt - r.startedAt) / 1000) : Number.NaN;

function printFullApp(appRows: AppRow[]): void {
  const lines = appRows.map((a) => {
    const copy = copyRateOf(a.isolated);
    const isolated = isolatedRateOf(a.isolated);
    const name = [String(a.isolated.round), dbLabel(a.db), a.broker === 'embedded' ? 'embedded aedes' : 'Mosquitto'];
    if (a.error) return [...name, '—', '—', '—', '—', '—', '—', '—', '—', '—', a.error];
    const pointsPerSecond = a.rows / a.seconds;
    return [
      ...name,
      fmt(isolated),
      `${fmt((100 * isolated) / copy, 1)} %`,
      fmt(pointsPerSecond),
      `${fmt((100 * pointsPerSecond) / copy, 1)} %`,
      `${pointsPerSecond >= 0.75 * copy ? 'met' : 'MISSED'}`,
      fmt(pointsPerSecond / isolated, 3),
      fmt(a.peakRssMb),
      `${fmt(a.peakMainHeapMb)} / ${fmt(a.peakExternalMb)}`,
      a.worker ? `${fmt(a.worker.wasmMb)} / ${fmt(a.worker.heapMb)}` : '—',
      fmt(a.clientEventsPerSecond),
    ];
  });
  console.log('');
  console.log(
    'Full app — the server as `npm start` runs it (startServer: alarm engine, live fan-out, HTTP; PGlite in its worker thread),',
  );
  console.log(
    'one signed-in viewer on live.events (SSE), the same load; % of the COPY rows/s of the isolated row above (same database, same run).',
  );
  console.log('');
  console.log(
    table(
      [
        'round',
        'database',
        'broker',
        'isolated points/s',
        'isolated % of COPY',
        'full app points/s',
        'full app % of COPY',
        '≥ 75 %',
        'full app ÷ isolated',
        'peak RSS MB',
        'main heap / external MB',
        'PGlite WASM / worker heap MB',
        'SSE telemetry events/s',
      ],
      lines,
    ),
  );
  console.log('');
  console.log(
    'peak RSS  = the whole server process (main thread, PGlite worker thread and its WASM memory), sampled every 100 ms from go to caught up.',
  );
  console.log(
    "main heap = the main thread's V8 heap (total) and external memory (Buffers), each at its peak over the same samples.",
  );
  console.log(
    'full app ÷ isolated = what the app beside the ingest costs, steadier between runs than either share of COPY (both rows see the same machine).',
  );
  for (const a of appRows) {
    if (!a.error)
      console.log(
        `${a.db}+${a.broker}${ROUNDS > 1 ? ` round ${a.isolated.round}` : ''} full app: ${fmt(a.published)} messages published, ${fmt(a.rows)} rows in ${fmt(a.seconds, 1)} s` +
          (a.cpuMs
            ? `; CPU per point: server process ${fmt((1000 * a.cpuMs.server) / Math.max(1, a.rows), 1)} µs` +
              (a.cpuMs.database === null
                ? ''
                : `, PostgreSQL backends ${fmt((1000 * a.cpuMs.database) / Math.max(1, a.rows), 1)} µs`) +
              `, load generator ${fmt((1000 * a.cpuMs.generator) / Math.max(1, a.rows), 1)} µs`
            : '') +
          '.',
      );
  }
}

/** BENCH_ROUNDS > 1: per combination, the median and range over the rounds of each ratio. */
function printMedians(combos: [DbKind, BrokerKind][], rows: Row[], appRows: AppRow[]): void {
  const median = (values: number[]) => quantile(values, 0.5);
  const spread = (values: number[], digits: number) =>
    values.length === 0
      ? '—'
      : `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)})`;
  const lines: string[][] = [];
  for (const [db, broker] of combos) {
    const isolated = rows.filter((r) => r.db === db && r.broker === broker && r.result);
    const apps = appRows.filter((a) => a.db === db && a.broker === broker && !a.error);
    const appShare = apps.map((a) => (100 * (a.rows / a.seconds)) / copyRateOf(a.isolated));
    lines.push([
      dbLabel(db),
      broker === 'embedded' ? 'embedded aedes' : 'Mosquitto',
      `${isolated.length}`,
      spread(isolated.map(copyRateOf), 0),
      spread(
        isolated.map((r) => (100 * isolatedRateOf(r)) / copyRateOf(r)),
        1,
      ),
      spread(appShare, 1),
      apps.length === 0 ? '—' : median(appShare) >= 75 ? 'met' : 'MISSED',
      spread(
        apps.map((a) => a.rows / a.seconds / isolatedRateOf(a.isolated)),
        3,
      ),
    ]);
  }
  console.log('');
  console.log(`Over ${ROUNDS} rounds — median (lowest–highest); each share is of its own round's COPY ceiling.`);
  console.log('');
  console.log(
    table(
      [
        'database',
        'broker',
        'rounds',
        'COPY rows/s',
        'isolated % of COPY',
        'full app % of COPY',
        '≥ 75 % (median)',
        'full app ÷ isolated',
      ],
      lines,
    ),
  );
}

/**
 * Mosquitto's broker-wide count of dropped messages ($SYS, every sys_interval, only once it moves;
 * Mosquitto 2 retains it for 60 s only, so an idle broker may not tell its count).
 */
async function watchSysDropped(url: string, fresh: boolean) {
  let dropped: number | null = null;
  let updates = 0;
  const client = await mqtt
    .connectAsync(url, { clientId: `${site}-sys`, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000 })
    .catch(() => null);
  client?.on('message', (_topic, payload) => {
    dropped = Number(payload.toString());
    updates++;
  });
  await client?.subscribeAsync(SYS_DROPPED).catch(() => undefined);
  const until = async (check: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };
  if (!fresh) await until(() => updates > 0, 2000); // the retained value, if any
  // A broker of our own, just started, has dropped nothing before the run.
  const known = () => (client === null ? null : (dropped ?? (fresh ? 0 : null)));
  return {
    /** The count now; null when unknown. */
    value: known,
    /** The count once the broker's next update came (up to `ms`), so that it covers the run. */
    async settled(ms: number): Promise<number | null> {
      const seen = updates;
      await until(() => updates > seen, ms);
      return known();
    },
    close: () => client?.endAsync(true),
  };
}

/**
 * Flood with loss (issue 10): QoS 1 as fast as the broker acknowledges, into the app's ingest,
 * for each broker; what the devices were told was received against what was stored.
 */
async function floodWithLoss(db: DbKind, mosquittoUp: boolean): Promise<void> {
  // A broker of the bench's own unless BENCH_FLOOD_MQTT_URL names one: the flood fills its queues,
  // which would disturb whoever else uses the machine's broker, and its $SYS count starts at 0.
  const own = process.env.BENCH_FLOOD_MQTT_URL ? null : await startBenchMosquitto();
  if (own) cleanups.push(() => own.stop());
  const mosquittoUrl = process.env.BENCH_FLOOD_MQTT_URL ?? own?.url ?? (mosquittoUp ? MQTT_URL : null);
  console.log('');
  console.log(
    `Flood with loss — ${DEVICES} devices publishing QoS 1 as fast as the broker acknowledges (up to ${FLOOD_INFLIGHT} unacknowledged each) for ${FLOOD_SECONDS} s, ` +
      `${METRICS} metrics per message, into the app's ingest on ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}; counted once the ingest has caught up.`,
  );
  if (mosquittoUrl) {
    console.log(
      own
        ? `Mosquitto: a private one on ${own.url} with ${own.queue}.`
        : `Mosquitto: ${mosquittoUrl} as configured there (BENCH_FLOOD_MQTT_URL or MQTT_BENCH_URL).`,
    );
  }
  const brokers: BrokerKind[] = mosquittoUrl ? ['embedded', 'mosquitto'] : ['embedded'];
  const lines: string[][] = [];
  for (const broker of brokers) {
    process.stdout.write(`  ${broker}… `);
    const sys = broker === 'mosquitto' && mosquittoUrl ? await watchSysDropped(mosquittoUrl, own !== null) : null;
    const sysBefore = sys ? sys.value() : null;
    const row = await combination(db, broker, {
      seconds: FLOOD_SECONDS,
      qos: 1,
      window: Infinity,
      inflight: FLOOD_INFLIGHT,
      copy: false,
      tag: 'f',
      ...(mosquittoUrl ? { mosquittoUrl } : {}),
    });
    const sysAfter = sys ? await sys.settled(own ? 2500 : SYS_WAIT_MS) : null;
    await sys?.close();
    console.log(row.error ? `failed: ${row.error}` : 'done');
    if (own && broker === 'mosquitto') await own.stop();
    const x = row.result;
    const stored = x ? Math.round(x.rows / METRICS) : Number.NaN;
    const dropped = row.acked - stored;
    lines.push([
      broker === 'embedded' ? 'embedded aedes' : `Mosquitto (${INGEST_CONNECTIONS} shared)`,
      fmt(row.published),
      fmt(row.acked),
      fmt(row.acked / row.seconds),
      x ? fmt(x.messages) : '—',
      fmt(stored),
      x ? `${fmt(dropped)} (${fmt((100 * dropped) / Math.max(1, row.acked), 1)} %)` : '—',
      sysBefore === null || sysAfter === null ? '—' : fmt(sysAfter - sysBefore),
      x ? fmt((x.lastCommitAt - row.startedAt) / 1000, 1) : '—',
      row.error ?? '',
    ]);
  }
  console.log('');
  console.log(
    table(
      [
        'broker',
        'published',
        'acknowledged',
        'acked/s',
        'received',
        'stored',
        'dropped',
        '$SYS dropped',
        'caught up s',
        '',
      ],
      lines,
    ),
  );
  console.log('');
  console.log(
    'acknowledged = PUBACKs the devices received; stored = messages whose points are in the database once the',
  );
  console.log(
    '               ingest caught up (nothing more for 3 s); dropped = acknowledged − stored: points a device',
  );
  console.log(
    '               was told were received and that are not stored (with the embedded broker, only a crash drops).',
  );
  console.log(
    `$SYS dropped = the change of Mosquitto's ${SYS_DROPPED} over the run (broker-wide: other clients' drops count too;`,
  );
  console.log(
    "               — when unknown: Mosquitto publishes it only when it moves and keeps it 60 s; a broker of the bench's own starts at 0).",
  );
  console.log('caught up s  = first publish → last batch committed and latest values written.');
}

/**
 * Checks on / off (issue 10): CPU per stored point of the embedded path with the broker's device
 * authentication and topic checks on and off, interleaved in the same run.
 */
async function checksOnOff(db: DbKind): Promise<void> {
  console.log('');
  console.log(
    `Checks on / off — embedded broker, ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${DEVICES} authenticated devices, ` +
      `${CHECKS_SECONDS} s per run, ${CHECKS_ROUNDS} pair(s) of runs (off, on); CPU time per stored point.`,
  );
  const runs: { security: 'on' | 'off'; row: Row }[] = [];
  for (let round = 0; round < CHECKS_ROUNDS; round++) {
    for (const security of ['off', 'on'] as const) {
      process.stdout.write(`  checks ${security}… `);
      const row = await combination(db, 'embedded', {
        seconds: CHECKS_SECONDS,
        qos: 0,
        window: 6000,
        inflight: 1,
        security,
        copy: false,
        tag: `c${round}${security}`,
      });
      runs.push({ security, row });
      console.log(row.error ? `failed: ${row.error}` : 'done');
    }
  }
  const perPoint = (security: 'on' | 'off', part: 'ingest' | 'database') => {
    let cpuMs = 0;
    let rows = 0;
    for (const { row } of runs.filter((r) => r.security === security)) {
      const x = row.result;
      if (!x) continue;
      const ms = part === 'ingest' ? x.cpuMs.ingest : x.cpuMs.database;
      if (ms === null) return Number.NaN;
      cpuMs += ms;
      rows += x.rows;
    }
    return rows ? (1000 * cpuMs) / rows : Number.NaN;
  };
  const lines = runs.map(({ security, row }) => {
    const x = row.result;
    return [
      security,
      x ? fmt(x.rows) : '—',
      x ? fmt(x.rows / ((x.lastCommitAt - row.startedAt) / 1000)) : '—',
      x ? fmt((1000 * x.cpuMs.ingest) / Math.max(1, x.rows), 2) : '—',
      x?.cpuMs.database == null ? '—' : fmt((1000 * x.cpuMs.database) / Math.max(1, x.rows), 2),
      x?.checksInForce == null ? '' : x.checksInForce ? 'yes' : 'NO (option ignored)',
      row.error ?? '',
    ];
  });
  console.log('');
  console.log(
    table(['checks', 'rows', 'points/s', 'ingest µs/pt', 'PG backends µs/pt', 'anonymous refused', ''], lines),
  );
  const off = perPoint('off', 'ingest');
  const on = perPoint('on', 'ingest');
  console.log('');
  console.log(
    `CPU per stored point, ingest process (aedes + ingest${db === 'pglite' ? ' + PGlite' : ''}): checks off ${fmt(off, 2)} µs, ` +
      `on ${fmt(on, 2)} µs, on/off ${fmt(on / off, 3)} (${fmt((100 * (on - off)) / off, 1)} %; budget +10 %).`,
  );
  // Each pair's own ratio: their spread is what the machine's noise alone moves the figure by.
  const pairRatios: number[] = [];
  for (let k = 0; k + 1 < runs.length; k += 2) {
    const [a, b] = [runs[k]!.row.result, runs[k + 1]!.row.result];
    if (a && b) pairRatios.push(b.cpuMs.ingest / Math.max(1, b.rows) / (a.cpuMs.ingest / Math.max(1, a.rows)));
  }
  if (pairRatios.length > 1) {
    console.log(
      `Per pair on/off: ${pairRatios.map((r) => fmt(r, 3)).join(', ')} (median ${fmt(quantile(pairRatios, 0.5), 3)}).`,
    );
  }
  if (db === 'postgres') {
    const dbOff = perPoint('off', 'database');
    const dbOn = perPoint('on', 'database');
    console.log(
      `With the PostgreSQL backends: off ${fmt(off + dbOff, 2)} µs, on ${fmt(on + dbOn, 2)} µs, on/off ${fmt((on + dbOn) / (off + dbOff), 3)}.`,
    );
  }
  if (runs.some(({ row }) => row.result?.checksInForce === false)) {
    console.log(
      'The broker accepted an anonymous client with checks on: it does not take the option yet (bench/ingest-worker.ts, TODO issue 10); both figures are the same code.',
    );
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
