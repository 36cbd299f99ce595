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
  equipment_id: z.string(),
  bucket: z.coerce.date(),
  kwh: z.coerce.number().nullable(),
  kw: z.coerce.number().nullable(),
  pf: z.coerce.number().nullable(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});

const intervalRow = z.object({
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

export async function facilityUsage(
  db: Database,
  facilityId: string,
  from: Date,
  to: Date,
  tariff: EnergyRates,
): Promise<FacilityUsage> {
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const toAt = sql`${to.toISOString()}::timestamptz`;
  const local = (column: string) => sql`
    to_char(${sql.raw(column)} at time zone f.timezone, 'YYYY-MM-DD') as day,
    extract(isodow from ${sql.raw(column)} at time zone f.timezone) as dow,
    (extract(hour from ${sql.raw(column)} at time zone f.timezone) * 60
      + extract(minute from ${sql.raw(column)} at time zone f.timezone)) as minute`;
  const hours = parseRows(
    hourRow,
    await db.execute(sql`
        with meters as (${countedMeters(facilityId)}),
        energy as (
          select h.equipment_id, h.bucket,
                 case when lag(h.bucket) over w = h.bucket - interval '1 hour' and h.max >= lag(h.max) over w
                      then h.max - lag(h.max) over w
                      else h.max - h.min end as kwh
            from telemetry_1h h
            join meters m on m.id = h.equipment_id
           where h.metric = 'energyKwh' and h.bucket >= ${fromAt} - interval '1 hour' and h.bucket < ${toAt}
          window w as (partition by h.equipment_id order by h.bucket)
        ),
        means as (
          select h.equipment_id, h.bucket,
                 max(h.sum / nullif(h.count, 0)) filter (where h.metric = 'powerKw') as kw,
                 max(h.sum / nullif(h.count, 0)) filter (where h.metric = 'powerFactor') as pf
            from telemetry_1h h
            join meters m on m.id = h.equipment_id
           where h.metric in ('powerKw', 'powerFactor') and h.bucket >= ${fromAt} and h.bucket < ${toAt}
           group by h.equipment_id, h.bucket
        )
        select coalesce(e.equipment_id, p.equipment_id) as equipment_id, coalesce(e.bucket, p.bucket) as bucket,
               e.kwh, p.kw, p.pf, ${local('coalesce(e.bucket, p.bucket)')}
          from (select * from energy where bucket >= ${fromAt}) e
          full join means p on p.equipment_id = e.equipment_id and p.bucket = e.bucket
          join facilities f on f.id = ${facilityId}
         order by 2`),
  );
  const intervals = parseRows(
    intervalRow,
    await db.execute(sql`
        with meters as (${countedMeters(facilityId)}),
        minutes as (
          select t.bucket, sum(t.sum / nullif(t.count, 0)) as kw
            from telemetry_1m t
            join meters m on m.id = t.equipment_id
           where t.metric = 'powerKw' and t.bucket >= ${fromAt} and t.bucket < ${toAt}
           group by t.bucket
        ),
        intervals as (
          select to_timestamp(floor(extract(epoch from bucket) / 900) * 900) as start, avg(kw) as kw
            from minutes
           group by 1
        )
        select i.start, i.kw, ${local('i.start')}
          from intervals i
          join facilities f on f.id = ${facilityId}
         order by i.start`),
  );

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
