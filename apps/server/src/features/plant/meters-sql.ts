import { sql, type SQL } from 'drizzle-orm';

/**
 * The meters whose sum is a facility's (or the site's) consumption without double counting: each
 * facility's main meter (the one with no room: the incoming supply, which already includes its
 * room meters), or the room meters of a facility that has no main meter. Columns: id, room_id,
 * facility_id. `facilityId`: one facility's only. Retired meters count: their history is the site's.
 */
export function countedMeters(facilityId?: string | null): SQL {
  return sql`
  select e.id, e.room_id, e.facility_id
    from equipment e
   where e.kind = 'meter'
     ${facilityId ? sql`and e.facility_id = ${facilityId}` : sql``}
     and (e.room_id is null
          or not exists (select 1 from equipment m
                          where m.kind = 'meter' and m.room_id is null and m.facility_id = e.facility_id))`;
}
