import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eChromium } from '../scripts/chromium';
import { ADMIN, ADMIN_STATE_FILE, callProcedure, createAdminSession } from './admin-session';
import { freePort, startServerProcess } from './server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The e2e server's METRICS_TOKEN (not a secret: a throwaway server). */
const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** Builds if the sources changed, then runs the built server as `npm start` does. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = e2eChromium();
  if (!existsSync(chromium)) throw new Error(`No Chromium at ${chromium}: apt-get install -y chromium-headless-shell`);
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  // The operations pages need a living plant: the demo site, its virtual plant calm and
  // repeatable (no faults, fixed seed), publishing every 2 s so live values show quickly.
  // The embedded broker listens on a known free port, so specs can connect devices to it.
  const mqttPort = await freePort();
  const server = await startServerProcess({
    MQTT_PORT: String(mqttPort),
    DEMO_DATA: 'on',
    SIMULATOR_FAULTS: 'off',
    SIMULATOR_SEED: '7',
    SIMULATOR_INTERVAL_MS: '2000',
    // GET /metrics answers with this token only (system-health.spec.ts).
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  });
  const baseURL = server.baseURL;
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MQTT_URL = `mqtt://127.0.0.1:${mqttPort}`;
  process.env.E2E_METRICS_TOKEN = E2E_METRICS_TOKEN;

  // The fresh database's first account is the administrator the specs sign in as.
  const admin = await createAdminSession(baseURL);
  mkdirSync(path.dirname(path.join(root, ADMIN_STATE_FILE)), { recursive: true });
  writeFileSync(path.join(root, ADMIN_STATE_FILE), JSON.stringify(admin.storageState));
  process.env.E2E_ADMIN_EMAIL = ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = ADMIN.password;
  process.env.E2E_ADMIN_TOTP_SECRET = admin.totpSecret;

  // The server listens before the demo history is generated (issue 11): the specs read it.
  const cookies = new Map(admin.storageState.cookies.map((c) => [c.name, c.value]));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = (await callProcedure(baseURL, 'system.health', 'query', undefined, cookies)) as {
      demo?: { complete: boolean };
    };
    if (health.demo?.complete !== false) break;
    if (Date.now() > deadline) throw new Error('the demo history was not generated within 180 s');
    await new Promise((r) => setTimeout(r, 500));
  }

  return () => server.stop();
}
