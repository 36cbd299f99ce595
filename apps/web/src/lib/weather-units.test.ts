import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatForecastDay,
  formatWind,
  parseDecimal,
  temperatureFromDisplay,
  temperatureToDisplay,
  windFromDisplay,
  windToDisplay,
} from './weather-units';

const NBSP = '\u00a0';

describe('weather units', () => {
  it('shows wind in km/h in pt and mph in en, and takes typed values back to km/h', () => {
    expect(formatWind(85, 'pt')).toBe(`85${NBSP}km/h`);
    expect(formatWind(85, 'en')).toBe(`53${NBSP}mph`);
    expect(windToDisplay(96.56064, 'en')).toBeCloseTo(60, 6);
    expect(windFromDisplay(37.3, 'en')).toBe(60);
    expect(windFromDisplay(60, 'pt')).toBe(60);
  });

  it('converts thresholds between °C and °F both ways', () => {
    expect(temperatureToDisplay(34, 'en')).toBeCloseTo(93.2, 6);
    expect(temperatureFromDisplay(93.2, 'en')).toBe(34);
    expect(temperatureFromDisplay(34, 'pt')).toBe(34);
    expect(parseDecimal('34,5')).toBe(34.5);
    expect(parseDecimal('abc')).toBeNull();
  });

  it('tells a forecast age and a forecast day in words', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(formatAge(new Date('2026-03-02T11:18:00Z'), now, 'en')).toBe('42 minutes ago');
    expect(formatAge(new Date('2026-03-02T09:00:00Z'), now, 'pt')).toBe('há 3 horas');
    expect(formatForecastDay('2026-03-03', 'pt')).toMatch(/^ter\.?, 03\/03$/);
    expect(formatForecastDay('2026-03-03', 'en')).toBe('Tue, 3/3');
  });
});
