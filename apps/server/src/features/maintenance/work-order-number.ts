import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { workOrderSequences } from '@sentinela/db/schema/maintenance';

/** The year an order is numbered in: its facility's calendar year when it is created. */
export function numberingYear(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at));
}

/**
 * The next number of a year, `OS-2026-0001`: one upsert that counts up, so parallel creations
 * never share a number and a rolled-back creation gives its number back (same transaction).
 */
export async function nextWorkOrderNumber(tx: Database, year: number): Promise<string> {
  const [row] = await tx
    .insert(workOrderSequences)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: workOrderSequences.year, set: { last: sql`${workOrderSequences.last} + 1` } })
    .returning({ last: workOrderSequences.last });
  return `OS-${year}-${String(row?.last ?? 1).padStart(4, '0')}`;
}
