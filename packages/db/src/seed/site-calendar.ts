import type { FacilityPlan, Schedule } from './demo-site-plan';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * HOUR_MS;

// America/Sao_Paulo has had no daylight saving time since 2019: a fixed UTC-3 is exact.
const SITE_OFFSET_MS = -3 * HOUR_MS;

export interface LocalTime {
  /** Hour of the local day, fractional (13.5 = 13:30). */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  month: number;
  /** Days since the epoch, local: a key for per-day variation. */
  day: number;
}

const monthOfDay = new Map<number, number>();

// Called a few hundred thousand times by the seed: arithmetic, and a Date only once per day.
export function localTime(ms: number): LocalTime {
  const local = ms + SITE_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  let month = monthOfDay.get(day);
  if (month === undefined) monthOfDay.set(day, (month = new Date(day * DAY_MS).getUTCMonth()));
  // 1970-01-01 was a Thursday.
  return { hour: (local - day * DAY_MS) / HOUR_MS, weekday: (((day + 4) % 7) + 7) % 7, month, day };
}

/** How busy production is, 0…1: shifts on weekdays, a Saturday morning shift, quiet Sundays. */
export function productionActivity(shifts: FacilityPlan['shifts'], t: LocalTime): number {
  const { hour, weekday } = t;
  if (weekday === 0) return 0.08;
  if (weekday === 6) return hour >= 6 && hour < 14 ? 0.65 : 0.08;
  if (hour >= 6 && hour < 14) return 1;
  if (hour >= 14 && hour < 22) return 0.92;
  return shifts === 3 ? 0.6 : 0.08;
}

export function officeActivity(t: LocalTime): number {
  const { hour, weekday } = t;
  if (weekday === 0 || weekday === 6) return 0.03;
  if (hour >= 8 && hour < 18) return hour >= 12 && hour < 13 ? 0.75 : 1;
  if ((hour >= 7 && hour < 8) || (hour >= 18 && hour < 19)) return 0.4;
  return 0.03;
}

export function isNight(t: LocalTime): boolean {
  return t.hour < 6 || t.hour >= 18;
}

/** Activity of a room following its schedule, 0…1. */
export function scheduleActivity(schedule: Schedule, shifts: FacilityPlan['shifts'], t: LocalTime): number {
  switch (schedule) {
    case 'production':
      return productionActivity(shifts, t);
    case 'office':
      return officeActivity(t);
    case 'continuous':
      return 0.75 + 0.25 * productionActivity(shifts, t);
    case 'outdoor':
      return isNight(t) ? 1 : 0.05;
  }
}

/** Share of a room's lights that are on: production halls keep a few on at night for safety. */
export function lightingShare(schedule: Schedule, shifts: FacilityPlan['shifts'], t: LocalTime): number {
  switch (schedule) {
    case 'production':
      return productionActivity(shifts, t) > 0.3 ? 1 : 0.15;
    case 'office':
      return officeActivity(t) >= 0.4 ? 1 : 0.05;
    case 'continuous':
      return officeActivity(t) >= 0.4 ? 1 : 0.25;
    case 'outdoor':
      return isNight(t) ? 1 : 0;
  }
}

/** Outdoor temperature (°C) from the month's mean, the day's anomaly and the daily swing (peak at 15:00). */
export function outdoorTemperature(facility: FacilityPlan, t: LocalTime, dayAnomaly: number): number {
  const mean = facility.climate.monthlyMeanC[t.month] ?? 22;
  const swing = facility.climate.dailySwingC / 2;
  return mean + dayAnomaly + swing * Math.cos((2 * Math.PI * (t.hour - 15)) / 24);
}

export function outdoorHumidity(facility: FacilityPlan, temperature: number, t: LocalTime): number {
  const mean = facility.climate.monthlyMeanC[t.month] ?? 22;
  return Math.min(98, Math.max(30, facility.climate.humidity - 2.8 * (temperature - mean)));
}

/**
 * Clear-sky solar irradiance on a horizontal surface, W/m², at a local hour (0–24) in a month
 * (0–11) of the southern tropics: a bell from sunrise to sunset, higher and longer in summer.
 */
export function clearSkyIrradiance(hour: number, month: number): number {
  const summer = Math.cos(((month - 0.5) / 12) * 2 * Math.PI); // 1 in January, −1 in July
  const halfDay = 6.4 + 0.7 * summer;
  const x = (hour - 12.2) / halfDay;
  if (Math.abs(x) >= 1) return 0;
  return (850 + 200 * summer) * Math.cos((x * Math.PI) / 2) ** 1.5;
}

/** The usual wind at a local hour, km/h: calm before dawn, strongest mid-afternoon (sea breeze). */
export function typicalWindKmh(hour: number): number {
  return 9 + 6 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
}
