import type { Language } from '@sentinela/shared/language';
import { celsiusToFahrenheit, formatNumber } from './format';

// Set-points are stored and sent in °C; in English the user reads and types °F (spec §9).

export const temperatureUnit = (language: Language) => (language === 'en' ? '°F' : '°C');

/** A °C value in the user's unit, unrounded. */
export const toDisplayUnit = (celsius: number, language: Language) =>
  language === 'en' ? celsiusToFahrenheit(celsius) : celsius;

/** What the user typed, in their unit, back to °C (to 0.01 °C, so °F round-trips at one decimal). */
export function fromDisplayUnit(value: number, language: Language): number {
  const celsius = language === 'en' ? ((value - 32) * 5) / 9 : value;
  return Math.round(celsius * 100) / 100;
}

/** Parses a typed temperature: digits with '.' or ',' as the decimal mark; null when not a number. */
export function parseTemperature(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}

/** A temperature difference ('+1,2 °C' / '+2.2 °F'): a delta scales by 9/5 without the 32 offset. */
export function formatTemperatureDelta(deltaC: number, language: Language): string {
  const delta = language === 'en' ? (deltaC * 9) / 5 : deltaC;
  const rounded = Math.round(delta * 10) / 10;
  const text = formatNumber(Math.abs(rounded), language, 1);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${text}\u00a0${temperatureUnit(language)}`;
}
