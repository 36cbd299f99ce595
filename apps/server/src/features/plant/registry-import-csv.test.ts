import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { parseCsv, readRegistryCsv } from './registry-csv';

/** The message key of a file refused as a whole. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).key;
  }
  throw new Error('expected the file to be refused');
}

describe('registry CSV reading', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\uFEFFa;b;c\r\n"x;1";"he said ""hi""";"two\r\nlines"\r\nplain; spaced ;\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x;1', 'he said "hi"', 'two\r\nlines'] },
      { line: 4, cells: ['plain', ' spaced ', ''] },
    ]);
  });

  it('reads LF files, skips blank lines and keeps the line numbers of the file', () => {
    expect(parseCsv('a;b\n\n1;2\n3;4')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 4, cells: ['3', '4'] },
    ]);
  });

  it('refuses a quote never closed', () => {
    expect(refusal(() => parseCsv('a;b\n"open;2\n3;4\n'))).toBe('registry.importUnclosedQuote');
  });

  it('takes Portuguese or English headers in any order, kinds by code or label, a decimal comma', () => {
    const pt = readRegistryCsv(
      'equipment',
      'Código;Nome;Tipo;Instalação;Sala;powerKw (kW);rpm;Métricas;Instalação em\n' +
        'so-1;Bomba;Motor;so;Galpão;12,5;1760;temperature|rpm;2024-05-10\n' +
        'so-2;Luz;iluminação;so;;;;;\n',
    );
    expect(pt.rows).toEqual([
      {
        line: 2,
        values: {
          id: 'so-1',
          name: 'Bomba',
          kind: 'motor',
          facility: 'so',
          room: 'Galpão',
          'rated.powerKw': 12.5,
          'rated.rpm': 1760,
          metrics: ['temperature', 'rpm'],
          installDate: '2024-05-10',
        },
        issues: [],
      },
      {
        line: 3,
        values: {
          id: 'so-2',
          name: 'Luz',
          kind: 'light',
          facility: 'so',
          room: null,
          'rated.powerKw': null,
          'rated.rpm': null,
          metrics: null,
          installDate: null,
        },
        issues: [],
      },
    ]);
    const en = readRegistryCsv(
      'rooms',
      'Room;Facility;Type;Area (m²);Min set-point;Max set-point\nHall;so;Server room;1.5;18;24\n',
    );
    expect(en.rows[0]?.values).toEqual({
      name: 'Hall',
      facility: 'so',
      kind: 'server-room',
      areaM2: 1.5,
      setpointMin: 18,
      setpointMax: 24,
    });
  });

  it('names a number column holding text, and an unknown kind is left for the schema to refuse', () => {
    const file = readRegistryCsv('facilities', 'Code;Name;City;Time zone;Latitude\nx;X;Y;UTC;north\n');
    expect(file.rows[0]?.issues).toEqual([{ field: 'latitude', key: 'validation.number' }]);
    expect(file.rows[0]?.values).not.toHaveProperty('latitude');
    const rooms = readRegistryCsv('rooms', 'Sala;Instalação;Tipo\nA;so;garagem\n');
    expect(rooms.rows[0]?.values.kind).toBe('garagem');
  });

  it('refuses the whole file for an unknown, repeated or missing header, or too many lines', () => {
    expect(refusal(() => readRegistryCsv('facilities', 'Code;Name;City;Time zone;Color\n'))).toBe(
      'registry.importUnknownHeader',
    );
    expect(refusal(() => readRegistryCsv('facilities', 'Code;Código;Name;City;Time zone\n'))).toBe(
      'registry.importDuplicateHeader',
    );
    expect(refusal(() => readRegistryCsv('facilities', 'Code;Name;City\n'))).toBe('registry.importMissingHeader');
    expect(refusal(() => readRegistryCsv('facilities', ''))).toBe('registry.importEmpty');
    const lines = 'Code;Name;City;Time zone\n' + 'x;X;Y;UTC\n'.repeat(10_001);
    expect(refusal(() => readRegistryCsv('facilities', lines))).toBe('registry.importTooManyLines');
    expect(
      readRegistryCsv('facilities', 'Code;Name;City;Time zone\n' + 'x;X;Y;UTC\n'.repeat(10_000)).rows,
    ).toHaveLength(10_000);
  });
});
