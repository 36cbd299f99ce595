import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { containsPattern, rowsOf } from '@sentinela/db/sql-helpers';
import type { CurrentPower, OpenAlertCounts, PowerSource, StatusCounts } from '@sentinela/shared/equipment';
import {
  ROOM_OPTIONS_MAX,
  type roomOptionsInput,
  type RoomItem,
  type roomsListInput,
  type RoomsListOutput,
} from '@sentinela/shared/rooms';
import type { z } from 'zod';
import { powerReadings } from '../plant/equipment-sql';

type Num = number | string | null;

/** One room with its equipment counts, current power and open alerts, as the query answers it. */
interface RoomRow {
  id: string;
  name: string;
  kind: string;
  facility_id: string;
  facility_name: string;
  total: Num;
  online: Num;
  offline: Num;
  maintenance: Num;
  error: Num;
  power_kw: Num;
  power_source: PowerSource | null;
  power_as_of: Date | string | null;
  alerts_total: Num;
  alerts_critical: Num;
  alerts_warning: Num;
  alerts_info: Num;
}

const n = (value: Num) => (value === null ? 0 : Number(value));
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function filterWhere(input: { facilityId?: string | undefined; search?: string | undefined }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (input.facilityId) conditions.push(sql`r.facility_id = ${input.facilityId}::uuid`);
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(sql`(r.name ilike ${pattern} or f.name ilike ${pattern})`);
  }
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
      select e.room_id,
             count(*)::int as total,
             (count(*) filter (where e.status = 'online'))::int as online,
             (count(*) filter (where e.status = 'offline'))::int as offline,
             (count(*) filter (where e.status = 'maintenance'))::int as maintenance,
             (count(*) filter (where e.status = 'error'))::int as error
        from equipment e
       where e.room_id in (select id from scope)
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
    open_alerts as (
      select e.room_id,
             count(*)::int as total,
             (count(*) filter (where a.severity = 'critical'))::int as critical,
             (count(*) filter (where a.severity = 'warning'))::int as warning,
             (count(*) filter (where a.severity = 'info'))::int as info
        from alerts a
        join equipment e on e.id = a.equipment_id
       where a.status <> 'cleared' and e.room_id in (select id from scope)
       group by e.room_id
    ),
    room_stats as (
      select r.id, r.name, r.kind, r.facility_id, f.name as facility_name,
             c.total, c.online, c.offline, c.maintenance, c.error,
             coalesce(p.meter_kw, p.devices_kw) as power_kw,
             case when p.meter_kw is not null then 'meter' when p.devices_kw is not null then 'devices' end as power_source,
             case when p.meter_kw is not null then p.meter_ts else p.devices_ts end as power_as_of,
             o.total as alerts_total, o.critical as alerts_critical, o.warning as alerts_warning, o.info as alerts_info
        from rooms r
        join facilities f on f.id = r.facility_id
        left join counts c on c.room_id = r.id
        left join power p on p.room_id = r.id
        left join open_alerts o on o.room_id = r.id
       where r.id in (select id from scope)
    )`;
}

function statusCounts(row: Pick<RoomRow, 'total' | 'online' | 'offline' | 'maintenance' | 'error'>): StatusCounts {
  return {
    total: n(row.total),
    online: n(row.online),
    offline: n(row.offline),
    maintenance: n(row.maintenance),
    error: n(row.error),
  };
}

function alertCounts(
  row: Pick<RoomRow, 'alerts_total' | 'alerts_critical' | 'alerts_warning' | 'alerts_info'>,
): OpenAlertCounts {
  return {
    total: n(row.alerts_total),
    critical: n(row.alerts_critical),
    warning: n(row.alerts_warning),
    info: n(row.alerts_info),
  };
}

function toItem(row: RoomRow): RoomItem {
  const power: CurrentPower = {
    kw: row.power_kw === null ? null : Number(row.power_kw),
    source: row.power_source,
    asOf: date(row.power_as_of),
  };
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    equipment: statusCounts(row),
    power,
    openAlerts: alertCounts(row),
  };
}

/** Rooms with their facility, equipment counts, current power and open alerts; filtered and paged. */
export async function listRooms(db: Database, input: z.output<typeof roomsListInput>): Promise<RoomsListOutput> {
  const where = filterWhere(input);
  const filtered = sql`select r.id from rooms r join facilities f on f.id = r.facility_id where ${where}`;
  const page = sql`select r.id from rooms r join facilities f on f.id = r.facility_id where ${where}
                    order by f.name, r.name, r.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`;
  const [pageRows, summaryRows] = await Promise.all([
    db.execute(sql`with ${roomAggregates(page)} select * from room_stats order by facility_name, name, id`),
    db.execute(sql`with ${roomAggregates(filtered)}
      select count(*)::int as rooms,
             sum(total)::int as total, sum(online)::int as online, sum(offline)::int as offline,
             sum(maintenance)::int as maintenance, sum(error)::int as error,
             sum(power_kw)::float8 as power_kw,
             sum(alerts_total)::int as alerts_total, sum(alerts_critical)::int as alerts_critical,
             sum(alerts_warning)::int as alerts_warning, sum(alerts_info)::int as alerts_info
        from room_stats`),
  ]);
  const summary = rowsOf<RoomRow & { rooms: Num }>(summaryRows)[0];
  return {
    items: rowsOf<RoomRow>(pageRows).map(toItem),
    total: n(summary?.rooms ?? 0),
    page: input.page,
    pageSize: input.pageSize,
    summary: {
      rooms: n(summary?.rooms ?? 0),
      equipment: summary
        ? statusCounts(summary)
        : statusCounts({ total: 0, online: 0, offline: 0, maintenance: 0, error: 0 }),
      powerKw: summary?.power_kw === null || summary?.power_kw === undefined ? null : Number(summary.power_kw),
      openAlerts: summary
        ? alertCounts(summary)
        : alertCounts({ alerts_total: 0, alerts_critical: 0, alerts_warning: 0, alerts_info: 0 }),
    },
  };
}

/** Rooms for a filter (of one facility, or all), by facility and name. */
export async function roomOptions(db: Database, input: z.output<typeof roomOptionsInput>) {
  const rows = rowsOf<{ id: string; name: string; facility_id: string; facility_name: string }>(
    await db.execute(sql`
      select r.id, r.name, r.facility_id, f.name as facility_name
        from rooms r join facilities f on f.id = r.facility_id
       where ${input.facilityId ? sql`r.facility_id = ${input.facilityId}::uuid` : sql`true`}
       order by f.name, r.name, r.id
       limit ${ROOM_OPTIONS_MAX}`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, facilityId: r.facility_id, facilityName: r.facility_name }));
}
