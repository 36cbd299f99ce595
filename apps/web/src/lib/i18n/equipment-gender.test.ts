import { describe, expect, it } from 'vitest';
import { equipmentStrings } from '../../features/equipment/equipment.strings';
import { hvacStrings } from '../../features/hvac/hvac.strings';
import { lightsStrings } from '../../features/lights/lights.strings';
import { motorsStrings } from '../../features/motors/motors.strings';
import { dashboardStrings } from '../../features/dashboard/dashboard.strings';
import { fillParams } from './dictionaries';
import { equipmentGender } from './equipment-gender';

type Confirmed = `confirmed.${'on' | 'off'}.${'m' | 'f'}`;
const say = (strings: { pt: Record<Confirmed, string> }, on: boolean, name: string, gender: 'm' | 'f') =>
  fillParams(strings.pt[`confirmed.${on ? 'on' : 'off'}.${gender}`], { name });

describe('Portuguese confirmations agree with the equipment', () => {
  it('takes the gender of the product word a name starts with, else of the kind', () => {
    expect(equipmentGender('Bomba Centrífuga 01', 'motor')).toBe('f');
    expect(equipmentGender('Motor Esteira 02', 'motor')).toBe('m');
    expect(equipmentGender('Moinho 01', 'motor')).toBe('m');
    expect(equipmentGender('Prensa Hidráulica 01', 'motor')).toBe('f');
    expect(equipmentGender('Rooftop Linha de Envase 01', 'hvac')).toBe('m');
    expect(equipmentGender('UNIDADE 3', 'hvac')).toBe('f');
    expect(equipmentGender('Luminária Compressores 01', 'light')).toBe('f');
    expect(equipmentGender('Refletor Pátio 01', 'light')).toBe('m');
    expect(equipmentGender('XPTO-9', 'light')).toBe('f');
    expect(equipmentGender('XPTO-9', 'motor')).toBe('m');
  });

  it('switches the participle by gender on every page that switches equipment', () => {
    const pump = 'Bomba Centrífuga 01';
    expect(say(motorsStrings, false, pump, equipmentGender(pump, 'motor'))).toBe(
      'Bomba Centrífuga 01 desligada: confirmado pelo equipamento.',
    );
    expect(say(motorsStrings, true, 'Motor 02', equipmentGender('Motor 02', 'motor'))).toBe(
      'Motor 02 ligado: confirmado pelo equipamento.',
    );
    const rooftop = 'Rooftop Linha de Envase 01';
    expect(say(hvacStrings, false, rooftop, equipmentGender(rooftop, 'hvac'))).toBe(
      'Rooftop Linha de Envase 01 desligado: confirmado pela unidade.',
    );
    expect(say(lightsStrings, true, 'Luminária 01', equipmentGender('Luminária 01', 'light'))).toBe(
      'Luminária 01 ligada: confirmado pelo equipamento.',
    );
    for (const strings of [motorsStrings, hvacStrings, lightsStrings]) {
      expect(strings.pt['confirmed.on.m']).toMatch(/ ligado:/);
      expect(strings.pt['confirmed.on.f']).toMatch(/ ligada:/);
      expect(strings.pt['confirmed.off.m']).toMatch(/ desligado:/);
      expect(strings.pt['confirmed.off.f']).toMatch(/ desligada:/);
    }
  });
});

describe('one word for one figure', () => {
  it('calls a motor efficiency the same on the motors page, the drawer and the dashboard', () => {
    const word = motorsStrings.pt['col.efficiency'];
    expect(word).toBe('Eficiência');
    expect(motorsStrings.pt['metric.efficiency']).toBe(word);
    expect(motorsStrings.pt['rated.efficiency']).toBe(word);
    expect(equipmentStrings.pt['metric.efficiency']).toBe(word);
    expect(dashboardStrings.pt.efficiency).toBe(word);
    const everyString = [motorsStrings, equipmentStrings, dashboardStrings].flatMap((s) => Object.values(s.pt));
    expect(everyString.filter((text) => /rendimento/i.test(text))).toEqual([]);
  });
});
