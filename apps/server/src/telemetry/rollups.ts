import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows, timestampColumn } from '@sentinela/db/sql-helpers';
import { deriveEnergyHours, recomputeEnergyHours } from '@sentinela/db/energy-hours';
import { backfills } from '@sentinela/db/schema/jobs';
import { demoHistoryProgress } from '@sentinela/db/seed/demo-history-record';
import { inBackground } from '@sentinela/db/priority';
import { z } from 'zod';
import type { LiveRollups, RollupRow, TakenRollups } from './live-rollups';
import { arrayElement, EPOCH_MS } from './telemetry-writer';

const HOUR_MS = 3_600_000;

/**
 * Recomputes the 1-minute rollups of [from, to) from raw points, and the hourly rollups of the
 * hours around it from the minutes, then the places' energy of those hours (energy_1h, ADR 032).
 * Idempotent: recomputing never double-counts.
 */
export async function recomputeRollups(db: Database, from: Date, to: Date): Promise<void> {
  await recomputeMinutes(db, from, to);
  await recomputeHours(db, from, to);
}

/** The 1-minute rollups of [from, to) from raw points. */
async function recomputeMinutes(db: Database, from: Date, to: Date): Promise<void> {
  await db.execute(sql`
    insert into telemetry_1m (equipment_id, metric, bucket, count, sum, min, max)
    select equipment_id, metric, date_trunc('minute', ts), count(*), sum(value), min(value), max(value)
      from telemetry where ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz
     group by 1, 2, 3
    on conflict (equipment_id, metric, bucket) do update
       set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
}

/** The hourly rollups of the hours around [from, to) from their minutes, then their energy. */
async function recomputeHours(db: Database, from: Date, to: Date): Promise<void> {
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

/** Rollup rows a statement, at most: each a few tens of ms on PGlite, so requests go between them. */
const ROLLUP_ROWS_PER_STATEMENT = 2_000;

/** Rows counted in memory, each a bucket's whole value: written over what is stored. */
async function writeRollupRows(db: Database, table: 'telemetry_1m' | 'telemetry_1h', rows: RollupRow[]) {
  for (let at = 0; at < rows.length; at += ROLLUP_ROWS_PER_STATEMENT) {
    const part = rows.slice(at, at + ROLLUP_ROWS_PER_STATEMENT);
    const list = (pick: (row: RollupRow) => string | number) => `{${part.map(pick).join(',')}}`;
    await db.execute(sql`
      insert into ${sql.raw(table)} (equipment_id, metric, bucket, count, sum, min, max)
      select x.e, x.m, ${EPOCH_MS}, x.c, x.s, x.lo, x.hi
        from unnest(${list((r) => arrayElement(r.equipmentId))}::text[], ${list((r) => arrayElement(r.metric))}::text[],
                    ${list((r) => r.bucket)}::int8[], ${list((r) => r.count)}::int4[], ${list((r) => r.sum)}::float8[],
                    ${list((r) => r.min)}::float8[], ${list((r) => r.max)}::float8[]) as x(e, m, t, c, s, lo, hi)
      on conflict (equipment_id, metric, bucket) do update
         set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max`);
  }
}

/** The span of hours a run's rows fall in, [first hour, last hour + 1 min): for their energy. */
function hoursOf(rows: RollupRow[]): [Date, Date] | null {
  if (rows.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const row of rows) {
    if (row.bucket < first) first = row.bucket;
    if (row.bucket > last) last = row.bucket;
  }
  return [new Date(Math.floor(first / HOUR_MS) * HOUR_MS), new Date(Math.floor(last / HOUR_MS) * HOUR_MS + 60_000)];
}

/**
 * The spans whose hours are recomputed from their minutes: the raw span's and the one memory
 * sends, as one span when their hours meet or overlap (one statement instead of two over the same
 * hours), else each alone (a late point days back must not bring every hour between).
 */
export function hourSpans(raw: [Date, Date] | null, fromMinutes: [Date, Date] | null): [Date, Date][] {
  if (!raw || !fromMinutes) return raw ? [raw] : fromMinutes ? [fromMinutes] : [];
  const [first, second] = raw[0] <= fromMinutes[0] ? [raw, fromMinutes] : [fromMinutes, raw];
  const firstEndsHour = Math.floor(first[1].getTime() / HOUR_MS);
  const secondStartsHour = Math.floor(second[0].getTime() / HOUR_MS);
  if (secondStartsHour > firstEndsHour + 1) return [first, second];
  return [[first[0], new Date(Math.max(first[1].getTime(), second[1].getTime()))]];
}

/**
 * Writes one run of the rollups (LiveRollups.take): memory's minute and hour rows, then the
 * minutes recomputed from raw points (and their hours from the minutes), then the hours memory
 * does not hold whole from their minutes, then the energy of memory's hours.
 */
export async function writeRollups(db: Database, taken: TakenRollups): Promise<void> {
  await writeRollupRows(db, 'telemetry_1m', taken.minutes);
  await writeRollupRows(db, 'telemetry_1h', taken.hours);
  if (taken.raw) await recomputeMinutes(db, ...taken.raw);
  for (const span of hourSpans(taken.raw, taken.hoursFromMinutes)) await recomputeHours(db, ...span);
  const energy = hoursOf(taken.hours);
  if (energy) await recomputeEnergyHours(db, ...energy);
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
 * How far back a start recomputes minutes left without rollups, at most: one statement over raw
 * points, so bounded. A crash loses about two minutes (the job's interval and the open minute); a
 * longer gap means the job was failing, which its recorded outcome (job_runs) shows.
 */
export const UNROLLED_LOOKBACK_MS = 10 * 60_000;

const spanRow = z.object({ rolled: z.number().nullable(), newest: z.number().nullable() });

/**
 * The raw points a crash may have left without their minute rollups (the dirty minutes live in
 * memory until the rollup job runs, about once a minute): from the newest minute rolled up (it
 * may have been rolled up while still open) to the newest raw point, at most the last
 * UNROLLED_LOOKBACK_MS of it; as the two ends (ms since the epoch) to mark dirty, or none when
 * there are no raw points; and the newest raw point itself (null when none), for LiveRollups. After a clean stop (which rolls up what it wrote) it is the last minute
 * alone, recomputed again (idempotent). Both ends are read on an index (the bucket's, the time's).
 */
export async function unrolledSpan(db: Database): Promise<{ span: number[]; newest: number | null }> {
  const [span] = parseRows(
    spanRow,
    await db.execute(sql`select
      (extract(epoch from (select max(bucket) from telemetry_1m)) * 1000)::float8 as rolled,
      (extract(epoch from (select max(ts) from telemetry)) * 1000)::float8 as newest`),
  );
  if (!span || span.newest === null) return { span: [], newest: null };
  const from = Math.max(span.rolled ?? Number.NEGATIVE_INFINITY, span.newest - UNROLLED_LOOKBACK_MS);
  return { span: from <= span.newest ? [from, span.newest] : [], newest: span.newest };
}

/**
 * Writes the rollups of what the ingest committed since the last run (memory's rows, and what
 * is recomputed); what a timer (or a scheduler job) calls. A failed run is tried again at the
 * next. Answers whether there was anything to do.
 */
export async function writeDirtyRollups(db: Database, rollups: LiveRollups, now = Date.now()): Promise<boolean> {
  const taken = rollups.take(now);
  if (!taken.raw && !taken.hoursFromMinutes && taken.minutes.length === 0 && taken.hours.length === 0) return false;
  try {
    await inBackground(() => writeRollups(db, taken));
  } catch (error) {
    rollups.retry(taken);
    throw error;
  }
  return true;
}

/** The energy backfill's row in `backfills` (its position: the end of the hours still to derive). */
export const ENERGY_BACKFILL = 'energy_1h';
/** Hours per statement: a week of every place (a short hold on PGlite's one connection). */
export const ENERGY_BACKFILL_HOURS = 7 * 24;
/** How long one run keeps going, week after week, before leaving the rest to the next run. */
export const ENERGY_BACKFILL_RUN_MS = 10_000;

const backfillStartRow = z.object({ missing: z.boolean(), last: timestampColumn });
const firstHourRow = z.object({ first: timestampColumn });

/**
 * A database from before energy_1h (ADR 032) has hourly rollups and no derived energy: this job
 * derives it in the background, a week per statement, newest week first (the energy page's
 * recent figures come back first), with a turn of the event loop between two. Its position is
 * kept in `backfills` (`next_id`: the end, in ms since the epoch, of the hours still to derive;
 * null once done) after every week, so a start cut short resumes where the last committed week
 * left (each week is derived again whole: an upsert, idempotent). The first run decides: an empty
 * energy_1h beside hourly rollups starts a backfill from the newest rollup hour; anything else
 * records that there is nothing to do. Not while the demo history is being written (its last
 * hourly batch derives the whole history). Answers the hours derived.
 */
export async function runEnergyBackfill(
  db: Database,
  { budgetMs = ENERGY_BACKFILL_RUN_MS, chunkHours = ENERGY_BACKFILL_HOURS } = {},
): Promise<{ hours: number }> {
  const progress = await demoHistoryProgress(db);
  if (progress && !progress.complete) return { hours: 0 };
  let [state] = await db
    .select({ nextId: backfills.nextId })
    .from(backfills)
    .where(eq(backfills.name, ENERGY_BACKFILL));
  if (!state) {
    const [span] = parseRows(
      backfillStartRow,
      await db.execute(sql`select not exists (select 1 from energy_1h) as missing,
        (select max(bucket) from telemetry_1h) as last`),
    );
    // The hour after the newest too (its meters' kWh reads the hour before), as rebuildEnergyHours.
    const end =
      span?.missing && span.last ? Math.floor(new Date(span.last).getTime() / HOUR_MS) * HOUR_MS + 2 * HOUR_MS : null;
    await db.insert(backfills).values({ name: ENERGY_BACKFILL, nextId: end }).onConflictDoNothing();
    [state] = await db.select({ nextId: backfills.nextId }).from(backfills).where(eq(backfills.name, ENERGY_BACKFILL));
  }
  let next = state?.nextId ?? null;
  let hours = 0;
  const deadline = performance.now() + budgetMs;
  while (next !== null) {
    const [span] = parseRows(firstHourRow, await db.execute(sql`select min(bucket) as first from telemetry_1h`));
    const first = span?.first ? Math.floor(new Date(span.first).getTime() / HOUR_MS) * HOUR_MS : next;
    const from = Math.max(first, next - chunkHours * HOUR_MS);
    if (from < next) await deriveEnergyHours(db, new Date(from), new Date(next));
    hours += Math.max(0, (next - from) / HOUR_MS);
    next = from > first ? from : null;
    await db
      .update(backfills)
      .set({ nextId: next, updatedAt: sql`now()` })
      .where(eq(backfills.name, ENERGY_BACKFILL));
    if (next === null || performance.now() >= deadline) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { hours };
}
