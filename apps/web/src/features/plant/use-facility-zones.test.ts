import { describe, expect, it } from 'vitest';
import { siteZone, zoneCity } from './use-facility-zones';

describe('siteZone', () => {
  it('is the zone most facilities are in, named by its city (by the facility when alone); ties go by zone name', () => {
    expect(siteZone([])).toBeUndefined();
    expect(
      siteZone([
        { name: 'Armazém Manaus', timezone: 'America/Manaus' },
        { name: 'Planta Campinas', timezone: 'America/Sao_Paulo' },
        { name: 'Fábrica Joinville', timezone: 'America/Sao_Paulo' },
      ]),
    ).toEqual({ timeZone: 'America/Sao_Paulo', place: 'Sao Paulo' });
    expect(
      siteZone([
        { name: 'Planta Campinas', timezone: 'America/Sao_Paulo' },
        { name: 'Armazém Manaus', timezone: 'America/Manaus' },
      ]),
    ).toEqual({ timeZone: 'America/Manaus', place: 'Armazém Manaus' });
  });

  it("reads a zone's city from its IANA name", () => {
    expect(zoneCity('America/Sao_Paulo')).toBe('Sao Paulo');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});
