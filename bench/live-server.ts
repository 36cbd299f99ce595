// bench:live's server process: the real Sentinela server (startServer: embedded broker, ingest,
// LiveBus, alarm engine, HTTP with the live.events SSE subscription) on PGlite in a temp folder
// (or on the PostgreSQL database given), DEMO_DATA and SIMULATOR off, `devices` motors seeded first. Driven over IPC by bench/live.ts:
//   → { type: 'start', dataDir, databaseUrl?, devices, site }  ← { type: 'ready', url, mqttPort }
//   → { type: 'measure' }                        (from now on: publish → LiveBus latencies, RSS, loop lag)
//   → { type: 'report' }                         ← { type: 'report', bus: { p50, p95, n }, peakRssMb, loopLagMs }
//   → { type: 'stop' }                           ← { type: 'stopped' }
// bench:ingest's full-app rows drive it as fast as the ingest takes the messages instead:
//   → { type: 'go' }                     ← { type: 'progress', taken } every 50 ms (the load generator's window)
//   → { type: 'drain', published }       ← { type: 'drained', rows, messages, points, goAt, lastCommitAt, peakRssMb,
//                                            peakMainHeapMb, peakExternalMb, worker, cpuMs: { server, database } }
// `mqttUrl`: the app's ingest subscribes to that broker (MQTT_URL, e.g. Mosquitto) instead of its embedded one.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { hashDeviceSecret } from '../apps/server/src/platform/device-secret';
import { loadConfig } from '../apps/server/src/env';
import { startServer } from '../apps/server/src/server';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { backendCpu, backendCpuSpent } from './backend-cpu';
import { benchDeviceSecret, caughtUp, quantile } from './bench-util';

const send = (message: Record<string, unknown>) => process.send?.(message);
// Found from the repository's root (the working folder the benches give it), whether this runs
// from source through tsx or bundled (bench-util.ts, liveServerBundle).
const migrationsFolder = path.resolve('packages/db/migrations');

interface Start {
  dataDir: string;
  databaseUrl?: string;
  devices: number;
  site: string;
  mqttUrl?: string;
}

process.once('message', (start: Start) => {
  main(start).catch((error: unknown) => {
    console.error('live server failed:', error);
    process.exit(1);
  });
});

async function main({ dataDir, databaseUrl, devices, site, mqttUrl }: Start) {
  // Seed before the server starts, so the ingest knows every device from its first message.
  const seedDb = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : // In a worker thread, as the server opens it: PGlite's memory goes with the thread when it closes.
      await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), worker: true });
  await migrateDatabase(seedDb, migrationsFolder);
  const [facility] = await seedDb.db
    .insert(facilities)
    .values({ code: site, name: `Bench ${site}`, city: 'Campinas' })
    .returning();
  for (let i = 0; i < devices; i += 500) {
    await seedDb.db.insert(equipment).values(
      Array.from({ length: Math.min(500, devices - i) }, (_, k) => ({
        id: `${site}-m${String(i + k).padStart(4, '0')}`,
        name: `Motor ${i + k}`,
        kind: 'motor' as const,
        status: 'online' as const,
        facilityId: facility!.id,
      })),
    );
  }
  // Every device has its secret, as the embedded broker wants (ADR 016).
  const ids = await seedDb.db.select({ id: equipment.id }).from(equipment);
  for (let i = 0; i < ids.length; i += 500) {
    await seedDb.db
      .insert(deviceCredentials)
      .values(
        ids
          .slice(i, i + 500)
          .map(({ id }) => ({ equipmentId: id, secretHash: hashDeviceSecret(benchDeviceSecret(id)) })),
      );
  }
  await seedDb.close();

  const webDist = path.join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sentinela</title>');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    DEMO_DATA: 'off',
    SIMULATOR: 'off',
    ...(mqttUrl ? { MQTT_URL: mqttUrl } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-live-session-secret-0123456789abcdef' } : {}),
  });
  const server = await startServer(config, { webDist, migrationsFolder });
  const mqttPort = server.telemetry.broker?.port;
  if (!mqttPort && !mqttUrl) throw new Error('the embedded broker did not open a TCP port');

  const busLatency: number[] = [];
  let measuring = false;
  let peakRss = 0;
  // The main thread's V8 heap (total: what it holds from the system) and its external memory
  // (Buffers: MQTT packets, sockets), at their peaks: where the process's memory goes.
  let peakHeapTotal = 0;
  let peakExternal = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const rss = setInterval(() => {
    if (!measuring) return;
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeapTotal = Math.max(peakHeapTotal, usage.heapTotal);
    peakExternal = Math.max(peakExternal, usage.external);
  }, 100);
  // Publish → LiveBus: the part of the latency spent before the live stream (MQTT, broker, ingest).
  server.telemetry.bus.subscribe((event) => {
    if (measuring && event.type === 'telemetry') busLatency.push(Date.now() - event.ts);
  });
  send({ type: 'ready', url: server.url, mqttPort });

  const ingest = server.telemetry.ingest;
  let progress: NodeJS.Timeout | undefined;
  let goAt = 0;
  let cpuAtGo = process.cpuUsage();
  let backendsAtGo: Map<number, number> | null = null;
  process.on('message', (message: { type: string; published?: number }) => {
    if (message.type === 'go') {
      measuring = true;
      goAt = Date.now();
      cpuAtGo = process.cpuUsage();
      void backendCpu(server.database).then((cpu) => (backendsAtGo = cpu));
      // Messages fully taken (committed or dropped), for the load generator's window, as bench/ingest-worker.ts counts them.
      progress = setInterval(() => {
        const s = ingest.stats();
        const dropped = Object.values(s.dropped).reduce((a, b) => a + b, 0);
        const perMessage = s.messages > dropped && s.points > 0 ? s.points / (s.messages - dropped) : 1;
        send({ type: 'progress', taken: Math.floor(s.written / perMessage) + dropped });
      }, 50);
    } else if (message.type === 'drain') {
      void (async () => {
        await caughtUp(() => ingest.stats().messages, message.published ?? 0);
        await ingest.flush();
        clearInterval(progress);
        measuring = false;
        const cpu = process.cpuUsage(cpuAtGo);
        const databaseCpuMs = backendCpuSpent(backendsAtGo, await backendCpu(server.database));
        const s = ingest.stats();
        const counted = await server.database.db.execute(sql`select count(*)::int as n from telemetry`);
        const worker = await server.database.memoryUsage?.();
        send({
          type: 'drained',
          rows: rowsOf<{ n: number }>(counted)[0]?.n ?? 0,
          messages: s.messages,
          points: s.points,
          goAt,
          lastCommitAt: Math.max(s.lastBatchAt?.getTime() ?? 0, s.lastDerivedAt?.getTime() ?? 0),
          peakRssMb: peakRss / 2 ** 20,
          peakMainHeapMb: peakHeapTotal / 2 ** 20,
          peakExternalMb: peakExternal / 2 ** 20,
          worker: worker ?? null,
          cpuMs: { server: (cpu.user + cpu.system) / 1000, database: databaseCpuMs },
        });
      })();
    } else if (message.type === 'measure') {
      measuring = true;
      lag.enable();
    } else if (message.type === 'report') {
      measuring = false;
      lag.disable();
      send({
        type: 'report',
        bus: { p50: quantile(busLatency, 0.5), p95: quantile(busLatency, 0.95), n: busLatency.length },
        peakRssMb: peakRss / 2 ** 20,
        loopLagMs: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      });
    } else if (message.type === 'stop') {
      clearInterval(rss);
      void server.stop().finally(() => {
        send({ type: 'stopped' });
        process.exit(0);
      });
    }
  });
}
