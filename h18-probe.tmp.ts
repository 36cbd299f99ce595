import { getHeapStatistics } from 'node:v8';
import { loadConfig } from './apps/server/src/env';
import { startServer } from './apps/server/src/server';
const mb = (n: number | null) => (n === null ? '-' : (n / 2 ** 20).toFixed(0));
const dir = process.argv[2]!;
const secs = Number(process.argv[3] ?? 60);
const config = loadConfig({ ...process.env, PORT: '0', MQTT_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn' });
const t0 = performance.now();
const server = await startServer(config, { webDist: process.cwd() + '/apps/web/dist', migrationsFolder: process.cwd() + '/packages/db/migrations' });
const show = async (label: string) => {
  const m = process.memoryUsage();
  const w = await server.database.memoryUsage?.();
  console.log(`${label} t=${((performance.now() - t0) / 1000).toFixed(0)}s rss ${mb(m.rss)} mainHeap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)} | worker wasm ${mb(w?.wasmBytes ?? null)} heap ${mb(w?.heapUsedBytes ?? null)}/${mb(w?.heapTotalBytes ?? null)} history ${server.demoHistory.progress()?.percent ?? '-'}`);
};
await show('ready');
await server.demoHistory.settled();
await show('history settled');
for (let i = 0; i < secs / 10; i++) { await new Promise((r) => setTimeout(r, 10_000)); await show('idle'); }
global.gc?.(); await show('after main gc');
await server.stop();
