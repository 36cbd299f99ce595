import { describe, expect, it } from 'vitest';
import { fromCents, moneySchema, sumMoney, toCents } from './money';

describe('money', () => {
  it('accepts exact non-negative amounts with at most two decimals', () => {
    expect(moneySchema.parse(' 1234.5 ')).toBe('1234.5');
    for (const bad of ['-1', '1.234', '1,50', 'abc', '', '1e3', '1234567890123'])
      expect(moneySchema.safeParse(bad).success, bad).toBe(false);
  });
  it('adds in cents, without float rounding', () => {
    expect(sumMoney(['0.1', '0.2', null, '10'])).toBe('10.30');
    expect(sumMoney([])).toBe('0.00');
    expect(fromCents(toCents('-12.05'))).toBe('-12.05');
    expect(toCents('999999999999.99')).toBe(99999999999999n);
  });
});
