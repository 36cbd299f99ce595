// `npm run bench:soak`: does the server's memory level off under steady load? (issue 17 item 7)
// Starts the built server as `npm start` runs it (PGlite in a temporary folder, the simulator
// on, one trusted local proxy), signs in a few accounts, waits for the demo history, then for
// SOAK_MINUTES (10) keeps a steady mix going and prints the server's RSS every minute:
//   - auth.me and dashboard.summary with autocannon (10 connections, one session each),
//   - live streams (live.events, alerts.events) opened and dropped all the time, 6 at once,
//   - wrong passwords for known and unknown e-mails from ever new addresses (X-Forwarded-For),
//   - registrations from ever new addresses (taken e-mails among them), and unknown routes.
// At the end it compares the last third of the run with the middle one: "levels off" when RSS
// grew by less than 5 % between them. Prints figures; asserts nothing (SOAK_STRICT=1 exits 1).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generate } from 'otplib';
import { callProcedure } from '../e2e/admin-session';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';
import { fmt, freePort, root, sleep, stopChild } from './bench-util';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const ACCOUNTS = 10;
const STREAMS = 6;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 120 s`);
    await sleep(200);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function signIn(base: string, count: number): Promise<Map<string, string>[]> {
  const jars: Map<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const jar = new Map<string, string>();
    await callProcedure(
      base,
      'auth.register',
      'mutation',
      { name: `Soak ${i}`, email: `soak-${i}@example.com`, password: 'Turbina#Forte26' },
      jar,
    );
    const { secret } = (await callProcedure(base, 'auth.setup2FA', 'query', undefined, jar)) as { secret: string };
    await callProcedure(base, 'auth.verify2FA', 'mutation', { code: await generate({ secret }) }, jar);
    jars.push(jar);
  }
  return jars;
}

async function historyFilled(base: string, jar: Map<string, string>): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const health = (await callProcedure(base, 'system.health', 'query', undefined, jar)) as {
      demo?: { complete: boolean } | null;
    };
    if (health.demo?.complete !== false) return;
    await sleep(2000);
  }
}

/** autocannon for `seconds` over the sessions' cookies; answers requests/s and failures. */
function load(url: string, cookies: string[], seconds: number, connections: number) {
  let next = 0;
  return new Promise<{ rps: number; failed: number }>((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length]! }),
      },
      (error, done) =>
        error
          ? reject(error as Error)
          : resolve({ rps: done.requests.average, failed: done.non2xx + done.errors + done.timeouts }),
    );
  });
}

let address = 0;
/** A new client address each call (the server trusts one local proxy). */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function post(base: string, procedure: string, input: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: JSON.stringify({ json: input }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The side traffic until `until`: streams churning, wrong passwords, registrations, 404s. */
async function sideTraffic(base: string, cookies: string[], until: number, counts: Record<string, number>) {
  const streamLoop = async (i: number) => {
    while (Date.now() < until) {
      const controller = new AbortController();
      const procedure = i % 2 === 0 ? 'live.events' : 'alerts.events';
      try {
        const response = await fetch(`${base}/api/trpc/${procedure}`, {
          headers: { cookie: cookies[i % cookies.length]!, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        const reader = response.body!.getReader();
        const stop = Date.now() + 2000 + Math.random() * 3000;
        while (Date.now() < stop) {
          const read = await Promise.race([reader.read(), sleep(500).then(() => null)]);
          if (read?.done) break;
        }
        counts.streams = (counts.streams ?? 0) + 1;
      } catch {
        counts.streamErrors = (counts.streamErrors ?? 0) + 1;
      } finally {
        controller.abort();
      }
    }
  };
  const abuseLoop = async () => {
    let n = 0;
    while (Date.now() < until) {
      n += 1;
      const email = n % 2 === 0 ? 'soak-0@example.com' : `ninguem-${n}@example.com`;
      await post(base, 'auth.login', { email, password: 'Errada#123' });
      if (n % 5 === 0) {
        const taken = n % 10 === 0;
        await post(base, 'auth.register', {
          name: 'Robô',
          email: taken ? 'soak-1@example.com' : `robo-${n}@example.com`,
          password: 'Turbina#Forte26',
        });
      }
      await fetch(`${base}/api/trpc/nada.${n}`).then((r) => r.arrayBuffer());
      counts.abuse = n;
      await sleep(20);
    }
  };
  await Promise.all([...Array.from({ length: STREAMS }, (_, i) => streamLoop(i)), abuseLoop()]);
}

const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) throw new Error('the build failed');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-soak-'));
const port = await freePort();
const child = spawn(process.execPath, [...benchServerNodeFlags(), 'apps/server/dist/main.mjs'], {
  cwd: root,
  env: {
    ...benchServerEnv(),
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    TRUST_PROXY: '1',
    REGISTRATIONS_PER_ADDRESS: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const samples: number[] = [];
try {
  await waitFor(`${base}/api/trpc/system.health`, child);
  const jars = await signIn(base, ACCOUNTS);
  await historyFilled(base, jars[0]!);
  const cookies = jars.map(cookieHeader);
  const pid = child.pid!;
  console.log(`soak: ${MINUTES} min on PGlite (simulator on), ${ACCOUNTS} sessions, ${STREAMS} streams churning`);
  samples.push(rssMiB(pid));
  console.log(`  minute 0: RSS ${fmt(samples[0]!)} MiB`);
  for (let minute = 1; minute <= MINUTES; minute++) {
    const counts: Record<string, number> = {};
    const until = Date.now() + 60_000;
    const [me, summary] = await Promise.all([
      load(`${base}/api/trpc/auth.me`, cookies, 60, 5),
      load(`${base}/api/trpc/dashboard.summary`, cookies, 60, 5),
      sideTraffic(base, cookies, until, counts),
    ]);
    samples.push(rssMiB(pid));
    console.log(
      `  minute ${minute}: RSS ${fmt(samples[minute]!)} MiB; auth.me ${fmt(me.rps)}/s, dashboard.summary ${fmt(summary.rps)}/s, ` +
        `${counts.streams ?? 0} streams, ${counts.abuse ?? 0} abuse rounds, ${me.failed + summary.failed} failed`,
    );
  }
  if (MINUTES >= 3) {
    const third = Math.max(1, Math.floor(MINUTES / 3));
    const middle = samples[MINUTES - third]!;
    const last = samples[MINUTES]!;
    const growth = (last - middle) / middle;
    const verdict = growth < 0.05 ? 'levels off' : 'still growing';
    console.log(
      `RSS: ${fmt(samples[0]!)} → ${fmt(middle)} (minute ${MINUTES - third}) → ${fmt(last)} MiB; ` +
        `last third ${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)} %: ${verdict}`,
    );
    if (verdict !== 'levels off' && process.env.SOAK_STRICT === '1') process.exitCode = 1;
  }
} finally {
  await stopChild(child);
  rmSync(dataDir, { recursive: true, force: true });
}
