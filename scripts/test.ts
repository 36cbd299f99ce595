// `npm test`: everything, in two lanes at once (scripts/lanes.ts, ADR 043).
// - browser: build, then the end-to-end tests in Chromium against the built app. Its processes
//   wait on pages, timers and the server most of the time and need the CPU when they do work,
//   so this lane keeps the normal priority.
// - checks: types, lint and formatting, then the unit and integration tests (PGlite), then, when
//   TEST_POSTGRES_URL names an empty database (.ci/run makes one), the database tests again on
//   PostgreSQL. CPU-bound: at the lowest priority, it takes the cores the browser lane leaves.
// Exit code 1 when any step failed; each lane stops at its first failure, the other runs on.
import { runLanes, summary, type Lane } from './lanes';

const postgresUrl = process.env.TEST_POSTGRES_URL;

const lanes: Lane[] = [
  { name: 'browser', steps: [{ command: 'npm run build' }, { command: 'npm run test:e2e' }] },
  {
    name: 'checks',
    nice: 19,
    steps: [
      { command: 'npm run check' },
      { command: 'npm run test:unit' },
      ...(postgresUrl
        ? [
            {
              // The database tests only, on PostgreSQL only (vitest.config.ts); two files at a
              // time: PostgreSQL does the work in its own processes while a test waits.
              command: 'TEST_DATABASES=postgres VITEST_MAX_WORKERS=2 npm run test:db',
              env: { DATABASE_URL: postgresUrl },
            },
          ]
        : []),
    ],
  },
];

const started = performance.now();
const results = await runLanes(lanes);
process.stdout.write(summary(results, (performance.now() - started) / 1000));
if (results.some((r) => r.outcome !== 'passed')) process.exit(1);
