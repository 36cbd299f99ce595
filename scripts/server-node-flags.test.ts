import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  benchServerEnv,
  benchServerNodeFlags,
  EMBEDDED_NODE_FLAGS,
  POSTGRES_NODE_FLAGS,
  SERVER_GLIBC_TUNABLES,
  SERVER_NODE_FLAGS,
  serverNodeFlags,
} from './server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const POSTGRES = { DATABASE_URL: 'postgres://app:secret@db:5432/sentinela' };
/** What `node scripts/server-node-flags.mjs` prints with `env` (npm start's and the image's flags). */
function printedFlags(env: Record<string, string>): string[] {
  const run = spawnSync(process.execPath, ['scripts/server-node-flags.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split(' ');
}

describe('the server’s Node flags (ADR 039) reach every way it starts', () => {
  it('the memory flags go with the embedded database only, the larger young generation with PostgreSQL', () => {
    expect(serverNodeFlags({})).toEqual([...SERVER_NODE_FLAGS, ...EMBEDDED_NODE_FLAGS]);
    expect(serverNodeFlags({ DATABASE_URL: '' })).toEqual([...SERVER_NODE_FLAGS, ...EMBEDDED_NODE_FLAGS]);
    expect(serverNodeFlags(POSTGRES)).toEqual([...SERVER_NODE_FLAGS, ...POSTGRES_NODE_FLAGS]);
    expect(EMBEDDED_NODE_FLAGS).toEqual(['--heap-growing-percent=25', '--max-semi-space-size=8']);
    expect(POSTGRES_NODE_FLAGS).toEqual(['--max-semi-space-size=64']);
    expect(SERVER_NODE_FLAGS).toEqual(['--v8-pool-size=1']);
  });

  it('the script prints the flags for its environment', () => {
    expect(printedFlags({})).toEqual(serverNodeFlags({}));
    expect(printedFlags(POSTGRES)).toEqual(serverNodeFlags(POSTGRES));
  });

  it('npm start runs the bundle with them', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string;
    expect(start).toContain('node $(node scripts/server-node-flags.mjs) apps/server/dist/main.mjs');
    expect(start).toContain(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES} node `);
  });

  it('the Docker image runs the bundle with them', () => {
    const dockerfile = read('deploy/Dockerfile').split('\n');
    const cmd = dockerfile.find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual([
      'sh',
      '-c',
      'exec node $(node scripts/server-node-flags.mjs) apps/server/dist/main.mjs',
    ]);
    expect(dockerfile).toContain('COPY scripts/server-node-flags.mjs scripts/');
    expect(dockerfile).toContain(`ENV GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
  });

  it('the e2e, test and bench servers take them from this file', () => {
    for (const file of [
      'e2e/server-process.ts',
      'apps/server/test/server-process.ts',
      'apps/server/src/main.test.ts',
    ]) {
      expect(read(file), file).toMatch(/spawn\(process\.execPath, \[\.\.\.serverNodeFlags\(env\),/);
    }
    for (const file of [
      'bench/api.ts',
      'bench/auth.mjs',
      'bench/pages.ts',
      'bench/soak.ts',
      'bench/live.ts',
      'bench/ingest.ts',
    ]) {
      expect(read(file), file).toContain('benchServerNodeFlags(');
      expect(read(file), file).toContain('benchServerEnv()');
    }
  });

  it('glibc’s tunables name only malloc thresholds, in glibc’s syntax', () => {
    expect(SERVER_GLIBC_TUNABLES).toMatch(/^(glibc\.malloc\.[a-z_]+=\d+)(:glibc\.malloc\.[a-z_]+=\d+)*$/);
  });

  it('a bench can compare with glibc’s defaults', () => {
    expect(benchServerEnv({})).toEqual({ GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES });
    expect(benchServerEnv({ BENCH_GLIBC_TUNABLES: '' })).toEqual({ GLIBC_TUNABLES: '' });
  });

  it('a bench can compare with Node’s defaults or other flags', () => {
    expect(benchServerNodeFlags({}, {})).toEqual(serverNodeFlags({}));
    expect(benchServerNodeFlags(POSTGRES, {})).toEqual(serverNodeFlags(POSTGRES));
    expect(benchServerNodeFlags(POSTGRES, { BENCH_NODE_FLAGS: '' })).toEqual([]);
    expect(benchServerNodeFlags({}, { BENCH_NODE_FLAGS: ' --v8-pool-size=2  --max-semi-space-size=8 ' })).toEqual([
      '--v8-pool-size=2',
      '--max-semi-space-size=8',
    ]);
  });
});
