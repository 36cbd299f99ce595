import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/client';

/**
 * The database kinds this run covers: PGlite, and PostgreSQL when DATABASE_URL is set (only
 * PostgreSQL with TEST_DATABASES=postgres).
 */
export function testDatabaseKinds(): DatabaseKind[] {
  if (!inject('postgresTemplateUrl')) return ['pglite'];
  return inject('postgresOnly') ? ['postgres'] : ['pglite', 'postgres'];
}

/**
 * The migrated PGlite database the global setup made for this run, to load as a database of
 * one's own (`loadDataDir`), e.g. in the DATA_DIR of a server process a test starts.
 */
export async function pgliteTemplate(): Promise<Blob> {
  return new Blob([await readFile(inject('pgliteTemplateFile'))]);
}

/**
 * Gives the DATA_DIR `dataDir` of a server process a migrated PGlite database (in `pglite/`, as a
 * first start leaves it), loaded from the run's template: about a second, where the server's own
 * first start runs initdb and every migration (5–10 s of CPU). For tests whose subject is not the
 * first start.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: await pgliteTemplate(),
  });
  await handle.close();
}

/**
 * A fresh, migrated database of the given kind, private to the caller. PGlite: loaded from
 * the dump made by the global setup. PostgreSQL: `CREATE DATABASE … TEMPLATE` of the
 * migrated run database, dropped again on close.
 */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    // In a folder of its own on disk, beside the template (the global teardown removes what a
    // test left), not in memory: PGlite's in-memory files grow by copying themselves, which made
    // a write-heavy test (the demo history) spend a third of its CPU copying (ADR 042).
    const dataDir = await mkdtemp(path.join(path.dirname(inject('pgliteTemplateFile')), 'db-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: await pgliteTemplate() });
    return {
      ...handle,
      async close() {
        await handle.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) throw new Error('PostgreSQL tests need DATABASE_URL');
  const url = new URL(templateUrl);
  const template = decodeURIComponent(url.pathname.slice(1));
  const name = `${template}_t${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * An empty PostgreSQL database of the caller's own, not migrated (servers started on it migrate
 * it), on the server of the run's DATABASE_URL; `drop()` drops it, connections and all.
 */
export async function createEmptyPostgresDatabase(prefix = 'sentinela_empty'): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) throw new Error('PostgreSQL tests need DATABASE_URL');
  const url = new URL(templateUrl);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = async (statement: string) => {
    const connection = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    try {
      await connection.unsafe(statement);
    } finally {
      await connection.end();
    }
  };
  await admin(`create database "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
