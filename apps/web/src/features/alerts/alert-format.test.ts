import { describe, expect, it } from 'vitest';
import { alertsStrings } from './alerts.strings';
import { formatMetricValue } from '../../lib/metric-format';
import { formatAlertValue, sourceKind } from './alert-format';

const rule = (metric: string) => ({
  name: 'r',
  nameKey: null,
  metric,
  comparison: 'above' as const,
  threshold: 1,
  clearAt: 0,
});

describe('alert values and sources', () => {
  it('shows a value in the unit of its rule, temperatures by language', () => {
    expect(formatAlertValue({ value: 96.4, rule: rule('temperature') }, 'pt')).toBe('96,4\u00a0°C');
    expect(formatAlertValue({ value: 96.4, rule: rule('temperature') }, 'en')).toBe('205.5\u00a0°F');
    expect(formatAlertValue({ value: 7.333, rule: rule('vibration') }, 'pt')).toBe('7,33\u00a0mm/s');
    expect(formatAlertValue({ value: 0.9081, rule: rule('powerFactor') }, 'en')).toBe('0.908');
    expect(formatAlertValue({ value: null, rule: null }, 'pt')).toBe('—');
    expect(formatMetricValue(undefined, 12.345, 'pt')).toBe('12,35');
  });

  it('tells threshold, silence and event alerts apart', () => {
    expect(sourceKind('threshold:0b0c')).toBe('threshold');
    expect(sourceKind('silence')).toBe('silence');
    expect(sourceKind('event:trip')).toBe('event');
    expect(sourceKind('broker:dropped')).toBe('site');
  });

  it("holds the spec's empty message in English and its translation, with the same keys in both", () => {
    expect(alertsStrings.en.empty).toBe('No active alerts at the moment');
    expect(alertsStrings.pt.empty).toBe('Nenhum alerta ativo no momento');
    expect(Object.keys(alertsStrings.en).sort()).toEqual(Object.keys(alertsStrings.pt).sort());
  });
});
