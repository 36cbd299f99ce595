import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'];

/** What a test file that uses a database (or starts a server on one) names. */
const USES_DATABASE =
  /test-database|test-server|server-process|ingest-process|TEST_DATABASES|openDatabase|DATABASE_URL/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

/**
 * CI's second pass (TEST_DATABASES=postgres) runs only the server tests that touch a database:
 * the others ran in the first pass and would only repeat themselves.
 */
function databaseTests(): string[] {
  const packages = readdirSync('packages').map((name) => path.join('packages', name, 'src'));
  return ['apps/server/src', 'scripts', ...packages]
    .flatMap(testFilesUnder)
    .filter((file) => USES_DATABASE.test(readFileSync(file, 'utf8')))
    .map((file) => file.split(path.sep).join('/'));
}

const postgresOnly = process.env.TEST_DATABASES === 'postgres' && Boolean(process.env.DATABASE_URL);

// One runner for every unit and integration test. The server project holds the database
// tests: they run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    // Two files at a time (VITEST_MAX_WORKERS overrides): Vitest's default on a 2-core machine is
    // one, and most of a server test's time is spent waiting on a process, a broker or a database.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) > 0 ? Number(process.env.VITEST_MAX_WORKERS) : 2,
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          environment: 'node',
          include: postgresOnly ? databaseTests() : serverTests,
          globalSetup: ['packages/db/test/global-setup.ts'],
          testTimeout: 20_000,
          // Process- and broker-timing tests (kill -9 reopen, LWT ordering) have failed once each
          // on a loaded machine and passed again; CI retries a failure once, as Playwright does.
          retry: process.env.CI ? 1 : 0,
          // Creating and dropping PostgreSQL databases is slow when the suite loads the machine.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
