import type { EnergyConsumption } from '@sentinela/shared/energy';
import { describe, expect, it } from 'vitest';
import { byHourTable, profileTable, tableCsv } from './consumption-rows';

const kinds = { motors: 40, lighting: 2.5, hvac: 10, it: 5, other: 42.5 };
const data = {
  byDay: [],
  byHour: [{ hour: 9, at: new Date('2026-11-24T12:00:00Z'), kwh: 100, byKind: kinds }],
  profile: [{ hour: 9, today: 100, weekday: 97.5, weekend: null }],
} as unknown as EnergyConsumption;

describe('consumption tables and CSV', () => {
  it('writes the hours with decimal commas and ";" in Portuguese, "," in English, empty for no value', () => {
    const table = byHourTable(data, { hour: 'Hora', total: 'Total (kWh)', kinds: ['M', 'L', 'H', 'TI', 'O'] });
    expect(tableCsv(table, 'pt')).toBe('\uFEFFHora;Total (kWh);M;L;H;TI;O\r\n09:00;100;40;2,5;10;5;42,5\r\n');
    const profile = profileTable(data, ['Hour', 'Today', 'Working day', 'Weekend, holidays']);
    expect(tableCsv(profile, 'en')).toBe('\uFEFFHour,Today,Working day,"Weekend, holidays"\r\n09:00,100,97.5,\r\n');
  });
});
