import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { Page } from '@sentinela/shared/page';

/**
 * One page of an aggregated list with the totals over every match, as two statements run
 * together: `items.query` answers the page's rows, `summary.query` one row of totals.
 */
export async function aggregatePage<I extends z.ZodType, S extends z.ZodType>(
  db: Database,
  input: { page: number; pageSize: number },
  items: { query: SQL; row: I },
  summary: { query: SQL; row: S; total: (totals: z.output<S>) => number },
): Promise<Page<z.output<I>> & { summary: z.output<S> }> {
  const [itemRows, summaryRows] = await Promise.all([db.execute(items.query), db.execute(summary.query)]);
  const [totals] = parseRows(summary.row, summaryRows);
  if (!totals) throw new Error('an aggregate answers one row');
  return {
    items: parseRows(items.row, itemRows),
    total: summary.total(totals),
    page: input.page,
    pageSize: input.pageSize,
    summary: totals,
  };
}
