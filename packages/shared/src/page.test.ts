import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageInput, pageOf, pageOffset } from './page';

describe('pageOf', () => {
  it('accepts a page of items and refuses a wrong item or a fractional total', () => {
    const schema = pageOf(z.object({ id: z.string() }));
    expect(schema.parse({ items: [{ id: 'a' }], total: 1, page: 1, pageSize: 25 }).items).toEqual([{ id: 'a' }]);
    expect(schema.safeParse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 25 }).success).toBe(false);
    expect(schema.safeParse({ items: [], total: 1.5, page: 1, pageSize: 25 }).success).toBe(false);
  });
});

describe('pageInput', () => {
  const input = z.object(pageInput(25, 200));
  it('defaults the page to 1 and the size to the list default', () => {
    expect(input.parse({})).toEqual({ page: 1, pageSize: 25 });
  });
  it('refuses page 0, a size above the maximum and fractions', () => {
    expect(input.safeParse({ page: 0 }).success).toBe(false);
    expect(input.safeParse({ pageSize: 201 }).success).toBe(false);
    expect(input.safeParse({ page: 1.5 }).success).toBe(false);
  });
  it('gives the row offset of a page', () => {
    expect(pageOffset({ page: 3, pageSize: 25 })).toBe(50);
  });
});
