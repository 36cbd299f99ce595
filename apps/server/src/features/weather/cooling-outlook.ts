import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { CoolingOutlook, WeatherDay } from '@sentinela/shared/weather';

/** Cooling degree-days are counted above this daily mean outdoor temperature, °C. */
export const COOLING_BASE_C = 18;
const DAY_MS = 86_400_000;
const MIN_DAYS = 7;

const dayRow = z.object({ day: z.string(), hvac: z.coerce.number(), outdoor: z.coerce.number() });

/**
 * Least squares of daily HVAC kWh against cooling degree-days: kWh = base + perDegreeDay × CDD.
 * Flat weather (no spread in CDD) leaves the mean as the base.
 */
export function fitCooling(days: readonly { kwh: number; cdd: number }[]): { base: number; perDegreeDay: number } {
  const n = days.length;
  const mx = days.reduce((s, d) => s + d.cdd, 0) / n;
  const my = days.reduce((s, d) => s + d.kwh, 0) / n;
  const sxx = days.reduce((s, d) => s + (d.cdd - mx) ** 2, 0);
  const sxy = days.reduce((s, d) => s + (d.cdd - mx) * (d.kwh - my), 0);
  const perDegreeDay = sxx > 1e-9 ? Math.max(0, sxy / sxx) : 0;
  return { base: my - perDegreeDay * mx, perDegreeDay };
}

/**
 * Tomorrow's expected HVAC energy at a facility: the last 30 full days' HVAC kWh (hourly mean
 * power) against the outdoor stations' daily mean, fitted per degree-day, applied to tomorrow's
 * forecast mean ((min + max) / 2). Null without a forecast for tomorrow or a week of history.
 */
export async function coolingOutlook(
  db: Database,
  facilityId: string,
  timezone: string,
  tomorrow: WeatherDay | undefined,
  now: Date,
): Promise<CoolingOutlook | null> {
  if (!tomorrow) return null;
  const from = sql`${new Date(now.getTime() - 31 * DAY_MS).toISOString()}::timestamptz`;
  const rows = parseRows(
    dayRow,
    await db.execute(sql`
      with hourly as (
        select to_char(h.bucket at time zone ${timezone}, 'YYYY-MM-DD') as day, e.kind, h.metric,
               h.sum / nullif(h.count, 0) as mean
          from telemetry_1h h
          join equipment e on e.id = h.equipment_id
          left join rooms r on r.id = e.room_id
         where e.facility_id = ${facilityId}
           and h.bucket >= ${from}
           and ((e.kind = 'hvac' and h.metric = 'powerKw')
                or (e.kind = 'sensor' and r.kind = 'outdoor' and h.metric = 'temperature'))
      )
      select day,
             sum(mean) filter (where kind = 'hvac') as hvac,
             avg(mean) filter (where kind = 'sensor') as outdoor
        from hourly
       where day < to_char(${now.toISOString()}::timestamptz at time zone ${timezone}, 'YYYY-MM-DD')
       group by day
      having count(*) filter (where kind = 'hvac') > 0 and count(*) filter (where kind = 'sensor') >= 20
       order by day desc
       limit 30
    `),
  );
  if (rows.length < MIN_DAYS) return null;
  const days = rows.map((r) => ({ kwh: r.hvac, cdd: Math.max(0, r.outdoor - COOLING_BASE_C) }));
  const { base, perDegreeDay } = fitCooling(days);
  const tomorrowMeanC = (tomorrow.minC + tomorrow.maxC) / 2;
  const tomorrowCdd = Math.max(0, tomorrowMeanC - COOLING_BASE_C);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    date: tomorrow.date,
    days: rows.length,
    kwhPerDegreeDay: round1(perDegreeDay),
    tomorrowMeanC: round1(tomorrowMeanC),
    expectedKwh: Math.round(Math.max(0, base + perDegreeDay * tomorrowCdd)),
    averageKwh: Math.round(days.reduce((s, d) => s + d.kwh, 0) / days.length),
  };
}
