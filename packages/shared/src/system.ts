import { z } from 'zod';

/** A cheap liveness report: the process answers and the database answers a query. */
export const systemHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** Null when the database did not answer. */
  databaseLatencyMs: z.number().nullable(),
  version: z.string(),
  uptimeSeconds: z.number().int(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
