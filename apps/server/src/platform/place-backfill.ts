import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { backfills } from '@sentinela/db/schema/jobs';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';

/**
 * The place backfill (ADR 035): rows written before their place columns existed — audit entries
 * before migration 0022, alerts, commands and device status changes before 0025 — get their
 * facility (and an audit entry its equipment) here, in the background, a batch at a time, instead
 * of in the migration: a start never waits on a large table. Every batch is its own statement (a
 * short transaction) and idempotent, so a restart resumes where the last committed batch left:
 * the audit log's position is kept in `backfills` (walking down from the newest entry), the
 * other tables' work lists are their `*_place_pending_idx` partial indexes (empty once done).
 * Rows written since carry their place from their insert (the tables' triggers).
 */

/** Rows per statement: a few thousand, a short lock on tables the ingest and the alarms write. */
export const PLACE_BACKFILL_BATCH = 5000;
/** How long one run keeps going, batch after batch, before leaving the rest to the next run. */
export const PLACE_BACKFILL_RUN_MS = 10_000;

export interface PlaceBackfillCounts {
  audit: number;
  alerts: number;
  commands: number;
  statusChanges: number;
}

/** What is not placed yet: the audit log's highest id still to do (null: none), and per table. */
export interface PlacesPending {
  auditBelow: number | null;
  alerts: boolean;
  commands: boolean;
  statusChanges: boolean;
}

const AUDIT = 'audit_log.place';

const changed = (result: unknown): number => {
  const r = result as { affectedRows?: number; count?: number };
  return r.affectedRows ?? r.count ?? 0;
};

/** One batch of the audit log: the entries in (next − batch, next] with a target and no place. */
async function auditBatch(db: Database, batch: number): Promise<{ placed: number; done: boolean }> {
  const [state] = await db.select({ nextId: backfills.nextId }).from(backfills).where(eq(backfills.name, AUDIT));
  const next = state?.nextId ?? null;
  if (next === null) return { placed: 0, done: true };
  const low = next - batch;
  const placed = changed(
    await db.execute(sql`update audit_log a set (facility_id, equipment_id) =
        (select p.facility, p.equipment from audit_place(a.action, a.target) p)
      where a.id <= ${next} and a.id > ${low}
        and a.target is not null and a.facility_id is null and a.equipment_id is null`),
  );
  // Done once below the oldest entry (retention may have left a gap at the bottom).
  await db.execute(sql`update backfills set updated_at = now(),
      next_id = (case when ${low} < coalesce((select min(id) from audit_log), 0) then null else ${low}::bigint end)
    where name = ${AUDIT}`);
  return { placed, done: false };
}

/** One batch of a table whose rows name their equipment: its facility, by the pending index. */
async function equipmentBatch(
  db: Database,
  table: 'alerts' | 'commands' | 'equipment_status_changes',
  batch: number,
): Promise<number> {
  const t = sql.raw(table);
  const pending = table === 'alerts' ? sql`facility_id is null and equipment_id is not null` : sql`facility_id is null`;
  return changed(
    await db.execute(sql`update ${t} x set facility_id = e.facility_id from equipment e
      where e.id = x.equipment_id and x.id in (select id from ${t} where ${pending} limit ${batch})`),
  );
}

/**
 * Places batches until nothing is left or `budgetMs` has gone; answers the rows placed per table.
 * Safe to run at any time, side by side with writers (a row inserted meanwhile is placed by its trigger).
 */
export async function runPlaceBackfill(
  db: Database,
  { batch = PLACE_BACKFILL_BATCH, budgetMs = PLACE_BACKFILL_RUN_MS } = {},
): Promise<PlaceBackfillCounts> {
  const counts: PlaceBackfillCounts = { audit: 0, alerts: 0, commands: 0, statusChanges: 0 };
  const deadline = performance.now() + budgetMs;
  const open = { audit: true, alerts: true, commands: true, statusChanges: true };
  const tables = { alerts: 'alerts', commands: 'commands', statusChanges: 'equipment_status_changes' } as const;
  // One round of batches at least, then more while there is work and time.
  do {
    if (open.audit) {
      const { placed, done } = await auditBatch(db, batch);
      counts.audit += placed;
      if (done) open.audit = false;
    }
    for (const key of ['alerts', 'commands', 'statusChanges'] as const) {
      if (!open[key]) continue;
      const placed = await equipmentBatch(db, tables[key], batch);
      counts[key] += placed;
      if (placed < batch) open[key] = false;
    }
  } while (Object.values(open).some(Boolean) && performance.now() < deadline);
  if (!Object.values(open).some(Boolean)) doneFor.add(db);
  return counts;
}

/** Databases whose backfill is known complete: it never becomes pending again in this process. */
const doneFor = new WeakSet<Database>();

const pendingRow = z.object({
  audit: z.union([z.number(), z.string()]).nullable(),
  alerts: z.boolean(),
  commands: z.boolean(),
  status: z.boolean(),
});

/**
 * What the place backfill has still to do, for the readers that must find unplaced rows another
 * way meanwhile (the events timeline's facility and equipment filters). Once complete, answered
 * from memory.
 */
export async function placesPending(db: Database): Promise<PlacesPending | null> {
  if (doneFor.has(db)) return null;
  const [row] = parseRows(
    pendingRow,
    await db.execute(sql`select (select next_id from backfills where name = ${AUDIT}) as audit,
      exists (select 1 from alerts where facility_id is null and equipment_id is not null) as alerts,
      exists (select 1 from commands where facility_id is null) as commands,
      exists (select 1 from equipment_status_changes where facility_id is null) as status`),
  );
  const pending: PlacesPending = {
    auditBelow: row?.audit === null || row?.audit === undefined ? null : Number(row.audit),
    alerts: row?.alerts === true,
    commands: row?.commands === true,
    statusChanges: row?.status === true,
  };
  if (pending.auditBelow === null && !pending.alerts && !pending.commands && !pending.statusChanges) {
    doneFor.add(db);
    return null;
  }
  return pending;
}
