import { describe, expect, it } from 'vitest';
import { alertsStrings } from './alerts.strings';
import { alertMessage, formatAlertValue, formatMetricValue, sourceKind } from './alert-format';

const rule = (metric: string) => ({ name: 'r', metric, comparison: 'above' as const, threshold: 1, clearAt: 0 });

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

  it('keeps the stored Portuguese message, and rebuilds threshold and silence ones in English', () => {
    const t = (key: keyof (typeof alertsStrings)['en'], params?: Record<string, string | number>) =>
      alertsStrings.en[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
    const hot = {
      message: 'Temperatura do motor alta acima do limite: 81,2 (limite 80)',
      source: 'threshold:abc',
      value: 81.2,
      rule: {
        name: 'Temperatura do motor alta',
        metric: 'temperature',
        comparison: 'above' as const,
        threshold: 80,
        clearAt: 75,
      },
    };
    expect(alertMessage(hot, 'pt', t)).toBe(hot.message);
    expect(alertMessage(hot, 'en', t)).toBe(
      'Temperatura do motor alta above the limit: 178.2\u00a0°F (limit 176.0\u00a0°F)',
    );
    const silent = {
      message: 'Equipamento sem comunicação há mais de 60 s',
      source: 'silence',
      value: null,
      rule: null,
    };
    expect(alertMessage(silent, 'en', t)).toBe('Equipment not reporting for more than 60 s');
    const event = { message: 'Porta traseira do rack aberta', source: 'event:doorOpen', value: null, rule: null };
    expect(alertMessage(event, 'en', t)).toBe(event.message);
    const dropped = {
      message: 'Broker MQTT descartou mensagens: 1.234',
      source: 'broker:dropped',
      value: 1234,
      rule: null,
    };
    expect(alertMessage(dropped, 'pt', t)).toBe(dropped.message);
    expect(alertMessage(dropped, 'en', t)).toBe('MQTT broker dropped messages: 1,234');
  });

  it("holds the spec's empty message in English and its translation, with the same keys in both", () => {
    expect(alertsStrings.en.empty).toBe('No active alerts at the moment');
    expect(alertsStrings.pt.empty).toBe('Nenhum alerta ativo no momento');
    expect(Object.keys(alertsStrings.en).sort()).toEqual(Object.keys(alertsStrings.pt).sort());
  });
});
