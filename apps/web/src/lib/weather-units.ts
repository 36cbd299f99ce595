import type { Language } from '@sentinela/shared/language';
import { celsiusToFahrenheit, formatQuantity } from './format';

// Weather arrives in °C, km/h, mm and W/m²; English readers get °F and mph (spec §9), rain stays mm.

export const temperatureUnit = (language: Language) => (language === 'en' ? '°F' : '°C');

/** A °C value in the user's unit, unrounded. */
export const temperatureToDisplay = (celsius: number, language: Language) =>
  language === 'en' ? celsiusToFahrenheit(celsius) : celsius;

/** What the user typed, in their unit, back to °C (two decimals). */
export const temperatureFromDisplay = (value: number, language: Language) =>
  Math.round((language === 'en' ? ((value - 32) * 5) / 9 : value) * 100) / 100;

/** A typed number with '.' or ',' as the decimal mark; null when not a number. */
export function parseDecimal(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : null;
}

export const KMH_PER_MPH = 1.609344;

export const windUnit = (language: Language) => (language === 'en' ? 'mph' : 'km/h');

/** A km/h value in the user's unit, unrounded. */
export const windToDisplay = (kmh: number, language: Language) => (language === 'en' ? kmh / KMH_PER_MPH : kmh);

/** What the user typed, in their unit, back to km/h (one decimal). */
export const windFromDisplay = (value: number, language: Language) =>
  Math.round((language === 'en' ? value * KMH_PER_MPH : value) * 10) / 10;

/** '36 km/h' / '22 mph'. */
export function formatWind(kmh: number | null | undefined, language: Language): string {
  return formatQuantity(kmh == null ? kmh : windToDisplay(kmh, language), windUnit(language), language);
}

export const formatRain = (mm: number | null | undefined, language: Language) => formatQuantity(mm, 'mm', language, 1);

export const formatIrradiance = (wm2: number | null | undefined, language: Language) =>
  formatQuantity(wm2, 'W/m²', language);

export const formatHumidity = (percent: number | null | undefined, language: Language) =>
  formatQuantity(percent, '%', language);

/** How long ago, in words ('há 42 minutos' / '42 minutes ago'). */
export function formatAge(at: Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language === 'pt' ? 'pt-BR' : 'en-US', { numeric: 'auto' });
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/** A facility's civil date ('2026-03-03') as a short day: 'ter., 03/03' / 'Tue, 3/3'. */
export function formatForecastDay(date: string, language: Language): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    day: language === 'pt' ? '2-digit' : 'numeric',
    month: language === 'pt' ? '2-digit' : 'numeric',
  }).format(at);
}
