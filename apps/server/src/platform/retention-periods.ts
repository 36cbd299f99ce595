import { inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { settings } from '@sentinela/db/schema/settings';
import { defaultRetentionPeriods, retentionPeriodsSchema, type RetentionPeriods } from '@sentinela/shared/privacy';

/**
 * The settings rows that may hold retention periods, weakest first: each valid field of a later
 * row overrides the earlier ones, and a field no row holds (or holds invalid) keeps its default.
 * `telemetryRetention` ({ rawDays, minuteDays }) is the energy-era row; `auditRetention`
 * ({ auditDays }) and `retention` (any of the three) are what /settings may store.
 */
const RETENTION_KEYS = ['telemetryRetention', 'auditRetention', 'retention'] as const;

/**
 * The retention periods in force (raw telemetry, 1-minute rollups, audit log), read at every run
 * of the retention job and shown in the Segurança dialog and on /privacy. The one place that knows
 * where they are stored (ADR 031).
 */
export async function retentionPeriods(db: Database): Promise<RetentionPeriods> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...RETENTION_KEYS]));
  const periods: RetentionPeriods = { ...defaultRetentionPeriods };
  for (const key of RETENTION_KEYS) {
    const value = rows.find((row) => row.key === key)?.value;
    if (typeof value !== 'object' || value === null) continue;
    for (const field of Object.keys(periods) as (keyof RetentionPeriods)[]) {
      const checked = retentionPeriodsSchema.shape[field].safeParse((value as Record<string, unknown>)[field]);
      if (checked.success) periods[field] = checked.data;
    }
  }
  return periods;
}
