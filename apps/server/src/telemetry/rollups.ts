import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { rebuildEnergyHours, recomputeEnergyHours } from '@sentinela/db/energy-hours';
import { demoHistoryProgress } from '@sentinela/db/seed/demo-history-record';

/**
 * Recomputes the 1-minute rollups of [from, to) from raw points, and the hourly rollups of the
 * hours around it from the minutes, then the places' energy of those hours (energy_1h, ADR 032).
 * Idempotent: recomputing never double-counts.
 */
export async function recomputeRollups(db: Database, from: Date, to: Date): Promise<void> {
  await db.execute(sql`
    insert into telemetry_1m (equipment_id, metric, bucket, count, sum, min, max)
    select equipment_id, metric, date_trunc('minute', ts), count(*), sum(value), min(value), max(value)
      from telemetry where ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz
     group by 1, 2, 3
    on conflict (equipment_id, metric, bucket) do update
       set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
  await db.execute(sql`
    insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
    select equipment_id, metric, date_trunc('hour', bucket), sum(count), sum(sum), min(min), max(max)
      from telemetry_1m
     where bucket >= date_trunc('hour', ${from.toISOString()}::timestamptz)
       and bucket < date_trunc('hour', ${to.toISOString()}::timestamptz) + interval '1 hour'
     group by 1, 2, 3
    on conflict (equipment_id, metric, bucket) do update
       set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
  await recomputeEnergyHours(db, from, to);
}

/**
 * The minutes that committed batches touched since the last rollup: one span, from the
 * earliest point's minute to the end of the latest one's.
 */
export class DirtyMinutes {
  private from = Infinity;
  private to = -Infinity;

  /** A point time, ms since the epoch. */
  add(ts: number): void {
    if (ts < this.from) this.from = ts;
    if (ts > this.to) this.to = ts;
  }

  /** The span to recompute, [from, to) in whole minutes, and nothing dirty after; null when clean. */
  take(): [Date, Date] | null {
    if (this.from > this.to) return null;
    const range: [Date, Date] = [
      new Date(Math.floor(this.from / 60_000) * 60_000),
      new Date(Math.floor(this.to / 60_000) * 60_000 + 60_000),
    ];
    this.from = Infinity;
    this.to = -Infinity;
    return range;
  }
}

/**
 * Recomputes the dirty minutes' rollups, when there are any; what a timer (or a scheduler job)
 * calls. Answers whether there was anything to do.
 */
export async function recomputeDirtyRollups(db: Database, dirty: DirtyMinutes): Promise<boolean> {
  const range = dirty.take();
  if (!range) return false;
  await recomputeRollups(db, ...range);
  return true;
}

/**
 * A database from before energy_1h (ADR 032) has hourly rollups and no derived energy: derives
 * it once, in the background, a week per statement with a turn of the event loop between. Not
 * while the demo history is being written (its last hourly batch derives it).
 */
export async function backfillEnergyHours(db: Database): Promise<boolean> {
  const progress = await demoHistoryProgress(db);
  if (progress && !progress.complete) return false;
  const [row] = rowsOf<{ missing: boolean }>(
    await db.execute(
      sql`select (not exists (select 1 from energy_1h) and exists (select 1 from telemetry_1h)) as missing`,
    ),
  );
  if (!row?.missing) return false;
  await rebuildEnergyHours(db, () => new Promise<void>((resolve) => setImmediate(resolve)));
  return true;
}
