import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  benchServerEnv,
  benchServerNodeFlags,
  SERVER_GLIBC_TUNABLES,
  SERVER_NODE_FLAGS,
} from './server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the server’s Node flags (ADR 039) reach every way it starts', () => {
  it('npm start runs the bundle with them', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string;
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.mjs`);
    expect(start).toContain(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES} node `);
  });

  it('the Docker image runs the bundle with them', () => {
    const cmd = read('deploy/Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.mjs']);
    expect(read('deploy/Dockerfile').split('\n')).toContain(`ENV GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
  });

  it('the e2e, test and bench servers take them from this list', () => {
    for (const file of [
      'e2e/server-process.ts',
      'apps/server/test/server-process.ts',
      'apps/server/src/main.test.ts',
    ]) {
      expect(read(file), file).toMatch(/spawn\(process\.execPath, \[\.\.\.SERVER_NODE_FLAGS,/);
    }
    for (const file of [
      'bench/api.ts',
      'bench/auth.mjs',
      'bench/pages.ts',
      'bench/soak.ts',
      'bench/live.ts',
      'bench/ingest.ts',
    ]) {
      expect(read(file), file).toContain('benchServerNodeFlags()');
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
    expect(benchServerNodeFlags({})).toEqual([...SERVER_NODE_FLAGS]);
    expect(benchServerNodeFlags({ BENCH_NODE_FLAGS: '' })).toEqual([]);
    expect(benchServerNodeFlags({ BENCH_NODE_FLAGS: ' --v8-pool-size=2  --max-semi-space-size=8 ' })).toEqual([
      '--v8-pool-size=2',
      '--max-semi-space-size=8',
    ]);
  });
});
