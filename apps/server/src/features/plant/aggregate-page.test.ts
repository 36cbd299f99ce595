import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { aggregatePage } from './aggregate-page';

const items = { query: sql`select items`, row: z.object({ id: z.string() }) };
const summary = { query: sql`select totals`, row: z.object({ n: z.number() }), total: (t: { n: number }) => t.n };

/** A database whose execute answers by statement: the page's rows, then the totals. */
function fakeDb(totals: unknown[]) {
  const answers = new Map<unknown, unknown>([
    [items.query, { rows: [{ id: 'a' }, { id: 'b' }] }],
    [summary.query, totals],
  ]);
  return { execute: (query: unknown) => Promise.resolve(answers.get(query)) } as unknown as Database;
}

describe('aggregatePage', () => {
  it('answers the parsed page with its total and the totals row', async () => {
    await expect(aggregatePage(fakeDb([{ n: 7 }]), { page: 2, pageSize: 2 }, items, summary)).resolves.toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      total: 7,
      page: 2,
      pageSize: 2,
      summary: { n: 7 },
    });
  });

  it('fails when the totals are missing or do not match their schema', async () => {
    await expect(aggregatePage(fakeDb([]), { page: 1, pageSize: 2 }, items, summary)).rejects.toThrow(
      'an aggregate answers one row',
    );
    await expect(aggregatePage(fakeDb([{ n: 'x' }]), { page: 1, pageSize: 2 }, items, summary)).rejects.toThrow();
  });
});
