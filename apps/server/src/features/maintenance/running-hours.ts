import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, telemetry1h } from '@sentinela/db/schema/plant';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';

/** Below this share of its rated power (or 0.1 kW when none is rated) a device counts as stopped. */
export const RUNNING_SHARE_OF_RATED = 0.1;
const RUNNING_FLOOR_KW = 0.1;

const row = z.object({ equipment_id: z.string(), hours: z.coerce.number() });

/**
 * Running hours of each equipment since `since`, from the hourly rollups the plant already
 * sends: an hour counts when its mean power (powerKw, or powerW for lights) was at least 10 % of
 * the rated kW (0.1 kW when none is rated). Hours without readings count as stopped.
 * `scope`: the ids, or a condition on the equipment `e` (a whole site's motors: no list of
 * thousands of ids to send).
 */
export async function runningHoursSince(
  db: Database,
  scope: string[] | SQL,
  since: Date,
): Promise<Map<string, number>> {
  if (Array.isArray(scope) && scope.length === 0) return new Map();
  const which = Array.isArray(scope)
    ? sql`h.equipment_id in (${sql.join(
        scope.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : scope;
  const rows = parseRows(
    row,
    await db.execute(sql`
      select h.equipment_id, count(*) as hours
      from ${telemetry1h} h
      join ${equipment} e on e.id = h.equipment_id
      where ${which}
        and h.metric in ('powerKw', 'powerW')
        and h.bucket >= ${since.toISOString()}::timestamptz
        and (h.sum / nullif(h.count, 0)) * (case when h.metric = 'powerW' then 0.001 else 1 end)
          >= coalesce((e.rated->>'powerKw')::float8 * ${RUNNING_SHARE_OF_RATED}, ${RUNNING_FLOOR_KW})
      group by h.equipment_id`),
  );
  return new Map(rows.map((r) => [r.equipment_id, r.hours]));
}
