import { describe, expect, it } from 'vitest';
import { sqlState } from './sql-state';

describe('sqlState', () => {
  it('finds the SQLSTATE through wrapping errors, or answers undefined', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(sqlState(driver)).toBe('23505');
    expect(sqlState(new Error('query failed', { cause: new Error('wrapped', { cause: driver }) }))).toBe('23505');
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});
