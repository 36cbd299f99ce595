// bench:live's server process: the real Sentinela server (startServer: embedded broker, ingest,
// LiveBus, alarm engine, HTTP with the live.events SSE subscription) on PGlite in a temp folder
// (or on the PostgreSQL database given), DEMO_DATA and SIMULATOR off, `devices` motors seeded first. Driven over IPC by bench/live.ts:
//   → { type: 'start', dataDir, databaseUrl?, devices, site }  ← { type: 'ready', url, mqttPort }
//   → { type: 'measure' }                        (from now on: publish → LiveBus latencies, RSS, loop lag)
//   → { type: 'report' }                         ← { type: 'report', bus: { p50, p95, n }, peakRssMb, loopLagMs }
//   → { type: 'stop' }                           ← { type: 'stopped' }
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import { deviceCredentials, equipment, facilities } from '@sentinela/db/schema/plant';
import { hashDeviceSecret } from '../apps/server/src/platform/device-secret';
import { loadConfig } from '../apps/server/src/env';
import { startServer } from '../apps/server/src/server';
import { benchDeviceSecret, quantile } from './bench-util';

const send = (message: Record<string, unknown>) => process.send?.(message);

interface Start {
  dataDir: string;
  databaseUrl?: string;
  devices: number;
  site: string;
}

process.once('message', (start: Start) => {
  main(start).catch((error: unknown) => {
    console.error('live server failed:', error);
    process.exit(1);
  });
});

async function main({ dataDir, databaseUrl, devices, site }: Start) {
  // Seed before the server starts, so the ingest knows every device from its first message.
  const seedDb = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(seedDb);
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-live-session-secret-0123456789abcdef' } : {}),
  });
  const server = await startServer(config, { webDist });
  const mqttPort = server.telemetry.broker?.port;
  if (!mqttPort) throw new Error('the embedded broker did not open a TCP port');

  const busLatency: number[] = [];
  let measuring = false;
  let peakRss = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const rss = setInterval(() => {
    if (measuring) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  // Publish → LiveBus: the part of the latency spent before the live stream (MQTT, broker, ingest).
  server.telemetry.bus.subscribe((event) => {
    if (measuring && event.type === 'telemetry') busLatency.push(Date.now() - event.ts.getTime());
  });
  send({ type: 'ready', url: server.url, mqttPort });

  process.on('message', (message: { type: string }) => {
    if (message.type === 'measure') {
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
