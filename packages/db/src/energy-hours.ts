import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { z } from 'zod';
import { parseRows, timestampColumn } from './sql-helpers';

const HOUR_MS = 3_600_000;
/** A light counts as at full power in an hour when it drew at least this share of rated × time on. */
export const FULL_POWER_SHARE = 0.97;
/** Hours per statement when the whole history is derived again (a short hold on PGlite's one connection). */
const REBUILD_CHUNK_HOURS = 7 * 24;

/**
 * Derives `energy_1h` (ADR 032) for the hours [from, to) (whole hours) from the hourly rollups:
 * the rows of those hours are replaced (an upsert: two writers deriving the same hours at once
 * on PostgreSQL both succeed). Per place (each facility, each room) and hour:
 * - metered: the sum of its meters' kWh, each meter's register rise since the hour before (or
 *   within the hour when the hour before is missing or the register went back), never below zero;
 *   a facility counts its main meter (the one with no room), or its room meters when it has none
 *   (as countedMeters in apps/server); a room counts its own meters. Null when no meter read.
 * - motors, lighting, hvac, it: the devices' hourly mean power (kW; lights W / 1000), summed by kind.
 * - lightsFull (facilities): the lights' kWh in the hours each ran at ≥ 97 % of rated × time on.
 * Registry placement is read as it is when the hour is derived. The rows go in place by place,
 * hour by hour (the order of the primary key), so a rebuild or a backfill leaves each place's hours
 * together on disk.
 */
export async function deriveEnergyHours(db: Database, from: Date, to: Date): Promise<void> {
  if (from >= to) return;
  const lo = sql`${from.toISOString()}::timestamptz`;
  const hi = sql`${to.toISOString()}::timestamptz`;
  await db.execute(sql`delete from energy_1h where bucket >= ${lo} and bucket < ${hi}`);
  await db.execute(sql`
    insert into energy_1h (place_id, facility_id, bucket, metered, motors, lighting, hvac, it, lights_full)
    with devices as (
      select e.id, e.kind, e.facility_id, e.room_id, (e.rated ->> 'powerW')::float8 as rated_w,
             (e.kind = 'meter' and (e.room_id is null
               or not exists (select 1 from equipment m
                               where m.kind = 'meter' and m.room_id is null and m.facility_id = e.facility_id))) as counted
        from equipment e
       where e.kind in ('meter', 'motor', 'light', 'hvac', 'server')
    ), meter_rows as (
      select d.facility_id, d.room_id, d.counted, h.bucket,
             case when lag(h.bucket) over w = h.bucket - interval '1 hour' and h.max >= lag(h.max) over w
                  then h.max - lag(h.max) over w
                  else h.max - h.min end as kwh
        from devices d
        join telemetry_1h h on h.equipment_id = d.id and h.metric = 'energyKwh'
         and h.bucket >= ${lo} - interval '1 hour' and h.bucket < ${hi}
       where d.kind = 'meter'
      window w as (partition by d.id order by h.bucket)
    ), meters as (
      select facility_id, room_id, counted, bucket, greatest(kwh, 0) as kwh from meter_rows where bucket >= ${lo}
    ), device_rows as (
      select d.facility_id, d.room_id, d.kind, h.bucket,
             h.sum / nullif(h.count, 0) * case when d.kind = 'light' then 0.001 else 1 end as kwh
        from devices d
        join telemetry_1h h on h.equipment_id = d.id
         and h.metric = (case when d.kind = 'light' then 'powerW' else 'powerKw' end)
         and h.bucket >= ${lo} and h.bucket < ${hi}
       where d.kind in ('motor', 'light', 'hvac', 'server')
    ), light_hours as (
      select d.facility_id, h.bucket, d.rated_w,
             max(h.sum / h.count) filter (where h.metric = 'on') as on_share,
             max(h.sum / h.count) filter (where h.metric = 'powerW') as avg_w
        from devices d
        join telemetry_1h h on h.equipment_id = d.id and h.metric in ('on', 'powerW')
         and h.bucket >= ${lo} and h.bucket < ${hi} and h.count > 0
       where d.kind = 'light'
       group by d.id, d.facility_id, d.rated_w, h.bucket
    ), full_lights as (
      select facility_id, bucket, sum(avg_w) / 1000 as kwh
        from light_hours
       where rated_w > 0 and on_share > 0 and avg_w >= rated_w * least(1, on_share) * ${FULL_POWER_SHARE}
       group by facility_id, bucket
    ), place_meters as (
      select facility_id as place_id, facility_id, bucket, sum(kwh) as metered
        from meters where counted group by facility_id, bucket
      union all
      select room_id, facility_id, bucket, sum(kwh)
        from meters where room_id is not null group by room_id, facility_id, bucket
    ), place_devices as (
      select facility_id as place_id, facility_id, bucket,
             coalesce(sum(kwh) filter (where kind = 'motor'), 0) as motors,
             coalesce(sum(kwh) filter (where kind = 'light'), 0) as lighting,
             coalesce(sum(kwh) filter (where kind = 'hvac'), 0) as hvac,
             coalesce(sum(kwh) filter (where kind = 'server'), 0) as it
        from device_rows group by facility_id, bucket
      union all
      select room_id, facility_id, bucket,
             coalesce(sum(kwh) filter (where kind = 'motor'), 0),
             coalesce(sum(kwh) filter (where kind = 'light'), 0),
             coalesce(sum(kwh) filter (where kind = 'hvac'), 0),
             coalesce(sum(kwh) filter (where kind = 'server'), 0)
        from device_rows where room_id is not null group by room_id, facility_id, bucket
    )
    select coalesce(m.place_id, d.place_id), coalesce(m.facility_id, d.facility_id), coalesce(m.bucket, d.bucket),
           m.metered, coalesce(d.motors, 0), coalesce(d.lighting, 0), coalesce(d.hvac, 0), coalesce(d.it, 0),
           l.kwh
      from place_meters m
      full join place_devices d on d.place_id = m.place_id and d.bucket = m.bucket
      left join full_lights l on l.facility_id = coalesce(m.place_id, d.place_id) and l.bucket = coalesce(m.bucket, d.bucket)
     -- Written place by place: a place's hours of one statement share a few pages (a room's 90 days
     -- read 13 weeks' runs of pages, not a page per hour).
     order by 1, 3
    -- Another writer (a second instance, the demo history's last batch) may derive the same hours at once.
    on conflict (place_id, bucket) do update
       set facility_id = excluded.facility_id, metered = excluded.metered, motors = excluded.motors,
           lighting = excluded.lighting, hvac = excluded.hvac, it = excluded.it, lights_full = excluded.lights_full`);
}

/**
 * Derives the energy hours a rollup recompute of [from, to) touched: every hour it overlaps,
 * and the hour after (a meter's kWh in an hour is its register's rise since the hour before).
 */
export async function recomputeEnergyHours(db: Database, from: Date, to: Date): Promise<void> {
  const first = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
  const last = Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  await deriveEnergyHours(db, new Date(first), new Date(last));
}

const historySpanRow = z.object({ first: timestampColumn, last: timestampColumn });

/**
 * Derives the energy hours of the whole hourly history again (the demo history once written,
 * a copied plant, a database from before ADR 032), a week per statement. `pause` runs between
 * two statements (a background rebuild lets requests through).
 */
export async function rebuildEnergyHours(db: Database, pause?: () => Promise<void>): Promise<void> {
  const [span] = parseRows(
    historySpanRow,
    await db.execute(sql`select min(bucket) as first, max(bucket) as last from telemetry_1h`),
  );
  if (!span?.first || !span.last) return;
  const first = Math.floor(new Date(span.first).getTime() / HOUR_MS) * HOUR_MS;
  const end = Math.floor(new Date(span.last).getTime() / HOUR_MS) * HOUR_MS + 2 * HOUR_MS;
  await db.execute(sql`delete from energy_1h where bucket < ${new Date(first).toISOString()}::timestamptz`);
  for (let from = first; from < end; from += REBUILD_CHUNK_HOURS * HOUR_MS) {
    await deriveEnergyHours(db, new Date(from), new Date(Math.min(end, from + REBUILD_CHUNK_HOURS * HOUR_MS)));
    if (pause && from + REBUILD_CHUNK_HOURS * HOUR_MS < end) await pause();
  }
}
