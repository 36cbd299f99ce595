import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { dataCenters, facilities } from '@sentinela/db/schema/plant';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  PUE_WINDOW_HOURS,
  type DataCenterLink,
  type DataCenterSite,
  type DataCenterStatus,
  type DataCentersOverview,
  type dataCentersOverviewInput,
} from '@sentinela/shared/datacenters';
import { z } from 'zod';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// Every figure below is aggregated in SQL, one query per figure for all the sites at once.
// "The data center's equipment" is its facility's: the racks (kind 'server') wherever they
// stand, and the meters of its rooms of kind 'server-room'.
const dataCenterFacilities = sql`(select facility_id from data_centers where facility_id is not null)`;

/** A numeric column: postgres-js may answer numeric types as strings. */
const numeric = z.union([z.number(), z.string()]).pipe(z.coerce.number());
const nullableNumeric = numeric.nullable();

const rackCountRow = z.object({ facility_id: z.string(), servers: numeric, online: numeric });

async function countRacks(db: Database) {
  const result = await db.execute(sql`
    select facility_id, count(*)::int as servers, count(*) filter (where status = 'online')::int as online
      from equipment
     where kind = 'server' and facility_id in ${dataCenterFacilities}
     group by facility_id`);
  return parseRows(rackCountRow, result);
}

const powerRow = z.object({ facility_id: z.string(), it_kw: nullableNumeric, facility_kw: nullableNumeric });

/**
 * Mean power of each rack and of each server-room meter over the window (hourly rollups, read
 * through their primary key per device), added up per facility.
 */
async function meanPower(db: Database, since: Date) {
  const result = await db.execute(sql`
    select e.facility_id,
           sum(p.mean) filter (where e.kind = 'server')::float8 as it_kw,
           sum(p.mean) filter (where e.kind = 'meter')::float8 as facility_kw
      from equipment e
      left join rooms r on r.id = e.room_id
      join lateral (
        select sum(h.sum) / nullif(sum(h.count), 0) as mean
          from telemetry_1h h
         where h.equipment_id = e.id and h.metric = 'powerKw' and h.bucket >= ${since.toISOString()}::timestamptz
      ) p on true
     where e.facility_id in ${dataCenterFacilities}
       and (e.kind = 'server' or (e.kind = 'meter' and r.kind = 'server-room'))
     group by e.facility_id`);
  return parseRows(powerRow, result);
}

const downtimeRow = z.object({ facility_id: z.string(), seconds: nullableNumeric });

/**
 * Rack-seconds within [since, now) each data center's racks were down (offline or in error), read
 * from the status history (ADR 018): the window cut at each change into spans of one status. The
 * first span's status is the last change before the window, else the first change's `from`, else
 * the rack's status now. Maintenance is planned: not down.
 */
async function downSeconds(db: Database, since: Date, now: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with racks as (
      select e.id, e.facility_id, e.status from equipment e
       where e.kind = 'server' and e.facility_id in ${dataCenterFacilities}),
    changes as (
      select s.id, s.equipment_id, s.at, s.from_status, s.to_status
        from equipment_status_changes s join racks r on r.id = s.equipment_id
       where s.at > ${from} and s.at < ${to}),
    spans as (
      select c.equipment_id, c.at as starts,
             coalesce(lead(c.at) over (partition by c.equipment_id order by c.at, c.id), ${to}) as ends,
             c.to_status as status
        from changes c
      union all
      select r.id, ${from}, coalesce(f.at, ${to}),
             coalesce((select s.to_status from equipment_status_changes s
                        where s.equipment_id = r.id and s.at <= ${from} order by s.at desc, s.id desc limit 1),
                      f.from_status, r.status)
        from racks r
        left join lateral (select c.at, c.from_status from changes c where c.equipment_id = r.id
                            order by c.at, c.id limit 1) f on true)
    select r.facility_id,
           coalesce(sum(extract(epoch from p.ends - p.starts)) filter (where p.status in ('offline', 'error')), 0)::float8 as seconds
      from spans p join racks r on r.id = p.equipment_id
     group by r.facility_id`);
  return parseRows(downtimeRow, result);
}

const openAlertsRow = z.object({ facility_id: z.string(), open: numeric });

async function openAlerts(db: Database) {
  const result = await db.execute(sql`
    select e.facility_id, count(*)::int as open
      from alerts a
      join equipment e on e.id = a.equipment_id
      left join rooms r on r.id = e.room_id
     where a.status <> 'cleared' and e.facility_id in ${dataCenterFacilities}
       and (e.kind = 'server' or r.kind = 'server-room')
     group by e.facility_id`);
  return parseRows(openAlertsRow, result);
}

const functionOrder = sql`case ${dataCenters.function} when 'primary' then 0 when 'disaster-recovery' then 1 else 2 end`;

const statusRank: Record<DataCenterStatus, number> = { online: 0, degraded: 1, offline: 2 };

function siteStatus(servers: number, online: number): DataCenterStatus {
  if (servers === 0 || online === 0) return 'offline';
  return online === servers ? 'online' : 'degraded';
}

/** Each site to the (first) primary: replication for disaster recovery and other primaries, sync for edges. */
export function linksBetween(sites: Pick<DataCenterSite, 'id' | 'function' | 'status'>[]): DataCenterLink[] {
  const primary = sites.find((s) => s.function === 'primary');
  if (!primary) return [];
  return sites
    .filter((s) => s !== primary)
    .map((s) => ({
      from: primary.id,
      to: s.id,
      kind: s.function === 'edge' ? 'edge-sync' : 'replication',
      status: statusRank[s.status] > statusRank[primary.status] ? s.status : primary.status,
    }));
}

/**
 * The data centers with their figures: servers, status, uptime over `uptimeDays`, PUE over the
 * last PUE_WINDOW_HOURS, open alerts, and the links between the sites.
 */
export async function dataCentersOverview(
  db: Database,
  now: Date,
  input: z.output<typeof dataCentersOverviewInput>,
): Promise<DataCentersOverview> {
  const windowMs = input.uptimeDays * DAY_MS;
  const [rows, racks, power, downtime, alerts] = await Promise.all([
    db
      .select({
        id: dataCenters.id,
        name: dataCenters.name,
        region: dataCenters.region,
        latitude: dataCenters.latitude,
        longitude: dataCenters.longitude,
        function: dataCenters.function,
        ipAddress: dataCenters.ipAddress,
        facilityId: facilities.id,
        facilityName: facilities.name,
        facilityCity: facilities.city,
      })
      .from(dataCenters)
      .leftJoin(facilities, eq(facilities.id, dataCenters.facilityId))
      .orderBy(functionOrder, asc(dataCenters.name)),
    countRacks(db),
    meanPower(db, new Date(now.getTime() - PUE_WINDOW_HOURS * HOUR_MS)),
    downSeconds(db, new Date(now.getTime() - windowMs), now),
    openAlerts(db),
  ]);
  const byFacility = <T extends { facility_id: string }>(list: T[]) =>
    new Map(list.map((row) => [row.facility_id, row]));
  const rackOf = byFacility(racks);
  const powerOf = byFacility(power);
  const downtimeOf = byFacility(downtime);
  const alertsOf = byFacility(alerts);

  const sites: DataCenterSite[] = rows.map((row) => {
    const facilityId = row.facilityId;
    const rack = facilityId ? rackOf.get(facilityId) : undefined;
    const servers = rack?.servers ?? 0;
    const serversOnline = rack?.online ?? 0;
    const silent = Math.max(0, (facilityId ? downtimeOf.get(facilityId)?.seconds : null) ?? 0);
    const watts = facilityId ? powerOf.get(facilityId) : undefined;
    const itPowerKw = watts?.it_kw ?? null;
    const facilityPowerKw = watts?.facility_kw ?? null;
    return {
      id: row.id,
      name: row.name,
      region: row.region,
      latitude: row.latitude,
      longitude: row.longitude,
      function: row.function,
      ipAddress: row.ipAddress,
      facility:
        facilityId && row.facilityName !== null && row.facilityCity !== null
          ? { id: facilityId, name: row.facilityName, city: row.facilityCity }
          : null,
      status: siteStatus(servers, serversOnline),
      servers,
      serversOnline,
      uptime: servers > 0 ? Math.min(1, Math.max(0, 1 - silent / ((servers * windowMs) / 1000))) : null,
      downtimeMinutes: silent / 60,
      itPowerKw,
      facilityPowerKw,
      pue: itPowerKw && facilityPowerKw !== null && itPowerKw > 0 ? facilityPowerKw / itPowerKw : null,
      openAlerts: (facilityId ? alertsOf.get(facilityId)?.open : undefined) ?? 0,
    };
  });

  const uptimes = sites.flatMap((s) => (s.uptime === null ? [] : [s.uptime]));
  return {
    summary: {
      total: sites.length,
      activeRegions: new Set(sites.filter((s) => s.status !== 'offline').map((s) => s.region)).size,
      regions: new Set(sites.map((s) => s.region)).size,
      servers: sites.reduce((n, s) => n + s.servers, 0),
      averageUptime: uptimes.length > 0 ? uptimes.reduce((a, b) => a + b, 0) / uptimes.length : null,
    },
    sites,
    links: linksBetween(sites),
    uptimeDays: input.uptimeDays,
    pueWindowHours: PUE_WINDOW_HOURS,
    at: now,
  };
}
