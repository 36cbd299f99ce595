import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { telemetryLatest } from '@sentinela/db/schema/plant';
import type { SeriesSource, telemetrySeriesInput } from '@sentinela/shared/plant';
import { z } from 'zod';
import { parseRows } from '@sentinela/db/sql-helpers';

/** The newest value of every metric (of the given equipment, or all). */
export async function latestTelemetry(db: Database, equipmentIds: string[] | undefined) {
  if (equipmentIds?.length === 0) return [];
  return db
    .select()
    .from(telemetryLatest)
    .where(equipmentIds ? inArray(telemetryLatest.equipmentId, equipmentIds) : undefined);
}

const RAW_KEPT_MS = 7 * 24 * 3600_000;
const MINUTES_KEPT_MS = 90 * 24 * 3600_000;

/**
 * The source that has the range at a useful resolution: raw points for short spans (and only
 * within raw retention), 1-minute rollups up to a few days, hourly beyond.
 */
export function pickSource(from: Date, to: Date, maxPoints: number, now: Date): SeriesSource {
  const bucketMs = (to.getTime() - from.getTime()) / maxPoints;
  const age = now.getTime() - from.getTime();
  if (bucketMs < 60_000 && age <= RAW_KEPT_MS) return 'raw';
  if (bucketMs < 3600_000 && age <= MINUTES_KEPT_MS) return '1m';
  return '1h';
}

/** One bucket of a series: its start (epoch seconds) and the aggregates of its values. */
const bucketRow = z.object({
  t: z.coerce.number(),
  avg: z.coerce.number(),
  min: z.coerce.number(),
  max: z.coerce.number(),
  n: z.coerce.number(),
});

/** A metric's history over [from, to), downsampled to at most maxPoints buckets (avg, min, max). */
export async function telemetrySeries(db: Database, input: z.output<typeof telemetrySeriesInput>, now: Date) {
  const source = pickSource(input.from, input.to, input.maxPoints, now);
  const spanSeconds = (input.to.getTime() - input.from.getTime()) / 1000;
  const minimum = source === 'raw' ? 1 : source === '1m' ? 60 : 3600;
  const bucketSeconds = Math.max(minimum, Math.ceil(spanSeconds / input.maxPoints / minimum) * minimum);
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  const query =
    source === 'raw'
      ? sql`select floor(extract(epoch from ts) / ${bucketSeconds}) * ${bucketSeconds} as t,
                   avg(value) as avg, min(value) as min, max(value) as max, count(*)::int as n
              from telemetry
             where equipment_id = ${input.equipmentId} and metric = ${input.metric}
               and ts >= ${from}::timestamptz and ts < ${to}::timestamptz
             group by 1 order by 1`
      : sql`select floor(extract(epoch from bucket) / ${bucketSeconds}) * ${bucketSeconds} as t,
                   sum(sum) / nullif(sum(count), 0) as avg, min(min) as min, max(max) as max, sum(count)::int as n
              from ${sql.raw(source === '1m' ? 'telemetry_1m' : 'telemetry_1h')}
             where equipment_id = ${input.equipmentId} and metric = ${input.metric}
               and bucket >= ${from}::timestamptz and bucket < ${to}::timestamptz
             group by 1 order by 1`;
  const rows = parseRows(bucketRow, await db.execute(query));
  return {
    source,
    bucketSeconds,
    points: rows.map((r) => ({
      ts: new Date(r.t * 1000),
      avg: r.avg,
      min: r.min,
      max: r.max,
      count: r.n,
    })),
  };
}
