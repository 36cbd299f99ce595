import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/client';
import { migrateDatabase } from '../src/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, dumped once; every test file loads its own copy. */
    pgliteTemplateFile: string;
    /** Set when the suite also runs on PostgreSQL: the migrated template database. */
    postgresTemplateUrl: string | undefined;
    /**
     * TEST_DATABASES=postgres: the database tests run on PostgreSQL only (CI's second pass, after
     * `npm test` has run them on PGlite).
     */
    postgresOnly: boolean;
  }
}

// Creating and migrating a database costs seconds; doing it once per run and cloning it per
// file keeps the suite fast and every file isolated.
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'sentinela-test-'));
  const template = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(template);
  const dump = await (
    template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await template.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);

  // Test code may read the environment: DATABASE_URL here only says "run on PostgreSQL too".
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
    await migrateDatabase(pg);
    await pg.close();
  }
  project.provide('postgresTemplateUrl', url);
  project.provide('postgresOnly', Boolean(url) && process.env.TEST_DATABASES === 'postgres');

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
