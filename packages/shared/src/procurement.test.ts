import { describe, expect, it } from 'vitest';
import { isServerMessageKey } from './messages';
import {
  calendarDateSchema,
  cnpjSchema,
  purchaseOrderFilters,
  purchaseOrderInput,
  quantitySchema,
  stockTransferInput,
  supplierInput,
  unitPriceSchema,
} from './procurement';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const supplierId = '0b8a6c1e-3f0e-4a77-9a53-9f1f3c7c2e10';
const partId = '6f1d2c3b-4a5e-4f60-8b7a-1c2d3e4f5a6b';

describe('procurement inputs', () => {
  it('stores a valid CNPJ as its digits and names what is wrong with a bad one', () => {
    expect(cnpjSchema.parse(' 84.429.695/0001-11 ')).toBe('84429695000111');
    expect(messagesOf(cnpjSchema.safeParse('84.429.695/0001-12'))).toEqual(['validation.cnpjCheckDigits']);
    expect(messagesOf(cnpjSchema.safeParse('8442969500011'))).toEqual(['validation.cnpjFormat']);
    expect(messagesOf(cnpjSchema.safeParse('84429695000111\u0000'))).toEqual(['validation.cnpjFormat']);
  });

  it('reads a supplier with contacts: blank e-mail and phone are none, the phone keeps its digits', () => {
    const supplier = supplierInput.parse({
      legalName: ' Eletro Paulista Ltda ',
      cnpj: '84429695000111',
      categories: ['electrical', 'electrical', 'lighting'],
      contacts: [{ name: 'Márcia', email: '', phone: '(11) 98765-4321' }],
    });
    expect(supplier).toMatchObject({
      legalName: 'Eletro Paulista Ltda',
      tradeName: null,
      categories: ['electrical', 'lighting'],
      contacts: [{ name: 'Márcia', email: null, phone: '11987654321' }],
    });
    const bad = supplierInput.safeParse({
      legalName: 'X\u0000',
      cnpj: '84429695000111',
      categories: [],
      contacts: [{ name: 'A', email: 'not-an-email', phone: 'abc' }],
    });
    expect(messagesOf(bad).sort()).toEqual(
      [
        'validation.controlChars',
        'validation.email',
        'validation.phoneInvalid',
        'validation.supplierCategories',
      ].sort(),
    );
  });

  it('takes quantities and prices as exact decimal strings only', () => {
    expect(quantitySchema.parse('12.5')).toBe('12.5');
    for (const bad of ['0', '0.000', '-1', '1.2345', '1e3', '1,5', ''])
      expect(quantitySchema.safeParse(bad).success, bad).toBe(false);
    expect(quantitySchema.safeParse(1.5).success).toBe(false);
    expect(unitPriceSchema.parse('0.1234')).toBe('0.1234');
    expect(unitPriceSchema.safeParse('0.12345').success).toBe(false);
  });

  it('refuses a line whose total does not fit, and an order without lines', () => {
    const line = { description: 'Cabo 2,5 mm²', quantity: '9999999', unit: 'm', unitPrice: '99999999' };
    expect(messagesOf(purchaseOrderInput.safeParse({ supplierId, lines: [line] }))).toEqual([
      'validation.lineTotalTooLarge',
    ]);
    expect(messagesOf(purchaseOrderInput.safeParse({ supplierId, lines: [] }))).toEqual(['validation.linesRequired']);
    const order = purchaseOrderInput.parse({
      supplierId,
      expectedDelivery: '2026-12-15',
      lines: [{ partId, description: 'Rolamento 6205', quantity: '4', unit: 'un', unitPrice: '38.90' }],
    });
    expect(order).toMatchObject({ freight: '0.00', workOrderId: null, notes: null, expectedDelivery: '2026-12-15' });
  });

  it('takes calendar dates that exist, in order', () => {
    expect(calendarDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(calendarDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(messagesOf(calendarDateSchema.safeParse('1999-12-31'))).toEqual(['validation.dateRange']);
    expect(messagesOf(purchaseOrderFilters.safeParse({ from: '2026-05-02', to: '2026-05-01' }))).toEqual([
      'validation.dateOrder',
    ]);
    expect(
      messagesOf(stockTransferInput.safeParse({ partId, fromLocationId: partId, toLocationId: partId, quantity: '1' })),
    ).toEqual(['validation.transferSameLocation']);
  });

  it('names only messages that exist in both languages', () => {
    const keys = [
      'validation.cnpjFormat',
      'validation.cnpjCheckDigits',
      'validation.supplierCategories',
      'validation.quantity',
      'validation.unitPrice',
      'validation.lineTotalTooLarge',
      'validation.linesRequired',
      'validation.transferSameLocation',
      'validation.dateOrder',
    ];
    for (const key of keys) expect(isServerMessageKey(key), key).toBe(true);
  });
});

describe('procurement inputs never throw', () => {
  it('answers a refusal, not an exception, for malformed line amounts', () => {
    const result = purchaseOrderInput.safeParse({
      supplierId,
      lines: [{ description: 'x', quantity: '1e3', unit: 'un', unitPrice: 'abc' }],
    });
    expect(messagesOf(result).sort()).toEqual(['validation.quantity', 'validation.unitPrice']);
  });
});
