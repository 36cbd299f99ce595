// `npm run bench:scale` (issue 19, ADR 038): one portal instance against two on one PostgreSQL
// database and one Mosquitto, in the same run, on this machine. A fresh database on DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432) is created and dropped; a private mosquitto
// runs the shipped deploy/mosquitto configuration on a free port (apps/server/test's helpers, as
// the several-instances test starts it); the instances are src/main.ts as `npm start` runs it
// (through tsx), SIMULATOR and DEMO_DATA off, with the bench's own site and motors.
// Measured, first with instance A alone, then with A and B:
//   - ingest points/s: a device fleet of our own (bench/load-generator.ts, its own process)
//     publishing as fast as the ingest takes them, QoS 1, through the broker's shared
//     subscription (each message to one instance); rows counted in the database until caught up;
//   - lost / doubled: rows stored vs points published, and the instances' own ingest counters
//     (system.details) summed vs points published (a message taken by both would count twice);
//   - API p95 of auth.me and dashboard.summary with autocannon (with two: half the connections
//     on each instance, at the same time);
//   - live latency (two only): points of one probe motor, one at a time, each taken by one
//     instance's ingest; MQTT publish → that instance's live.events (SSE) "A→A", and → the other
//     instance's stream through LISTEN/NOTIFY "A→B".
// Then B is stopped: A alone gets only its share of what is published (the broker queues B's share
// for B's persistent ingest sessions), and once B is started again under its INSTANCE_ID the
// queued points arrive (counted: nothing lost). The relay's counters come from System Health.
// Prints the table with the ratios; asserts nothing.
//
// Environment (optional): DATABASE_URL, BENCH_SECONDS (10: each ingest and API measurement),
// BENCH_DEVICES (100), BENCH_METRICS (10), BENCH_CLIENTS (40 connections), BENCH_LIVE_POINTS (40).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generate } from 'otplib';
import postgres from 'postgres';
import { startPrivateMosquitto } from '../apps/server/test/private-mosquitto';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { watch, type Watch } from '../apps/server/test/stream-client';
import { buildMosquittoFiles } from '../apps/server/src/features/device-credentials/mosquitto-files';
import { hashDeviceSecret, newDeviceSecret } from '../apps/server/src/platform/device-secret';
import type { LiveRelayHealth } from '@sentinela/shared/system';
import { callProcedure } from '../e2e/admin-session';
import {
  fmt,
  freePort,
  nextMessage,
  quantile,
  reachable,
  sleep,
  spawnTs,
  stopChild,
  table,
  type Message,
} from './bench-util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const METRICS = Number(process.env.BENCH_METRICS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 40);
const LIVE_POINTS = Number(process.env.BENCH_LIVE_POINTS ?? 40);
const ACCOUNTS = 10;
const PASSWORD = 'Forte#2026scale';
const SITE = 'escala';
const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;

// ---- database and broker ------------------------------------------------------------------
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
if (!(await reachable(serverUrl.hostname, Number(serverUrl.port || 5432)))) {
  console.log(`PostgreSQL at ${serverUrl.host} is not reachable: bench:scale needs it`);
  process.exit(1);
}
const cleanup: (() => Promise<unknown> | void)[] = [];
const name = `sentinela_bench_scale_${process.pid}`;
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
await admin.unsafe(`create database "${name}"`);
cleanup.push(async () => {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
});
const sql = postgres(dbUrl.toString(), { max: 2, onnotice: () => undefined });
cleanup.push(() => sql.end());

const serverPassword = newDeviceSecret();
const broker = await startPrivateMosquitto(
  buildMosquittoFiles({
    devices: [],
    credentials: [],
    server: { username: 'sentinela', passwordHash: hashDeviceSecret(serverPassword) },
    now: new Date(),
  }),
);
cleanup.push(() => broker.stop());
const dataRoot = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-scale-'));
cleanup.push(() => rmSync(dataRoot, { recursive: true, force: true }));

async function startInstance(id: string): Promise<ServerProcess> {
  const server = await startServerProcess(
    await freePort(),
    {
      DATABASE_URL: dbUrl.toString(),
      SESSION_SECRET: 'bench-scale-secret-'.repeat(3),
      MQTT_URL: broker.url,
      MQTT_USERNAME: 'sentinela',
      MQTT_PASSWORD: serverPassword,
      INSTANCE_ID: id,
      DATA_DIR: mkdtempSync(path.join(dataRoot, `${id}-`)),
      REGISTRATIONS_PER_ADDRESS: '100000',
    },
    180_000,
  );
  cleanup.push(() => server.stop());
  return server;
}

/** Runs the cleanup steps, newest first; each one's failure is reported, not thrown. */
async function tidy(): Promise<void> {
  for (const step of cleanup.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}

// ---- measurements ---------------------------------------------------------------------------
interface Load {
  rps: number;
  p95: number;
  requests: number;
  failed: number;
}

/** autocannon on each base at once (connections split between them): the merged figures. */
async function load(bases: string[], procedure: string, cookies: string[], seconds: number): Promise<Load> {
  const times: number[] = [];
  let next = 0;
  const results = await Promise.all(
    bases.map(
      (base) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: `${base}/api/trpc/${procedure}`,
              connections: Math.max(1, Math.round(CLIENTS / bases.length)),
              duration: seconds,
              setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length]! }),
            },
            (error, done) => (error ? reject(error as Error) : resolve(done)),
          );
          instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
        }),
    ),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p95: quantile(times, 0.95),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

/** An account with its second factor set up (what System Health and the live streams need): its Cookie header. */
async function enroll(base: string, email: string): Promise<{ header: string; jar: Map<string, string> }> {
  const jar = new Map<string, string>();
  await callProcedure(base, 'auth.register', 'mutation', { name: 'Pessoa Escala', email, password: PASSWORD }, jar);
  const { secret } = (await callProcedure(base, 'auth.setup2FA', 'query', undefined, jar)) as { secret: string };
  await callProcedure(base, 'auth.verify2FA', 'mutation', { code: await generate({ secret }) }, jar);
  return { header: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), jar };
}

/** The points an instance's ingest has taken since it started (System Health's counter). */
async function ingested(base: string, jar: Map<string, string>): Promise<number> {
  const details = (await callProcedure(base, 'system.details', 'query', undefined, jar)) as {
    ingest: { pointsTotal: number };
  };
  return details.ingest.pointsTotal;
}

/** The live relay's counters on an instance's System Health (null: no relay). */
async function relayOf(base: string, jar: Map<string, string>): Promise<LiveRelayHealth | null> {
  const details = (await callProcedure(base, 'system.details', 'query', undefined, jar)) as {
    live: { relay: LiveRelayHealth | null };
  };
  return details.live.relay;
}

const deviceIds = Array.from({ length: DEVICES }, (_, i) => `escala-${String(i).padStart(4, '0')}`);
const PROBE = 'escala-sonda';

async function rowsSince(since: Date): Promise<number> {
  const [row] =
    await sql`select count(*)::int as n from telemetry where ts >= ${since} and equipment_id like 'escala-%'`;
  return row!.n as number;
}

interface Ingest {
  published: number;
  rows: number;
  pointsPerSecond: number;
  counted: number;
  /** Of `counted`, per instance (the broker's share of the group). */
  split: number[];
  /** When the run began (rows of its points have ts at or after it). */
  since: Date;
}

/**
 * The fleet publishing as fast as the ingest takes them for SECONDS (at most `window` messages
 * published and not yet stored), then waits until every point is stored (or `settleMs` of no change).
 */
async function measureIngest(
  bases: string[],
  jar: Map<string, string>,
  seconds = SECONDS,
  settleMs = 30_000,
): Promise<Ingest> {
  const generator = spawnTs('./load-generator.ts');
  try {
    generator.send({
      type: 'connect',
      url: broker.url,
      site: SITE,
      ids: deviceIds,
      qos: 1,
      metrics: METRICS,
      clientPrefix: `escala-${bases.length}`,
      login: { username: 'sentinela', password: serverPassword },
    });
    const connected = await nextMessage<Message & { connections: number }>(generator, 'connected');
    if (connected.connections !== DEVICES) throw new Error(`only ${connected.connections} devices connected`);
    const countedBefore = await Promise.all(bases.map((base) => ingested(base, jar)));
    const since = new Date();
    let stored = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        stored = await rowsSince(since);
        generator.send({ type: 'credit', taken: Math.floor(stored / METRICS) });
        await sleep(100);
      }
    })();
    generator.send({ type: 'run', mode: 'max', durationMs: seconds * 1000, window: 20 * DEVICES });
    const done = await nextMessage<Message & { published: number; startedAt: number }>(
      generator,
      'done',
      seconds * 1000 + 60_000,
    );
    polling = false;
    await poll;
    const expected = done.published * METRICS;
    let last = await rowsSince(since);
    let lastAt = Date.now();
    let changedAt = Date.now();
    while (last < expected && Date.now() - changedAt < settleMs) {
      await sleep(100);
      const now = await rowsSince(since);
      if (now !== last) {
        last = now;
        lastAt = changedAt = Date.now();
      }
    }
    // A moment for stragglers past the count (a doubled batch would replace rows, not add them).
    await sleep(500);
    const rows = await rowsSince(since);
    const countedAfter = await Promise.all(bases.map((base) => ingested(base, jar)));
    return {
      published: expected,
      rows,
      pointsPerSecond: rows / ((lastAt - done.startedAt) / 1000),
      counted: countedAfter.reduce((sum, n, i) => sum + n - countedBefore[i]!, 0),
      split: countedAfter.map((n, i) => n - countedBefore[i]!),
      since,
    };
  } finally {
    generator.send({ type: 'close' });
    await stopChild(generator, 5000, 2000);
  }
}

/**
 * Points of the probe, one every 300 ms (past the live streams' 250-ms merge), watched on both
 * instances' live streams: per point, publish → the stream of the instance whose ingest took
 * it (the first to have it) and → the other's (through NOTIFY).
 */
async function measureLive(a: string, b: string, cookie: string) {
  const mqtt = (await import('mqtt')).default;
  const device = await mqtt.connectAsync(broker.url, {
    username: 'sentinela',
    password: serverPassword,
    clientId: 'escala-sonda',
    reconnectPeriod: 0,
  });
  const onA = await watch(a, cookie, { live: { equipmentIds: [PROBE] } });
  const onB = await watch(b, cookie, { live: { equipmentIds: [PROBE] } });
  const arrival = (w: Watch, value: number) =>
    w.seen.find(({ event }) => event.type === 'telemetry' && event.metrics.probe === value)?.at;
  const copies = (w: Watch, value: number) =>
    w.seen.filter(({ event }) => event.type === 'telemetry' && event.metrics.probe === value).length;
  try {
    const sent: { value: number; at: number }[] = [];
    for (let i = 1; i <= LIVE_POINTS; i++) {
      const value = 1000 + i;
      const at = Date.now();
      sent.push({ value, at });
      await device.publishAsync(
        `sentinela/${SITE}/${PROBE}/telemetry`,
        JSON.stringify({ ts: at, metrics: { probe: value } }),
        {
          qos: 1,
        },
      );
      await sleep(300);
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !sent.every(({ value }) => arrival(onA, value) && arrival(onB, value)))
      await sleep(100);
    const own: number[] = [];
    const other: number[] = [];
    let missing = 0;
    let doubled = 0;
    let byA = 0;
    for (const { value, at } of sent) {
      const [atA, atB] = [arrival(onA, value), arrival(onB, value)];
      if (atA === undefined || atB === undefined) {
        missing++;
        continue;
      }
      if (copies(onA, value) > 1 || copies(onB, value) > 1) doubled++;
      if (atA <= atB) byA++;
      own.push(Math.min(atA, atB) - at);
      other.push(Math.max(atA, atB) - at);
    }
    return { own, other, missing, doubled, byA };
  } finally {
    onA.stop();
    onB.stop();
    await device.endAsync();
  }
}

/** The instance's log lines at warn level or above (pino's level ≥ 40), counted, with the last one's message. */
function problems(server: ServerProcess): string {
  const bad = server
    .output()
    .split('\n')
    .filter((line) => /"level":(4|5|6)0/.test(line) && !line.includes('web/dist'));
  const last = bad.at(-1);
  return last ? `${bad.length} (last: ${last.slice(0, 300)})` : '0';
}

// ---- the run --------------------------------------------------------------------------------
const rows: string[][] = [];
const notes: string[] = [];
try {
  console.log(
    `bench:scale — ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start; ${DEVICES} devices × ${METRICS} metrics, QoS 1; ${CLIENTS} API connections; ` +
      `${SECONDS} s a measurement`,
  );
  const a = await startInstance('escala-a');
  console.log(`[${elapsed()}] instance A up (migrated the empty database)`);
  const [facility] = await sql`insert into facilities (code, name, city) values (${SITE}, 'Planta Escala', 'Campinas')
                               returning id`;
  for (const id of [...deviceIds, PROBE]) {
    await sql`insert into equipment (id, name, kind, status, facility_id)
              values (${id}, ${`Motor ${id}`}, 'motor', 'online', ${facility!.id as string})`;
  }
  const sessions = [];
  for (let i = 0; i < ACCOUNTS; i++) sessions.push(await enroll(a.base, `escala-${i}@example.com`));
  const cookies = sessions.map((s) => s.header);
  const jar = sessions[0]!.jar;
  console.log(`[${elapsed()}] ${ACCOUNTS} accounts signed in (2FA done), ${DEVICES + 1} motors in the registry`);

  // Warm-up, not counted: the ingest reads the registry again for the new motors, JIT, pools.
  await measureIngest([a.base], jar, 3, 3000);
  await load([a.base], 'auth.me', cookies, 2);

  const one = {
    ingest: await measureIngest([a.base], jar),
    me: await load([a.base], 'auth.me', cookies, SECONDS),
    summary: await load([a.base], 'dashboard.summary', cookies, SECONDS),
  };
  console.log(`[${elapsed()}] one instance measured`);

  const b = await startInstance('escala-b');
  console.log(`[${elapsed()}] instance B up`);
  await load([b.base], 'auth.me', cookies, 2);
  // Warm-up of the pair, not counted (B's JIT and pools; its ingest joined the shared subscription).
  await measureIngest([a.base, b.base], jar, 3, 3000);
  const two = {
    ingest: await measureIngest([a.base, b.base], jar),
    me: await load([a.base, b.base], 'auth.me', cookies, SECONDS),
    summary: await load([a.base, b.base], 'dashboard.summary', cookies, SECONDS),
  };
  const live = await measureLive(a.base, b.base, cookies[0]!);
  const relays = await Promise.all([a.base, b.base].map((base) => relayOf(base, jar)));
  console.log(`[${elapsed()}] two instances measured`);
  // B stopped (SIGTERM): its ingest sessions are persistent members of the shared subscription,
  // so the broker keeps queueing a share of the telemetry for them until B is back under its
  // INSTANCE_ID (ADR 038). A publishes alone meanwhile; then B starts again and the queued share
  // must arrive: nothing lost.
  await b.stop();
  const again = await measureIngest([a.base], jar, SECONDS, 5000);
  const back = await startInstance('escala-b');
  const resumedAt = Date.now();
  let resumed = await rowsSince(again.since);
  while (resumed < again.published && Date.now() - resumedAt < 30_000) {
    await sleep(200);
    resumed = await rowsSince(again.since);
  }
  const resumeMs = Date.now() - resumedAt;
  await back.stop();
  console.log(`[${elapsed()}] B stopped and started again`);

  const ratio = (x: number, y: number) => (Number.isFinite(x / y) ? `${(x / y).toFixed(2)}×` : '—');
  const lossRow = (what: string, i: Ingest) =>
    `${what}: ${i.rows - i.published} rows vs points, ingests counted ${i.counted - i.published}`;
  rows.push(
    [
      'ingest points/s',
      fmt(one.ingest.pointsPerSecond),
      fmt(two.ingest.pointsPerSecond),
      ratio(two.ingest.pointsPerSecond, one.ingest.pointsPerSecond),
    ],
    ['  points published', fmt(one.ingest.published), fmt(two.ingest.published), ''],
    ['  rows stored', fmt(one.ingest.rows), fmt(two.ingest.rows), ''],
    ['  points the ingests counted', fmt(one.ingest.counted), fmt(two.ingest.counted), ''],
    ['    of them by B', '', fmt(two.ingest.split[1] ?? NaN), ''],
    ['auth.me req/s', fmt(one.me.rps), fmt(two.me.rps), ratio(two.me.rps, one.me.rps)],
    ['auth.me p95 ms', fmt(one.me.p95), fmt(two.me.p95), ratio(two.me.p95, one.me.p95)],
    ['dashboard.summary req/s', fmt(one.summary.rps), fmt(two.summary.rps), ratio(two.summary.rps, one.summary.rps)],
    ['dashboard.summary p95 ms', fmt(one.summary.p95), fmt(two.summary.p95), ratio(two.summary.p95, one.summary.p95)],
    ['API failed requests', fmt(one.me.failed + one.summary.failed), fmt(two.me.failed + two.summary.failed), ''],
  );
  console.log(`\n${table(['', 'one (A)', 'two (A+B)', 'two ÷ one'], rows)}`);
  const liveRows = [
    ['publish → ingesting instance (A→A)', fmt(quantile(live.own, 0.5)), fmt(quantile(live.own, 0.95)), ''],
    [
      'publish → other instance (A→B)',
      fmt(quantile(live.other, 0.5)),
      fmt(quantile(live.other, 0.95)),
      ratio(quantile(live.other, 0.95), quantile(live.own, 0.95)),
    ],
  ];
  console.log(`\n${table(['live latency, two instances', 'p50 ms', 'p95 ms', 'A→B ÷ A→A (p95)'], liveRows)}`);
  notes.push(
    `live: ${LIVE_POINTS} points, ${live.byA} taken by A and ${LIVE_POINTS - live.byA - live.missing} by B; ` +
      `${live.missing} missing on a stream, ${live.doubled} delivered twice on a stream`,
    `lost/doubled: ${lossRow('one', one.ingest)}; ${lossRow('two', two.ingest)} (0 and 0: nothing lost, nothing doubled)`,
    `relay (System Health's counters, since start): ${relays
      .map(
        (r, i) =>
          `${i === 0 ? 'A' : 'B'} sent ${fmt(r?.notificationsSent ?? NaN)} NOTIFY (${fmt(r?.eventsSent ?? NaN)} events, ` +
          `${fmt(r?.coalesced ?? NaN)} coalesced), received ${fmt(r?.eventsReceived ?? NaN)} events, dropped ${fmt(r?.dropped ?? NaN)}`,
      )
      .join('; ')}`,
    `B stopped: of ${fmt(again.published)} points published, ${fmt(again.rows)} stored by A alone ` +
      `(${fmt(again.published - again.rows)} queued at the broker for B's sessions); B started again: ` +
      `${fmt(resumed)} stored ${fmt(resumeMs)} ms after it was up (${fmt(again.published - resumed)} missing)`,
    `server log lines at warn or above: A ${problems(a)}, B ${problems(b)}`,
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${elapsed()} in all`,
  );
  console.log(`\n${notes.join('\n')}`);
  console.log(
    'points/s = rows stored ÷ (first publish → last row stored); with two instances each message goes to one ' +
      "ingest (the broker's shared subscription). API: autocannon, with two instances half the connections on each, at once.",
  );
} finally {
  await tidy();
}
