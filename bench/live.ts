// `npm run bench:live`: MQTT publish → live event received by a signed-in client, on the real
// path: a device fleet (bench/load-generator.ts, its own process) publishing ~10,000 points/s to
// the embedded broker of a real server (bench/live-server.ts, its own process, bundled and run as
// `npm start` runs the server: startServer on PGlite, ingest, LiveBus, HTTP), and a viewer
// subscribed to live.events over SSE (here).
// Every message carries its publish time in `ts`; the client measures receive time − ts for every
// telemetry event it gets. Prints figures; asserts nothing.
//
// Runs on PGlite, then on PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432;
// a database sentinela_bench_live_<pid> created and dropped) when reachable; BENCH_ONLY=pglite skips it.
// Environment (all optional): BENCH_SECONDS (60, measured after 3 s of warm-up: long enough to
// include the ingest's once-a-minute rollup recompute; PGlite runs in a worker thread since ADR 037), BENCH_DEVICES
// (1000), BENCH_METRICS (10), BENCH_HZ (1 message per device per second), BENCH_CPU_PROF (a folder:
// CPU profile of the server process).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import {
  fmt,
  nextMessage,
  quantile,
  reachable,
  sleep,
  spawnTs,
  spawnNode,
  liveServerBundle,
  stopFleetAndServer,
  table,
  type Message,
} from './bench-util';
import { signedIn } from './live-client';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = 3;
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const METRICS = Number(process.env.BENCH_METRICS ?? 10);
const HZ = Number(process.env.BENCH_HZ ?? 1);
const TARGET_P95_MS = 100;
const site = `l${process.pid}`;

// Ctrl-C: the children get the signal too; what is left to remove is removed here.
const cleanups = new Set<() => Promise<void> | void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([...cleanups].map(async (fn) => fn())).finally(() => process.exit(130));
  });
}

interface LiveRow {
  database: string;
  connections: number;
  failed: number;
  role?: string;
  bus?: { p50: number; p95: number; n: number };
  client?: { p50: number; p95: number; p99: number; max: number; n: number };
  eventsPerSecond?: number;
  ssePerSecond?: number;
  coalesced?: number;
  peakRssMb?: number;
  loopLagMs?: { p99: number; max: number };
  published?: number;
  error?: string;
}

async function measure(database: 'pglite' | 'postgres', databaseUrl?: string): Promise<LiveRow> {
  const row: LiveRow = { database: database === 'pglite' ? 'PGlite (disk)' : 'PostgreSQL', connections: 0, failed: 0 };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-live-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.add(removeDataDir);
  const profile = process.env.BENCH_CPU_PROF;
  const server = spawnNode(
    await liveServerBundle(),
    [
      ...benchServerNodeFlags(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, `live-server-${database}`)}`] : []),
    ],
    { ...process.env, ...benchServerEnv() },
  );
  const generator = spawnTs('./load-generator.ts');
  let unsubscribe = () => {};
  try {
    server.send({ type: 'start', dataDir, devices: DEVICES, site, ...(databaseUrl ? { databaseUrl } : {}) });
    const { url, mqttPort } = await nextMessage<Message & { url: string; mqttPort: number }>(server, 'ready');

    // The first account becomes admin; the measured client is the second one, a viewer.
    await signedIn(url, 'bench-admin@example.com');
    const viewer = await signedIn(url, 'bench-viewer@example.com');
    row.role = (await viewer.auth.me.query())?.role;

    const latencies: number[] = [];
    let measuring = false;
    let batches = 0;
    let events = 0;
    let coalesced = 0;
    const subscription = viewer.live.events.subscribe(undefined, {
      onData: ({ events: received }) => {
        const now = Date.now();
        if (!measuring) return;
        batches++;
        for (const event of received) {
          if (event.type !== 'telemetry') continue;
          events++;
          latencies.push(now - event.ts);
          if (Object.keys(event.metrics).length > METRICS) coalesced++;
        }
      },
      onError: (error) => console.error('live.events failed:', error),
    });
    unsubscribe = () => subscription.unsubscribe();
    await sleep(500);

    generator.send({
      type: 'connect',
      url: `mqtt://127.0.0.1:${mqttPort}`,
      site,
      ids: Array.from({ length: DEVICES }, (_, i) => `${site}-m${String(i).padStart(4, '0')}`),
      qos: 0,
      metrics: METRICS,
      clientPrefix: `${site}-dev`,
      credentials: true,
    });
    const connected = await nextMessage<Message & { connections: number; failed: number }>(generator, 'connected');
    row.connections = connected.connections;
    row.failed = connected.failed;
    generator.send({ type: 'run', mode: 'rate', durationMs: (WARMUP_SECONDS + SECONDS) * 1000 + 500, hz: HZ });
    await sleep(WARMUP_SECONDS * 1000);
    measuring = true;
    server.send({ type: 'measure' });
    const began = Date.now();
    await sleep(SECONDS * 1000);
    measuring = false;
    const elapsed = (Date.now() - began) / 1000;
    server.send({ type: 'report' });
    const report = await nextMessage<
      Message & { bus: LiveRow['bus']; peakRssMb: number; loopLagMs: LiveRow['loopLagMs'] }
    >(server, 'report');
    const done = await nextMessage<Message & { published: number; errors: number }>(generator, 'done', 30_000);
    Object.assign(row, {
      bus: report.bus,
      client: {
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
        p99: quantile(latencies, 0.99),
        max: Math.max(...latencies),
        n: latencies.length,
      },
      eventsPerSecond: events / elapsed,
      ssePerSecond: batches / elapsed,
      coalesced,
      peakRssMb: report.peakRssMb,
      loopLagMs: report.loopLagMs,
      published: done.published,
    });
  } catch (error) {
    row.error = error instanceof Error ? error.message : String(error);
  } finally {
    unsubscribe();
    await stopFleetAndServer(generator, server);
    removeDataDir();
    cleanups.delete(removeDataDir);
  }
  return row;
}

async function main() {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = `/sentinela_bench_live_${process.pid}`;
  const pgUp =
    process.env.BENCH_ONLY !== 'pglite' && (await reachable(serverUrl.hostname, Number(serverUrl.port || 5432)));

  console.log(
    `bench:live — ${DEVICES} devices × ${METRICS} metrics × ${HZ} msg/s = ${fmt(DEVICES * METRICS * HZ)} points/s offered (QoS 0, ` +
      `one MQTT connection per device, separate process) to the embedded broker of a real server process (startServer: ingest, ` +
      `LiveBus, alarm engine, HTTP); one signed-in viewer subscribed to live.events (SSE, all devices) in this process; ` +
      `${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up. Load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${cpus().length} cores).`,
  );
  const rows: LiveRow[] = [];
  rows.push(await measure('pglite'));
  if (pgUp) {
    const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    const drop = async () => {
      await admin.unsafe(`drop database if exists "${benchUrl.pathname.slice(1)}" with (force)`);
      await admin.end();
    };
    await admin.unsafe(`create database "${benchUrl.pathname.slice(1)}"`);
    cleanups.add(drop);
    try {
      rows.push(await measure('postgres', benchUrl.toString()));
    } finally {
      cleanups.delete(drop);
      await drop();
    }
  }

  console.log('');
  console.log(
    table(
      [
        'database',
        'publish→LiveBus p50/p95 ms',
        'publish→client p50/p95/p99/max ms',
        'p95 target',
        'events/s at client',
        'SSE msgs/s',
        'loop delay p99/max ms',
        'peak RSS MB',
      ],
      rows.map((r) =>
        r.client && r.bus
          ? [
              r.database,
              `${fmt(r.bus.p50)} / ${fmt(r.bus.p95)}`,
              `${fmt(r.client.p50)} / ${fmt(r.client.p95)} / ${fmt(r.client.p99)} / ${fmt(r.client.max)}`,
              `≤ ${TARGET_P95_MS} ${r.client.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`,
              fmt(r.eventsPerSecond!),
              fmt(r.ssePerSecond!, 1),
              `${fmt(r.loopLagMs!.p99)} / ${fmt(r.loopLagMs!.max)}`,
              fmt(r.peakRssMb!),
            ]
          : [r.database, '—', '—', '', '—', '—', '—', r.error ?? ''],
      ),
    ),
  );
  console.log('');
  console.log(
    'publish→LiveBus = MQTT (fleet → embedded broker) + ingest validation, measured in the server (before the batch is written).',
  );
  console.log(
    'LiveBus→client = the live stream (live-stream.ts: per-client batching / per-device throttle) + superjson + SSE + client parse.',
  );
  console.log(
    'loop delay = event-loop delay of the server process (PGlite runs in a worker thread, ADR 037: its statements no longer block this loop).',
  );
  for (const r of rows) {
    if (r.client) {
      console.log(
        `${r.database}: ${fmt(r.client.n)} events measured (viewer role ${r.role}), ${fmt(r.coalesced!)} merged several messages of a device; ` +
          `${r.connections} devices connected${r.failed ? `, ${r.failed} failed` : ''}, ${fmt(r.published!)} messages published.`,
      );
    }
  }
}

await main();
