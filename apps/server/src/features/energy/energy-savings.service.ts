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
const motorHourRow = z.object({
  equipment_id: z.string(),
  bucket: z.coerce.date(),
  kw: z.coerce.number(),
  rated_kw: z.coerce.number().nullable(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
});
const lightHourRow = z.object({
  kwh: z.coerce.number(),
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
  const [facility] = parseRows(
    facilityRow,
    await db.execute(sql`
      select name, timezone, to_char(${now.toISOString()}::timestamptz at time zone timezone, 'YYYY-MM-DD') as today
        from facilities where id = ${input.facilityId}`),
  );
  if (!facility) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  const tariff = tariffFor(await getEnergyTariff(db), input.facilityId);
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - SAVINGS_DAYS * DAY_MS);
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const toAt = sql`${to.toISOString()}::timestamptz`;
  const scale = SAVINGS_MONTH_DAYS / SAVINGS_DAYS;

  // Motors: each hour's mean kW (= its kWh) and their rated power.
  const motorHours = parseRows(
    motorHourRow,
    await db.execute(sql`
      select h.equipment_id, h.bucket, h.sum / nullif(h.count, 0) as kw, (e.rated ->> 'powerKw')::float8 as rated_kw,
             ${local('h.bucket')}
        from equipment e
        join facilities f on f.id = e.facility_id
        cross join lateral (
          select h.equipment_id, h.bucket, h.sum, h.count from telemetry_1h h
           where h.equipment_id = e.id and h.metric = 'powerKw' and h.count > 0
             and h.bucket >= ${fromAt} and h.bucket < ${toAt} offset 0) h
       where e.kind = 'motor' and e.facility_id = ${input.facilityId}
       order by h.equipment_id, h.bucket`),
  );
  let pontaKwh = 0;
  let idleKwh = 0;
  let idleAmount = 0;
  let idleHours = 0;
  const idleMotors = new Set<string>();
  // Runs of idle hours in a row, per motor (rows come ordered by motor and hour).
  const runs: { id: string; last: number; hours: { kwh: number; rate: number }[] }[] = [];
  for (const row of motorHours) {
    const at = localTime(row);
    pontaKwh += row.kw * pontaShare(tariff, at);
    const rated = row.rated_kw ?? 0;
    if (!(rated > 0 && row.kw > 0.01 * rated && row.kw < IDLE_SHARE * rated)) continue;
    const time = row.bucket.getTime();
    const last = runs.at(-1);
    const run =
      last && last.id === row.equipment_id && last.last === time - HOUR_MS
        ? last
        : runs[runs.push({ id: row.equipment_id, last: time, hours: [] }) - 1]!;
    run.last = time;
    run.hours.push({ kwh: row.kw, rate: rateOf(tariff, at) });
  }
  for (const run of runs) {
    if (run.hours.length < IDLE_MIN_HOURS) continue;
    idleMotors.add(run.id);
    idleHours += run.hours.length;
    for (const hour of run.hours) {
      idleKwh += hour.kwh;
      idleAmount += hour.kwh * hour.rate;
    }
  }
  const shiftAmount = pontaKwh * Math.max(0, tariff.peakRate - tariff.offPeakRate);

  // Lights: each hour's kWh of the lights that ran at full power (derived with the hourly energy, ADR 032).
  const lightHours = parseRows(
    lightHourRow,
    await db.execute(sql`
      select h.lights_full as kwh, ${local('h.bucket')}
        from energy_1h h
        join facilities f on f.id = h.facility_id
       where h.place_id = ${input.facilityId} and h.lights_full is not null
         and h.bucket >= ${fromAt} and h.bucket < ${toAt}`),
  );
  let fullKwh = 0;
  let ecoAmount = 0;
  for (const row of lightHours) {
    fullKwh += row.kwh;
    ecoAmount += row.kwh * ECO_SAVED_SHARE * rateOf(tariff, localTime(row));
  }
  const alreadySaved = await lightsSavings(db, { facilityId: input.facilityId }, now);

  // Demand: the billing month so far, its peak against the 95th percentile of its intervals.
  const period = billingPeriod(facility.today, tariff.meterReadingDay);
  const [span] = parseRows(
    spanRow,
    await db.execute(sql`
      select (${period.start}::date::timestamp at time zone ${facility.timezone}) as "from",
             (${period.end}::date::timestamp at time zone ${facility.timezone}) as "to"`),
  );
  if (!span) throw new Error('no billing span');
  const measured = await facilityUsage(
    db,
    input.facilityId,
    span.from,
    new Date(Math.min(now.getTime(), span.to.getTime())),
    tariff,
  );
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
      figures: { kwh: round(pontaKwh), peakRate: tariff.peakRate, offPeakRate: tariff.offPeakRate },
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
      amount: money(idleAmount),
      monthly: money(idleAmount * scale),
      figures: { motors: idleMotors.size, hours: idleHours, kwh: round(idleKwh) },
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
