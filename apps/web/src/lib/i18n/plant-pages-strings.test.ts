import { describe, expect, it } from 'vitest';
import { equipmentStrings } from '../../features/equipment/equipment.strings';
import { facilitiesStrings } from '../../features/facilities/facilities.strings';
import { roomsStrings } from '../../features/rooms/rooms.strings';

describe('equipment, rooms and facilities strings', () => {
  it.each(Object.entries({ equipmentStrings, roomsStrings, facilitiesStrings }))(
    '%s: same keys in pt and en, none empty',
    (_name, strings) => {
      expect(Object.keys(strings.en).sort()).toEqual(Object.keys(strings.pt).sort());
      for (const dict of [strings.pt, strings.en])
        for (const text of Object.values<string>(dict)) expect(text.trim()).not.toBe('');
    },
  );

  it("holds the spec's display strings to the letter, translated for the other language", () => {
    expect(equipmentStrings.en.empty).toBe('No equipment found');
    expect(equipmentStrings.pt.empty).toBe('Nenhum equipamento encontrado');
    expect(equipmentStrings.en.all).toBe('All');
    expect(equipmentStrings.pt.all).toBe('Todos');
  });
});
