import { describe, expect, it } from 'vitest';
import { formatTemperatureDelta, fromDisplayUnit, parseTemperature, toDisplayUnit } from './temperature-units';

describe('set-point units', () => {
  it('parses what people type, with either decimal mark', () => {
    expect(parseTemperature('22,5')).toBe(22.5);
    expect(parseTemperature(' 72.5 ')).toBe(72.5);
    expect(parseTemperature('24')).toBe(24);
    expect(parseTemperature('')).toBeNull();
    expect(parseTemperature('22,5,1')).toBeNull();
    expect(parseTemperature('abc')).toBeNull();
    expect(parseTemperature('1e2')).toBeNull();
  });

  it('sends °C: English input is °F, converted to the hundredth of a degree', () => {
    expect(fromDisplayUnit(22.5, 'pt')).toBe(22.5);
    expect(fromDisplayUnit(75.2, 'en')).toBe(24);
    expect(fromDisplayUnit(50, 'en')).toBe(10);
    expect(fromDisplayUnit(95, 'en')).toBe(35);
    expect(fromDisplayUnit(72, 'en')).toBe(22.22);
    // What is sent shows again as what was typed (one decimal of °F).
    expect(Math.round(toDisplayUnit(fromDisplayUnit(71.3, 'en'), 'en') * 10) / 10).toBe(71.3);
  });

  it('shows a difference without the 32 °F offset', () => {
    expect(formatTemperatureDelta(1.4, 'pt')).toBe('+1,4\u00a0°C');
    expect(formatTemperatureDelta(-0.5, 'en')).toBe('−0.9\u00a0°F');
    expect(formatTemperatureDelta(0.01, 'pt')).toBe('±0\u00a0°C');
  });
});
