import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { freePort } from '../test/free-port';

// The real process, started as `npm start` starts it (from source through tsx): configuration
// errors, the database lock across processes, and graceful shutdown.
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [...serverNodeFlags(env), '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DEMO_DATA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Starting from source (tsx) on a fresh PGlite folder takes 5–10 s here (on a migrated one, 2–4 s),
// and several times that when two test files run at once on a loaded machine.
async function waitFor(check: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Embedded database only: CI's PostgreSQL pass (TEST_DATABASES=postgres) has nothing to add here.
describe.runIf(testDatabaseKinds().includes('pglite'))('the server process', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sentinela-main-'));
    // A process killed a moment ago may still be writing there: retry a folder that is not yet empty.
    cleanup.push(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }));
    return dir;
  };
  /** A folder holding a migrated database: these tests are about the process, not a first start. */
  const migratedDir = async () => {
    const dir = dataDir();
    await migratedDataDir(dir);
    return dir;
  };

  it('stops at once with one line naming a bad variable', async () => {
    const run = startProcess({ PORT: 'eighty', DATA_DIR: dataDir() });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'sentinela: Invalid environment variable PORT: expected a port number (got "eighty")',
    );
  });

  it('owns its data folder: a second process is refused, SIGTERM shuts down cleanly', async () => {
    const dir = await migratedDir();
    const port = await freePort();
    const first = startProcess({ PORT: String(port), DATA_DIR: dir });
    cleanup.push(() => first.child.kill('SIGKILL'));
    await waitFor(() => first.output().includes('Sentinela is running'), 'the first server');
    expect(JSON.parse(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).pid).toBe(first.child.pid);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);

    const second = startProcess({ PORT: String(await freePort()), DATA_DIR: dir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another Sentinela process (PID ${first.child.pid})`);

    const health = await fetch(`http://127.0.0.1:${port}/api/trpc/system.health`);
    expect(health.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  }, 180_000);

  it('takes over the lock a crashed process left behind, and keeps the data', async () => {
    const dir = await migratedDir();
    writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), since: '' }));
    const port = await freePort();
    const run = startProcess({ PORT: String(port), DATA_DIR: dir });
    cleanup.push(() => run.child.kill('SIGKILL'));
    await waitFor(() => run.output().includes('Sentinela is running'), 'the server');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('reopens its PGlite folder after kill -9', async () => {
    const dir = await migratedDir();
    const port = await freePort();
    const first = startProcess({ PORT: String(port), DATA_DIR: dir });
    cleanup.push(() => first.child.kill('SIGKILL'));
    await waitFor(() => first.output().includes('Sentinela is running'), 'the first server');
    // Writes in flight when it dies: a burst of sign-up attempts.
    const burst = Array.from({ length: 20 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/trpc/auth.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          json: { name: `Pessoa ${i}`, email: `p${i}@example.com`, password: 'Turbina#Forte26' },
        }),
      }).catch(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 150));
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(burst);

    const second = startProcess({ PORT: String(port), DATA_DIR: dir });
    cleanup.push(() => second.child.kill('SIGKILL'));
    await waitFor(
      () => second.output().includes('Sentinela is running') || second.child.exitCode !== null,
      'the restarted server',
      60_000,
    );
    expect(second.output()).toContain('Sentinela is running');
    expect((await fetch(`http://127.0.0.1:${port}/api/trpc/system.health`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
