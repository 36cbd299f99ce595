import { parseRows } from '@sentinela/db/sql-helpers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqlCount, sqlEpochDate, sqlNumber, sqlRated, sqlTimestamp } from './sql-values';
import { alertCountsOf, alertCountsRow, statusCountsOf, statusCountsRow } from './status-counts';

describe('SQL column parsers', () => {
  it('reads numbers whether the driver answers a number or a string', () => {
    expect(sqlNumber.parse(1.5)).toBe(1.5);
    expect(sqlNumber.parse('2.25')).toBe(2.25);
    expect(sqlNumber.parse(null)).toBeNull();
  });

  it('counts null or a missing column as 0', () => {
    expect(sqlCount.parse('7')).toBe(7);
    expect(sqlCount.parse(null)).toBe(0);
    expect(sqlCount.parse(undefined)).toBe(0);
  });

  it('turns epoch milliseconds and timestamps into Dates', () => {
    expect(sqlEpochDate.parse(1_700_000_000_000)).toEqual(new Date(1_700_000_000_000));
    expect(sqlEpochDate.parse('1700000000000')).toEqual(new Date(1_700_000_000_000));
    expect(sqlEpochDate.parse(null)).toBeNull();
    expect(sqlTimestamp.parse('2026-03-02T11:59:00Z')).toEqual(new Date('2026-03-02T11:59:00Z'));
    expect(sqlTimestamp.parse(null)).toBeNull();
  });

  it('reads a missing nameplate as empty', () => {
    expect(sqlRated.parse(null)).toEqual({});
    expect(sqlRated.parse({ powerKw: 30 })).toEqual({ powerKw: 30 });
  });
});

describe('parseRows', () => {
  const row = z.object({ id: z.string(), n: sqlCount });

  it('parses the rows of PGlite ({ rows }) and of postgres-js (an array) alike', () => {
    expect(parseRows(row, { rows: [{ id: 'a', n: '2' }] })).toEqual([{ id: 'a', n: 2 }]);
    expect(parseRows(row, [{ id: 'b', n: 3 }])).toEqual([{ id: 'b', n: 3 }]);
  });

  it('fails on a renamed or retyped column instead of passing it on', () => {
    expect(() => parseRows(row, [{ ident: 'a', n: 1 }])).toThrow();
    expect(() => parseRows(row, [{ id: 1, n: 1 }])).toThrow();
  });
});

describe('status and alert counts', () => {
  it('maps aggregate columns to the shared count shapes, nulls as 0', () => {
    const parsed = z.object({ ...statusCountsRow, ...alertCountsRow }).parse({
      total: 3,
      online: '2',
      offline: 1,
      maintenance: null,
      error: null,
      alerts_total: 1,
      alerts_critical: 1,
    });
    expect(statusCountsOf(parsed)).toEqual({ total: 3, online: 2, offline: 1, maintenance: 0, error: 0 });
    expect(alertCountsOf(parsed)).toEqual({ total: 1, critical: 1, warning: 0, info: 0 });
  });
});
