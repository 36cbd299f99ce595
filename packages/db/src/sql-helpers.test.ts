import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { containsPattern, parseRows } from './sql-helpers';

const row = z.object({ id: z.string(), n: z.coerce.number() });

describe('parseRows', () => {
  it('parses the rows of a PGlite result', () => {
    expect(parseRows(row, { rows: [{ id: 'a', n: '2' }] })).toEqual([{ id: 'a', n: 2 }]);
  });

  it('parses the rows of a postgres-js result (an array)', () => {
    expect(parseRows(row, [{ id: 'b', n: 3 }])).toEqual([{ id: 'b', n: 3 }]);
  });

  it('answers no rows for a result without rows', () => {
    expect(parseRows(row, {})).toEqual([]);
  });

  it('fails on a row that does not match the schema (a renamed column)', () => {
    expect(() => parseRows(row, { rows: [{ ident: 'a', n: 1 }] })).toThrow();
  });
});

describe('containsPattern', () => {
  it('escapes the wildcards of the search', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
