import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows, searchMatches } from '@sentinela/db/sql-helpers';
import { pageOffset } from '@sentinela/shared/page';
import {
  ROOM_OPTIONS_MAX,
  type roomOptionsInput,
  type RoomItem,
  type roomsListInput,
  type RoomsListOutput,
} from '@sentinela/shared/rooms';
import { z } from 'zod';
import { aggregatePage } from '../plant/aggregate-page';
import { powerReadings } from '../plant/equipment-sql';
import { sqlCount } from '../plant/sql-values';
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

/** One room with its equipment counts, current power and open alerts, as the query answers it. */
const roomRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  facility_id: z.string(),
  facility_name: z.string(),
  ...placeFiguresRow,
});

/** The totals over every room the filter matches. */
const summaryRow = z.object({
  rooms: sqlCount,
  ...statsSumsRow,
});

function filterWhere(input: { facilityId?: string | undefined; search?: string | undefined }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (input.facilityId) conditions.push(sql`r.facility_id = ${input.facilityId}::uuid`);
  if (input.search) conditions.push(searchMatches(input.search, [sql`r.name`, sql`f.name`]));
  return sql.join(conditions, sql` and `);
}

/**
 * Per room of `scope` (a query of room ids): equipment by status, open alerts by severity and
 * the power drawn now. Power: the room's energy meter(s) when they report (they see everything
 * in the room, base loads included); otherwise the sum of what its devices report (motors,
 * HVAC, racks in kW, lights in W). Offline devices are left out: their last value is stale.
 * Everything is aggregated in SQL from telemetry_latest, one statement for the whole scope.
 */
function roomAggregates(scope: SQL): SQL {
  return sql`
    scope as (${scope}),
    counts as (
      select e.room_id, ${statusCountColumns}
        from equipment e
       where e.room_id in (select id from scope) and e.retired_at is null
       group by e.room_id
    ),
    readings as (${powerReadings(sql`e.room_id in (select id from scope)`)}),
    power as (
      select room_id,
             (sum(kw) filter (where is_meter))::float8 as meter_kw,
             max(ts) filter (where is_meter) as meter_ts,
             (sum(kw) filter (where not is_meter))::float8 as devices_kw,
             max(ts) filter (where not is_meter) as devices_ts
        from readings
       group by room_id
    ),
    open_alerts as (${openAlertsBy('room_id')}),
    room_stats as (
      select r.id, r.name, r.kind, r.facility_id, f.name as facility_name,
             ${joinedCountColumns},
             ${currentPowerColumns(
               { source: 'meter', kw: 'p.meter_kw', ts: 'p.meter_ts' },
               { source: 'devices', kw: 'p.devices_kw', ts: 'p.devices_ts' },
             )}
        from rooms r
        join facilities f on f.id = r.facility_id
        left join counts c on c.room_id = r.id
        left join power p on p.room_id = r.id
        left join open_alerts o on o.room_id = r.id
       where r.id in (select id from scope)
    )`;
}

function toItem(row: z.output<typeof roomRow>): RoomItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    ...placeFiguresOf(row),
  };
}

/** Rooms with their facility, equipment counts, current power and open alerts; filtered and paged. */
export async function listRooms(db: Database, input: z.output<typeof roomsListInput>): Promise<RoomsListOutput> {
  const where = filterWhere(input);
  const filtered = sql`select r.id from rooms r join facilities f on f.id = r.facility_id where ${where}`;
  const page = sql`select r.id from rooms r join facilities f on f.id = r.facility_id where ${where}
                    order by f.name, r.name, r.id limit ${input.pageSize} offset ${pageOffset(input)}`;
  const list = await aggregatePage(
    db,
    input,
    {
      query: sql`with ${roomAggregates(page)} select * from room_stats order by facility_name, name, id`,
      row: roomRow,
    },
    {
      query: sql`with ${roomAggregates(filtered)} select count(*)::int as rooms, ${statsSums} from room_stats`,
      row: summaryRow,
      total: (totals) => totals.rooms,
    },
  );
  const { summary } = list;
  return { ...list, items: list.items.map(toItem), summary: { rooms: summary.rooms, ...statsSummaryOf(summary) } };
}

const optionRow = z.object({ id: z.string(), name: z.string(), facility_id: z.string(), facility_name: z.string() });

/** Rooms for a filter (of one facility, or all), by facility and name. */
export async function roomOptions(db: Database, input: z.output<typeof roomOptionsInput>) {
  const rows = parseRows(
    optionRow,
    await db.execute(sql`
      select r.id, r.name, r.facility_id, f.name as facility_name
        from rooms r join facilities f on f.id = r.facility_id
       where ${input.facilityId ? sql`r.facility_id = ${input.facilityId}::uuid` : sql`true`}
       order by f.name, r.name, r.id
       limit ${ROOM_OPTIONS_MAX}`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, facilityId: r.facility_id, facilityName: r.facility_name }));
}
