import { asc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { facilities } from '@sentinela/db/schema/plant';
import { containsPattern, rowsOf } from '@sentinela/db/sql-helpers';
import type { OpenAlertCounts, PowerSource, StatusCounts } from '@sentinela/shared/equipment';
import type { FacilitiesListOutput, facilitiesListInput, FacilityItem } from '@sentinela/shared/facilities';
import type { z } from 'zod';
import { powerReadings } from '../plant/equipment-sql';

type Num = number | string | null;

interface FacilityRow {
  id: string;
  code: string;
  name: string;
  city: string;
  state: string | null;
  latitude: Num;
  longitude: Num;
  timezone: string;
  rooms: Num;
  total: Num;
  online: Num;
  offline: Num;
  maintenance: Num;
  error: Num;
  motor: Num;
  light: Num;
  hvac: Num;
  meter: Num;
  server: Num;
  sensor: Num;
  power_kw: Num;
  power_source: PowerSource | null;
  power_as_of: Date | string | null;
  alerts_total: Num;
  alerts_critical: Num;
  alerts_warning: Num;
  alerts_info: Num;
}

const n = (value: Num | undefined) => (value === null || value === undefined ? 0 : Number(value));
const orNull = (value: Num | undefined) => (value === null || value === undefined ? null : Number(value));

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
      select e.facility_id,
             count(*)::int as total,
             (count(*) filter (where e.status = 'online'))::int as online,
             (count(*) filter (where e.status = 'offline'))::int as offline,
             (count(*) filter (where e.status = 'maintenance'))::int as maintenance,
             (count(*) filter (where e.status = 'error'))::int as error,
             (count(*) filter (where e.kind = 'motor'))::int as motor,
             (count(*) filter (where e.kind = 'light'))::int as light,
             (count(*) filter (where e.kind = 'hvac'))::int as hvac,
             (count(*) filter (where e.kind = 'meter'))::int as meter,
             (count(*) filter (where e.kind = 'server'))::int as server,
             (count(*) filter (where e.kind = 'sensor'))::int as sensor
        from equipment e
       where e.facility_id in (select id from scope)
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
    open_alerts as (
      select e.facility_id,
             count(*)::int as total,
             (count(*) filter (where a.severity = 'critical'))::int as critical,
             (count(*) filter (where a.severity = 'warning'))::int as warning,
             (count(*) filter (where a.severity = 'info'))::int as info
        from alerts a
        join equipment e on e.id = a.equipment_id
       where a.status <> 'cleared' and e.facility_id in (select id from scope)
       group by e.facility_id
    ),
    facility_stats as (
      select f.id, f.code, f.name, f.city, f.state, f.latitude, f.longitude, f.timezone,
             rc.rooms,
             c.total, c.online, c.offline, c.maintenance, c.error,
             c.motor, c.light, c.hvac, c.meter, c.server, c.sensor,
             coalesce(m.kw, rp.kw) as power_kw,
             case when m.kw is not null then 'mainMeter' when rp.kw is not null then 'rooms' end as power_source,
             case when m.kw is not null then m.ts else rp.ts end as power_as_of,
             o.total as alerts_total, o.critical as alerts_critical, o.warning as alerts_warning, o.info as alerts_info
        from facilities f
        left join room_counts rc on rc.facility_id = f.id
        left join counts c on c.facility_id = f.id
        left join main_meters m on m.facility_id = f.id
        left join rooms_power rp on rp.facility_id = f.id
        left join open_alerts o on o.facility_id = f.id
       where f.id in (select id from scope)
    )`;
}

function statusCounts(row: Partial<Record<keyof StatusCounts, Num>>): StatusCounts {
  return {
    total: n(row.total),
    online: n(row.online),
    offline: n(row.offline),
    maintenance: n(row.maintenance),
    error: n(row.error),
  };
}

function alertCounts(
  row: Partial<Pick<FacilityRow, 'alerts_total' | 'alerts_critical' | 'alerts_warning' | 'alerts_info'>>,
): OpenAlertCounts {
  return {
    total: n(row.alerts_total),
    critical: n(row.alerts_critical),
    warning: n(row.alerts_warning),
    info: n(row.alerts_info),
  };
}

function toItem(row: FacilityRow): FacilityItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    city: row.city,
    state: row.state,
    latitude: orNull(row.latitude),
    longitude: orNull(row.longitude),
    timezone: row.timezone,
    rooms: n(row.rooms),
    equipment: statusCounts(row),
    byKind: {
      motor: n(row.motor),
      light: n(row.light),
      hvac: n(row.hvac),
      meter: n(row.meter),
      server: n(row.server),
      sensor: n(row.sensor),
    },
    power: {
      kw: orNull(row.power_kw),
      source: row.power_source,
      asOf: row.power_as_of === null ? null : new Date(row.power_as_of),
    },
    openAlerts: alertCounts(row),
  };
}

/** Facilities with rooms, equipment counts and status, current power and open alerts. */
export async function listFacilities(
  db: Database,
  input: z.output<typeof facilitiesListInput>,
): Promise<FacilitiesListOutput> {
  const pattern = input.search ? containsPattern(input.search) : null;
  const where = pattern
    ? sql`(f.name ilike ${pattern} or f.city ilike ${pattern} or f.state ilike ${pattern} or f.code ilike ${pattern})`
    : sql`true`;
  const filtered = sql`select f.id from facilities f where ${where}`;
  const page = sql`select f.id from facilities f where ${where} order by f.name, f.id
                    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`;
  const [pageRows, summaryRows] = await Promise.all([
    db.execute(sql`with ${facilityAggregates(page)} select * from facility_stats order by name, id`),
    db.execute(sql`with ${facilityAggregates(filtered)}
      select count(*)::int as facilities, sum(rooms)::int as rooms,
             sum(total)::int as total, sum(online)::int as online, sum(offline)::int as offline,
             sum(maintenance)::int as maintenance, sum(error)::int as error,
             sum(power_kw)::float8 as power_kw,
             sum(alerts_total)::int as alerts_total, sum(alerts_critical)::int as alerts_critical,
             sum(alerts_warning)::int as alerts_warning, sum(alerts_info)::int as alerts_info
        from facility_stats`),
  ]);
  const summary = rowsOf<Partial<FacilityRow> & { facilities: Num }>(summaryRows)[0] ?? { facilities: 0 };
  return {
    items: rowsOf<FacilityRow>(pageRows).map(toItem),
    total: n(summary.facilities),
    page: input.page,
    pageSize: input.pageSize,
    summary: {
      facilities: n(summary.facilities),
      rooms: n(summary.rooms),
      equipment: statusCounts(summary),
      powerKw: orNull(summary.power_kw),
      openAlerts: alertCounts(summary),
    },
  };
}

/** Every facility, for filters (there are few: a site is a building). */
export async function facilityOptions(db: Database) {
  return db
    .select({ id: facilities.id, name: facilities.name, code: facilities.code })
    .from(facilities)
    .orderBy(asc(facilities.name), asc(facilities.id));
}
