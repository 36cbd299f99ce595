import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { isNationalHoliday } from '@sentinela/shared/br-holidays';
import {
  PROFILE_DAYS,
  type EnergyConsumption,
  type LoadByKind,
  type energyConsumptionInput,
} from '@sentinela/shared/energy';
import { AppError } from '../../platform/errors';
import { countedMeters } from '../plant/meters-sql';

const HOUR_MS = 3_600_000;

const placeRow = z.object({
  facility_name: z.string(),
  timezone: z.string(),
  room_name: z.string().nullable(),
  today: z.string(),
  day: z.string(),
  window_start: z.coerce.date(),
  profile_start: z.coerce.date(),
  today_start: z.coerce.date(),
  day_start: z.coerce.date(),
  day_end: z.coerce.date(),
  meters: z.coerce.number(),
});

const hourRow = z.object({
  bucket: z.coerce.date(),
  metered: z.coerce.number().nullable(),
  motors: z.coerce.number(),
  lighting: z.coerce.number(),
  hvac: z.coerce.number(),
  it: z.coerce.number(),
  day: z.string(),
  hour: z.coerce.number(),
  dow: z.coerce.number(),
});

/** One hour of a place: kWh in all and by kind of load. */
export interface PlaceHour {
  bucket: Date;
  day: string;
  hour: number;
  dow: number;
  kwh: number;
  byKind: LoadByKind;
}

export interface Place {
  facilityId: string;
  roomId: string | null;
  timezone: string;
}

/** The meters that measure a place: a room's own meters, or the facility's counted ones. */
function placeMeters(place: Place): SQL {
  return place.roomId
    ? sql`select e.id from equipment e where e.kind = 'meter' and e.room_id = ${place.roomId}`
    : countedMeters(place.facilityId);
}

/**
 * A place's hours over [from, to), from the derived hourly energy (energy_1h, ADR 032): the
 * meters' kWh (each meter's register rise, as the bill and the dashboard read it) and each kind's
 * kWh from the devices' own hourly mean power (motors, HVAC and servers send kW, lights W; an
 * hour's mean kW is its kWh). "Other" is what the meters see beyond the devices, never below zero;
 * where no meter reads, the devices' sum is the total. One index range on (place, hour).
 */
export async function placeHours(db: Database, place: Place, from: Date, to: Date): Promise<PlaceHour[]> {
  if (from >= to) return [];
  const tz = place.timezone;
  const rows = parseRows(
    hourRow,
    await db.execute(sql`
      select h.bucket, h.metered, h.motors, h.lighting, h.hvac, h.it,
             to_char(h.bucket at time zone ${tz}, 'YYYY-MM-DD') as day,
             extract(hour from h.bucket at time zone ${tz}) as hour,
             extract(isodow from h.bucket at time zone ${tz}) as dow
        from energy_1h h
       where h.place_id = ${place.roomId ?? place.facilityId}
         and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz
       order by h.bucket`),
  );
  return rows.map((row) => {
    const devices = Math.max(0, row.motors) + Math.max(0, row.lighting) + Math.max(0, row.hvac) + Math.max(0, row.it);
    const kwh = Math.max(row.metered ?? 0, devices);
    return {
      bucket: row.bucket,
      day: row.day,
      hour: row.hour,
      dow: row.dow,
      kwh,
      byKind: {
        motors: Math.max(0, row.motors),
        lighting: Math.max(0, row.lighting),
        hvac: Math.max(0, row.hvac),
        it: Math.max(0, row.it),
        other: kwh - devices,
      },
    };
  });
}

const zero = (): LoadByKind => ({ motors: 0, lighting: 0, hvac: 0, it: 0, other: 0 });
const addKinds = (into: LoadByKind, add: LoadByKind) => {
  for (const key of Object.keys(into) as (keyof LoadByKind)[]) into[key] += add[key];
};
const round = (n: number) => Math.round(n * 1000) / 1000;
const roundKinds = (k: LoadByKind): LoadByKind => ({
  motors: round(k.motors),
  lighting: round(k.lighting),
  hvac: round(k.hvac),
  it: round(k.it),
  other: round(k.other),
});

/** The civil days from `first` to `last`, both included (YYYY-MM-DD). */
function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 24 * HOUR_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** A working day: Monday to Friday, national holidays excepted (as the tariff's ponta). */
const isWorkingDay = (day: string, dow: number) => dow <= 5 && !isNationalHoliday(day);

/** A facility's (or room's) consumption by day, by hour of a day and its 24-hour profile. */
export async function energyConsumption(
  db: Database,
  input: z.output<typeof energyConsumptionInput>,
  now: Date,
): Promise<EnergyConsumption> {
  const [row] = parseRows(
    placeRow,
    await db.execute(sql`
      with here as (
        select f.id, f.name, f.timezone, (${now.toISOString()}::timestamptz at time zone f.timezone) as local_now
          from facilities f where f.id = ${input.facilityId}
      ), days as (
        select here.*, coalesce(${input.day ?? null}::date, local_now::date) as day from here
      )
      select name as facility_name, timezone,
             ${input.roomId ? sql`(select r.name from rooms r where r.id = ${input.roomId} and r.facility_id = days.id)` : sql`null::text`} as room_name,
             to_char(local_now, 'YYYY-MM-DD') as today,
             to_char(day, 'YYYY-MM-DD') as day,
             ((date_trunc('day', local_now) - make_interval(days => ${input.days - 1}::int)) at time zone timezone) as window_start,
             ((date_trunc('day', local_now) - make_interval(days => ${PROFILE_DAYS}::int)) at time zone timezone) as profile_start,
             (date_trunc('day', local_now) at time zone timezone) as today_start,
             (day::timestamp at time zone timezone) as day_start,
             ((day + 1)::timestamp at time zone timezone) as day_end,
             (select count(*) from (${placeMeters({ facilityId: input.facilityId, roomId: input.roomId ?? null, timezone: '' })}) m) as meters
        from days`),
  );
  if (!row) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  if (input.roomId && row.room_name === null) throw new AppError('NOT_FOUND', 'registry.roomNotFound');
  const place: Place = { facilityId: input.facilityId, roomId: input.roomId ?? null, timezone: row.timezone };

  const from = row.window_start < row.profile_start ? row.window_start : row.profile_start;
  const hours = await placeHours(db, place, from, now);
  const dayHours =
    row.day_start >= from
      ? hours.filter((h) => h.bucket >= row.day_start && h.bucket < row.day_end)
      : await placeHours(db, place, row.day_start, row.day_end < now ? row.day_end : now);

  // By day.
  const windowFirst = shiftDay(row.today, -(input.days - 1));
  const byDay = new Map(daysFrom(windowFirst, row.today).map((day) => [day, { kwh: 0, byKind: zero() }]));
  for (const hour of hours) {
    const entry = byDay.get(hour.day);
    if (!entry) continue;
    entry.kwh += hour.kwh;
    addKinds(entry.byKind, hour.byKind);
  }

  // The profile: today against the mean working day and weekend day of the 30 days before it.
  const sums = { weekday: new Array<number>(24).fill(0), weekend: new Array<number>(24).fill(0) };
  const counts = { weekday: new Array<number>(24).fill(0), weekend: new Array<number>(24).fill(0) };
  const profileDays = { weekday: new Set<string>(), weekend: new Set<string>() };
  const today = new Array<number | null>(24).fill(null);
  for (const hour of hours) {
    if (hour.bucket >= row.today_start) {
      today[hour.hour] = (today[hour.hour] ?? 0) + hour.kwh;
    } else if (hour.bucket >= row.profile_start) {
      const kind = isWorkingDay(hour.day, hour.dow) ? 'weekday' : 'weekend';
      sums[kind][hour.hour]! += hour.kwh;
      counts[kind][hour.hour]! += 1;
      profileDays[kind].add(hour.day);
    }
  }
  const mean = (kind: 'weekday' | 'weekend', h: number) =>
    counts[kind][h]! > 0 ? round(sums[kind][h]! / counts[kind][h]!) : null;

  return {
    facilityId: input.facilityId,
    facilityName: row.facility_name,
    roomId: place.roomId,
    roomName: row.room_name,
    timezone: row.timezone,
    today: row.today,
    day: row.day,
    metered: row.meters > 0,
    byDay: [...byDay].map(([day, entry]) => ({ day, kwh: round(entry.kwh), byKind: roundKinds(entry.byKind) })),
    byHour: dayHours.map((h) => ({ hour: h.hour, at: h.bucket, kwh: round(h.kwh), byKind: roundKinds(h.byKind) })),
    profile: today.map((value, h) => ({
      hour: h,
      today: value === null ? null : round(value),
      weekday: mean('weekday', h),
      weekend: mean('weekend', h),
    })),
    profileDays: { weekday: profileDays.weekday.size, weekend: profileDays.weekend.size },
  };
}

/** A civil day `n` days away (YYYY-MM-DD). */
function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR_MS).toISOString().slice(0, 10);
}
