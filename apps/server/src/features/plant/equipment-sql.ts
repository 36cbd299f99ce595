import { sql, type SQL } from 'drizzle-orm';
import { searchTextMatches } from '@sentinela/db/sql-helpers';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';

/** Epoch milliseconds: the same plain number from PGlite and postgres-js. */
export const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
export const dateOf = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms));
export const numberOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface EquipmentFilter {
  facilityId?: string | undefined;
  roomId?: string | undefined;
  status?: EquipmentStatus | undefined;
  search?: string | undefined;
}

/**
 * The list pages' shared filter over `equipment e` of one kind: facility, room, status and a
 * search in name, id and location (case and accents ignored, wildcards literal). `extra` adds the
 * page's own conditions.
 */
export function equipmentWhere(kind: EquipmentKind, input: EquipmentFilter, extra: SQL[] = []): SQL {
  // Retired equipment is kept with its history but left out of every live list.
  const parts: SQL[] = [sql`e.kind = ${kind}`, sql`e.retired_at is null`];
  if (input.facilityId) parts.push(sql`e.facility_id = ${input.facilityId}`);
  if (input.roomId) parts.push(sql`e.room_id = ${input.roomId}`);
  if (input.status) parts.push(sql`e.status = ${input.status}`);
  if (input.search) parts.push(searchTextMatches(input.search, sql`e.search_text`));
  return sql.join([...parts, ...extra], sql` and `);
}

/**
 * The latest power of every device that counts toward a room's or facility's consumption, in
 * kW (lights report W): meters by their `powerKw`, other devices by their own power; sensors
 * never; offline devices not (their last value is stale). Columns: facility_id, room_id,
 * is_meter, kw, ts — the body of a CTE over `equipment e`, limited by `scope` (a condition on e).
 */
export function powerReadings(scope: SQL): SQL {
  return sql`select e.facility_id, e.room_id,
             e.kind = 'meter' as is_meter,
             case when l.metric = 'powerW' then l.value / 1000 else l.value end as kw,
             l.ts
        from equipment e
        join telemetry_latest l on l.equipment_id = e.id and l.metric in ('powerKw', 'powerW')
       where ${scope} and e.status <> 'offline' and e.kind <> 'sensor' and e.retired_at is null
         and (e.kind <> 'meter' or l.metric = 'powerKw')`;
}
