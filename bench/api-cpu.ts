// `npm run bench:api-cpu`: the server's CPU per API request, which a loaded machine barely changes
// (bench:api's requests/s move with the load of everything else). A child process runs the real
// app (buildApp, every hook; PGlite) and, beside it in the same process, a bare Fastify hello route;
// this process sends N sequential requests over one keep-alive connection to each and reads the
// child's process.cpuUsage() before and after (over IPC), so the client's own work is not counted.
// Calls: the bare route, a no-op tRPC query on that bare Fastify (tRPC's adapter and superjson
// alone), the same query through the app (the floor: plus Fastify's plugins and our hooks), auth.me and dashboard.summary (signed in, 2FA done).
// Prints µs of server CPU per request (the lowest of BENCH_ROUNDS rounds) and auth.me / bare as
// the requests/s ratio that CPU alone implies. Asserts nothing.
//
// Environment (optional): BENCH_REQUESTS (2000 a round), BENCH_ROUNDS (3), BENCH_CPU_PROF (a folder:
// the server process writes its CPU profile there when it stops), BENCH_CALLS (only the calls whose
// name contains one of these comma-separated words, e.g. `auth.me` to profile it alone; the bare
// route always runs, as the ceiling).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Ready {
  base: string;
  bare: string;
  cookie: string;
}
type CpuUsage = { user: number; system: number };

async function serve(): Promise<void> {
  const [
    { default: Fastify },
    { default: pino },
    { generate },
    db,
    migrate,
    app,
    init,
    router,
    crypto,
    sms,
    bus,
    admin,
  ] = await Promise.all([
    import('fastify'),
    import('pino'),
    import('otplib'),
    import('@sentinela/db/client'),
    import('@sentinela/db/migrate'),
    import('../apps/server/src/http/app'),
    import('../apps/server/src/trpc/init'),
    import('../apps/server/src/trpc/router'),
    import('../apps/server/src/features/auth/crypto'),
    import('../apps/server/src/platform/sms-provider'),
    import('../apps/server/src/telemetry/live-bus'),
    import('../e2e/admin-session'),
  ]);
  const [trpc, fastifyTrpc, { default: superjson }] = await Promise.all([
    import('@trpc/server'),
    import('@trpc/server/adapters/fastify'),
    import('superjson'),
  ]);
  // The database in a worker thread, as `npm start` runs PGlite (ADR 037).
  const database = await db.openDatabase({ kind: 'pglite', worker: true });
  await migrate.migrateDatabase(database);
  const logger = pino({ level: 'silent' });
  const probes = init.router({ bench: init.router({ noop: init.publicProcedure.query(() => ({ ok: true })) }) });
  const webDist = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sentinela</title>');
  const server = await app.buildApp({
    logger,
    webDist,
    database,
    startedAt: new Date(),
    keys: { totp: crypto.deriveKey('bench-'.repeat(8), 'totp'), codes: crypto.deriveKey('bench-'.repeat(8), 'codes') },
    sms: sms.outboxSmsProvider(database.db, logger),
    bus: new bus.LiveBus(),
    commands: null,
    router: init.mergeRouters(router.appRouter, probes),
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const serverAddress = server.server.address();
  const base = `http://127.0.0.1:${typeof serverAddress === 'object' && serverAddress ? serverAddress.port : 0}`;
  const jar = new Map<string, string>();
  await admin.callProcedure(
    base,
    'auth.register',
    'mutation',
    { name: 'Bench', email: 'bench-cpu@example.com', password: 'Forte#2026bench' },
    jar,
  );
  const { secret } = (await admin.callProcedure(base, 'auth.setup2FA', 'query', undefined, jar)) as { secret: string };
  await admin.callProcedure(base, 'auth.verify2FA', 'mutation', { code: await generate({ secret }) }, jar);
  const bare = Fastify({ logger: false });
  // tRPC's own floor: its Fastify adapter and superjson on a bare Fastify, none of our hooks.
  const t = trpc.initTRPC.create({ transformer: superjson });
  await bare.register(fastifyTrpc.fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: t.router({ noop: t.procedure.query(() => ({ ok: true })) }) },
  });
  bare.get('/hello', () => Promise.resolve({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const ready: Ready = {
    base,
    bare: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hello`,
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  process.on('message', (message: string) => {
    if (message === 'cpu') process.send!(process.cpuUsage());
    if (message === 'stop')
      void Promise.all([server.close(), bare.close()]).then(() => {
        rmSync(webDist, { recursive: true, force: true });
        process.exit(0);
      });
  });
  process.send!(ready);
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

/** µs of the child's CPU per request, the lowest of ROUNDS rounds of REQUESTS calls. */
async function cpuPerRequest(child: ChildProcess, url: string, cookie: string): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const status = await get(url, cookie);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  }
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const before = await ask<CpuUsage>(child, 'cpu');
    for (let i = 0; i < REQUESTS; i++) await get(url, cookie);
    const after = await ask<CpuUsage>(child, 'cpu');
    best = Math.min(best, (after.user - before.user + after.system - before.system) / REQUESTS);
  }
  return best;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : []),
    ],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const calls: [string, string, string][] = [
    ['bare Fastify GET /hello', ready.bare, ''],
    ['no-op tRPC, bare Fastify', ready.bare.replace('/hello', '/trpc/noop'), ''],
    ['no-op tRPC query, the app', `${ready.base}/api/trpc/bench.noop`, ''],
    ['auth.me', `${ready.base}/api/trpc/auth.me`, ready.cookie],
    ['dashboard.summary', `${ready.base}/api/trpc/dashboard.summary`, ready.cookie],
  ];
  const only = process.env.BENCH_CALLS?.split(',').filter(Boolean);
  const chosen = only ? calls.filter(([name], i) => i === 0 || only.some((word) => name.includes(word))) : calls;
  const results: [string, number][] = [];
  for (const [name, url, cookie] of chosen) results.push([name, await cpuPerRequest(child, url, cookie)]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
  agent.destroy();
  const bare = results[0]![1];
  console.log(`bench:api-cpu — server CPU per request (${ROUNDS} × ${REQUESTS} sequential, keep-alive; load ${load})`);
  for (const [name, us] of results) {
    console.log(`  ${name.padEnd(28)} ${us.toFixed(1).padStart(7)} µs   bare/this ${((bare / us) * 100).toFixed(0)} %`);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
