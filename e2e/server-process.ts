import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
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

export interface ServerProcess {
  baseURL: string;
  stop(): Promise<void>;
}

/** A fresh, empty data folder; whoever made it removes it (rmSync) when done. */
export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'sentinela-e2e-'));
}

/**
 * The built server as `npm start` runs it, on a free port with a fresh DATA_DIR (embedded
 * database and broker), given its environment (DEMO_DATA, SIMULATOR_*…); answers once it serves.
 * Given `dataDir`, it runs on that folder instead and leaves it in place when stopped (a restart
 * on the same data).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? makeDataDir();
  const server = spawn(process.execPath, [...serverNodeFlags(env), 'apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      // Every test registers its accounts from 127.0.0.1: the anti-automation limits (ADR 033) raised.
      REGISTRATIONS_PER_ADDRESS: '100000',
      SMS_SETUPS_PER_DAY: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // A loaded machine (several runs at once) may need longer: E2E_SERVER_START_MS.
  const startMs = Number(process.env.E2E_SERVER_START_MS) || 60_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/trpc/system.health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start within ${startMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, stop };
}
