import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { DashboardEnergy, dashboardEnergyInput } from '@sentinela/shared/dashboard';
import { pontaShare } from '@sentinela/shared/energy-billing';
import type { EnergyTariff } from '@sentinela/shared/settings';
import { z } from 'zod';
import { countedMeters } from '../plant/meters-sql';
import { getEnergyTariff } from '../settings/settings.service';

const HOUR_MS = 3_600_000;
const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** BRL per kWh for a local hour (0–23) of a day (ISO weekday: 1 = Monday … 7 = Sunday; date YYYY-MM-DD). */
export type TariffRate = (hour: number, isoWeekday: number, date: string) => number;

/**
 * The rate of each local hour: peak ("ponta") on working days (Monday to Friday, national
 * holidays excepted) within [peakStart, peakEnd), off-peak ("fora ponta") otherwise; an hour the
 * window cuts (17:30) is priced by the share of it inside.
 */
export function tariffRate(
  tariff: Pick<EnergyTariff, 'peakRate' | 'offPeakRate' | 'peakStart' | 'peakEnd'>,
): TariffRate {
  return (hour, isoWeekday, date) =>
    tariff.offPeakRate +
    (tariff.peakRate - tariff.offPeakRate) * pontaShare(tariff, { date, isoDow: isoWeekday, minute: hour * 60 });
}

/** One hour of the site's consumption: the counted meters' kWh summed. */
export interface SiteHour {
  bucket: Date;
  kwh: number;
  /** Local date (YYYY-MM-DD), hour and ISO weekday in the site's time zone. */
  day: string;
  hour: number;
  dow: number;
}

interface Bounds {
  timezone: string;
  monthStart: Date;
  previousStart: Date;
  previousEnd: Date;
  /** How far back the compared window is: whole weeks, so both windows have the same weekdays. */
  shiftDays: number;
  daysStart: Date;
  firstDay: string;
  today: string;
}

const boundsRow = z.object({
  tz: z.string(),
  month_start: z.coerce.date(),
  previous_start: z.coerce.date(),
  previous_end: z.coerce.date(),
  shift_days: z.coerce.number(),
  days_start: z.coerce.date(),
  first_day: z.string(),
  today: z.string(),
});

/**
 * The site's time zone (the one most facilities use) and the day and month boundaries in it. The
 * compared window is this month's so far moved back by whole weeks (four, or five once the month
 * is past its 28th day, so the two never overlap): the same number of days, the same weekdays.
 */
async function boundsOf(db: Database, now: Date, days: number): Promise<Bounds> {
  const [row] = parseRows(
    boundsRow,
    await db.execute(sql`
      with zone as (
        select coalesce(
                 (select timezone from facilities group by timezone order by count(*) desc, timezone limit 1),
                 ${DEFAULT_TIMEZONE}) as tz
      ), here as (select tz, (${now.toISOString()}::timestamptz at time zone tz) as local_now from zone),
      shifted as (
        select tz, local_now,
               case when local_now - date_trunc('month', local_now) <= interval '28 days' then 28 else 35 end as shift_days
          from here
      )
      select tz,
             (date_trunc('month', local_now) at time zone tz) as month_start,
             ((date_trunc('month', local_now) - make_interval(days => shift_days)) at time zone tz) as previous_start,
             ((local_now - make_interval(days => shift_days)) at time zone tz) as previous_end,
             shift_days,
             ((date_trunc('day', local_now) - make_interval(days => ${days - 1}::int)) at time zone tz) as days_start,
             to_char(date_trunc('day', local_now) - make_interval(days => ${days - 1}::int), 'YYYY-MM-DD') as first_day,
             to_char(local_now, 'YYYY-MM-DD') as today
        from shifted`),
  );
  if (!row) throw new Error('no bounds');
  return {
    timezone: row.tz,
    monthStart: row.month_start,
    previousStart: row.previous_start,
    previousEnd: row.previous_end,
    shiftDays: row.shift_days,
    daysStart: row.days_start,
    firstDay: row.first_day,
    today: row.today,
  };
}

const siteHourRow = z.object({
  bucket: z.coerce.date(),
  kwh: z.coerce.number(),
  day: z.string(),
  hour: z.coerce.number(),
  dow: z.coerce.number(),
});

/**
 * Hourly consumption of the site over [from, now), from the meters' cumulative `energyKwh`
 * register in the hourly rollups: an hour's kWh is its last reading minus the previous hour's
 * last reading (so nothing between two hours is lost); the hour's own max − min when the
 * previous hour is missing or the register went backwards (a meter replaced or reset).
 */
export async function siteHours(db: Database, from: Date, now: Date, timezone: string): Promise<SiteHour[]> {
  return parseRows(
    siteHourRow,
    await db.execute(sql`
      with meters as (${countedMeters()}),
      hours as (
        select h.bucket,
               case when lag(h.bucket) over w = h.bucket - interval '1 hour' and h.max >= lag(h.max) over w
                    then h.max - lag(h.max) over w
                    else h.max - h.min end as kwh
          from telemetry_1h h
          join meters m on m.id = h.equipment_id
         where h.metric = 'energyKwh'
           and h.bucket >= ${from.toISOString()}::timestamptz - interval '1 hour'
           and h.bucket < ${now.toISOString()}::timestamptz
        window w as (partition by h.equipment_id order by h.bucket)
      )
      select bucket, sum(kwh) as kwh,
             to_char(bucket at time zone ${timezone}, 'YYYY-MM-DD') as day,
             extract(hour from bucket at time zone ${timezone}) as hour,
             extract(isodow from bucket at time zone ${timezone}) as dow
        from hours
       where bucket >= ${from.toISOString()}::timestamptz
       group by bucket
       order by bucket`),
  );
}

const meterCountsRow = z.object({ main: z.coerce.number(), sub: z.coerce.number() });

async function meterCounts(db: Database): Promise<{ main: number; sub: number }> {
  const [row] = parseRows(
    meterCountsRow,
    await db.execute(sql`
      with meters as (${countedMeters()})
      select count(*) filter (where room_id is null) as main, count(*) filter (where room_id is not null) as sub from meters`),
  );
  return { main: row?.main ?? 0, sub: row?.sub ?? 0 };
}

/** The calendar days from `first` to `last` (YYYY-MM-DD, both included). */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 24 * HOUR_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * This month so far against the same hours four (or five) weeks earlier: the same number of days
 * and the same weekdays, so a month that has had one more weekend is not read as a saving. The two windows start at
 * the same offset from the 1st: when one month's data starts later (a site with a short
 * history, an outage on the 1st), both start there, so equal spans are compared. The hour in
 * which last month's window ends counts for the share of it inside the window.
 */
export function compareMonths(
  hours: SiteHour[],
  bounds: Bounds,
  now: Date,
  rate: TariffRate | null,
): NonNullable<DashboardEnergy['month']> | null {
  const current = hours
    .filter((h) => h.bucket >= bounds.monthStart)
    .map((h) => ({ ...h, weight: 1, offset: h.bucket.getTime() - bounds.monthStart.getTime() }));
  const previous = hours
    .filter((h) => h.bucket >= bounds.previousStart && h.bucket < bounds.previousEnd)
    .map((h) => ({
      ...h,
      weight: Math.min(1, (bounds.previousEnd.getTime() - h.bucket.getTime()) / HOUR_MS),
      offset: h.bucket.getTime() - bounds.previousStart.getTime(),
    }));
  if (current.length === 0 && previous.length === 0) return null;
  const firstOffset = (rows: { offset: number }[]) => (rows.length === 0 ? 0 : Math.min(...rows.map((r) => r.offset)));
  const offset = Math.max(firstOffset(current), firstOffset(previous));
  const sum = (rows: typeof current, pick: (h: (typeof current)[number]) => number) =>
    rows.filter((r) => r.offset >= offset).reduce((total, r) => total + pick(r) * r.weight, 0);
  const cost = (rows: typeof current) =>
    rate
      ? round(
          sum(rows, (h) => h.kwh * rate(h.hour, h.dow, h.day)),
          2,
        )
      : null;
  const currentKwh = sum(current, (h) => h.kwh);
  const previousKwh = previous.length === 0 ? null : sum(previous, (h) => h.kwh);
  return {
    monthStart: bounds.monthStart,
    monthToDateKwh: round(current.reduce((total, h) => total + h.kwh, 0)),
    current: {
      from: new Date(bounds.monthStart.getTime() + offset),
      to: now,
      kwh: round(currentKwh),
      costBRL: cost(current),
    },
    previous: {
      from: new Date(bounds.previousStart.getTime() + offset),
      to: bounds.previousEnd,
      kwh: previousKwh === null ? null : round(previousKwh),
      costBRL: previousKwh === null ? null : cost(previous),
    },
    shiftDays: bounds.shiftDays,
    limitedByHistory: offset > 0,
    changePercent: previousKwh ? round(((currentKwh - previousKwh) / previousKwh) * 100, 1) : null,
  };
}

/** Daily consumption of the last `days` days (today so far last) and the month-over-month comparison. */
export async function getDashboardEnergy(
  db: Database,
  input: z.output<typeof dashboardEnergyInput>,
  now: Date,
): Promise<DashboardEnergy> {
  const bounds = await boundsOf(db, now, input.days);
  const from = new Date(Math.min(bounds.previousStart.getTime(), bounds.daysStart.getTime()));
  const [hours, meters, tariff] = await Promise.all([
    siteHours(db, from, now, bounds.timezone),
    meterCounts(db),
    getEnergyTariff(db),
  ]);
  const byDay = new Map<string, number>();
  for (const h of hours) byDay.set(h.day, (byDay.get(h.day) ?? 0) + h.kwh);
  const days = daysBetween(bounds.firstDay, bounds.today).map((day) => {
    const kwh = byDay.get(day);
    return { day, kwh: kwh === undefined ? null : round(kwh), partial: day === bounds.today };
  });
  return {
    timezone: bounds.timezone,
    days,
    meters,
    month: compareMonths(hours, bounds, now, tariffRate(tariff)),
    tariff: {
      peakRate: tariff.peakRate,
      offPeakRate: tariff.offPeakRate,
      peakStart: tariff.peakStart,
      peakEnd: tariff.peakEnd,
    },
  };
}
