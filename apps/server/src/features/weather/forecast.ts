import { z } from 'zod';
import type { WeatherDay } from '@sentinela/shared/weather';

const value = z.number().nullable();

/**
 * A forecast as the portal keeps it (weather_forecasts.forecast): times in epoch ms, metric units.
 * Read back from the database through this schema, so a row of another shape counts as none.
 */
export const forecastSchema = z.object({
  current: z
    .object({ at: z.number(), temperatureC: value, humidity: value, windKmh: value, irradianceWm2: value })
    .nullable(),
  hours: z.array(
    z.object({
      at: z.number(),
      temperatureC: value,
      humidity: value,
      precipitationMm: value,
      windKmh: value,
      gustKmh: value,
      irradianceWm2: value,
    }),
  ),
});
export type Forecast = z.infer<typeof forecastSchema>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The civil date (YYYY-MM-DD) of an instant in a time zone. */
export function civilDate(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The forecast's days in the facility's time zone, from today on (at most 7): minimum and maximum
 * temperature, rain, strongest wind and gust. A day without a temperature hour is left out.
 */
export function forecastDays(forecast: Forecast, timeZone: string, now: Date, limit = 7): WeatherDay[] {
  const today = civilDate(now.getTime(), timeZone);
  const byDay = new Map<string, Forecast['hours']>();
  for (const hour of forecast.hours) {
    const date = civilDate(hour.at, timeZone);
    if (date < today) continue;
    byDay.set(date, [...(byDay.get(date) ?? []), hour]);
  }
  const days: WeatherDay[] = [];
  for (const [date, hours] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const temps = hours.map((h) => h.temperatureC).filter((t): t is number => t !== null);
    if (temps.length === 0) continue;
    const gusts = hours.map((h) => h.gustKmh).filter((g): g is number => g !== null);
    days.push({
      date,
      minC: round1(Math.min(...temps)),
      maxC: round1(Math.max(...temps)),
      precipitationMm: round1(hours.reduce((mm, h) => mm + (h.precipitationMm ?? 0), 0)),
      windMaxKmh: round1(Math.max(0, ...hours.map((h) => h.windKmh ?? 0))),
      gustMaxKmh: gusts.length ? round1(Math.max(...gusts)) : null,
    });
    if (days.length === limit) break;
  }
  return days;
}
