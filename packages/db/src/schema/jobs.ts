import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background jobs of the scheduler (platform/scheduler.ts): one row per job name, its
 * last run and how it ended, so an operator can see a job that stopped running or keeps failing.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
  lastOutcome: text('last_outcome', { enum: ['ok', 'error'] }),
  lastError: text('last_error'),
  /** What the last run answered, when it was a small record of counts (e.g. the rows retention deleted). */
  lastResult: jsonb('last_result').$type<Record<string, number>>(),
  runCount: bigint('run_count', { mode: 'number' }).notNull().default(0),
});

/**
 * The background backfills (platform/place-backfill.ts): a table's rows written before a column
 * that is now set on insert, filled in batches after the migration so a start never waits on a
 * large table. `next_id`: the highest id still to do, walking down (null once done).
 */
export const backfills = pgTable('backfills', {
  name: text('name').primaryKey(),
  nextId: bigint('next_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
