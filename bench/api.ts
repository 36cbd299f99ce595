// `npm run bench:api`: the API under load with a real HTTP load tool (autocannon). Starts the
// built server as `npm start` runs it (PGlite in a temporary folder; then PostgreSQL, a database
// sentinela_bench_api_<pid> on DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432,
// when reachable), signs in 100 accounts (100 sessions, 2FA done) and, with 100 connections (one
// session each), measures:
//   - requests/s of a trivial authenticated query (auth.me: the session's lookup and the user),
//   - p50/p95/p99 of dashboard.summary,
// next to a bare Fastify hello route in a child process of its own (the ceiling), in the same run.
// Then a soak on PGlite: BENCH_SOAK_MINUTES (10; 0 skips it) of the same mix at 20 connections,
// printing the server's RSS every minute. Prints figures and the ratios; asserts nothing.
//
// Environment (optional): BENCH_SECONDS (10 per measurement), BENCH_CLIENTS (100), BENCH_ONLY
// ("pglite" or "postgres"), BENCH_SOAK_MINUTES (10), DATABASE_URL, BENCH_CPU_PROF (a folder: the
// server runs with `--cpu-prof` and writes its profile there when it stops).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generate } from 'otplib';
import postgres from 'postgres';
import { callProcedure } from '../e2e/admin-session';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';
import { fmt, freePort, quantile, reachable, root, sleep, stopChild, table } from './bench-util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const ONLY = process.env.BENCH_ONLY;
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SOAK_CONNECTIONS = 20;
const CPU_PROF = process.env.BENCH_CPU_PROF;

interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failed: number;
}

/**
 * One autocannon run against `url`: each connection carries its own session's cookie. The
 * percentiles come from every response's time (autocannon's own table has no p95).
 */
async function load(url: string, cookies: string[], seconds: number, connections = CLIENTS): Promise<Load> {
  const times: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        setupClient: (client) => {
          const cookie = cookies[next++ % Math.max(cookies.length, 1)];
          if (cookie) client.setHeaders({ cookie });
        },
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    rps: result.requests.average,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The ceiling: Fastify answering a fixed JSON on one route, in a process of its own. */
async function startBareFastify(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/hello`;
  await waitFor(url, child);
  return { child, url };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 300 s`);
    await sleep(200);
  }
}

/** The built server, as `npm start` runs it (built first if stale). */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const profile = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF)] : [];
  const child = spawn(process.execPath, [...benchServerNodeFlags(env), ...profile, 'apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...benchServerEnv(),
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      // 100 accounts registered from one address (ADR 033's limit is 5 per 10 minutes).
      REGISTRATIONS_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitFor(`${base}/api/trpc/system.health`, child);
  return { child, base };
}

/** The demo history the server fills after its first start shares the database: wait for it (15 min at most). */
async function historyFilled(base: string, cookies: Map<string, string>): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const health = (await callProcedure(base, 'system.health', 'query', undefined, cookies)) as {
      demo?: { complete: boolean } | null;
    };
    if (health.demo?.complete !== false) return;
    if (Date.now() > deadline) throw new Error('the demo history was not filled within 15 min');
    await sleep(2000);
  }
}

/** `count` accounts, each registered and through TOTP setup: their session cookies. */
async function signIn(base: string, count: number): Promise<{ header: string; jar: Map<string, string> }[]> {
  const sessions: { header: string; jar: Map<string, string> }[] = [];
  for (let i = 0; i < count; i++) {
    const jar = new Map<string, string>();
    const email = `bench-${i}@example.com`;
    await callProcedure(
      base,
      'auth.register',
      'mutation',
      { name: `Bench ${i}`, email, password: 'Forte#2026bench' },
      jar,
    );
    const { secret } = (await callProcedure(base, 'auth.setup2FA', 'query', undefined, jar)) as { secret: string };
    await callProcedure(base, 'auth.verify2FA', 'mutation', { code: await generate({ secret }) }, jar);
    sessions.push({ header: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), jar });
  }
  return sessions;
}

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

const rows: string[][] = [];
function record(database: string, what: string, result: Load, ceiling: number): void {
  rows.push([
    database,
    what,
    fmt(result.rps),
    `${fmt((result.rps / ceiling) * 100)} %`,
    fmt(result.p50),
    fmt(result.p95),
    fmt(result.p99),
    String(result.requests),
    String(result.failed),
  ]);
}

/** Measures both calls; answers the sessions' cookies (the soak reuses them). */
async function measure(database: string, base: string, ceiling: number): Promise<string[]> {
  const sessions = await signIn(base, CLIENTS);
  await historyFilled(base, sessions[0]!.jar);
  const cookies = sessions.map((s) => s.header);
  // A short warm-up (JIT, caches, connection pools), not counted.
  await load(`${base}/api/trpc/auth.me`, cookies, 2);
  const me = await load(`${base}/api/trpc/auth.me`, cookies, SECONDS);
  record(database, 'auth.me', me, ceiling);
  const summary = await load(`${base}/api/trpc/dashboard.summary`, cookies, SECONDS);
  record(database, 'dashboard.summary', summary, ceiling);
  return cookies;
}

async function soak(base: string, pid: number, sessions: string[]): Promise<void> {
  const cookies = sessions.slice(0, SOAK_CONNECTIONS);
  console.log(`\nSoak on PGlite: ${SOAK_MINUTES} min, ${SOAK_CONNECTIONS} connections (auth.me and dashboard.summary)`);
  console.log(`  minute 0: RSS ${fmt(rssMiB(pid))} MiB`);
  for (let minute = 1; minute <= SOAK_MINUTES; minute++) {
    const [me, summary] = await Promise.all([
      load(`${base}/api/trpc/auth.me`, cookies, 60, SOAK_CONNECTIONS / 2),
      load(`${base}/api/trpc/dashboard.summary`, cookies, 60, SOAK_CONNECTIONS / 2),
    ]);
    console.log(
      `  minute ${minute}: RSS ${fmt(rssMiB(pid))} MiB; auth.me ${fmt(me.rps)}/s, dashboard.summary ${fmt(summary.rps)}/s ` +
        `p95 ${fmt(summary.p95)} ms, ${me.failed + summary.failed} failed`,
    );
  }
}

async function benchPglite(ceiling: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-api-'));
  try {
    const server = await startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    try {
      const cookies = await measure('PGlite', server.base, ceiling);
      if (SOAK_MINUTES > 0) await soak(server.base, server.child.pid!, cookies);
    } finally {
      await stopChild(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(ceiling: number): Promise<void> {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!(await reachable(serverUrl.hostname, Number(serverUrl.port || 5432)))) {
    console.log(`PostgreSQL at ${serverUrl.host} is not reachable: skipped`);
    return;
  }
  const name = `sentinela_bench_api_${process.pid}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pg = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  await pg.unsafe(`create database "${name}"`);
  try {
    const server = await startServer({
      PORT: String(await freePort()),
      DATABASE_URL: url.toString(),
      SESSION_SECRET: 'bench-secret-'.repeat(4),
    });
    try {
      await measure('PostgreSQL', server.base, ceiling);
    } finally {
      await stopChild(server.child);
    }
  } finally {
    await pg.unsafe(`drop database if exists "${name}" with (force)`);
    await pg.end();
  }
}

const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) throw new Error('the build failed');
console.log(
  `bench:api — ${CLIENTS} signed-in clients (one session each, 100 connections), ${SECONDS} s a measurement; ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start`,
);
const bare = await startBareFastify();
let ceiling: number;
try {
  const hello = await load(bare.url, [], SECONDS);
  ceiling = hello.rps;
  record('(none)', 'bare Fastify GET /hello', hello, ceiling);
} finally {
  await stopChild(bare.child);
}
if (!ONLY || ONLY === 'pglite') await benchPglite(ceiling);
if (!ONLY || ONLY === 'postgres') await benchPostgres(ceiling);
console.log(
  `\n${table(['database', 'call', 'req/s', 'of bare', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'failed'], rows)}`,
);
console.log(
  'Targets (issue 17): auth.me ≥ 50 % of the bare route; dashboard.summary p95 ≤ 100 ms at 100 clients on PostgreSQL.',
);
