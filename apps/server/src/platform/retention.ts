import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@sentinela/db/client';
import { telemetry, telemetry1m } from '@sentinela/db/schema/plant';
import type { RetentionPeriods } from '@sentinela/shared/privacy';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';

/** Rows deleted per statement: each a short transaction, so ingest's writes never wait long (ADR 031). */
export const RETENTION_BATCH = 5000;
/** The pause between two statements: ingest's batches and the API get the database in between. */
export const RETENTION_PAUSE_MS = 20;

export interface RetentionOptions {
  batch?: number;
  pauseMs?: number;
  /** Called after each statement (the bench measures with it). */
  onBatch?: (table: string, deleted: number) => void;
}

export interface RetentionResult {
  telemetry: number;
  telemetry1m: number;
  audit: number;
  statements: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const countRow = z.object({ n: z.coerce.number() });

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms > 0) setTimeout(resolve, ms);
    else setImmediate(resolve);
  });

/**
 * Runs `deleteBatch` (a statement deleting at most `batch` rows) again and again, pausing between
 * statements, until a statement deletes fewer than `batch`. Answers the rows and statements.
 */
async function deleteInBatches(
  db: Database,
  table: string,
  deleteBatch: (limit: number) => SQL,
  options: Required<Pick<RetentionOptions, 'batch' | 'pauseMs'>> & Pick<RetentionOptions, 'onBatch'>,
): Promise<{ rows: number; statements: number }> {
  let rows = 0;
  let statements = 0;
  for (;;) {
    const result = await db.execute(sql`with gone as (${deleteBatch(options.batch)}) select count(*) as n from gone`);
    const deleted = parseRows(countRow, result)[0]?.n ?? 0;
    rows += deleted;
    statements += 1;
    options.onBatch?.(table, deleted);
    if (deleted < options.batch) return { rows, statements };
    await pause(options.pauseMs);
  }
}

/**
 * Drops what retention no longer keeps: raw points, 1-minute rollups and audit entries older than
 * their periods (hourly rollups are kept for ever). Runs hourly (job `telemetry.retention`), in
 * batches of `RETENTION_BATCH` rows by physical row id (ctid) or audit id, so no statement holds
 * locks or the event loop for long, and a year of backlog goes without stalling ingest.
 */
export async function applyRetention(
  db: Database,
  now: Date,
  periods: RetentionPeriods,
  options: RetentionOptions = {},
): Promise<RetentionResult> {
  const opts = {
    batch: options.batch ?? RETENTION_BATCH,
    pauseMs: options.pauseMs ?? RETENTION_PAUSE_MS,
    onBatch: options.onBatch,
  };
  const cutoff = (days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  /** Deletes a telemetry table's rows whose `time` is older than `days`, by physical row id (ctid). */
  const deleteOlderRows = (table: typeof telemetry | typeof telemetry1m, time: PgColumn, days: number) =>
    deleteInBatches(
      db,
      getTableName(table),
      (limit) => sql`delete from ${table} where ctid = any(array(
        select ctid from ${table} where ${time} < ${cutoff(days)} limit ${limit})) returning 1`,
      opts,
    );
  const raw = await deleteOlderRows(telemetry, telemetry.ts, periods.rawDays);
  const minutes = await deleteOlderRows(telemetry1m, telemetry1m.bucket, periods.minuteDays);
  const audit = await deleteInBatches(
    db,
    'audit_log',
    (limit) => sql`delete from audit_log where id = any(array(
      select id from audit_log where at < ${cutoff(periods.auditDays)} order by at limit ${limit})) returning 1`,
    opts,
  );
  return {
    telemetry: raw.rows,
    telemetry1m: minutes.rows,
    audit: audit.rows,
    statements: raw.statements + minutes.statements + audit.statements,
  };
}
