import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { conflictIfTaken, sqlState } from './sql-state';

describe('sqlState', () => {
  it('finds the SQLSTATE through wrapping errors, or answers undefined', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(sqlState(driver)).toBe('23505');
    expect(sqlState(new Error('query failed', { cause: new Error('wrapped', { cause: driver }) }))).toBe('23505');
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});

describe('conflictIfTaken', () => {
  it('answers the write, turns a taken unique key into CONFLICT and lets other errors through', async () => {
    await expect(conflictIfTaken(() => Promise.resolve(1), 'suppliers.cnpjTaken')).resolves.toBe(1);
    const duplicate = new Error('insert failed', {
      cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
    });
    const taken = conflictIfTaken(() => Promise.reject(duplicate), 'spareParts.codeTaken', { code: 'P-1' });
    await expect(taken).rejects.toBeInstanceOf(AppError);
    await expect(taken).rejects.toMatchObject({
      code: 'CONFLICT',
      key: 'spareParts.codeTaken',
      params: { code: 'P-1' },
    });
    const other = new Error('connection lost');
    await expect(conflictIfTaken(() => Promise.reject(other), 'suppliers.cnpjTaken')).rejects.toBe(other);
  });
});
