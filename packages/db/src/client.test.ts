import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test/test-database';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { settings } from './schema/settings';

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  it('has every migration applied and reads and writes through Drizzle', async () => {
    const handle = await createTestDatabase(kind);
    try {
      expect(handle.kind).toBe(kind);
      await handle.db.insert(settings).values({ key: 'siteName', value: 'Planta Teste' });
      const [row] = await handle.db.select().from(settings).where(eq(settings.key, 'siteName'));
      expect(row?.value).toBe('Planta Teste');
      expect(row?.updatedAt).toBeInstanceOf(Date);
      // Migrating again is a no-op, as at every start: the data stays.
      await migrateDatabase(handle);
      expect(await handle.db.select().from(settings)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('gives every test database its own data', async () => {
    const a = await createTestDatabase(kind);
    const b = await createTestDatabase(kind);
    try {
      await a.db.insert(settings).values({ key: 'only-in-a', value: true });
      expect(await b.db.select().from(settings).where(eq(settings.key, 'only-in-a'))).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('PGlite on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps data across a close and reopen', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sentinela-pglite-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(first);
    await first.db.insert(settings).values({ key: 'kept', value: { n: 1 } });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(settings).where(eq(settings.key, 'kept'));
    await second.close();
    expect(rows[0]?.value).toEqual({ n: 1 });
  }, 60_000);
});
