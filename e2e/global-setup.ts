import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, ADMIN_STATE_FILE, createAdminSession } from './admin-session';

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Builds if the sources changed, then runs the built server as `npm start` does. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`No Chromium at ${chromium}: apt-get install -y chromium`);
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-e2e-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      // The operations pages need a living plant: the demo site, its virtual plant calm and
      // repeatable (no faults, fixed seed), publishing every 2 s so live values show quickly.
      DEMO_DATA: 'on',
      SIMULATOR_FAULTS: 'off',
      SIMULATOR_SEED: '7',
      SIMULATOR_INTERVAL_MS: '2000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/trpc/system.health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.E2E_BASE_URL = baseURL;

  // The fresh database's first account is the administrator the specs sign in as.
  const admin = await createAdminSession(baseURL);
  mkdirSync(path.dirname(path.join(root, ADMIN_STATE_FILE)), { recursive: true });
  writeFileSync(path.join(root, ADMIN_STATE_FILE), JSON.stringify(admin.storageState));
  process.env.E2E_ADMIN_EMAIL = ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = ADMIN.password;
  process.env.E2E_ADMIN_TOTP_SECRET = admin.totpSecret;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
