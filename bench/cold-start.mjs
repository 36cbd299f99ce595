// `npm run bench:start`: how long `npm start` takes to answer on existing data (no rebuild),
// and how much memory the process holds once up. Prints figures; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function rssKb(pid) {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return Number(out) || 0;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const began = performance.now();
  // What `npm start` runs, minus npm's own start-up: the staleness check, then the server.
  const child = spawn('sh', ['-c', 'node scripts/build-if-stale.mjs && exec node apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const ms = performance.now() - began;
  await fetch(`http://127.0.0.1:${port}/api/trpc/system.health`);
  const rss = rssKb(child.pid);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { ms, rss };
}

spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-'));
try {
  const first = await startOnce(dataDir);
  console.log(`first start on an empty DATA_DIR (creates the database): ${first.ms.toFixed(0)} ms`);
  const times = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const run = await startOnce(dataDir);
    times.push(run.ms);
    rss = Math.max(rss, run.rss);
  }
  times.sort((a, b) => a - b);
  console.log(
    `cold start on existing data, ${runs} runs: median ${times[Math.floor(runs / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`,
  );
  console.log(`resident memory after start: ${(rss / 1024).toFixed(0)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
