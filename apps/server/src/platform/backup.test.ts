import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@sentinela/db/client';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createTestDatabase, pgliteTemplate, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { seedGatewaySite } from '../../test/device-credential';
import { freePort } from '../../test/free-port';
import { startServerProcess } from '../../test/server-process';
import { readTar, writeTar } from './tar';

// Issue 18: `npm run backup` while the portal runs, `npm run restore` into an empty DATA_DIR (or a
// fresh PostgreSQL database), and the portal starting on what was restored. The CLI as
// `npm run` runs it, from source (src/backup-cli.ts through tsx).
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function equipmentOf(db: Database, site: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select id from equipment where id like ${`${site}-%`} order by id`),
  ).map((r) => r.id);
}

describe('tar', () => {
  it('reads back what it writes, sizes across block boundaries included', () => {
    const entries = [
      { name: 'a.json', data: Buffer.from('{"x":1}\n') },
      { name: 'b.bin', data: Buffer.alloc(1024, 7) },
      { name: 'c', data: Buffer.alloc(513, 1) },
    ];
    const files = readTar(writeTar(entries));
    expect([...files.keys()]).toEqual(['a.json', 'b.bin', 'c']);
    for (const entry of entries) expect(files.get(entry.name)?.equals(entry.data)).toBe(true);
  });

  it('refuses a file that is not a tar, or a cut one', () => {
    expect(() => readTar(Buffer.alloc(1024, 65))).toThrow(/not a tar/);
    expect(() => readTar(writeTar([{ name: 'x', data: Buffer.alloc(2000) }]).subarray(0, 1024))).toThrow(/truncated/);
  });
});

describe('backup and restore', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.runIf(testDatabaseKinds().includes('pglite'))(
    'PGlite: a backup taken while the portal runs restores into an empty DATA_DIR, where the portal starts and finds the rows',
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'sentinela-backup-'));
      cleanup.push(() => rmSync(root, { recursive: true, force: true }));
      const dataDir = path.join(root, 'data');
      const seeding = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
        loadDataDir: await pgliteTemplate(),
      });
      const site = await seedGatewaySite(seeding.db, 3);
      await seeding.close();

      const env = { DATA_DIR: dataDir, MQTT_PORT: String(await freePort()) };
      const server = await startServerProcess(await freePort(), env);
      cleanup.push(() => server.kill9());
      // Only the folder's owner may ask the portal for a backup.
      expect(statSync(path.join(dataDir, 'backup.sock')).mode & 0o777).toBe(0o600);
      const secret = readFileSync(path.join(dataDir, 'session-secret'));

      const file = path.join(root, 'online.tar');
      const taken = await cli(['backup', file], { DATA_DIR: dataDir });
      expect(taken, taken.output).toMatchObject({ code: 0 });
      expect(taken.output).toMatch(/taken by the running portal/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect((await cli(['backup', file], { DATA_DIR: dataDir })).output).toMatch(/already exists/);

      // Refused: the running portal's own folder, and a folder that is not empty.
      const intoRunning = await cli(['restore', file], { DATA_DIR: dataDir });
      expect(intoRunning.code).toBe(1);
      expect(intoRunning.output).toMatch(/in use by a running portal/);
      const busy = path.join(root, 'busy');
      mkdirSync(busy);
      writeFileSync(path.join(busy, 'notes.txt'), 'x');
      const intoBusy = await cli(['restore', file], { DATA_DIR: busy });
      expect(intoBusy.code).toBe(1);
      expect(intoBusy.output).toMatch(/not empty/);

      const restored = path.join(root, 'restored');
      const restoring = await cli(['restore', file], { DATA_DIR: restored });
      expect(restoring, restoring.output).toMatchObject({ code: 0 });
      expect(readFileSync(path.join(restored, 'session-secret')).equals(secret)).toBe(true);

      // The portal starts on the restored folder (migrating it, taking its lock) beside the first.
      const second = await startServerProcess(await freePort(), {
        DATA_DIR: restored,
        MQTT_PORT: String(await freePort()),
      });
      cleanup.push(() => second.kill9());
      expect(await second.stop()).toBe(0);
      expect(await server.stop()).toBe(0);
      const reader = await openDatabase({ kind: 'pglite', dataDir: path.join(restored, 'pglite') });
      try {
        expect(await equipmentOf(reader.db, site.site)).toEqual([site.gatewayId, ...site.deviceIds].sort());
      } finally {
        await reader.close();
      }

      // With no portal running, the CLI takes the backup from the folder itself.
      const offline = await cli(['backup', path.join(root, 'offline.tar')], { DATA_DIR: dataDir });
      expect(offline, offline.output).toMatchObject({ code: 0 });
      expect(offline.output).toMatch(/not running/);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      const fromOffline = await cli(['restore', path.join(root, 'offline.tar')], {
        DATA_DIR: path.join(root, 'again'),
      });
      expect(fromOffline, fromOffline.output).toMatchObject({ code: 0 });
    },
    420_000,
  );

  it.runIf(testDatabaseKinds().includes('postgres'))(
    'PostgreSQL: pg_dump of DATABASE_URL restores with pg_restore into a fresh database, and not into a used one',
    async () => {
      const source = await createTestDatabase('postgres');
      cleanup.push(() => source.close());
      const site = await seedGatewaySite(source.db, 3);
      const root = mkdtempSync(path.join(tmpdir(), 'sentinela-pgbackup-'));
      cleanup.push(() => rmSync(root, { recursive: true, force: true }));
      const file = path.join(root, 'portal.pgdump');
      const taken = await cli(['backup', file], { DATABASE_URL: source.url! });
      expect(taken, taken.output).toMatchObject({ code: 0 });
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      const fresh = new URL(source.url!);
      const name = `${fresh.pathname.slice(1)}_restored`;
      const adminUrl = new URL(fresh);
      adminUrl.pathname = '/postgres';
      const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      cleanup.push(() => admin.end());
      await admin.unsafe(`create database "${name}"`);
      cleanup.push(() => admin.unsafe(`drop database if exists "${name}" with (force)`));
      fresh.pathname = `/${name}`;

      const restoring = await cli(['restore', file], { DATABASE_URL: fresh.toString() });
      expect(restoring, restoring.output).toMatchObject({ code: 0 });
      const reader = await openDatabase({ kind: 'postgres', url: fresh.toString(), maxConnections: 1 });
      try {
        expect(await equipmentOf(reader.db, site.site)).toEqual([site.gatewayId, ...site.deviceIds].sort());
      } finally {
        await reader.close();
      }
      const again = await cli(['restore', file], { DATABASE_URL: fresh.toString() });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty/);
      // An embedded backup is not a pg_dump file.
      expect((await cli(['restore', file], { DATA_DIR: path.join(root, 'd') })).output).toMatch(/PostgreSQL dump/);
    },
    420_000,
  );
});
