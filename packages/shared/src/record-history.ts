import { z } from 'zod';

/**
 * One entry of a record's history as its sheet shows it (a work order's, a purchase order's): an
 * audited change, when, what, by whom (null: the system) and its details.
 */
export const recordHistoryEntrySchema = z.object({
  at: z.date(),
  action: z.string(),
  actor: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
