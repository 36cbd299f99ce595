import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  formatCurrency,
  formatDateTime,
  formatDay,
  formatNumber,
  formatQuantity,
  formatTemperature,
  formatTime,
  formatTimeWithSeconds,
  formatZoneOffset,
} from './format';

// Expected strings are written with a plain space and converted, so they read naturally.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('formatCurrency', () => {
  it('formats BRL in pt-BR', () => {
    expect(formatCurrency(1234.5, 'pt')).toBe(nb('R$ 1.234,50'));
    expect(formatCurrency(1_000_000, 'pt')).toBe(nb('R$ 1.000.000,00'));
  });

  it('converts to USD (÷5) in en-US', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('$246.90');
    expect(formatCurrency(5_000_000, 'en')).toBe('$1,000,000.00');
  });

  it('handles zero and negatives', () => {
    expect(formatCurrency(0, 'pt')).toBe(nb('R$ 0,00'));
    expect(formatCurrency(0, 'en')).toBe('$0.00');
    expect(formatCurrency(-12, 'pt')).toBe(nb('-R$ 12,00'));
    expect(formatCurrency(-12, 'en')).toBe('-$2.40');
  });

  it('never shows a negative zero', () => {
    expect(formatCurrency(-0, 'pt')).toBe(nb('R$ 0,00'));
    expect(formatCurrency(-0.004, 'pt')).toBe(nb('R$ 0,00'));
    expect(formatCurrency(-0.01, 'en')).toBe('$0.00');
  });

  it('rounds half away from zero to cents', () => {
    expect(formatCurrency(0.125, 'pt')).toBe(nb('R$ 0,13'));
    expect(formatCurrency(-0.125, 'pt')).toBe(nb('-R$ 0,13'));
    expect(formatCurrency(0.625, 'en')).toBe('$0.13');
    expect(formatCurrency(19.999, 'pt')).toBe(nb('R$ 20,00'));
  });

  it('prints a dash for values that are not finite numbers', () => {
    expect(formatCurrency(Number.NaN, 'pt')).toBe('—');
    expect(formatCurrency(Number.POSITIVE_INFINITY, 'en')).toBe('—');
    expect(formatCurrency(null, 'pt')).toBe('—');
    expect(formatCurrency(undefined, 'en')).toBe('—');
  });
});

describe('formatTemperature', () => {
  it('formats Celsius with one decimal in pt-BR', () => {
    expect(formatTemperature(21.5, 'pt')).toBe(nb('21,5 °C'));
    expect(formatTemperature(21, 'pt')).toBe(nb('21,0 °C'));
    expect(formatTemperature(1234.5, 'pt')).toBe(nb('1.234,5 °C'));
  });

  it('converts to Fahrenheit with one decimal in en-US', () => {
    expect(formatTemperature(21.5, 'en')).toBe(nb('70.7 °F'));
    expect(formatTemperature(100, 'en')).toBe(nb('212.0 °F'));
    expect(formatTemperature(1000, 'en')).toBe(nb('1,832.0 °F'));
  });

  it('handles zero and negatives', () => {
    expect(formatTemperature(0, 'pt')).toBe(nb('0,0 °C'));
    expect(formatTemperature(0, 'en')).toBe(nb('32.0 °F'));
    expect(formatTemperature(-3.5, 'pt')).toBe(nb('-3,5 °C'));
    expect(formatTemperature(-40, 'en')).toBe(nb('-40.0 °F'));
    expect(formatTemperature(-0.04, 'pt')).toBe(nb('0,0 °C'));
  });

  it('rounds half away from zero to one decimal', () => {
    expect(formatTemperature(21.25, 'pt')).toBe(nb('21,3 °C'));
    expect(formatTemperature(-21.25, 'pt')).toBe(nb('-21,3 °C'));
    expect(formatTemperature(36.96, 'pt')).toBe(nb('37,0 °C'));
  });

  it('prints a dash for values that are not finite numbers', () => {
    expect(formatTemperature(Number.NaN, 'pt')).toBe('—');
    expect(formatTemperature(Number.NEGATIVE_INFINITY, 'en')).toBe('—');
    expect(formatTemperature(null, 'en')).toBe('—');
  });

  it('converts exactly', () => {
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6, 10);
  });
});

describe('formatDateTime', () => {
  // Built from local parts, so the expectation holds in any time zone.
  const moment = new Date(2026, 2, 5, 14, 7);

  it('formats per language', () => {
    expect(formatDateTime(moment, 'pt')).toBe('05/03/2026, 14:07');
    expect(formatDateTime(moment, 'en').replace(/\u202f/g, ' ')).toBe('3/5/26, 2:07 PM');
  });

  it('accepts an ISO string and prints a dash for nothing or an invalid date', () => {
    expect(formatDateTime(moment.toISOString(), 'pt')).toBe('05/03/2026, 14:07');
    expect(formatDateTime(null, 'pt')).toBe('—');
    expect(formatDateTime(undefined, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });
});

describe("times in a facility's zone", () => {
  // 18:41 UTC: 15:41 in São Paulo (UTC−3), 03:41 the next day in Tokyo, whatever the runner's zone.
  const moment = new Date('2026-03-05T18:41:09Z');

  it("shows the clock of the zone given, not the browser's", () => {
    expect(formatTime(moment, 'pt', 'America/Sao_Paulo')).toBe('15:41');
    expect(formatTime(moment, 'en', 'America/Sao_Paulo').replace(/\u202f/g, ' ')).toBe('3:41 PM');
    expect(formatTime(moment, 'pt', 'Asia/Tokyo')).toBe('03:41');
    expect(formatTimeWithSeconds(moment, 'pt', 'America/Manaus')).toBe('14:41:09');
    expect(formatDateTime(moment, 'pt', 'America/Sao_Paulo')).toBe('05/03/2026, 15:41');
    expect(formatDateTime(moment, 'pt', 'Asia/Tokyo')).toBe('06/03/2026, 03:41');
    expect(formatDay(moment, 'pt', 'Asia/Tokyo')).toBe('06/03');
    expect(formatDay(moment, 'en', 'America/Sao_Paulo')).toBe('3/5');
  });

  it("falls back to the browser's zone for an unknown zone", () => {
    expect(formatTime(moment, 'pt', 'Nowhere/Atlantis')).toBe(formatTime(moment, 'pt'));
  });

  it('names the offset as people write it, with a real minus sign', () => {
    expect(formatZoneOffset('America/Sao_Paulo', moment)).toBe('UTC\u22123');
    expect(formatZoneOffset('Asia/Kolkata', moment)).toBe('UTC+5:30');
    expect(formatZoneOffset('UTC', moment)).toBe('UTC');
    expect(formatZoneOffset('Nowhere/Atlantis', moment)).toBe('');
  });
});

describe('formatNumber and formatQuantity', () => {
  it('groups and rounds in the user digits, with the unit after a non-breaking space', () => {
    expect(formatNumber(1234.56, 'pt', 1)).toBe('1.234,6');
    expect(formatNumber(1234.56, 'en', 1)).toBe('1,234.6');
    expect(formatQuantity(12.5, 'kW', 'pt', 1)).toBe('12,5\u00a0kW');
    expect(formatQuantity(Number.NaN, 'kW', 'en')).toBe('—');
  });
});
