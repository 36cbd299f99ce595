import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRows } from './sql-helpers';

describe('parseRows', () => {
  const row = z.object({ id: z.string(), n: z.coerce.number() });

  it('parses PGlite { rows } and postgres-js arrays alike', () => {
    expect(parseRows(row, { rows: [{ id: 'a', n: '2' }] })).toEqual([{ id: 'a', n: 2 }]);
    expect(parseRows(row, [{ id: 'b', n: 3 }])).toEqual([{ id: 'b', n: 3 }]);
    expect(parseRows(row, {})).toEqual([]);
  });

  it('fails on a row that does not match (a column renamed or retyped)', () => {
    expect(() => parseRows(row, [{ ident: 'a', n: 1 }])).toThrow();
  });
});
