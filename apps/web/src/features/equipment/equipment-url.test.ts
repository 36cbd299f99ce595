import { describe, expect, it } from 'vitest';
import { parseEquipmentFilters } from './use-equipment-filters';
import { displayFormatter, formatMetric, toDisplayUnit } from './metric-format';

const ROOM = '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';

describe('equipment filters in the URL', () => {
  it('reads every filter a link may carry', () => {
    expect(
      parseEquipmentFilters(
        new URLSearchParams(`status=error&kind=motor&facilityId=${ROOM}&roomId=${ROOM}&search=esteira&page=3`),
      ),
    ).toEqual({
      status: 'error',
      kind: 'motor',
      facilityId: ROOM,
      roomId: ROOM,
      search: 'esteira',
      page: 3,
    });
  });

  it('ignores what could not be a filter (a mangled link shows everything)', () => {
    expect(parseEquipmentFilters(new URLSearchParams('status=broken&kind=robot&roomId=sala-1&page=-2'))).toEqual({
      status: undefined,
      kind: undefined,
      facilityId: undefined,
      roomId: undefined,
      search: '',
      page: 1,
    });
  });
});

describe('metric display', () => {
  const onOff = (on: boolean) => (on ? 'Ligado' : 'Desligado');
  it('formats temperatures by language and other metrics with their units', () => {
    expect(formatMetric('temperature', 61.54, 'pt', onOff)).toBe('61,5\u00a0°C');
    expect(formatMetric('temperature', 20, 'en', onOff)).toBe('68.0\u00a0°F');
    expect(formatMetric('powerKw', 1234.567, 'pt', onOff)).toBe('1.234,57\u00a0kW');
    expect(formatMetric('powerFactor', 0.9512, 'en', onOff)).toBe('0.951');
    expect(formatMetric('on', 1, 'pt', onOff)).toBe('Ligado');
    expect(formatMetric('somethingNew', 1.234, 'en', onOff)).toBe('1.23');
  });

  it('draws temperatures in °F in English', () => {
    expect(toDisplayUnit('inletTemp', 25, 'en')).toBe(77);
    expect(toDisplayUnit('inletTemp', 25, 'pt')).toBe(25);
    expect(toDisplayUnit('rpm', 1750, 'en')).toBe(1750);
    expect(displayFormatter('returnTemp', 'en')(77)).toBe('77.0\u00a0°F');
  });
});
