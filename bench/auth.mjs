// `npm run bench:auth`: the cost of a password hash (argon2id, the server's parameters) and the
// round trip of a full sign-in (password step + second step) against the built server on
// PGlite. Prints figures; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { generate } from 'otplib';
import superjson from 'superjson';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${sorted[0].toFixed(1)} ms (n=${sorted.length})`;
};

// 1. argon2id with the parameters of apps/server/src/features/auth/passwords.ts.
const hashTimes = [];
await hash('warm-up', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await hash(`Senha#${i}forte`, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  hashTimes.push(performance.now() - t);
}
console.log(`argon2id hash (19 MiB, t=2, p=1): ${stats(hashTimes)}`);

// 2. Sign-in round trips over HTTP.
spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-auth-'));
const server = spawn(process.execPath, [...benchServerNodeFlags(), 'apps/server/dist/main.mjs'], {
  cwd: root,
  env: {
    ...benchServerEnv(),
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/trpc/system.health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async function call(pathName, input, cookies, kind = 'mutation') {
    const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const response =
      kind === 'query'
        ? await fetch(`${base}/api/trpc/${pathName}`, { headers })
        : await fetch(`${base}/api/trpc/${pathName}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(superjson.serialize(input ?? null)),
          });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const body = await response.json();
    if (!response.ok) throw new Error(`${pathName}: ${JSON.stringify(body)}`);
    return superjson.deserialize(body.result.data);
  }

  const password = 'Bancada#Carga26!';
  const signIns = [];
  const passwordSteps = [];
  for (let account = 0; account < 3; account++) {
    const cookies = new Map();
    const email = `bench${account}@sentinela.test`;
    await call('auth.register', { name: `Bench ${account}`, email, password }, cookies);
    const { secret } = await call('auth.setup2FA', undefined, cookies, 'query');
    const { recoveryCodes } = await call('auth.verify2FA', { code: await generate({ secret }) }, cookies);
    for (const code of recoveryCodes) {
      const jar = new Map();
      const t = performance.now();
      await call('auth.login', { email, password }, jar);
      passwordSteps.push(performance.now() - t);
      await call('auth.verifyLogin2FA', { code }, jar);
      signIns.push(performance.now() - t);
    }
  }
  console.log(`password step (auth.login) round trip: ${stats(passwordSteps)}`);
  console.log(`full sign-in (auth.login + auth.verifyLogin2FA) round trip: ${stats(signIns)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
