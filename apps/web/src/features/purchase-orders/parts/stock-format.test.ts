import { describe, expect, it } from 'vitest';
import { decimalText } from '../../../lib/form-issues';
import { formatStock } from './stock-format';

describe('stock quantities', () => {
  it('shows a stored quantity in the reader’s digits, without the trailing zeros', () => {
    expect(formatStock('12.500', 'un', 'pt')).toBe('12,5\u00a0un');
    expect(formatStock('1250.000', 'm', 'en')).toBe('1,250\u00a0m');
    expect(formatStock('0.125', 'kg', 'pt')).toBe('0,125\u00a0kg');
    expect(formatStock(null, 'un', 'pt')).toBe('—');
  });

  it('reads a typed quantity with a comma or a point', () => {
    expect(decimalText(' 1,5 ')).toBe('1.5');
    expect(decimalText('1.250,75')).toBe('1250.75');
    expect(decimalText('2.5')).toBe('2.5');
  });
});
