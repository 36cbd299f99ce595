import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  correctedDemandKw,
  pontaShare,
  reactiveExcessKvarh,
  tariffPost,
  type BillingUsage,
  type LocalTime,
  type TariffPost,
} from '@sentinela/shared/energy-billing';
import type { EnergyRates } from '@sentinela/shared/settings';
import { countedMeters } from '../plant/meters-sql';

/**
 * A facility's use over a span, from its counted meters' rollups, as the bill needs it:
 * - kWh by tariff post, each hour's kWh (its register's rise: this hour's last reading less the
 *   last hour's, or max − min after a gap or a reset) split by the hour's ponta share;
 * - demand: the facility's kW (its meters summed) averaged over 15-minute intervals of the
 *   1-minute rollups; an hour with no minute rollups (older than their retention, or the demo's
 *   history) counts with its hourly mean, and the answer says how many hours were so estimated;
 * - reactive excess and corrected demand from each meter's hourly mean power factor.
 */
export interface FacilityUsage {
  usage: BillingUsage;
  /** The highest demand interval, when and in which post. */
  peak: { kw: number; at: Date; post: TariffPost } | null;
  /** Hours whose demand came from the hourly mean (no minute rollups). */
  estimatedDemandHours: number;
  /** Hours with a reading. */
  hoursWithData: number;
  /** The mean power factor, weighted by kWh (null: no reading). */
  powerFactor: number | null;
  /** Every demand interval's kW by post (an estimated hour counts as its four intervals). */
  demands: Record<TariffPost, number[]>;
}

const hourRow = z.object({
  facility_id: z.string(),
  equipment_id: z.string(),
  bucket: z.coerce.date(),
  kwh: z.coerce.number().nullable(),
  kw: z.coerce.number().nullable(),
  pf: z.coerce.number().nullable(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});

/** A facility's 15-minute demand interval (its mean kW) with its local day, weekday and minute of day. */
export const intervalRow = z.object({
  facility_id: z.string(),
  start: z.coerce.date(),
  kw: z.coerce.number(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});

const HOUR_MS = 3_600_000;

const localTime = (row: { day: string; dow: number; minute: number }): LocalTime => ({
  date: row.day,
  isoDow: row.dow,
  minute: row.minute,
});

/** One facility's span [from, to) and the rates that price it. */
export interface UsageSpan {
  facilityId: string;
  from: Date;
  to: Date;
  tariff: EnergyRates;
}

export async function facilityUsage(
  db: Database,
  facilityId: string,
  from: Date,
  to: Date,
  tariff: EnergyRates,
): Promise<FacilityUsage> {
  const usage = (await facilitiesUsage(db, [{ facilityId, from, to, tariff }])).get(facilityId);
  if (!usage) throw new Error('no usage');
  return usage;
}

/**
 * Several facilities' use, each over its own span, in two queries whatever their number (the
 * hourly rollups, the minute rollups). Each counted meter's rollups are read on their primary key
 * (equipment, metric, bucket) by a lateral join: joined as a set, the planners walked the bucket
 * index over every device's rollups of the span and dropped all but the meters' (PGlite: seconds).
 * `offset 0` keeps each lateral subquery from being pulled up into a plain join (which the planner
 * would hash again): it stays one index range per meter.
 */
export async function facilitiesUsage(db: Database, spans: readonly UsageSpan[]): Promise<Map<string, FacilityUsage>> {
  const out = new Map<string, FacilityUsage>();
  if (spans.length === 0) return out;
  const spanValues = sql.join(
    spans.map(
      (s) => sql`(${s.facilityId}::uuid, ${s.from.toISOString()}::timestamptz, ${s.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  // One facility: its own meters only (the equipment's facility index); several: every counted meter.
  const meters = sql`
    spans (facility_id, from_at, to_at) as (values ${spanValues}),
    meters as (
      select c.id, s.facility_id, s.from_at, s.to_at
        from (${countedMeters(spans.length === 1 ? spans[0]!.facilityId : null)}) c
        join spans s on s.facility_id = c.facility_id
    )`;
  const local = (column: string) => sql`
    to_char(${sql.raw(column)} at time zone f.timezone, 'YYYY-MM-DD') as day,
    extract(isodow from ${sql.raw(column)} at time zone f.timezone) as dow,
    (extract(hour from ${sql.raw(column)} at time zone f.timezone) * 60
      + extract(minute from ${sql.raw(column)} at time zone f.timezone)) as minute`;
  // The hours and the demand intervals, side by side (PostgreSQL answers them on two connections).
  const [hours, intervals] = await Promise.all([
    db
      .execute(
        sql`
        with ${meters},
        energy as (
          select m.facility_id, m.id as equipment_id, h.bucket, m.from_at,
                 case when lag(h.bucket) over w = h.bucket - interval '1 hour' and h.max >= lag(h.max) over w
                      then h.max - lag(h.max) over w
                      else h.max - h.min end as kwh
            from meters m
            cross join lateral (
              select h.bucket, h.min, h.max from telemetry_1h h
               where h.equipment_id = m.id and h.metric = 'energyKwh'
                 and h.bucket >= m.from_at - interval '1 hour' and h.bucket < m.to_at offset 0) h
          window w as (partition by m.id order by h.bucket)
        ),
        means as (
          select m.facility_id, m.id as equipment_id, h.bucket,
                 max(h.sum / nullif(h.count, 0)) filter (where h.metric = 'powerKw') as kw,
                 max(h.sum / nullif(h.count, 0)) filter (where h.metric = 'powerFactor') as pf
            from meters m
            cross join lateral (
              select h.bucket, h.metric, h.sum, h.count from telemetry_1h h
               where h.equipment_id = m.id and h.metric in ('powerKw', 'powerFactor')
                 and h.bucket >= m.from_at and h.bucket < m.to_at offset 0) h
           group by m.facility_id, m.id, h.bucket
        )
        select coalesce(e.facility_id, p.facility_id)::text as facility_id,
               coalesce(e.equipment_id, p.equipment_id) as equipment_id, coalesce(e.bucket, p.bucket) as bucket,
               e.kwh, p.kw, p.pf, ${local('coalesce(e.bucket, p.bucket)')}
          from (select * from energy where bucket >= from_at) e
          full join means p on p.equipment_id = e.equipment_id and p.bucket = e.bucket
          join facilities f on f.id = coalesce(e.facility_id, p.facility_id)
         order by 3`,
      )
      .then((result) => parseRows(hourRow, result)),
    // 15-minute intervals aligned to the clock (date_bin from a whole hour: :00, :15, :30, :45).
    db
      .execute(
        sql`
        with ${meters},
        minutes as (
          select m.facility_id, t.bucket, sum(t.sum / nullif(t.count, 0)) as kw
            from meters m
            cross join lateral (
              select t.bucket, t.sum, t.count from telemetry_1m t
               where t.equipment_id = m.id and t.metric = 'powerKw' and t.bucket >= m.from_at and t.bucket < m.to_at offset 0) t
           group by m.facility_id, t.bucket
        ),
        intervals as (
          select facility_id, date_bin('15 minutes', bucket, timestamptz '2000-01-01 00:00:00+00') as start, avg(kw) as kw
            from minutes
           group by 1, 2
        )
        select i.facility_id::text as facility_id, i.start, i.kw, ${local('i.start')}
          from intervals i
          join facilities f on f.id = i.facility_id
         order by i.start`,
      )
      .then((result) => parseRows(intervalRow, result)),
  ]);
  const hoursOf = groupBy(hours);
  const intervalsOf = groupBy(intervals);
  for (const span of spans)
    out.set(
      span.facilityId,
      usageOf(span.tariff, hoursOf.get(span.facilityId) ?? [], intervalsOf.get(span.facilityId) ?? []),
    );
  return out;
}

function groupBy<T extends { facility_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.facility_id);
    if (list) list.push(row);
    else map.set(row.facility_id, [row]);
  }
  return map;
}

/** A facility's usage from its meters' hours and its demand intervals (each in time order). */
function usageOf(
  tariff: EnergyRates,
  hours: z.output<typeof hourRow>[],
  intervals: z.output<typeof intervalRow>[],
): FacilityUsage {
  const usage: BillingUsage = {
    kwh: { ponta: 0, foraPonta: 0 },
    peakDemandKw: { ponta: 0, foraPonta: 0 },
    reactiveExcessKvarh: 0,
    correctedDemandKw: { ponta: 0, foraPonta: 0 },
  };
  let peak: FacilityUsage['peak'] = null;
  const demands: FacilityUsage['demands'] = { ponta: [], foraPonta: [] };
  const consider = (kw: number, at: Date, post: TariffPost, intervals = 1) => {
    for (let i = 0; i < intervals; i++) demands[post].push(kw);
    usage.peakDemandKw[post] = Math.max(usage.peakDemandKw[post], kw);
    if (!peak || kw > peak.kw) peak = { kw, at, post };
  };

  // Minute-based demand intervals; the hours they cover.
  const covered = new Set<number>();
  for (const interval of intervals) {
    covered.add(Math.floor(interval.start.getTime() / HOUR_MS) * HOUR_MS);
    consider(interval.kw, interval.start, tariffPost(tariff, localTime(interval)));
  }

  // Per facility hour: kW (meters summed), corrected kW, its post.
  const byHour = new Map<number, { kw: number; corrected: number; post: TariffPost; hasKw: boolean }>();
  let pfWeighted = 0;
  let pfKwh = 0;
  for (const row of hours) {
    const share = pontaShare(tariff, localTime(row));
    const kwh = Math.max(0, row.kwh ?? 0);
    usage.kwh.ponta += kwh * share;
    usage.kwh.foraPonta += kwh * (1 - share);
    if (row.pf !== null && row.pf > 0) {
      usage.reactiveExcessKvarh += reactiveExcessKvarh(kwh, row.pf);
      pfWeighted += row.pf * kwh;
      pfKwh += kwh;
    }
    const hour = row.bucket.getTime();
    const entry = byHour.get(hour) ?? { kw: 0, corrected: 0, post: share >= 0.5 ? 'ponta' : 'foraPonta', hasKw: false };
    if (row.kw !== null) {
      entry.kw += row.kw;
      entry.corrected += row.pf !== null ? correctedDemandKw(row.kw, row.pf) : row.kw;
      entry.hasKw = true;
    }
    byHour.set(hour, entry);
  }
  let estimatedDemandHours = 0;
  for (const [hour, entry] of byHour) {
    if (!entry.hasKw) continue;
    usage.correctedDemandKw[entry.post] = Math.max(usage.correctedDemandKw[entry.post], entry.corrected);
    if (!covered.has(hour)) {
      estimatedDemandHours += 1;
      consider(entry.kw, new Date(hour), entry.post, 4);
    }
  }
  return {
    usage,
    peak,
    estimatedDemandHours,
    hoursWithData: byHour.size,
    powerFactor: pfKwh > 0 ? pfWeighted / pfKwh : null,
    demands,
  };
}
