import { asc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { facilities } from '@sentinela/db/schema/plant';
import { searchMatches } from '@sentinela/db/sql-helpers';
import type { FacilitiesListOutput, facilitiesListInput, FacilityItem } from '@sentinela/shared/facilities';
import { pageOffset } from '@sentinela/shared/page';
import { z } from 'zod';
import { aggregatePage } from '../plant/aggregate-page';
import { powerReadings } from '../plant/equipment-sql';
import { sqlCount, sqlNumber } from '../plant/sql-values';
import {
  currentPowerColumns,
  joinedCountColumns,
  openAlertsBy,
  placeFiguresOf,
  placeFiguresRow,
  statsSums,
  statsSumsRow,
  statsSummaryOf,
  statusCountColumns,
} from '../plant/status-counts';

const facilityRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  latitude: sqlNumber,
  longitude: sqlNumber,
  timezone: z.string(),
  rooms: sqlCount,
  ...placeFiguresRow,
  motor: sqlCount,
  light: sqlCount,
  hvac: sqlCount,
  meter: sqlCount,
  server: sqlCount,
  sensor: sqlCount,
  gateway: sqlCount,
});

/** The totals over every facility the search matches. */
const summaryRow = z.object({
  facilities: sqlCount,
  rooms: sqlCount,
  ...statsSumsRow,
});

/**
 * Per facility of `scope` (a query of facility ids): rooms, equipment by status and by kind,
 * open alerts by severity and the power drawn now. Power: the facility's main meter(s) (meters
 * in no room, on the incoming supply) when they report; otherwise the sum of its rooms' figures,
 * each the room's own meter or, without one, the sum of what its devices report — the same rule
 * as the Rooms page (rooms.service.ts). Offline devices are left out: their last value is stale.
 */
function facilityAggregates(scope: SQL): SQL {
  return sql`
    scope as (${scope}),
    room_counts as (
      select facility_id, count(*)::int as rooms from rooms where facility_id in (select id from scope) group by facility_id
    ),
    counts as (
      select e.facility_id, ${statusCountColumns},
             (count(*) filter (where e.kind = 'motor'))::int as motor,
             (count(*) filter (where e.kind = 'light'))::int as light,
             (count(*) filter (where e.kind = 'hvac'))::int as hvac,
             (count(*) filter (where e.kind = 'meter'))::int as meter,
             (count(*) filter (where e.kind = 'server'))::int as server,
             (count(*) filter (where e.kind = 'sensor'))::int as sensor,
             (count(*) filter (where e.kind = 'gateway'))::int as gateway
        from equipment e
       where e.facility_id in (select id from scope) and e.retired_at is null
       group by e.facility_id
    ),
    readings as (${powerReadings(sql`e.facility_id in (select id from scope)`)}),
    room_power as (
      select facility_id, room_id,
             coalesce(sum(kw) filter (where is_meter), sum(kw) filter (where not is_meter)) as kw,
             case when bool_or(is_meter) then max(ts) filter (where is_meter) else max(ts) end as ts
        from readings
       where room_id is not null
       group by facility_id, room_id
    ),
    main_meters as (
      select facility_id, sum(kw)::float8 as kw, max(ts) as ts
        from readings
       where room_id is null and is_meter
       group by facility_id
    ),
    rooms_power as (
      select facility_id, sum(kw)::float8 as kw, max(ts) as ts from room_power group by facility_id
    ),
    open_alerts as (${openAlertsBy('facility_id')}),
    facility_stats as (
      select f.id, f.code, f.name, f.city, f.state, f.latitude, f.longitude, f.timezone,
             rc.rooms,
             ${joinedCountColumns},
             c.motor, c.light, c.hvac, c.meter, c.server, c.sensor, c.gateway,
             ${currentPowerColumns(
               { source: 'mainMeter', kw: 'm.kw', ts: 'm.ts' },
               { source: 'rooms', kw: 'rp.kw', ts: 'rp.ts' },
             )}
        from facilities f
        left join room_counts rc on rc.facility_id = f.id
        left join counts c on c.facility_id = f.id
        left join main_meters m on m.facility_id = f.id
        left join rooms_power rp on rp.facility_id = f.id
        left join open_alerts o on o.facility_id = f.id
       where f.id in (select id from scope)
    )`;
}

function toItem(row: z.output<typeof facilityRow>): FacilityItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    rooms: row.rooms,
    ...placeFiguresOf(row),
    byKind: {
      motor: row.motor,
      light: row.light,
      hvac: row.hvac,
      meter: row.meter,
      server: row.server,
      sensor: row.sensor,
      gateway: row.gateway,
    },
  };
}

/** Facilities with rooms, equipment counts and status, current power and open alerts. */
export async function listFacilities(
  db: Database,
  input: z.output<typeof facilitiesListInput>,
): Promise<FacilitiesListOutput> {
  const where = input.search
    ? searchMatches(input.search, [sql`f.name`, sql`f.city`, sql`f.state`, sql`f.code`])
    : sql`true`;
  const filtered = sql`select f.id from facilities f where ${where}`;
  const page = sql`select f.id from facilities f where ${where} order by f.name, f.id
                    limit ${input.pageSize} offset ${pageOffset(input)}`;
  const list = await aggregatePage(
    db,
    input,
    { query: sql`with ${facilityAggregates(page)} select * from facility_stats order by name, id`, row: facilityRow },
    {
      query: sql`with ${facilityAggregates(filtered)}
        select count(*)::int as facilities, sum(rooms)::int as rooms, ${statsSums}
          from facility_stats`,
      row: summaryRow,
      total: (totals) => totals.facilities,
    },
  );
  const { summary } = list;
  return {
    ...list,
    items: list.items.map(toItem),
    summary: { facilities: summary.facilities, rooms: summary.rooms, ...statsSummaryOf(summary) },
  };
}

/** Every facility, for filters (there are few: a site is a building). */
export async function facilityOptions(db: Database) {
  return db
    .select({
      id: facilities.id,
      name: facilities.name,
      code: facilities.code,
      timezone: facilities.timezone,
    })
    .from(facilities)
    .orderBy(asc(facilities.name), asc(facilities.id));
}
