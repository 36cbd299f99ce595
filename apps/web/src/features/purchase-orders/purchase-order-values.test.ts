import { describe, expect, it } from 'vitest';
import { decimalFromText, editableDecimal, formatDecimalText, formTotals, orderActions } from './purchase-order-values';

describe('purchase-order values', () => {
  it('reads decimals as typed in each language', () => {
    expect(decimalFromText('1.234,5', 'pt')).toBe('1234.5');
    expect(decimalFromText('0,1', 'pt')).toBe('0.1');
    expect(decimalFromText('1,234.5', 'en')).toBe('1234.5');
    expect(decimalFromText('0,1', 'en')).toBe('0.1');
    expect(decimalFromText('  ', 'pt')).toBe('');
    expect(formatDecimalText('12345.500', 'pt')).toBe('12.345,5');
    expect(formatDecimalText('12345.500', 'en')).toBe('12,345.5');
    expect(editableDecimal('0.1230', 'en')).toBe('0.123');
    expect(editableDecimal('1500.0000', 'pt')).toBe('1500');
  });

  it('adds 0.1 and 0.2 to 0.30 exactly, and rounds each line half up to the cent', () => {
    const pt = formTotals(
      [
        { quantity: '1', unitPrice: '0,1' },
        { quantity: '1', unitPrice: '0,2' },
      ],
      '',
      'pt',
    );
    expect(pt).toEqual({ lineTotals: ['0.10', '0.20'], linesTotal: '0.30', total: '0.30' });
    const en = formTotals(
      [
        { quantity: '3', unitPrice: '0.3333' },
        { quantity: 'x', unitPrice: '1' },
      ],
      '1,000.5',
      'en',
    );
    expect(en).toEqual({ lineTotals: ['1.00', null], linesTotal: '1.00', total: '1001.50' });
  });

  it('gives each role the actions the server allows', () => {
    const submitted = { status: 'submitted' as const, total: '6000.00' };
    expect(orderActions(submitted, 'viewer', '5000.00').approve).toEqual({
      shown: true,
      allowed: false,
      reason: 'role',
    });
    expect(orderActions(submitted, 'operator', '5000.00').approve).toEqual({
      shown: true,
      allowed: false,
      reason: 'overLimit',
    });
    expect(orderActions({ ...submitted, total: '5000.00' }, 'operator', '5000.00').approve.allowed).toBe(true);
    expect(orderActions(submitted, 'admin', '5000.00').approve.allowed).toBe(true);
    expect(orderActions(submitted, 'operator', '5000.00').cancel).toEqual({
      shown: true,
      allowed: false,
      reason: 'adminOnly',
    });
    const draft = orderActions({ status: 'draft', total: '1.00' }, 'operator', '5000.00');
    expect([draft.edit.shown, draft.submit.shown, draft.approve.shown, draft.receive.shown]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const received = orderActions({ status: 'received', total: '1.00' }, 'admin', '5000.00');
    expect(Object.values(received).some((a) => a.shown)).toBe(false);
    expect(orderActions({ status: 'partially_received', total: '1' }, 'operator', '1').receive).toEqual({
      shown: true,
      allowed: true,
    });
  });
});
