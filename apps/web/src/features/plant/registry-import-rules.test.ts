import type { RegistryImportOutput } from '@sentinela/shared/registry-import';
import { describe, expect, it } from 'vitest';
import {
  canApply,
  columnLabel,
  estimateDataLines,
  orderLines,
  requiredColumns,
  valueText,
} from './registry-import-rules';

const answer = (counts: Partial<RegistryImportOutput['counts']>, applied = false): RegistryImportOutput => ({
  entity: 'rooms',
  applied,
  counts: { create: 0, update: 0, unchanged: 0, refuse: 0, ...counts },
  lines: [],
  omitted: 0,
});

describe('canApply', () => {
  it('offers the import only after a dry run with no refused line and something to write', () => {
    expect(canApply(null)).toBe(false);
    expect(canApply(answer({ create: 3 }))).toBe(true);
    expect(canApply(answer({ update: 1, unchanged: 9 }))).toBe(true);
    // One refused line refuses the whole apply.
    expect(canApply(answer({ create: 3, refuse: 1 }))).toBe(false);
    // Nothing to create or update.
    expect(canApply(answer({ unchanged: 5 }))).toBe(false);
    expect(canApply(answer({}))).toBe(false);
    // Already applied.
    expect(canApply(answer({ create: 3 }, true))).toBe(false);
  });
});

describe('orderLines', () => {
  it('puts refused lines first, then changes, then unchanged, by line within each', () => {
    const ordered = orderLines([
      { line: 2, key: 'a', action: 'unchanged' },
      { line: 3, key: 'b', action: 'create' },
      { line: 4, key: 'c', action: 'refuse', issues: [] },
      { line: 5, key: 'd', action: 'update', changes: {} },
      { line: 6, key: 'e', action: 'refuse', issues: [] },
    ]);
    expect(ordered.map((l) => l.line)).toEqual([4, 6, 3, 5, 2]);
  });
});

describe('column words', () => {
  it('names a refused or changed field by its header in the language, ids by their column', () => {
    expect(columnLabel('equipment', 'rated.powerKw', 'pt')).toBe('powerKw (kW)');
    expect(columnLabel('equipment', 'facilityId', 'en')).toBe('Facility');
    expect(columnLabel('facilities', 'timezone', 'pt')).toBe('Fuso horário');
    expect(columnLabel('rooms', 'somethingElse', 'pt')).toBe('somethingElse');
    expect(requiredColumns('rooms', 'pt')).toEqual(['Instalação', 'Sala', 'Tipo']);
    expect(requiredColumns('facilities', 'en')).toEqual(['Code', 'Name', 'City', 'Time zone']);
  });

  it('writes change values short', () => {
    expect(valueText(null, '(blank)')).toBe('(blank)');
    expect(valueText(['a', 'b'], '-')).toBe('a, b');
    expect(valueText({ powerKw: 7.5 }, '-')).toBe('powerKw: 7.5');
    expect(valueText(12, '-')).toBe('12');
  });
});

describe('estimateDataLines', () => {
  it('counts non-blank lines after the header', () => {
    expect(estimateDataLines('a;b\r\n1;2\r\n3;4\r\n\r\n')).toBe(2);
    expect(estimateDataLines('a;b')).toBe(0);
    expect(estimateDataLines('')).toBe(0);
  });
});
