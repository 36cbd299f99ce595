import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import type { workOrderSequences } from '@sentinela/db/schema/maintenance';
import type { purchaseOrderSequences } from '@sentinela/db/schema/procurement';

/** A table of the last number given per year (`year`, `last`). */
type YearCounter = typeof workOrderSequences | typeof purchaseOrderSequences;

/** The calendar year of `at` in `timeZone`: the year a document created then is numbered in. */
export function numberingYear(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at));
}

/**
 * The next number of a year, `<prefix>-2026-0001`: one upsert on the year's counter that counts
 * up, so parallel creations never share a number and a rolled-back creation gives its number back
 * (it runs in the creating transaction).
 */
export async function nextYearlyNumber(
  tx: Database,
  counter: YearCounter,
  prefix: string,
  year: number,
): Promise<string> {
  const [row] = await tx
    .insert(counter)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: counter.year, set: { last: sql`${counter.last} + 1` } })
    .returning({ last: counter.last });
  return `${prefix}-${year}-${String(row?.last ?? 1).padStart(4, '0')}`;
}
