import { importColumnWords } from '@sentinela/shared/registry-import';
import { describe, expect, it } from 'vitest';
import { csvCell, importTemplate, templateHref } from './registry-import-template';

/** The template's records, read back: BOM dropped, CRLF lines, `;` cells (no quoted cell in these examples). */
function rows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

describe('importTemplate', () => {
  it('writes the facilities header in the chosen language and one example line with its decimal mark', () => {
    const [pt, ptExample, ...rest] = rows(importTemplate('facilities', 'pt'));
    expect(rest).toEqual([]);
    expect(pt).toEqual(['Código', 'Nome', 'Endereço', 'Cidade', 'Estado', 'Latitude', 'Longitude', 'Fuso horário']);
    expect(ptExample).toEqual([
      'sp-01',
      'Fábrica São Paulo',
      'Av. Industrial, 1000',
      'São Paulo',
      'SP',
      '-23,5505',
      '-46,6333',
      'America/Sao_Paulo',
    ]);
    const [en, enExample] = rows(importTemplate('facilities', 'en'));
    expect(en).toEqual(['Code', 'Name', 'Address', 'City', 'State', 'Latitude', 'Longitude', 'Time zone']);
    expect(enExample?.[5]).toBe('-23.5505');
  });

  it('names every column the parser reads for rooms and equipment, nameplate keys with their unit', () => {
    const [rooms] = rows(importTemplate('rooms', 'en'));
    expect(rooms).toEqual(['Facility', 'Room', 'Type', 'Area (m²)', 'Min set-point', 'Max set-point']);

    const [header, example] = rows(importTemplate('equipment', 'pt'));
    expect(header).toEqual(importColumnWords.equipment.map((c) => c.pt));
    expect(header?.slice(0, 4)).toEqual(['Código', 'Nome', 'Tipo', 'Instalação']);
    expect(header).toContain('powerKw (kW)');
    expect(header).toContain('ctRatio (:5)');
    expect(header?.at(-1)).toBe('Métricas');
    // The example has a cell under every column, its nameplate under its own keys.
    expect(example).toHaveLength(header!.length);
    expect(example?.[header!.indexOf('powerKw (kW)')]).toBe('7,5');
    expect(example?.[header!.indexOf('coolingKw (kW)')]).toBe('');
    expect(example?.[header!.indexOf('Tipo')]).toBe('motor');
    expect(example?.[header!.indexOf('Instalação')]).toBe('sp-01');
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvCell('Rua A; 100')).toBe('"Rua A; 100"');
    expect(csvCell('Motor "A"')).toBe('"Motor ""A"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('plain, text')).toBe('plain, text');
  });

  it('gives a link address that decodes to the same file', () => {
    const href = templateHref('rooms', 'pt');
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(importTemplate('rooms', 'pt'));
  });
});
