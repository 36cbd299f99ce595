import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  ECO_SAVED_SHARE,
  IDLE_MIN_HOURS,
  IDLE_SHARE,
  SAVINGS_DAYS,
  SAVINGS_MONTH_DAYS,
  type EnergySavings,
  type SavingsSuggestion,
  type energySavingsInput,
} from '@sentinela/shared/energy';
import {
  billingPeriod,
  computeBill,
  pontaShare,
  tariffFor,
  type BillingUsage,
  type LocalTime,
  type TariffPost,
} from '@sentinela/shared/energy-billing';
import type { EnergyTariff } from '@sentinela/shared/settings';
import { AppError } from '../../platform/errors';
import { lightsSavings } from '../lights/lights.service';
import { getEnergyTariff } from '../settings/settings.service';
import { facilityUsage } from './energy-usage.service';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const facilityRow = z.object({
  name: z.string(),
  timezone: z.string(),
  today: z.string(),
});
const spanRow = z.object({ from: z.coerce.date(), to: z.coerce.date() });
/** One hour of a facility's derived energy (energy_1h): its motors' kWh, its lights' at full power. */
const energyHourRow = z.object({
  motors: z.coerce.number(),
  lights_full: z.coerce.number().nullable(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});
/** One hour of the motors' idle runs: their kWh then, and how many motor-hours. */
const idleHourRow = z.object({
  kwh: z.coerce.number(),
  hours: z.coerce.number(),
  motors: z.coerce.number(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});

const local = (column: string) => sql`
  to_char(${sql.raw(column)} at time zone f.timezone, 'YYYY-MM-DD') as day,
  extract(isodow from ${sql.raw(column)} at time zone f.timezone) as dow,
  (extract(hour from ${sql.raw(column)} at time zone f.timezone) * 60
    + extract(minute from ${sql.raw(column)} at time zone f.timezone)) as minute`;

const localTime = (row: { day: string; dow: number; minute: number }): LocalTime => ({
  date: row.day,
  isoDow: row.dow,
  minute: row.minute,
});
const money = (n: number) => Math.round(n * 100) / 100;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
/** R$ per kWh of a local hour. */
const rateOf = (tariff: EnergyTariff, at: LocalTime) => {
  const share = pontaShare(tariff, at);
  return tariff.peakRate * share + tariff.offPeakRate * (1 - share);
};

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/**
 * The savings the energy page suggests for a facility, each with the figures it comes from
 * (ENERGY_SAVINGS on the page says how):
 * - pontaShift: the motors' kWh in ponta hours over the last 7 days × (ponta − fora ponta rate):
 *   production loads a schedule can move (all of it: an upper bound).
 * - lightsEco: the lights' kWh at full power over the 7 days × 50 % (eco at 50 % brightness),
 *   priced by each hour's rate; beside it what eco and dimming already saved (the lights' savings).
 * - motorsIdle: motors on below 20 % of their rated power for more than an hour (two hourly means
 *   in a row or more): their kWh then, priced by each hour's rate (switched off instead).
 * - demandPeak: this billing month's bill with its highest demand against the same bill with the
 *   demand shaved to the 95th percentile of its 15-minute intervals (the demand price, and the
 *   overrun when the peak passed the contracted value × 1.05).
 */
export async function energySavings(
  db: Database,
  input: z.output<typeof energySavingsInput>,
  now: Date,
): Promise<EnergySavings> {
  const [[facility], site] = await Promise.all([
    db
      .execute(
        sql`
      select name, timezone, to_char(${now.toISOString()}::timestamptz at time zone timezone, 'YYYY-MM-DD') as today
        from facilities where id = ${input.facilityId}`,
      )
      .then((result) => parseRows(facilityRow, result)),
    getEnergyTariff(db),
  ]);
  if (!facility) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  const tariff = tariffFor(site, input.facilityId);
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - SAVINGS_DAYS * DAY_MS);
  const scale = SAVINGS_MONTH_DAYS / SAVINGS_DAYS;
  const period = billingPeriod(facility.today, tariff.meterReadingDay);

  // Independent reads, side by side (PostgreSQL answers them on several connections).
  const [energy, idle, alreadySaved, measured] = await Promise.all([
    facilityEnergyHours(db, input.facilityId, from, to),
    motorsIdle(db, input.facilityId, from, to),
    lightsSavings(db, { facilityId: input.facilityId }, now),
    billingMonthUsage(db, input.facilityId, facility.timezone, period, tariff, now),
  ]);
  const motors = motorFigures(energy, idle, tariff);
  const shiftAmount = motors.pontaKwh * Math.max(0, tariff.peakRate - tariff.offPeakRate);

  // Lights: each hour's kWh of the lights that ran at full power (derived with the hourly energy, ADR 032).
  let fullKwh = 0;
  let ecoAmount = 0;
  for (const row of energy) {
    if (row.lights_full === null) continue;
    fullKwh += row.lights_full;
    ecoAmount += row.lights_full * ECO_SAVED_SHARE * rateOf(tariff, localTime(row));
  }

  // Demand: the billing month so far, its peak against the 95th percentile of its intervals.
  const posts: TariffPost[] = ['ponta', 'foraPonta'];
  const shaved: BillingUsage = {
    ...measured.usage,
    peakDemandKw: { ...measured.usage.peakDemandKw },
    correctedDemandKw: { ...measured.usage.correctedDemandKw },
  };
  const all = [...measured.demands.ponta, ...measured.demands.foraPonta];
  const p95All = percentile(all, 0.95);
  for (const post of posts) {
    const p95 = tariff.modality === 'azul' ? percentile(measured.demands[post], 0.95) : p95All;
    const peak = measured.usage.peakDemandKw[post];
    shaved.peakDemandKw[post] = Math.min(peak, p95);
    // The power-factor-corrected demand (DMCR) comes down with the peak it was measured with.
    if (peak > 0) shaved.correctedDemandKw[post] *= shaved.peakDemandKw[post] / peak;
  }
  const demandAmount = Math.max(0, computeBill(tariff, measured.usage).total - computeBill(tariff, shaved).total);
  const peakKw = Math.max(measured.usage.peakDemandKw.ponta, measured.usage.peakDemandKw.foraPonta);

  const suggestions: SavingsSuggestion[] = [
    {
      kind: 'pontaShift',
      amount: money(shiftAmount),
      monthly: money(shiftAmount * scale),
      figures: { kwh: round(motors.pontaKwh), peakRate: tariff.peakRate, offPeakRate: tariff.offPeakRate },
    },
    {
      kind: 'lightsEco',
      amount: money(ecoAmount),
      monthly: money(ecoAmount * scale),
      figures: {
        fullKwh: round(fullKwh),
        savedKwh: round(fullKwh * ECO_SAVED_SHARE),
        alreadySavedKwh: round(alreadySaved.savedKwh),
        alreadySavedAmount: money(alreadySaved.amount),
      },
    },
    {
      kind: 'motorsIdle',
      amount: money(motors.idleAmount),
      monthly: money(motors.idleAmount * scale),
      figures: { motors: motors.idleMotors, hours: motors.idleHours, kwh: round(motors.idleKwh) },
    },
    {
      kind: 'demandPeak',
      amount: money(demandAmount),
      monthly: money(demandAmount),
      figures: {
        peakKw: round(peakKw),
        p95Kw: round(p95All),
        contractedKw: tariff.contractedDemandKw,
        demandRate: tariff.demandRate,
        intervals: all.length,
      },
    },
  ];
  suggestions.sort((a, b) => b.monthly - a.monthly);
  return {
    facilityId: input.facilityId,
    from,
    to,
    days: SAVINGS_DAYS,
    period,
    suggestions,
    monthlyTotal: money(suggestions.reduce((total, s) => total + s.monthly, 0)),
  };
}

/** A facility's derived hours of [from, to) (energy_1h, ADR 032), with their local time: one index range. */
export async function facilityEnergyHours(db: Database, facilityId: string, from: Date, to: Date) {
  return parseRows(
    energyHourRow,
    await db.execute(sql`
      select h.motors, h.lights_full, ${local('h.bucket')}
        from energy_1h h
        join facilities f on f.id = h.facility_id
       where h.place_id = ${facilityId}
         and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz
       order by h.bucket`),
  );
}

/**
 * The hours of [from, to) in which a motor of the facility idled (on below IDLE_SHARE of its
 * rated power) within a run of at least IDLE_MIN_HOURS such hours in a row, summed per hour in
 * SQL: each motor's rollups on their primary key (a lateral range per motor), the runs found as
 * islands (an hour less its rank among the motor's idle hours is constant along a run). Answers
 * a row per hour with idle motors (at most the window's hours), each with the number of motors
 * that idled in the window.
 */
export async function motorsIdle(db: Database, facilityId: string, from: Date, to: Date) {
  return parseRows(
    idleHourRow,
    await db.execute(sql`
      with motor_hours as (
        select e.id, h.bucket, h.sum / h.count as kw, (e.rated ->> 'powerKw')::float8 as rated_kw
          from equipment e
          cross join lateral (
            select h.bucket, h.sum, h.count from telemetry_1h h
             where h.equipment_id = e.id and h.metric = 'powerKw' and h.count > 0
               and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz
            offset 0) h
         where e.kind = 'motor' and e.facility_id = ${facilityId}
      ), idle as (
        select id, bucket, kw,
               bucket - (row_number() over (partition by id order by bucket))::int * interval '1 hour' as run
          from motor_hours
         where rated_kw > 0 and kw > 0.01 * rated_kw and kw < ${IDLE_SHARE}::float8 * rated_kw
      ), runs as (
        select id, bucket, kw from (
          select id, bucket, kw, count(*) over (partition by id, run) as length from idle
        ) r where length >= ${IDLE_MIN_HOURS}
      )
      select sum(r.kw) as kwh, count(*) as hours, (select count(distinct id) from runs) as motors, ${local('r.bucket')}
        from runs r
        join facilities f on f.id = ${facilityId}
       group by r.bucket, f.timezone
       order by r.bucket`),
  );
}

/** What the motors' suggestions price: their kWh in ponta, and their idle runs with each hour's rate. */
export function motorFigures(
  energy: readonly { motors: number; day: string; dow: number; minute: number }[],
  idle: readonly z.output<typeof idleHourRow>[],
  tariff: EnergyTariff,
) {
  let pontaKwh = 0;
  for (const row of energy) pontaKwh += row.motors * pontaShare(tariff, localTime(row));
  let idleKwh = 0;
  let idleAmount = 0;
  let idleHours = 0;
  for (const row of idle) {
    idleKwh += row.kwh;
    idleHours += row.hours;
    idleAmount += row.kwh * rateOf(tariff, localTime(row));
  }
  return { pontaKwh, idleKwh, idleAmount, idleHours, idleMotors: idle[0]?.motors ?? 0 };
}

/** The facility's use over its billing month so far (the demand suggestion's bills). */
async function billingMonthUsage(
  db: Database,
  facilityId: string,
  timezone: string,
  period: { start: string; end: string },
  tariff: EnergyTariff,
  now: Date,
) {
  const [span] = parseRows(
    spanRow,
    await db.execute(sql`
      select (${period.start}::date::timestamp at time zone ${timezone}) as "from",
             (${period.end}::date::timestamp at time zone ${timezone}) as "to"`),
  );
  if (!span) throw new Error('no billing span');
  return facilityUsage(db, facilityId, span.from, new Date(Math.min(now.getTime(), span.to.getTime())), tariff);
}
