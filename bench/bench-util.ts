// Small helpers shared by the benchmarks (bench:ingest, bench:live). Not part of the app.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** True when something accepts TCP connections at host:port within `ms`. */
export function reachable(host: string, port: number, ms = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The q-quantile (0..1) of the values, nearest rank; NaN when empty. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A bench device's MQTT secret (its username is its equipment id): known to the broker and the load generator. */
export const benchDeviceSecret = (equipmentId: string) => `bench-secret-${equipmentId}`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TypeScript child process (through tsx; `file` relative to bench/) with an IPC channel. */
export function spawnTs(file: string, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawnNode(fileURLToPath(new URL(file, import.meta.url)), [...nodeArgs, '--import', 'tsx'], env);
}

/**
 * bench/live-server.ts bundled as `npm run build` bundles the server (apps/server/bundle-options.mjs),
 * with PGlite's worker beside it: the benches' server then runs as `npm start` runs its bundle,
 * without tsx (whose loader thread alone holds ≈ 30–40 MB). Written to apps/server/dist/bench/.
 */
let bundled: Promise<string> | undefined;
export function liveServerBundle(): Promise<string> {
  bundled ??= bundleLiveServer();
  return bundled;
}

async function bundleLiveServer(): Promise<string> {
  const { build } = await import('esbuild');
  const { serverBundleOptions } = await import('../apps/server/bundle-options.mjs');
  const outdir = path.join(root, 'apps/server/dist/bench');
  await build(
    serverBundleOptions(
      {
        'live-server': path.join(root, 'bench/live-server.ts'),
        'pglite-worker': path.join(root, 'packages/db/src/pglite-worker.mjs'),
      },
      outdir,
    ),
  );
  return path.join(outdir, 'live-server.mjs');
}

/** A bundled (plain JavaScript) child process with an IPC channel. */
export function spawnNode(file: string, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, file], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export interface Message {
  type: string;
  [key: string]: unknown;
}

/** The next IPC message of the given type from the child (rejects if it exits first or after `ms`). */
export function nextMessage<T extends Message>(child: ChildProcess, type: string, ms = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no '${type}' from child ${child.pid} within ${ms} ms`)), ms);
    const onMessage = (message: Message) => {
      if (message?.type === type) finish(undefined, message as T);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`child ${child.pid} exited (${code ?? signal}) before '${type}'`));
    function finish(error?: Error, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Ends a child we started: lets it exit by itself for `grace` ms, then SIGTERM, then SIGKILL after `ms`. */
export async function stopChild(child: ChildProcess | undefined, ms = 5000, grace = 0): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (
    grace > 0 &&
    (await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), grace))]))
  )
    return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

/**
 * Ends a bench's load generator and then its server process (bench:live, bench:ingest's full-app
 * rows): each is asked to close and given time; the fleet goes first, since the server's embedded
 * broker waits for open connections before it stops.
 */
export async function stopFleetAndServer(generator: ChildProcess, server: ChildProcess): Promise<void> {
  if (generator.connected) generator.send({ type: 'close' });
  await nextMessage(generator, 'closed', 15_000).catch(() => undefined);
  await stopChild(generator);
  if (server.connected) {
    server.send({ type: 'stop' });
    await nextMessage(server, 'stopped', 20_000).catch(() => undefined);
  }
  await stopChild(server, 5000, 10_000);
}

/** A plain-text table: header row, then rows; columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';

/** The shipped broker configuration (issue 10), whose queue limits a bench broker takes when it exists. */
const shippedMosquittoConfig = fileURLToPath(new URL('../deploy/mosquitto/mosquitto.conf', import.meta.url));
const QUEUE_SETTING = /^\s*(max_queued_messages|max_queued_bytes|max_inflight_messages|max_inflight_bytes)\s+\S+/;

export interface BenchMosquitto {
  url: string;
  /** Which queue limits it runs with. */
  queue: string;
  stop(): Promise<void>;
}

/**
 * A mosquitto of the bench's own on a free port (not the machine's shared one): anonymous,
 * $SYS every second, and the queue limits of deploy/mosquitto/mosquitto.conf when that file
 * exists, else Mosquitto's defaults. Null when mosquitto is not installed.
 */
export async function startBenchMosquitto(): Promise<BenchMosquitto | null> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-mosquitto-'));
  const shipped = existsSync(shippedMosquittoConfig)
    ? readFileSync(shippedMosquittoConfig, 'utf8')
        .split('\n')
        .filter((line) => QUEUE_SETTING.test(line))
        .map((line) => line.trim())
    : [];
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'sys_interval 1', 'max_connections -1', ...shipped, ''].join(
      '\n',
    ),
  );
  const child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const failed = new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(true));
    child.once('exit', () => resolve(true));
  });
  const deadline = Date.now() + 10_000;
  while (!(await reachable('127.0.0.1', port, 200))) {
    if (await Promise.race([failed, sleep(100).then(() => false)])) {
      rmSync(dir, { recursive: true, force: true });
      return null;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      return null;
    }
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    queue: shipped.length
      ? `deploy/mosquitto's queue limits (${shipped.join(', ')})`
      : "Mosquitto's default queue limits (max_queued_messages 1000 per session)",
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the ingest caught up: `messages()` reached `published`, or nothing more arrived
 * for 3 s (QoS 0 may lose some), at most `ms`.
 */
export async function caughtUp(messages: () => number, published: number, ms = 90_000): Promise<void> {
  let last = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const seen = messages();
    if (seen !== last) {
      last = seen;
      quietSince = Date.now();
    }
    if (seen >= published || Date.now() - quietSince > 3000) return;
    await sleep(50);
  }
}
