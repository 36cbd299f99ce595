import { describe, expect, it } from 'vitest';
import { lightsStrings } from './lights.strings';

describe('lights strings', () => {
  it('has the same keys in pt and en, none empty', () => {
    expect(Object.keys(lightsStrings.en).sort()).toEqual(Object.keys(lightsStrings.pt).sort());
    for (const dict of [lightsStrings.pt, lightsStrings.en])
      for (const text of Object.values<string>(dict)) expect(text.trim()).not.toBe('');
  });

  it("uses the spec's labels (given in English) and translates them", () => {
    const labels = [
      'stat.total',
      'stat.on',
      'stat.brightness',
      'stat.consumption',
      'quickActions',
      'stat.savings',
      'col.brightness',
    ] as const;
    expect(labels.map((k) => lightsStrings.en[k])).toEqual([
      'Total Lights',
      'Lights On',
      'Average Brightness',
      'Total Consumption',
      'Quick Actions',
      'Savings',
      'Brightness',
    ]);
    expect(labels.map((k) => lightsStrings.pt[k])).toEqual([
      'Total de luminárias',
      'Luminárias ligadas',
      'Brilho médio',
      'Consumo total',
      'Ações rápidas',
      'Economia',
      'Brilho',
    ]);
    expect(
      ['action.allOn', 'action.allOff', 'action.eco', 'action.max'].map((k) => lightsStrings.en[k as 'action.eco']),
    ).toEqual(['Turn All On', 'Turn All Off', 'Eco Mode (50%)', 'Max Brightness']);
    expect(['mode.normal', 'mode.eco', 'mode.boost'].map((k) => lightsStrings.en[k as 'mode.eco'])).toEqual([
      'Normal',
      'Eco',
      'Boost',
    ]);
  });
});
