import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test. The server project holds the database
// tests: they run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          globalSetup: ['packages/db/test/global-setup.ts'],
          testTimeout: 20_000,
          // Creating and dropping PostgreSQL databases is slow when the suite loads the machine.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
