import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  fromScaled,
  isDecimal,
  lineTotal,
  multiplyDecimals,
  orderTotal,
  subtractDecimals,
  sumDecimals,
  toScaled,
} from './decimal';

describe('exact decimals', () => {
  it('adds 0.1 and 0.2 to exactly 0.3 (floating point gives 0.30000000000000004)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'], 2)).toBe('0.30');
    expect(sumDecimals(['0.1', '0.2'], 1)).toBe('0.3');
    expect(
      orderTotal(
        [
          { quantity: '1', unitPrice: '0.1' },
          { quantity: '1', unitPrice: '0.2' },
        ],
        '0',
      ),
    ).toBe('0.30');
  });

  it('sums many cents without drift, and treats null and blank as zero', () => {
    expect(sumDecimals(Array<string>(1000).fill('0.01'), 2)).toBe('10.00');
    expect(sumDecimals(['1.5', null, undefined, ' ', '-0.25'], 2)).toBe('1.25');
    expect(sumDecimals([], 3)).toBe('0.000');
  });

  it('reads the strings PostgreSQL sends and writes them back at a scale', () => {
    expect(toScaled('12.500', 3)).toBe(12500n);
    expect(toScaled('12.500', 2)).toBe(1250n);
    expect(toScaled('-0.5', 2)).toBe(-50n);
    expect(toScaled('7', 4)).toBe(70000n);
    expect(fromScaled(5n, 3)).toBe('0.005');
    expect(fromScaled(-5n, 2)).toBe('-0.05');
    expect(fromScaled(123n, 0)).toBe('123');
  });

  it('never rounds silently when reading, and refuses what is not a plain decimal', () => {
    expect(() => toScaled('1.505', 2)).toThrow(RangeError);
    for (const bad of ['', 'abc', '1e3', '1,5', '1.2.3', '.5', 'NaN', 'Infinity']) {
      expect(isDecimal(bad)).toBe(false);
      expect(() => toScaled(bad, 2)).toThrow(RangeError);
    }
    expect(isDecimal(' 10.25 ')).toBe(true);
  });

  it('multiplies exactly and rounds half up to the cent', () => {
    expect(lineTotal('3', '0.3333')).toBe('1.00');
    expect(lineTotal('2.5', '0.01')).toBe('0.03'); // 0.025 → 0.03 (half up)
    expect(lineTotal('1.5', '0.03')).toBe('0.05'); // 0.045 → 0.05 (floats say 0.04)
    expect(lineTotal('0.125', '10')).toBe('1.25');
    expect(lineTotal('12.345', '1234.5678')).toBe('15240.74'); // 15240.739491;
    expect(multiplyDecimals('-2.5', '0.01', 2)).toBe('-0.03');
    expect(multiplyDecimals('1.1', '1.1', 4)).toBe('1.2100');
  });

  it('totals an order: line totals plus freight', () => {
    const lines = [
      { quantity: '10', unitPrice: '12.3456' }, // 123.456 → 123.46
      { quantity: '0.5', unitPrice: '99.99' }, // 49.995 → 50.00
    ];
    expect(orderTotal(lines, '35.10')).toBe('208.56');
    expect(orderTotal([], null)).toBe('0.00');
  });

  it('compares and subtracts whatever the number of decimals', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('2', '10.000')).toBe(-1);
    expect(compareDecimals('0.001', '0')).toBe(1);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(subtractDecimals('10', '2.125', 3)).toBe('7.875');
    expect(subtractDecimals('1', '2', 3)).toBe('-1.000');
  });
});
